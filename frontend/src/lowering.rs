//! Pass 3 for every class: method bodies, initialisers and constants, lowered class by class.

use crate::hierarchy::Hierarchy;
use crate::ir::{
    Class, Diagnostic, Expr, ExprKind, Local, Method, Modifiers, Program, Stmt, StmtKind, Type,
};
use crate::names::{ClassNames, FileScope, TypeScope};
use crate::syntax::{named_children, Source};
use crate::Parsed;
use crate::{body, capture, declare, hierarchy, ir, names, syntax};

/// What pass 3 computes for one class, applied after the hierarchy is released.
#[derive(Default)]
pub(crate) struct ClassBodies {
    methods: Vec<(usize, Stmt, Vec<Local>)>,
    /// A local class's constructors, which take its captured locals after their own
    /// parameters: method index, parameter count and descriptor.
    signatures: Vec<(usize, u32, String)>,
    instance_init: Vec<Stmt>,
    init_locals: Vec<Local>,
    clinit: Vec<Stmt>,
    clinit_locals: Vec<Local>,
    constants: Vec<(String, ir::Literal)>,
    /// The classes of the lambdas and method references in the class's bodies.
    synthetic: Vec<Class>,
    /// Members made while lowering: an anonymous class's constructor and the fields that
    /// hold what it captured.
    pub(crate) added_fields: Vec<ir::Field>,
    pub(crate) added_methods: Vec<Method>,
    /// The bodies of the anonymous classes written in this class, by class name.
    pub(crate) nested: Vec<(String, ClassBodies)>,
}

pub(crate) fn lower_bodies(program: &mut Program, parsed: &[Parsed]) -> usize {
    let mut results: Vec<(usize, ClassBodies)> = Vec::new();
    let mut unknowns = 0;
    let mut diagnostics = Vec::new();
    {
        let classes = &program.classes;
        let names = ClassNames::new(classes);
        let h = Hierarchy::over(classes);
        for (fi, p) in parsed.iter().enumerate() {
            let Some(tree) = &p.tree else { continue };
            let src = Source {
                file: fi as ir::FileId,
                text: &p.text,
            };
            let library = program.files[fi].library;
            for decl in declare::type_decls(&src, tree.root_node(), &p.scope.package) {
                if decl.in_body.is_some() {
                    continue;
                }
                let Some(idx) = classes
                    .iter()
                    .position(|c| c.name == decl.name && c.file == src.file)
                else {
                    continue;
                };
                let mut cx = ClassLowering::new(&names, &h, &src, &p.scope, &classes[idx]);
                let bodies = cx.lower(&decl);
                if !library {
                    unknowns += cx.unknowns;
                    diagnostics.extend(cx.diagnostics);
                }
                results.push((idx, bodies));
            }
        }
    }
    program.diagnostics.extend(diagnostics);
    let mut synthetic = Vec::new();
    let mut pending: Vec<(Option<usize>, ClassBodies)> =
        results.into_iter().map(|(i, b)| (Some(i), b)).collect();
    while let Some((idx, mut b)) = pending.pop() {
        for (name, nested) in std::mem::take(&mut b.nested) {
            let at = program.classes.iter().position(|c| c.name == name);
            pending.push((at, nested));
        }
        synthetic.append(&mut b.synthetic);
        let Some(idx) = idx else { continue };
        let class = &mut program.classes[idx];
        class.fields.append(&mut b.added_fields);
        class.methods.append(&mut b.added_methods);
        for (mi, body, locals) in b.methods {
            class.methods[mi].body = Some(body);
            class.methods[mi].locals = locals;
        }
        for (mi, param_count, descriptor) in b.signatures {
            class.methods[mi].param_count = param_count;
            class.methods[mi].descriptor = descriptor;
        }
        class.instance_init = b.instance_init;
        class.init_locals = b.init_locals;
        for (name, value) in b.constants {
            if let Some(f) = class.fields.iter_mut().find(|f| f.name == name) {
                f.constant = Some(value);
            }
        }
        if !b.clinit.is_empty() {
            let span = class.span;
            class.methods.push(Method {
                name: "<clinit>".into(),
                descriptor: "()V".into(),
                param_count: 0,
                varargs: false,
                ret: Type::Void,
                modifiers: Modifiers {
                    is_static: true,
                    ..Default::default()
                },
                type_params: Vec::new(),
                locals: b.clinit_locals,
                body: Some(Stmt {
                    kind: StmtKind::Block(b.clinit),
                    span,
                }),
                span,
                synthetic: true,
                annotations: Vec::new(),
            });
        }
    }
    program.classes.append(&mut synthetic);
    unknowns
}

