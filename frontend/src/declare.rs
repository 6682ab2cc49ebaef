//! The declaration passes: class skeletons, then supertypes, fields and method signatures.

use crate::ir::{
    Class, ClassKind, Expr, ExprKind, Field, Local, Method, Modifiers, Stmt, StmtKind, Type,
};
use crate::names::{qualify, ClassNames, FileScope, TypeScope};
use crate::syntax::{child_of_kind, field_children, modifier_words, named_children, Source};
use tree_sitter::Node;

/// A type declaration found in a file, with its binary name and enclosing class.
pub struct TypeDecl<'t> {
    /// Binary name, e.g. `pkg.Outer$Inner`, or `pkg.Outer$1` for an anonymous class.
    pub name: String,
    /// Enclosing class's binary name.
    pub outer: Option<String>,
    /// The declaration node; the `class_body` for an anonymous class.
    pub node: Node<'t>,
    /// Set for a class declared inside a body (anonymous or local), which is lowered where
    /// it is written.
    pub in_body: Option<InBody<'t>>,
}

/// A class declared inside a body: what it is, and the context it is written in.
#[derive(Clone, Copy)]
pub struct InBody<'t> {
    /// True for an anonymous class, false for a local class (JLS 14.3).
    pub anonymous: bool,
    /// For an anonymous class, the type after `new`; `None` for an enum constant's body,
    /// which extends its enum.
    pub supertype: Option<Node<'t>>,
    /// True when written where there is no `this` (a static method or initialiser).
    pub in_static: bool,
}

const TYPE_DECLS: &[&str] = &[
    "class_declaration",
    "interface_declaration",
    "enum_declaration",
    "record_declaration",
    "annotation_type_declaration",
];

/// All type declarations of a file, outer before inner: top-level and member classes, and
/// the anonymous and local classes in their bodies, numbered in source order within their
/// enclosing class as javac numbers them (`Outer$1`, `Outer$2`; `Outer$1Helper`).
pub fn type_decls<'t>(src: &Source, root: Node<'t>, package: &str) -> Vec<TypeDecl<'t>> {
    let mut out = Vec::new();
    for child in named_children(root) {
        if TYPE_DECLS.contains(&child.kind()) {
            collect(src, child, None, package, &mut out);
        }
    }
    out
}

fn collect<'t>(
    src: &Source,
    node: Node<'t>,
    outer: Option<&str>,
    package: &str,
    out: &mut Vec<TypeDecl<'t>>,
) {
    let Some(name_node) = node.child_by_field_name("name") else {
        return;
    };
    let simple = src.text(name_node);
    let name = match outer {
        Some(o) => format!("{o}${simple}"),
        None => qualify(package, simple),
    };
    out.push(TypeDecl {
        name: name.clone(),
        outer: outer.map(String::from),
        node,
        in_body: None,
    });
    collect_members(src, node, &name, package, out);
}

/// How many anonymous classes, and local classes of each name, a class has declared so far.
#[derive(Default)]
struct Numbering {
    anonymous: u32,
    local: std::collections::HashMap<String, u32>,
}

/// The member classes of a class body, and the anonymous classes its members write.
fn collect_members<'t>(
    src: &Source,
    node: Node<'t>,
    name: &str,
    package: &str,
    out: &mut Vec<TypeDecl<'t>>,
) {
    let mut numbering = Numbering::default();
    let is_interface = node.kind() == "interface_declaration";
    if let Some(body) = body_of(node) {
        for c in named_children(body)
            .into_iter()
            .filter(|c| c.kind() == "enum_constant")
        {
            if let Some(b) = c.child_by_field_name("body") {
                let context = InBody {
                    anonymous: true,
                    supertype: None,
                    in_static: true,
                };
                anonymous_class(src, b, name, context, &mut numbering, package, out);
            }
            if let Some(args) = c.child_by_field_name("arguments") {
                classes_in_body(src, args, name, true, &mut numbering, package, out);
            }
        }
    }
    for member in body_members(node) {
        if TYPE_DECLS.contains(&member.kind()) {
            collect(src, member, Some(name), package, out);
            continue;
        }
        let in_static = is_interface
            || member.kind() == "static_initializer"
            || modifier_words(src, member).iter().any(|w| w == "static");
        classes_in_body(src, member, name, in_static, &mut numbering, package, out);
    }
}