/// Pass 3 for one class: its method bodies, initialisers and constants.
pub(crate) struct ClassLowering<'a> {
    names: &'a ClassNames<'a>,
    h: &'a Hierarchy<'a>,
    src: &'a Source<'a>,
    file: &'a FileScope,
    class: &'a Class,
    pub(crate) unknowns: usize,
    pub(crate) diagnostics: Vec<Diagnostic>,
    synthetic: Vec<Class>,
    nested: Vec<(String, ClassBodies)>,
    /// Shared by every body of the class, so that its lambdas' classes have distinct names.
    pub(crate) lambdas: std::rc::Rc<std::cell::Cell<u32>>,
    /// For an anonymous class, the enclosing locals it reads, each held in a field
    /// `val$name` and copied into a local of its name when an instance body starts.
    pub(crate) captures: Vec<(String, Type)>,
    /// The class's own type parameters with their erased bounds, read from its declaration.
    bounds: Vec<(String, Type)>,
    /// The local classes in scope where the class is declared (itself, for a local class).
    pub(crate) local_classes: Vec<names::LocalClass>,
}

impl<'a> ClassLowering<'a> {
    /// Lowers the bodies of `class`, declared in `src`.
    pub(crate) fn new(
        names: &'a ClassNames<'a>,
        h: &'a Hierarchy<'a>,
        src: &'a Source<'a>,
        file: &'a FileScope,
        class: &'a Class,
    ) -> Self {
        ClassLowering {
            names,
            h,
            src,
            file,
            class,
            unknowns: 0,
            diagnostics: Vec::new(),
            synthetic: Vec::new(),
            nested: Vec::new(),
            lambdas: std::rc::Rc::default(),
            captures: Vec::new(),
            bounds: Vec::new(),
            local_classes: Vec::new(),
        }
    }

    /// True for a local class (declared in a block), whose constructors take its captures.
    fn is_local(&self) -> bool {
        self.local_classes
            .iter()
            .any(|l| l.binary == self.class.name)
    }

    /// Makes the captured locals parameters of constructor `mi` after its own; the
    /// statements that store them in their fields, which run before `super(...)`.
    fn capture_params(&self, cx: &mut body::BodyCx, mi: usize, out: &mut ClassBodies) -> Vec<Stmt> {
        let m = &self.class.methods[mi];
        out.signatures.push((
            mi,
            m.param_count + self.captures.len() as u32,
            capture::descriptor_with(&m.descriptor, self.captures.iter().map(|(_, t)| t)),
        ));
        self.declare_captures(cx)
            .into_iter()
            .map(|(field, local)| Stmt::assign(field, local, self.class.span))
            .collect()
    }

    /// A constructor body that stores the captures, then calls the superclass constructor
    /// (`super()` when the body does not say), then runs the rest: field initialisers may
    /// read the captures.
    fn stores_first(&self, stores: Vec<Stmt>, body: Vec<Stmt>) -> Vec<Stmt> {
        let explicit = body
            .iter()
            .any(|s| matches!(s.kind, StmtKind::CtorCall { .. }));
        let mut out = stores;
        if !explicit {
            let class = self
                .class
                .superclass
                .as_ref()
                .and_then(|t| t.class_name())
                .unwrap_or(hierarchy::OBJECT);
            out.push(Stmt {
                kind: StmtKind::CtorCall {
                    is_super: true,
                    method: ir::MethodRef {
                        class: class.to_string(),
                        name: "<init>".into(),
                        descriptor: "()V".into(),
                        is_static: false,
                    },
                    args: Vec::new(),
                },
                span: self.class.span,
            });
        }
        out.extend(body);
        out
    }

    /// Declares the captured locals in an instance body's context; the statements that
    /// copy them from their fields.
    fn prologue(&self, cx: &mut body::BodyCx) -> Vec<Stmt> {
        self.declare_captures(cx)
            .into_iter()
            .map(|(field, local)| Stmt::assign(local, field, self.class.span))
            .collect()
    }

    /// Declares a local per captured local in `cx`: each field with its local.
    fn declare_captures(&self, cx: &mut body::BodyCx) -> Vec<(Expr, Expr)> {
        let span = self.class.span;
        self.captures
            .iter()
            .map(|(name, ty)| {
                let field = capture::read(&self.class.name, name, ty, span);
                let local = Expr {
                    kind: ExprKind::Local(cx.declare(name, ty.clone(), span)),
                    ty: ty.clone(),
                    span,
                };
                (field, local)
            })
            .collect()
    }