/// The anonymous and local classes written below `node` (not inside a nested class), in
/// source order.
fn classes_in_body<'t>(
    src: &Source,
    node: Node<'t>,
    outer: &str,
    in_static: bool,
    numbering: &mut Numbering,
    package: &str,
    out: &mut Vec<TypeDecl<'t>>,
) {
    enum Work<'t> {
        Visit(Node<'t>),
        Class(Node<'t>, InBody<'t>),
    }
    let mut stack = vec![Work::Visit(node)];
    while let Some(work) = stack.pop() {
        let n = match work {
            Work::Class(body, context) => {
                anonymous_class(src, body, outer, context, numbering, package, out);
                continue;
            }
            Work::Visit(n) if TYPE_DECLS.contains(&n.kind()) => {
                local_class(src, n, outer, in_static, numbering, package, out);
                continue;
            }
            Work::Visit(n) => n,
        };
        let body = (n.kind() == "object_creation_expression")
            .then(|| child_of_kind(n, "class_body"))
            .flatten();
        if let Some(body) = body {
            let context = InBody {
                anonymous: true,
                supertype: n.child_by_field_name("type"),
                in_static,
            };
            stack.push(Work::Class(body, context));
        }
        // The arguments of `new T(args) {...}` belong to the enclosing context.
        let kids = named_children(n).into_iter().filter(|c| Some(*c) != body);
        stack.extend(kids.rev().map(Work::Visit));
    }
}

fn anonymous_class<'t>(
    src: &Source,
    body: Node<'t>,
    outer: &str,
    context: InBody<'t>,
    numbering: &mut Numbering,
    package: &str,
    out: &mut Vec<TypeDecl<'t>>,
) {
    numbering.anonymous += 1;
    let name = format!("{outer}${}", numbering.anonymous);
    out.push(TypeDecl {
        name: name.clone(),
        outer: Some(outer.to_string()),
        node: body,
        in_body: Some(context),
    });
    collect_members(src, body, &name, package, out);
}

/// A class, record, enum or interface declared in a block: `Outer$1Helper`. Records, enums
/// and interfaces are implicitly static.
fn local_class<'t>(
    src: &Source,
    node: Node<'t>,
    outer: &str,
    in_static: bool,
    numbering: &mut Numbering,
    package: &str,
    out: &mut Vec<TypeDecl<'t>>,
) {
    let Some(simple) = node.child_by_field_name("name").map(|n| src.text(n)) else {
        return;
    };
    let count = numbering.local.entry(simple.to_string()).or_default();
    *count += 1;
    let name = format!("{outer}${count}{simple}");
    out.push(TypeDecl {
        name: name.clone(),
        outer: Some(outer.to_string()),
        node,
        in_body: Some(InBody {
            anonymous: false,
            supertype: None,
            in_static: in_static || node.kind() != "class_declaration",
        }),
    });
    collect_members(src, node, &name, package, out);
}

/// The body of a type declaration (the node itself for an anonymous class's `class_body`).
fn body_of(node: Node) -> Option<Node> {
    match node.kind() {
        "class_body" => Some(node),
        _ => node.child_by_field_name("body"),
    }
}

/// The member declarations in a type's body (enum bodies included).
pub fn body_members(node: Node) -> Vec<Node> {
    let Some(body) = body_of(node) else {
        return Vec::new();
    };
    let mut members = Vec::new();
    for c in named_children(body) {
        if c.kind() == "enum_body_declarations" {
            members.extend(named_children(c));
        } else {
            members.push(c);
        }
    }
    members
}

/// Reads modifier keywords into [`Modifiers`].
pub fn modifiers(src: &Source, node: Node) -> Modifiers {
    let words = modifier_words(src, node);
    let has = |w: &str| words.iter().any(|x| x == w);
    Modifiers {
        public: has("public"),
        protected: has("protected"),
        private: has("private"),
        is_static: has("static"),
        is_final: has("final"),
        is_abstract: has("abstract"),
        native: has("native"),
    }
}

/// Pass 1: a class skeleton with names, kind and modifiers only.
pub fn skeleton(
    src: &Source,
    decl: &TypeDecl,
    outer_kind: Option<ClassKind>,
    library: bool,
) -> Class {
    let node = decl.node;
    let kind = match node.kind() {
        "interface_declaration" => ClassKind::Interface,
        "enum_declaration" => ClassKind::Enum,
        "record_declaration" => ClassKind::Record,
        "annotation_type_declaration" => ClassKind::Annotation,
        _ => ClassKind::Class,
    };
    let mut mods = modifiers(src, node);
    if let Some(in_body) = decl.in_body {
        // No test can name it; it has an enclosing instance only where `this` exists.
        mods.private = true;
        mods.is_final |= in_body.anonymous;
        mods.is_static = in_body.in_static;
    } else if decl.outer.is_some()
        && (kind != ClassKind::Class || outer_kind == Some(ClassKind::Interface))
    {
        mods.is_static = true;
    }
    if outer_kind == Some(ClassKind::Interface) {
        mods.public = true;
    }
    if matches!(kind, ClassKind::Enum | ClassKind::Record) {
        mods.is_final = true;
    }
    let type_params = node
        .child_by_field_name("type_parameters")
        .map(|tp| type_param_names(src, tp))
        .unwrap_or_default();
    let simple = node
        .child_by_field_name("name")
        .map(|n| src.text(n).to_string())
        .unwrap_or_default();
    Class {
        name: decl.name.clone(),
        simple_name: simple,
        kind,
        modifiers: mods,
        type_params,
        superclass: None,
        interfaces: Vec::new(),
        outer: decl.outer.clone(),
        inner: decl.outer.is_some() && !mods.is_static,
        fields: Vec::new(),
        methods: Vec::new(),
        instance_init: Vec::new(),
        init_locals: Vec::new(),
        enum_constants: Vec::new(),
        file: src.file,
        span: src.span(node),
        library,
        signatures_only: false,
        platform_superclass: None,
        functional: None,
    }
}

fn type_param_names(src: &Source, node: Node) -> Vec<String> {
    named_children(node)
        .into_iter()
        .filter(|p| p.kind() == "type_parameter")
        .filter_map(|p| child_of_kind(p, "type_identifier").map(|n| src.text(n).to_string()))
        .collect()
}

/// Type variables declared by a `type_parameters` node, with their erasures.
pub fn type_vars(
    names: &ClassNames,
    src: &Source,
    node: Option<Node>,
    scope: &TypeScope,
) -> Vec<(String, Type)> {
    let Some(node) = node else { return Vec::new() };
    let mut scope = scope.clone();
    let mut out = Vec::new();
    for p in named_children(node)
        .into_iter()
        .filter(|p| p.kind() == "type_parameter")
    {
        let Some(name) = child_of_kind(p, "type_identifier").map(|n| src.text(n).to_string())
        else {
            continue;
        };
        scope.vars.push((name.clone(), Type::object()));
        let bound = child_of_kind(p, "type_bound")
            .and_then(|b| named_children(b).into_iter().next())
            .map(|b| names.resolve_type(src, b, &scope).erasure())
            .unwrap_or_else(Type::object);
        out.push((name, bound));
    }
    out
}

/// The type variables visible inside a class: its own and, for inner classes, the outer ones.
pub fn class_type_vars(names: &ClassNames, class: &str) -> Vec<(String, Type)> {
    let mut chain = Vec::new();
    let mut current = names.class(class);
    while let Some(c) = current {
        chain.push(c);
        current = if c.modifiers.is_static {
            None
        } else {
            c.outer.as_deref().and_then(|o| names.class(o))
        };
    }
    let mut vars = Vec::new();
    for c in chain.iter().rev() {
        for v in &c.type_params {
            vars.push((v.clone(), Type::object()));
        }
    }
    vars
}