    fn scope(&self, extra: &[(String, Type)]) -> TypeScope<'a> {
        let mut vars = declare::class_type_vars(self.names, &self.class.name);
        vars.extend(self.bounds.iter().cloned());
        vars.extend(extra.iter().cloned());
        TypeScope {
            file: self.file,
            class: Some(self.class.name.clone()),
            vars,
            local_classes: self.local_classes.clone(),
        }
    }

    fn cx(
        &self,
        is_static: bool,
        ret: Type,
        params: Vec<Local>,
        extra: &[(String, Type)],
    ) -> body::BodyCx<'a> {
        let mut cx = body::BodyCx::new(
            self.names,
            self.h,
            self.src,
            self.scope(extra),
            is_static,
            ret,
            params,
        );
        cx.lambdas = std::rc::Rc::clone(&self.lambdas);
        cx
    }

    fn finish(&mut self, cx: body::BodyCx) -> Vec<Local> {
        self.unknowns += cx.unknowns;
        self.diagnostics.extend(cx.diagnostics);
        self.synthetic.extend(cx.synthetic);
        self.nested.extend(cx.nested);
        cx.locals
    }

    /// A record's compact constructor: its written body, then each component field
    /// assigned the parameter of its name as the body left it (JLS 8.10.4.2). The method
    /// index, body and locals, or `None` when the declaration pass found no canonical
    /// constructor to give it.
    fn compact_constructor(
        &mut self,
        member: tree_sitter::Node,
    ) -> Option<(usize, Stmt, Vec<Local>)> {
        let span = self.src.span(member);
        let mi = self
            .class
            .methods
            .iter()
            .position(|m| m.span == span && m.is_constructor() && !m.synthetic)?;
        let body = member.child_by_field_name("body")?;
        let params = self.class.methods[mi].locals.clone();
        let mut cx = self.cx(false, Type::Void, params.clone(), &[]);
        let body_span = self.src.span(body);
        let mut stmts = statements(cx.stmt(body));
        let components = self.class.fields.iter().filter(|f| !f.modifiers.is_static);
        for (id, (param, field)) in params.iter().zip(components).enumerate() {
            let target = Expr {
                kind: ExprKind::Field {
                    target: Some(Box::new(cx.this_expr(body_span, None))),
                    class: self.class.name.clone(),
                    name: field.name.clone(),
                },
                ty: field.ty.clone(),
                span: body_span,
            };
            let value = Expr {
                kind: ExprKind::Local(id as ir::LocalId),
                ty: param.ty.clone(),
                span: body_span,
            };
            stmts.push(Stmt::assign(target, value, body_span));
        }
        let stmt = Stmt {
            kind: StmtKind::Block(stmts),
            span: body_span,
        };
        let locals = self.finish(cx);
        Some((mi, stmt, locals))
    }

    /// Lowers every body of the class declared by `decl`.
    pub(crate) fn lower(&mut self, decl: &declare::TypeDecl) -> ClassBodies {
        self.bounds = declare::type_vars(
            self.names,
            self.src,
            decl.node.child_by_field_name("type_parameters"),
            &self.scope(&[]),
        );
        let mut out = ClassBodies::default();
        let mut init_cx = self.cx(false, Type::Void, Vec::new(), &[]);
        out.instance_init = self.prologue(&mut init_cx);
        let mut clinit_cx = self.cx(true, Type::Void, Vec::new(), &[]);
        if let Some(body) = decl.node.child_by_field_name("body") {
            for c in named_children(body)
                .into_iter()
                .filter(|c| c.kind() == "enum_constant")
            {
                if let Some(s) = self.enum_constant(&mut clinit_cx, c) {
                    out.clinit.push(s);
                }
            }
        }
        for member in declare::body_members(decl.node) {
            match member.kind() {
                "method_declaration" | "constructor_declaration" => {
                    let span = self.src.span(member);
                    let Some(mi) = self
                        .class
                        .methods
                        .iter()
                        .position(|m| m.span == span && !m.synthetic)
                    else {
                        continue;
                    };
                    let Some(body) = member.child_by_field_name("body") else {
                        continue;
                    };
                    let m = &self.class.methods[mi];
                    let vars = declare::type_vars(
                        self.names,
                        self.src,
                        member.child_by_field_name("type_parameters"),
                        &self.scope(&[]),
                    );
                    let mut cx = self.cx(
                        m.modifiers.is_static,
                        m.ret.clone(),
                        m.locals.clone(),
                        &vars,
                    );
                    let local_ctor = m.is_constructor() && self.is_local();
                    let stmt = if local_ctor && !self.captures.is_empty() {
                        let stores = self.capture_params(&mut cx, mi, &mut out);
                        let span = self.src.span(body);
                        let stmts = statements(cx.stmt(body));
                        Stmt {
                            kind: StmtKind::Block(self.stores_first(stores, stmts)),
                            span,
                        }
                    } else if m.modifiers.is_static || self.captures.is_empty() {
                        cx.stmt(body)
                    } else {
                        let mut stmts = self.prologue(&mut cx);
                        let span = self.src.span(body);
                        stmts.push(cx.stmt(body));
                        Stmt {
                            kind: StmtKind::Block(stmts),
                            span,
                        }
                    };
                    let locals = self.finish(cx);
                    out.methods.push((mi, stmt, locals));
                }
                "compact_constructor_declaration" => {
                    if let Some(lowered) = self.compact_constructor(member) {
                        out.methods.push(lowered);
                    }
                }
                "field_declaration" | "constant_declaration" => {
                    let is_static = declare::modifiers(self.src, member).is_static
                        || self.class.kind == ir::ClassKind::Interface;
                    let cx = if is_static {
                        &mut clinit_cx
                    } else {
                        &mut init_cx
                    };
                    for (stmt, constant) in field_inits(cx, self.class, member) {
                        if let Some(c) = constant {
                            out.constants.push(c);
                        }
                        if is_static {
                            out.clinit.push(stmt)
                        } else {
                            out.instance_init.push(stmt)
                        }
                    }
                }
                "static_initializer" => {
                    if let Some(b) = syntax::child_of_kind(member, "block") {
                        out.clinit.push(clinit_cx.stmt(b));
                    }
                }
                "block" => out.instance_init.push(init_cx.stmt(member)),
                _ => {}
            }
        }
        if self.is_local() && !self.captures.is_empty() {
            let defaults: Vec<usize> = (0..self.class.methods.len())
                .filter(|&mi| {
                    let m = &self.class.methods[mi];
                    m.is_constructor() && m.synthetic && m.body.is_none()
                })
                .collect();
            for mi in defaults {
                let mut cx = self.cx(false, Type::Void, Vec::new(), &[]);
                let stores = self.capture_params(&mut cx, mi, &mut out);
                let stmt = Stmt {
                    kind: StmtKind::Block(self.stores_first(stores, Vec::new())),
                    span: self.class.span,
                };
                let locals = self.finish(cx);
                out.methods.push((mi, stmt, locals));
            }
        }
        out.init_locals = self.finish(init_cx);
        out.clinit_locals = self.finish(clinit_cx);
        out.synthetic = std::mem::take(&mut self.synthetic);
        out.nested = std::mem::take(&mut self.nested);
        out
    }

    fn enum_constant(&self, cx: &mut body::BodyCx, node: tree_sitter::Node) -> Option<Stmt> {
        let name = self.src.text(node.child_by_field_name("name")?).to_string();
        let span = self.src.span(node);
        let ty = Type::class(&self.class.name);
        let args: Vec<Expr> = node
            .child_by_field_name("arguments")
            .map(|a| named_children(a).into_iter().map(|e| cx.expr(e)).collect())
            .unwrap_or_default();
        let value = match node.child_by_field_name("body") {
            Some(body) => cx.anonymous_object(body, (args, Vec::new()), span),
            None => match cx.construct(&ty, (args, Vec::new()), None, span) {
                Ok(e) => e,
                Err(args) => {
                    cx.unknowns += 1;
                    Expr {
                        kind: ExprKind::Unknown {
                            reason: "enum constant constructor".into(),
                            parts: args,
                            call: None,
                        },
                        ty: ty.clone(),
                        span,
                    }
                }
            },
        };
        let target = Expr {
            kind: ExprKind::Field {
                target: None,
                class: self.class.name.clone(),
                name,
            },
            ty: ty.clone(),
            span,
        };
        Some(Stmt::assign(target, value, span))
    }
}