/// The header facts pass 2 computes for one class.
pub struct Header {
    /// Direct superclass.
    pub superclass: Option<Type>,
    /// Direct interfaces.
    pub interfaces: Vec<Type>,
    /// Declared fields.
    pub fields: Vec<Field>,
    /// Methods and constructors with signatures (bodies come later).
    pub methods: Vec<Method>,
    /// Enum constant names.
    pub enum_constants: Vec<String>,
}

/// Pass 2: supertypes, fields and method signatures of one class.
pub fn header(names: &ClassNames, src: &Source, file: &FileScope, decl: &TypeDecl) -> Header {
    let class = names.class(&decl.name).expect("declared in pass 1");
    let node = decl.node;
    let local_classes = match (decl.in_body, &class.simple_name) {
        (Some(b), simple) if !b.anonymous => vec![crate::names::LocalClass {
            simple: simple.clone(),
            binary: decl.name.clone(),
            captures: Vec::new(),
        }],
        _ => Vec::new(),
    };
    let scope = TypeScope {
        file,
        class: Some(decl.name.clone()),
        vars: class_type_vars(names, &decl.name),
        local_classes,
    };
    let mut scope_with_bounds = scope.clone();
    let bounds = type_vars(
        names,
        src,
        node.child_by_field_name("type_parameters"),
        &scope,
    );
    scope_with_bounds.vars.extend(bounds);
    let scope = scope_with_bounds;

    let superclass = match class.kind {
        ClassKind::Interface | ClassKind::Annotation => None,
        ClassKind::Enum => Some(Type::Class {
            name: "java.lang.Enum".into(),
            args: vec![Type::class(&decl.name)],
        }),
        ClassKind::Record => Some(Type::class("java.lang.Record")),
        ClassKind::Class if decl.name == crate::hierarchy::OBJECT => None,
        ClassKind::Class if decl.in_body.is_some_and(|b| b.anonymous) => None,
        ClassKind::Class => Some(
            node.child_by_field_name("superclass")
                .and_then(|s| named_children(s).into_iter().next())
                .map(|t| names.resolve_type(src, t, &scope))
                .unwrap_or_else(Type::object),
        ),
    };
    let iface_list = node
        .child_by_field_name("interfaces")
        .or_else(|| child_of_kind(node, "extends_interfaces"))
        .and_then(|n| child_of_kind(n, "type_list"));
    let mut interfaces: Vec<Type> = iface_list
        .map(|l| {
            named_children(l)
                .into_iter()
                .map(|t| names.resolve_type(src, t, &scope))
                .collect()
        })
        .unwrap_or_default();
    let superclass = match decl.in_body.filter(|b| b.anonymous) {
        Some(anonymous) => {
            let supertype = match anonymous.supertype {
                Some(t) => names.resolve_type(src, t, &scope),
                None => decl
                    .outer
                    .as_deref()
                    .map(Type::class)
                    .unwrap_or_else(Type::object),
            };
            let kind = supertype
                .class_name()
                .and_then(|n| names.class(n))
                .map(|c| c.kind);
            if kind == Some(ClassKind::Interface) {
                interfaces.push(supertype);
                Some(Type::object())
            } else if supertype == Type::Unknown {
                Some(Type::object())
            } else {
                Some(supertype)
            }
        }
        None => superclass,
    };

    let mut fields = Vec::new();
    let mut methods = Vec::new();
    let mut enum_constants = Vec::new();
    let in_interface = class.kind == ClassKind::Interface;
    if class.kind == ClassKind::Record {
        record_members(names, src, &scope, decl, &mut fields, &mut methods);
    }
    if let Some(body) = node.child_by_field_name("body") {
        for c in named_children(body) {
            if c.kind() == "enum_constant" {
                if let Some(n) = c.child_by_field_name("name") {
                    let name = src.text(n).to_string();
                    fields.push(Field {
                        name: name.clone(),
                        ty: Type::class(&decl.name),
                        modifiers: Modifiers {
                            public: true,
                            is_static: true,
                            is_final: true,
                            ..Default::default()
                        },
                        span: src.span(c),
                        constant: None,
                        platform: false,
                    });
                    enum_constants.push(name);
                }
            }
        }
    }
    for member in body_members(node) {
        match member.kind() {
            "field_declaration" | "constant_declaration" => {
                fields.extend(field_decls(names, src, &scope, member, in_interface));
            }
            "method_declaration" => {
                methods.push(signature(names, src, &scope, member, in_interface, false))
            }
            "constructor_declaration" => {
                methods.push(signature(names, src, &scope, member, false, true))
            }
            "compact_constructor_declaration" => compact_constructor(src, member, &mut methods),
            _ => {}
        }
    }
    // A record's canonical constructor or accessor written out replaces the one javac
    // would generate (JLS 8.10.3, 8.10.4).
    let declared: Vec<(String, String)> = methods
        .iter()
        .filter(|m| !m.synthetic)
        .map(|m| (m.name.clone(), m.descriptor.clone()))
        .collect();
    methods.retain(|m| {
        !(m.synthetic
            && declared
                .iter()
                .any(|(n, d)| *n == m.name && *d == m.descriptor))
    });
    let has_ctor = methods.iter().any(|m| m.is_constructor());
    if !has_ctor
        && matches!(class.kind, ClassKind::Class | ClassKind::Enum)
        && !decl.in_body.is_some_and(|b| b.anonymous)
    {
        methods.push(default_constructor(class));
    }
    if class.kind == ClassKind::Enum {
        methods.extend(enum_methods(class, &enum_constants));
    }
    Header {
        superclass,
        interfaces,
        fields,
        methods,
        enum_constants,
    }
}

fn record_members(
    names: &ClassNames,
    src: &Source,
    scope: &TypeScope,
    decl: &TypeDecl,
    fields: &mut Vec<Field>,
    methods: &mut Vec<Method>,
) {
    let Some(params) = decl.node.child_by_field_name("parameters") else {
        return;
    };
    let mut locals = Vec::new();
    for p in named_children(params)
        .into_iter()
        .filter(|p| p.kind() == "formal_parameter")
    {
        let (Some(t), Some(n)) = (p.child_by_field_name("type"), p.child_by_field_name("name"))
        else {
            continue;
        };
        let ty = names.resolve_type(src, t, scope);
        let name = src.text(n).to_string();
        fields.push(Field {
            name: name.clone(),
            ty: ty.clone(),
            modifiers: Modifiers {
                private: true,
                is_final: true,
                ..Default::default()
            },
            span: src.span(p),
            constant: None,
            platform: false,
        });
        methods.push(Method {
            name: name.clone(),
            descriptor: format!("(){}", ty.erasure().descriptor()),
            param_count: 0,
            varargs: false,
            ret: ty.clone(),
            modifiers: Modifiers {
                public: true,
                ..Default::default()
            },
            type_params: Vec::new(),
            locals: Vec::new(),
            body: None,
            span: src.span(p),
            synthetic: true,
            annotations: Vec::new(),
        });
        locals.push(Local {
            name,
            ty,
            span: src.span(p),
        });
    }
    let descriptor = format!(
        "({})V",
        locals
            .iter()
            .map(|l| l.ty.erasure().descriptor())
            .collect::<String>()
    );
    methods.push(Method {
        name: "<init>".into(),
        descriptor,
        param_count: locals.len() as u32,
        varargs: false,
        ret: Type::Void,
        modifiers: Modifiers {
            public: true,
            ..Default::default()
        },
        type_params: Vec::new(),
        locals,
        body: None,
        span: src.span(decl.node),
        synthetic: true,
        annotations: Vec::new(),
    });
}