/// The assignments a field declaration's initialisers make, plus compile-time constants.
fn field_inits(
    cx: &mut body::BodyCx,
    class: &Class,
    node: tree_sitter::Node,
) -> Vec<(Stmt, Option<(String, ir::Literal)>)> {
    let mut out = Vec::new();
    for d in syntax::field_children(node, "declarator") {
        let (Some(n), Some(v)) = (
            d.child_by_field_name("name"),
            d.child_by_field_name("value"),
        ) else {
            continue;
        };
        let name = cx.src.text(n).to_string();
        let Some(field) = class.field(&name) else {
            continue;
        };
        let span = cx.src.span(d);
        let value = cx.initializer(v, &field.ty);
        let literal = match &value.kind {
            ExprKind::Convert {
                expr,
                conversion: ir::Conversion::Primitive,
            } => &expr.kind,
            kind => kind,
        };
        let constant = match literal {
            ExprKind::Literal(l) if field.modifiers.is_static && field.modifiers.is_final => {
                Some((name.clone(), l.clone()))
            }
            _ => None,
        };
        let target = if field.modifiers.is_static {
            None
        } else {
            Some(Box::new(cx.this_expr(span, None)))
        };
        let lhs = Expr {
            kind: ExprKind::Field {
                target,
                class: class.name.clone(),
                name,
            },
            ty: field.ty.clone(),
            span,
        };
        out.push((Stmt::assign(lhs, value, span), constant));
    }
    out
}

/// The statements of a lowered body: a block's, or the one statement it is.
fn statements(body: Stmt) -> Vec<Stmt> {
    match body.kind {
        StmtKind::Block(stmts) => stmts,
        _ => vec![body],
    }
}