/// A record's compact constructor (`Span { if (to < from) throw ...; }`) is its canonical
/// constructor, with the record's components as parameters: the generated one takes its
/// span and modifiers and stops being synthetic, and lowering gives it the written body
/// followed by the component fields' assignments (JLS 8.10.4.2).
fn compact_constructor(src: &Source, node: Node, methods: &mut [Method]) {
    let canonical = methods
        .iter_mut()
        .find(|m| m.is_constructor() && m.synthetic && m.body.is_none());
    if let Some(m) = canonical {
        m.span = src.span(node);
        m.modifiers = modifiers(src, node);
        m.synthetic = false;
    }
}

/// The static methods javac gives every enum (JLS 8.9.3): `values()`, a new array of the
/// constants in order, and `valueOf(String)`, whose body is the JDK's.
fn enum_methods(class: &Class, constants: &[String]) -> Vec<Method> {
    let ty = Type::class(&class.name);
    let array = Type::Array(Box::new(ty.clone()));
    let span = class.span;
    let elements = constants
        .iter()
        .map(|c| Expr {
            kind: ExprKind::Field {
                target: None,
                class: class.name.clone(),
                name: c.clone(),
            },
            ty: ty.clone(),
            span,
        })
        .collect();
    let values = Expr {
        kind: ExprKind::NewArray {
            dims: Vec::new(),
            init: Some(elements),
        },
        ty: array.clone(),
        span,
    };
    let method = |name: &str, params: Vec<Local>, ret: Type, body: Option<Stmt>| Method {
        name: name.into(),
        descriptor: format!(
            "({}){}",
            params.iter().map(|p| p.ty.descriptor()).collect::<String>(),
            ret.descriptor()
        ),
        param_count: params.len() as u32,
        varargs: false,
        ret,
        modifiers: Modifiers {
            public: true,
            is_static: true,
            ..Default::default()
        },
        type_params: Vec::new(),
        locals: params,
        body,
        span,
        synthetic: true,
        annotations: Vec::new(),
    };
    let name = Local {
        name: "name".into(),
        ty: Type::string(),
        span,
    };
    vec![
        method(
            "values",
            Vec::new(),
            array,
            Some(Stmt {
                kind: StmtKind::Return(Some(values)),
                span,
            }),
        ),
        method("valueOf", vec![name], ty, None),
    ]
}

fn default_constructor(class: &Class) -> Method {
    let modifiers = Modifiers {
        public: class.modifiers.public && class.kind == ClassKind::Class,
        protected: class.modifiers.protected,
        private: class.kind == ClassKind::Enum || class.modifiers.private,
        ..Default::default()
    };
    Method {
        name: "<init>".into(),
        descriptor: "()V".into(),
        param_count: 0,
        varargs: false,
        ret: Type::Void,
        modifiers,
        type_params: Vec::new(),
        locals: Vec::new(),
        body: None,
        span: class.span,
        synthetic: true,
        annotations: Vec::new(),
    }
}

fn field_decls(
    names: &ClassNames,
    src: &Source,
    scope: &TypeScope,
    node: Node,
    in_interface: bool,
) -> Vec<Field> {
    let mut mods = modifiers(src, node);
    if in_interface {
        mods.public = true;
        mods.is_static = true;
        mods.is_final = true;
    }
    let base = node
        .child_by_field_name("type")
        .map(|t| names.resolve_type(src, t, scope))
        .unwrap_or(Type::Unknown);
    field_children(node, "declarator")
        .into_iter()
        .filter_map(|d| {
            let name = src.text(d.child_by_field_name("name")?).to_string();
            let ty = with_dims(
                base.clone(),
                d.child_by_field_name("dimensions").map(|x| src.text(x)),
            );
            Some(Field {
                name,
                ty,
                modifiers: mods,
                span: src.span(d),
                constant: None,
                platform: false,
            })
        })
        .collect()
}

/// Adds `[]` dimensions written after a declarator name (`int a[]`).
pub fn with_dims(mut ty: Type, dims: Option<&str>) -> Type {
    for _ in 0..dims.map(|d| d.matches('[').count()).unwrap_or(0) {
        ty = Type::Array(Box::new(ty));
    }
    ty
}

/// A method's or constructor's signature; the body is filled in by pass 3.
pub fn signature(
    names: &ClassNames,
    src: &Source,
    class_scope: &TypeScope,
    node: Node,
    in_interface: bool,
    is_ctor: bool,
) -> Method {
    let mut mods = modifiers(src, node);
    let has_body = node.child_by_field_name("body").is_some();
    if in_interface {
        if !mods.private {
            mods.public = true;
        }
        if !has_body {
            mods.is_abstract = true;
        }
    }
    let mut scope = class_scope.clone();
    let vars = type_vars(
        names,
        src,
        node.child_by_field_name("type_parameters"),
        &scope,
    );
    let type_params = vars.iter().map(|(n, _)| n.clone()).collect();
    scope.vars.extend(vars);
    let (locals, varargs) = params(names, src, &scope, node);
    let ret = if is_ctor {
        Type::Void
    } else {
        let t = node
            .child_by_field_name("type")
            .map(|t| names.resolve_type(src, t, &scope))
            .unwrap_or(Type::Unknown);
        with_dims(
            t,
            node.child_by_field_name("dimensions").map(|d| src.text(d)),
        )
    };
    let name = if is_ctor {
        "<init>".to_string()
    } else {
        node.child_by_field_name("name")
            .map(|n| src.text(n).to_string())
            .unwrap_or_default()
    };
    let descriptor = format!(
        "({}){}",
        locals
            .iter()
            .map(|l| l.ty.erasure().descriptor())
            .collect::<String>(),
        ret.erasure().descriptor()
    );
    Method {
        name,
        descriptor,
        param_count: locals.len() as u32,
        varargs,
        ret,
        modifiers: mods,
        type_params,
        locals,
        body: None,
        span: src.span(node),
        synthetic: false,
        annotations: modifier_words(src, node)
            .into_iter()
            .filter_map(|w| {
                w.strip_prefix('@')
                    .map(|a| a.rsplit('.').next().unwrap_or(a).to_string())
            })
            .collect(),
    }
}

/// The parameters of a method, constructor or lambda declared with types, and whether the
/// last is variable-arity.
pub fn params(
    names: &ClassNames,
    src: &Source,
    scope: &TypeScope,
    node: Node,
) -> (Vec<Local>, bool) {
    let Some(list) = node.child_by_field_name("parameters") else {
        return (Vec::new(), false);
    };
    let mut locals = Vec::new();
    let mut varargs = false;
    for p in named_children(list) {
        match p.kind() {
            "formal_parameter" => {
                let ty = p
                    .child_by_field_name("type")
                    .map(|t| names.resolve_type(src, t, scope))
                    .unwrap_or(Type::Unknown);
                let ty = with_dims(ty, p.child_by_field_name("dimensions").map(|d| src.text(d)));
                let name = p
                    .child_by_field_name("name")
                    .map(|n| src.text(n).to_string())
                    .unwrap_or_default();
                locals.push(Local {
                    name,
                    ty,
                    span: src.span(p),
                });
            }
            "spread_parameter" => {
                let kids = named_children(p);
                let ty = kids
                    .iter()
                    .find(|k| {
                        !matches!(
                            k.kind(),
                            "modifiers"
                                | "variable_declarator"
                                | "annotation"
                                | "marker_annotation"
                        )
                    })
                    .map(|t| names.resolve_type(src, *t, scope))
                    .unwrap_or(Type::Unknown);
                let name = kids
                    .iter()
                    .find(|k| k.kind() == "variable_declarator")
                    .and_then(|d| d.child_by_field_name("name"))
                    .map(|n| src.text(n).to_string())
                    .unwrap_or_default();
                locals.push(Local {
                    name,
                    ty: Type::Array(Box::new(ty)),
                    span: src.span(p),
                });
                varargs = true;
            }
            _ => {}
        }
    }
    (locals, varargs)
}
