//! Java source for values, written so that javac accepts it in any project.
//!
//! The rules, each there because some real project needed it:
//! - every reference argument is cast to its parameter's erased type unless the
//!   expression already has exactly that type, and `null` always is: overload
//!   resolution then picks the member the solver meant, and a generic value
//!   (`List<Rule>` where `List<Phoneme>` is declared) passes as a raw one;
//! - a type the test's package cannot name (private or package-private elsewhere,
//!   anonymous, local) is never written: its objects are built, and members whose
//!   parameters name it are called, through reflection by binary name, and its
//!   values are held in locals of its nearest nameable supertype;
//! - generic types are written raw (erased), so arrays of generics are `new List[]`;
//! - inner classes are built on their outer object (`outer.new Inner()`);
//! - varargs parameters get an array (cast to the array type), never a spread list;
//! - interfaces, abstract classes and enums are only ever declared or cast to: their
//!   values come from the concrete producers, aliases or `null` the solver chose;
//! - an object the model aliases is built once into a local, before first use.

use crate::access::Access;
use frontend::ir::Type;
use solver::{FieldValue, Value};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A Java expression with its static (erased) type.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// The source text.
    pub text: String,
    /// Its static type, erased.
    pub ty: Type,
    /// True when the static type is exactly `ty` (not a generic type, not a call result).
    pub exact: bool,
}

impl Expr {
    fn exact(text: String, ty: Type) -> Expr {
        Expr {
            text,
            ty,
            exact: true,
        }
    }

    /// The text as the target of a member access or `.new`: casts get parentheses.
    pub fn target(&self) -> String {
        if self.text.starts_with('(') {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// Reflection helpers a test class needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Helper {
    /// `allocate(Class)`: an object without a constructor.
    Allocate,
    /// `set(target, owner, name, value)`: a field by reflection.
    Set,
    /// `type(binary)`: a class by binary name.
    Type,
    /// `construct(type, params, args)`: a constructor the test cannot name.
    Construct,
    /// `invoke(target, type, name, params, args)`: a method the test cannot name.
    Invoke,
    /// `newArray(element, elements)`: an array of a type the test cannot name.
    NewArray,
}

impl Helper {
    /// The helper method's name.
    pub fn name(self) -> &'static str {
        match self {
            Helper::Allocate => "allocate",
            Helper::Set => "set",
            Helper::Type => "type",
            Helper::Construct => "construct",
            Helper::Invoke => "invoke",
            Helper::NewArray => "newArray",
        }
    }
}

/// Where the reflection helpers a test calls are declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelperHome {
    /// In the test class itself, called by their simple names (the work directory's tests).
    TestClass,
    /// In a class of the test's package, called through its simple name (the tests
    /// `--emit-tests` writes into the project).
    Class(&'static str),
}

/// Writes the statements of one test method: values become expressions, and objects
/// that must exist first (aliased, reflective) become locals.
pub struct Writer<'a, 'p> {
    access: &'a Access<'p>,
    /// Where the helpers the statements call are declared.
    home: HelperHome,
    /// Statements written so far.
    pub stmts: Vec<String>,
    /// Helpers the statements call.
    pub helpers: BTreeSet<Helper>,
    /// Locals holding shared objects, by slot.
    shared: HashMap<usize, Expr>,
    /// Every shared object of the model by slot, to build the one an alias meets first.
    pending: HashMap<usize, Value>,
    /// Local names in use.
    names: HashSet<String>,
    /// Fields set by reflection, as `object.field = value`.
    pub assignments: Vec<String>,
    /// True when a member the test's package may not access had to be called.
    pub forced: bool,
}

impl<'a, 'p> Writer<'a, 'p> {
    /// A writer for a model whose input values are `values`, calling the helpers in `home`.
    pub fn new<'v>(
        access: &'a Access<'p>,
        home: HelperHome,
        values: impl IntoIterator<Item = &'v Value>,
    ) -> Self {
        let mut pending = HashMap::new();
        let mut todo: Vec<&Value> = values.into_iter().collect();
        while let Some(v) = todo.pop() {
            if let Value::Shared { slot, .. } = v {
                pending.insert(*slot, v.clone());
            }
            todo.extend(children(v));
        }
        Writer {
            access,
            home,
            stmts: Vec::new(),
            helpers: BTreeSet::new(),
            shared: HashMap::new(),
            pending,
            names: RESERVED
                .iter()
                .copied()
                .chain(access.package_roots())
                .map(str::to_string)
                .collect(),
            assignments: Vec::new(),
            forced: false,
        }
    }

    /// Declares a local of type `ty` (nameable) holding `init`; returns it as an expression.
    pub fn local(&mut self, name: &str, ty: &Type, init: &Expr) -> Expr {
        let name = self.fresh_name(name);
        let ty = self.access.visible(ty);
        let init = self.cast_to(init, &ty);
        self.stmts
            .push(format!("{} {name} = {init};", self.access.type_name(&ty)));
        Expr::exact(name, ty)
    }

    /// Writes statement `stmt` made `times` times: once as it is, more often in a counting
    /// loop.
    pub fn repeat(&mut self, times: u32, stmt: String) {
        if times <= 1 {
            self.stmts.push(stmt);
            return;
        }
        let i = self.fresh_name("i");
        self.stmts
            .push(format!("for (int {i} = 0; {i} < {times}; {i}++) {{"));
        self.stmts.push(format!("    {stmt}"));
        self.stmts.push("}".into());
    }

    fn fresh_name(&mut self, name: &str) -> String {
        let mut candidate = name.to_string();
        let mut n = 1;
        while !self.names.insert(candidate.clone()) {
            n += 1;
            candidate = format!("{name}{n}");
        }
        candidate
    }

    /// The name the statements call `helper` by, noting that the test needs it.
    fn helper(&mut self, helper: Helper) -> String {
        self.helpers.insert(helper);
        match self.home {
            HelperHome::TestClass => helper.name().to_string(),
            HelperHome::Class(class) => format!("{class}.{}", helper.name()),
        }
    }

    /// An expression of `v` where a value of static type `ty` is expected.
    pub fn value(&mut self, v: &Value, ty: &Type) -> Expr {
        match v {
            Value::Null | Value::Unread => {
                let t = self.access.visible(ty);
                let text = if t.is_reference() {
                    format!("({}) null", self.access.type_name(&t))
                } else {
                    "null".into()
                };
                Expr::exact(text, t)
            }
            Value::Integral { ty: t, value } => {
                let text = integral(t, *value);
                match ty {
                    p if p.is_primitive() && p != t && p.is_numeric() => {
                        Expr::exact(format!("({}) {text}", p.java_name()), p.clone())
                    }
                    _ => Expr::exact(text, t.clone()),
                }
            }
            Value::Boolean { value } => Expr::exact(value.to_string(), Type::Boolean),
            Value::Float { bits } => Expr::exact(float(*bits), Type::Float),
            Value::Double { bits } => Expr::exact(double(*bits), Type::Double),
            Value::String { units } => Expr::exact(string(units), Type::string()),
            Value::Array { ty: at, elements } => self.array(at, elements),
            Value::New {
                class,
                args,
                descriptor,
                outer,
            } => self.new_object(class, descriptor, args, outer.as_deref()),
            Value::Call {
                class,
                method,
                descriptor,
                args,
            } => self.factory(class, method, descriptor, args),
            Value::Constant { class, name } => Expr::exact(
                format!("{}.{name}", self.access.class_name(class)),
                Type::class(class),
            ),
            Value::ClassLiteral { ty } => Expr {
                text: self.class_literal(ty),
                ty: Type::class("java.lang.Class"),
                exact: false,
            },
            Value::Boxed {
                class,
                value: inner,
            } => {
                let prim = match inner.as_ref() {
                    Value::Integral { ty, .. } => ty.clone(),
                    Value::Boolean { .. } => Type::Boolean,
                    Value::Float { .. } => Type::Float,
                    Value::Double { .. } => Type::Double,
                    _ => Type::Int,
                };
                let inner = self.value(inner, &prim);
                Expr::exact(
                    format!("{}.valueOf({})", self.access.class_name(class), inner.text),
                    Type::class(class),
                )
            }
            Value::Alias { input } => match self.shared.get(input) {
                Some(e) => e.clone(),
                None => match self.pending.get(input).cloned() {
                    Some(shared) => self.value(&shared, ty),
                    None => self.value(&Value::Null, ty),
                },
            },
            Value::Shared { slot, value } => {
                if let Some(e) = self.shared.get(slot) {
                    return e.clone();
                }
                let init = self.value(value, ty);
                let local = if self.names.contains(&init.text) {
                    init
                } else {
                    let name = local_name(value, &init.ty);
                    self.local(&name, &init.ty.clone(), &init)
                };
                self.shared.insert(*slot, local.clone());
                local
            }
            Value::Reflect { class, fields } => self.reflect(class, fields),
        }
    }

    /// `v` held in a local named after `name` (a shared value that has one keeps it), and
    /// the text of what it holds, for the inputs a finding lists.
    pub fn held(&mut self, v: &Value, ty: &Type, name: &str) -> (Expr, String) {
        if let Value::Shared { slot, value } = v {
            if !self.shared.contains_key(slot) {
                let init = self.value(value, ty);
                let local = self.local(name, &init.ty.clone(), &init);
                self.shared.insert(*slot, local.clone());
                return (local, init.text);
            }
        }
        let e = self.value(v, ty);
        if self.names.contains(&e.text) {
            let text = e.text.clone();
            return (e, text);
        }
        let local = self.local(name, &e.ty.clone(), &e);
        (local, e.text)
    }

    /// `v` as the argument of a parameter of type `param`: cast to the erased parameter
    /// type unless it already has exactly that type (`null` always is).
    pub fn argument(&mut self, v: &Value, param: &Type) -> String {
        let param = param.erasure();
        let nameable = param.is_reference() && self.access.type_nameable(&param);
        if let Value::Null | Value::Unread = v {
            return if nameable {
                format!("({}) null", self.access.type_name(&param))
            } else {
                "null".into()
            };
        }
        let e = self.value(v, &param);
        if nameable {
            self.cast_to(&e, &param)
        } else {
            e.text
        }
    }

    /// The text of `e` cast to `ty` (a nameable type) unless it already has exactly that type.
    fn cast_to(&self, e: &Expr, ty: &Type) -> String {
        if (e.exact && e.ty == *ty) || ty.is_primitive() {
            e.text.clone()
        } else {
            format!("({}) {}", self.access.type_name(ty), e.target())
        }
    }

    /// Arguments of a call, each written for its parameter.
    pub fn arguments(&mut self, args: &[Value], params: &[Type]) -> Vec<String> {
        args.iter()
            .zip(params.iter().chain(std::iter::repeat(&Type::Unknown)))
            .map(|(a, t)| self.argument(a, t))
            .collect()
    }

    /// True when the member `name` of `class` with these parameters can be called in
    /// source. A member the test's package may not access (protected elsewhere) is called
    /// by reflection too, and the test then forces what no caller could do.
    fn callable(&mut self, class: &str, name: &str, params: &[Type]) -> bool {
        let descriptor = format!(
            "({}){}",
            params.iter().map(Type::descriptor).collect::<String>(),
            if name == "<init>" { "V" } else { "" }
        );
        if !self.access.member_accessible(class, name, &descriptor) {
            self.forced = true;
            return false;
        }
        if self.access.ambiguous(class, name, &descriptor) {
            return false;
        }
        self.access.nameable(class) && params.iter().all(|p| self.access.type_nameable(p))
    }

    /// `new C(args)`, `outer.new C(args)`, or the same through reflection.
    pub fn new_object(
        &mut self,
        class: &str,
        descriptor: &str,
        args: &[Value],
        outer: Option<&Value>,
    ) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let outer = outer.map(|o| {
            let ty = Type::class(&self.outer_class(class));
            self.argument(o, &ty)
        });
        let args = self.arguments(args, &params);
        self.construct(class, &params, outer, &args, true)
    }

    /// The binary name of the class enclosing `class`.
    fn outer_class(&self, class: &str) -> String {
        self.access
            .class(class)
            .and_then(|c| c.outer.clone())
            .unwrap_or_else(|| {
                class
                    .rsplit_once('$')
                    .map(|(o, _)| o)
                    .unwrap_or(class)
                    .to_string()
            })
    }

    /// A constructor call on written arguments; `used` when its value is used (a
    /// reflective construction is then cast to the nearest nameable type).
    pub fn construct(
        &mut self,
        class: &str,
        params: &[Type],
        outer: Option<String>,
        args: &[String],
        used: bool,
    ) -> Expr {
        let ty = Type::class(class);
        let outer_class = self.outer_class(class);
        if self.callable(class, "<init>", params)
            && (outer.is_none() || self.access.nameable(&outer_class))
        {
            let text = match &outer {
                None => format!("new {}({})", self.access.class_name(class), args.join(", ")),
                Some(o) => {
                    let o = if o.starts_with('(') {
                        format!("({o})")
                    } else {
                        o.clone()
                    };
                    let simple = class.rsplit('$').next().unwrap_or(class);
                    format!("{o}.new {simple}({})", args.join(", "))
                }
            };
            return Expr::exact(text, ty);
        }
        let mut all_params = Vec::new();
        let mut all_args = Vec::new();
        if let Some(o) = outer {
            all_params.push(Type::class(&outer_class));
            all_args.push(o);
        }
        all_params.extend(params.iter().cloned());
        all_args.extend(args.iter().cloned());
        let construct = self.helper(Helper::Construct);
        let text = format!(
            "{construct}({}, {}, new Object[] {{{}}})",
            self.class_literal(&ty),
            self.class_literals(&all_params),
            all_args.join(", ")
        );
        let visible = self.access.visible(&ty);
        if !used {
            return Expr::exact(text, Type::object());
        }
        Expr::exact(
            format!("({}) {text}", self.access.type_name(&visible)),
            visible,
        )
    }

    /// A static factory call `C.m(args)` as a value.
    fn factory(&mut self, class: &str, method: &str, descriptor: &str, args: &[Value]) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let args = self.arguments(args, &params);
        self.call(None, class, method, descriptor, &args, true)
    }

    /// `C.m(args)` or `target.m(args)` on written arguments, or the same through
    /// reflection. A call whose value is used (`used`) is an expression of the erased
    /// return type; a call on a target of another static type (not a subclass in the
    /// package of `C`) casts the target to `C`.
    pub fn call(
        &mut self,
        target: Option<&Expr>,
        class: &str,
        method: &str,
        descriptor: &str,
        args: &[String],
        used: bool,
    ) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let ret = return_type(descriptor);
        if self.callable(class, method, &params) {
            let owner = Type::class(class);
            let on = match target {
                None => self.access.class_name(class),
                Some(t) if t.ty == owner || self.inherits(t, class) => t.target(),
                Some(t) => format!("(({}) {})", self.access.class_name(class), t.target()),
            };
            return Expr {
                text: format!("{on}.{method}({})", args.join(", ")),
                ty: self.access.visible(&ret),
                exact: false,
            };
        }
        let invoke = self.helper(Helper::Invoke);
        let receiver = target
            .map(|t| t.text.clone())
            .unwrap_or_else(|| "null".into());
        let text = format!(
            "{invoke}({receiver}, {}, \"{method}\", {}, new Object[] {{{}}})",
            self.class_literal(&Type::class(class)),
            self.class_literals(&params),
            args.join(", ")
        );
        let visible = self.access.visible(&ret);
        if !used || !visible.is_reference() {
            return Expr {
                text,
                ty: Type::object(),
                exact: false,
            };
        }
        Expr {
            text: format!("({}) {text}", self.access.type_name(&visible)),
            ty: visible,
            exact: false,
        }
    }

    /// True when the members of `class` can be called on `target` as it is: its type is a
    /// subclass in the same package (a package-private member is not inherited across
    /// packages).
    fn inherits(&self, target: &Expr, class: &str) -> bool {
        target.exact
            && self.is_subclass(&target.ty, class)
            && target
                .ty
                .class_name()
                .is_some_and(|t| crate::access::package_of(t) == crate::access::package_of(class))
    }

    /// True when `ty` is `class` or one of its subclasses, as far as the program knows.
    fn is_subclass(&self, ty: &Type, class: &str) -> bool {
        let mut name = ty.class_name().map(str::to_string);
        let mut steps = 0;
        while let Some(n) = name {
            if n == class {
                return true;
            }
            let Some(c) = self.access.class(&n) else {
                return false;
            };
            if c.interfaces.iter().any(|i| i.class_name() == Some(class)) {
                return true;
            }
            name = c
                .superclass
                .as_ref()
                .and_then(|s| s.class_name())
                .map(str::to_string);
            steps += 1;
            if steps > 64 {
                return false;
            }
        }
        false
    }

    /// An object created without a constructor, its fields set by reflection.
    fn reflect(&mut self, class: &str, fields: &[FieldValue]) -> Expr {
        let allocate = self.helper(Helper::Allocate);
        let ty = Type::class(class);
        let visible = self.access.visible(&ty);
        let init = Expr::exact(
            format!(
                "({}) {allocate}({})",
                self.access.type_name(&visible),
                self.class_literal(&ty)
            ),
            visible.clone(),
        );
        let local = self.local(&class_local_name(class), &visible, &init);
        for f in fields {
            let v = self.set_field(Some(&local), f);
            self.assignments
                .push(format!("{}.{} = {v}", local.text, f.name));
        }
        local
    }

    /// Gives a field of `target` (a static field when there is none) its value: a plain
    /// assignment (`Owner.name = value;`, `target.name = value;`) when the test may write
    /// the field, else `set(target, Owner.class, "name", value);`, which forces what no
    /// caller could do. Returns the value as written.
    pub fn set_field(&mut self, target: Option<&Expr>, f: &FieldValue) -> String {
        if self.access.field_assignable(&f.class, &f.name) {
            let v = self.argument(&f.value, &f.ty);
            let owner = Type::class(&f.class);
            let place = match target {
                Some(t) => Expr::exact(self.cast_to(t, &owner), owner).target(),
                None => self.access.class_name(&f.class),
            };
            self.stmts.push(format!("{place}.{} = {v};", f.name));
            return v;
        }
        self.forced = true;
        let set = self.helper(Helper::Set);
        let v = self.value(&f.value, &f.ty);
        let stmt = format!(
            "{set}({}, {}, \"{}\", {});",
            target.map(|t| t.text.as_str()).unwrap_or("null"),
            self.class_literal(&Type::class(&f.class)),
            f.name,
            v.text
        );
        self.stmts.push(stmt);
        v.text
    }

    /// A class literal, or the class by binary name when the test cannot name it.
    pub fn class_literal(&mut self, ty: &Type) -> String {
        let ty = ty.erasure();
        if self.access.type_nameable(&ty) {
            return format!("{}.class", self.access.type_name(&ty));
        }
        let type_of = self.helper(Helper::Type);
        format!("{type_of}(\"{}\")", binary_name(&ty))
    }

    fn class_literals(&mut self, types: &[Type]) -> String {
        let literals: Vec<String> = types.iter().map(|t| self.class_literal(t)).collect();
        format!("new Class<?>[] {{{}}}", literals.join(", "))
    }

    fn array(&mut self, ty: &Type, elements: &[Value]) -> Expr {
        let ty = ty.erasure();
        let elem = ty.element().cloned().unwrap_or(Type::object());
        if !self.access.type_nameable(&ty) {
            let new_array = self.helper(Helper::NewArray);
            let literal = self.class_literal(&elem);
            let items = self
                .arguments(elements, &vec![elem.clone(); elements.len()])
                .join(", ");
            let visible = self.access.visible(&ty);
            return Expr::exact(
                format!(
                    "({}) {new_array}({literal}, new Object[] {{{items}}})",
                    self.access.type_name(&visible)
                ),
                visible,
            );
        }
        let all_default = elements.iter().all(|e| match e {
            Value::Integral { value, .. } => *value == 0,
            Value::Boolean { value } => !value,
            Value::Float { bits } => *bits == 0,
            Value::Double { bits } => *bits == 0,
            Value::Null | Value::Unread => true,
            _ => false,
        });
        if elements.len() > 8 && all_default {
            let base = base_element(&ty);
            let dims = ty.java_name().matches("[]").count();
            let text = format!(
                "new {}[{}]{}",
                self.access.type_name(&base),
                elements.len(),
                "[]".repeat(dims.saturating_sub(1))
            );
            return Expr::exact(text, ty);
        }
        let items: Vec<String> = elements
            .iter()
            .map(|e| match e {
                Value::Null | Value::Unread => "null".to_string(),
                e => {
                    let v = self.value(e, &elem);
                    if elem.is_reference() && !(v.exact && self.assignable(&v.ty, &elem)) {
                        let visible = self.access.visible(&elem);
                        self.cast_to(&v, &visible)
                    } else {
                        v.text
                    }
                }
            })
            .collect();
        let text = format!(
            "new {} {{{}}}",
            self.access.type_name(&ty),
            items.join(", ")
        );
        Expr::exact(text, ty)
    }

    /// True when a value of exact type `from` can be stored where `to` is declared.
    fn assignable(&self, from: &Type, to: &Type) -> bool {
        from == to
            || *to == Type::object()
            || to.class_name().is_some_and(|c| self.is_subclass(from, c))
    }
}

/// Names a local must not take: Java's keywords and literals (a class `Default` would make
/// `default`), and the first segments of package names a qualified type may start with.
const RESERVED: &[&str] = &[
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "false",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "true",
    "try",
    "void",
    "volatile",
    "while",
    "var",
    "record",
    "yield",
    "java",
    "javax",
    "jdk",
    "sun",
    "org",
    "com",
    "net",
    "io",
];

/// The values directly inside `v`.
fn children(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array { elements, .. } => elements.iter().collect(),
        Value::New { args, outer, .. } => outer.iter().map(|o| o.as_ref()).chain(args).collect(),
        Value::Call { args, .. } => args.iter().collect(),
        Value::Boxed { value, .. } | Value::Shared { value, .. } => vec![value.as_ref()],
        Value::Reflect { fields, .. } => fields.iter().map(|f| &f.value).collect(),
        _ => Vec::new(),
    }
}

/// A readable local name for a shared object: its class's simple name, lower case first.
fn local_name(v: &Value, ty: &Type) -> String {
    let class = match v {
        Value::New { class, .. } | Value::Reflect { class, .. } => class.as_str(),
        _ => ty.class_name().unwrap_or("value"),
    };
    class_local_name(class)
}

/// A readable local name for an object of `class`: its simple name, lower case first, or
/// `value` where that is no identifier (an anonymous class's `Outer$1`).
fn class_local_name(class: &str) -> String {
    let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
    let name = lower_first(simple);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        "value".into()
    } else {
        name
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The name `Class.forName` takes: `p.Outer$Inner`, `[Lp.Outer$Inner;`, `[I`.
fn binary_name(ty: &Type) -> String {
    match ty {
        Type::Array(_) => ty.descriptor().replace('/', "."),
        Type::Class { name, .. } => name.clone(),
        t => t.java_name(),
    }
}

/// The erased return type of a method descriptor.
fn return_type(descriptor: &str) -> Type {
    let ret = descriptor.rsplit_once(')').map(|(_, r)| r).unwrap_or("V");
    frontend::descriptor_params(&format!("({ret})"))
        .into_iter()
        .next()
        .unwrap_or(Type::Void)
}

fn integral(ty: &Type, v: i64) -> String {
    match ty {
        Type::Long => match v {
            i64::MIN => "Long.MIN_VALUE".into(),
            i64::MAX => "Long.MAX_VALUE".into(),
            v => format!("{v}L"),
        },
        Type::Int => match v as i32 {
            i32::MIN => "Integer.MIN_VALUE".into(),
            i32::MAX => "Integer.MAX_VALUE".into(),
            v => v.to_string(),
        },
        Type::Byte => format!("(byte) {v}"),
        Type::Short => format!("(short) {v}"),
        Type::Char => char_literal(v as u16),
        _ => v.to_string(),
    }
}

/// A Java char literal. Line ends need their escape sequences: javac turns `\u000a` into a
/// real line end before it reads the literal.
fn char_literal(u: u16) -> String {
    match u {
        0x27 => "'\\''".into(),
        0x5c => "'\\\\'".into(),
        0x0a => "'\\n'".into(),
        0x0d => "'\\r'".into(),
        0x20..=0x7e => format!("'{}'", u as u8 as char),
        _ => format!("'\\u{u:04x}'"),
    }
}

fn float(bits: u32) -> String {
    let f = f32::from_bits(bits);
    if f.is_nan() {
        return "Float.NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Float.POSITIVE_INFINITY".into()
        } else {
            "Float.NEGATIVE_INFINITY".into()
        };
    }
    let text = format!("{f:?}");
    if text.parse::<f32>().map(|g| g.to_bits()) == Ok(bits) && !text.contains("e") {
        format!("{text}f")
    } else {
        format!("Float.intBitsToFloat(0x{bits:08x})")
    }
}

fn double(bits: u64) -> String {
    let d = f64::from_bits(bits);
    if d.is_nan() {
        return "Double.NaN".into();
    }
    if d.is_infinite() {
        return if d > 0.0 {
            "Double.POSITIVE_INFINITY".into()
        } else {
            "Double.NEGATIVE_INFINITY".into()
        };
    }
    let text = format!("{d:?}");
    if text.parse::<f64>().map(|g| g.to_bits()) == Ok(bits) && !text.contains("e") {
        text
    } else {
        format!("Double.longBitsToDouble(0x{bits:016x}L)")
    }
}

/// A Java string literal for UTF-16 code units.
pub fn string(units: &[u16]) -> String {
    let mut out = String::from("\"");
    for &u in units {
        match u {
            0x22 => out.push_str("\\\""),
            0x5c => out.push_str("\\\\"),
            0x0a => out.push_str("\\n"),
            0x0d => out.push_str("\\r"),
            0x09 => out.push_str("\\t"),
            0x20..=0x7e => out.push(u as u8 as char),
            _ => out.push_str(&format!("\\u{u:04x}")),
        }
    }
    out.push('"');
    out
}

fn base_element(ty: &Type) -> Type {
    match ty {
        Type::Array(e) => base_element(e),
        t => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::ir::Program;

    /// A program of one file `p/A.java`.
    fn program(source: &str) -> Program {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("dsd-render-{}-{n}", std::process::id()));
        let path = dir.join("p/A.java");
        std::fs::create_dir_all(path.parent().expect("parent")).expect("create dir");
        std::fs::write(&path, source).expect("write source");
        let input = frontend::Input {
            path,
            rel: "p/A.java".into(),
        };
        let program = frontend::parse_program(&[input]).0;
        let _ = std::fs::remove_dir_all(&dir);
        program
    }

    const A: &str = "package p;\n\
        public class A {\n\
          public A(String s, int[] a) {}\n\
          public A(StringBuilder s, int[] a) {}\n\
          private static class Hidden extends A { Hidden() { super(\"\", null); } }\n\
          public class Inner { public Inner(int x) {} }\n\
          public static class Sub extends A { public Sub() { super(\"\", null); } }\n\
          protected void touch() {}\n\
          public static java.util.List<String> names() { return null; }\n\
          public static int f(Hidden h, int d) { return 1 / d; }\n\
        }\n";

    fn int(value: i64) -> Value {
        Value::Integral {
            ty: Type::Int,
            value,
        }
    }

    #[test]
    fn literals_read_like_java() {
        assert_eq!(integral(&Type::Int, i32::MIN as i64), "Integer.MIN_VALUE");
        assert_eq!(integral(&Type::Long, 3), "3L");
        assert_eq!(integral(&Type::Char, 'z' as i64), "'z'");
        assert_eq!(integral(&Type::Char, 0), "'\\u0000'");
        assert_eq!(integral(&Type::Char, 10), "'\\n'");
        assert_eq!(integral(&Type::Char, 13), "'\\r'");
        assert_eq!(string(&[13, 10, 0x2028]), "\"\\r\\n\\u2028\"");
        assert_eq!(
            string(&"a\"b".encode_utf16().collect::<Vec<_>>()),
            "\"a\\\"b\""
        );
        assert_eq!(double(1.5f64.to_bits()), "1.5");
        assert_eq!(float(f32::NAN.to_bits()), "Float.NaN");
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let arr = Value::Array {
            ty: Type::Array(Box::new(Type::Int)),
            elements: vec![int(1)],
        };
        assert_eq!(
            w.value(&arr, &Type::Array(Box::new(Type::Int))).text,
            "new int[] {1}"
        );
        assert_eq!(access.class_name("p.Outer$Inner"), "Outer.Inner");
        assert_eq!(access.class_name("java.lang.Integer"), "Integer");
        assert_eq!(access.class_name("q.Other"), "q.Other");
    }

    #[test]
    fn null_arguments_are_cast_to_the_parameter_meant() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let e = w.new_object(
            "p.A",
            "(Ljava/lang/StringBuilder;[I)V",
            &[Value::Null, Value::Null],
            None,
        );
        assert_eq!(e.text, "new A((StringBuilder) null, (int[]) null)");
    }

    #[test]
    fn a_call_made_several_times_is_one_counting_loop() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let i = w.local("i", &Type::Int, &Expr::exact("0".into(), Type::Int));
        w.repeat(1, "a.touch();".into());
        w.repeat(16, format!("a.skip({});", i.text));
        assert_eq!(
            w.stmts,
            [
                "int i = 0;",
                "a.touch();",
                "for (int i2 = 0; i2 < 16; i2++) {",
                "    a.skip(i);",
                "}",
            ],
            "once as it is, more often in a loop whose counter takes a free name"
        );
    }

    // `p.A$1` has no simple name a local can take: `1` is no identifier.
    #[test]
    fn an_object_of_an_anonymous_class_is_held_in_a_local_named_value() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let e = w.value(
            &Value::Reflect {
                class: "p.A$1".into(),
                fields: Vec::new(),
            },
            &Type::class("p.A"),
        );
        assert_eq!(e.text, "value");
        assert_eq!(
            w.stmts,
            ["Object value = (Object) allocate(type(\"p.A$1\"));"]
        );
    }

    #[test]
    fn a_private_class_is_named_by_reflection_and_held_as_a_visible_supertype() {
        let program = program(A);
        let access = Access::new(&program, "p");
        assert!(!access.nameable("p.A$Hidden"));
        assert!(access.nameable("p.A$Inner"));
        assert!(!access.nameable("p.A$1"));
        assert_eq!(
            access.visible(&Type::class("p.A$Hidden")),
            Type::class("p.A")
        );
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let e = w.value(
            &Value::Reflect {
                class: "p.A$Hidden".into(),
                fields: Vec::new(),
            },
            &Type::class("p.A"),
        );
        assert_eq!(e.text, "hidden");
        assert_eq!(w.stmts, ["A hidden = (A) allocate(type(\"p.A$Hidden\"));"]);
        let args = w.arguments(
            &[Value::Null, int(0)],
            &[Type::class("p.A$Hidden"), Type::Int],
        );
        let call = w.call(None, "p.A", "f", "(Lp/A$Hidden;I)I", &args, false);
        assert_eq!(
            call.text,
            "invoke(null, A.class, \"f\", new Class<?>[] {type(\"p.A$Hidden\"), int.class}, new Object[] {null, 0})"
        );
        assert!(w.helpers.contains(&Helper::Invoke));
    }

    #[test]
    fn helpers_of_a_class_beside_the_test_are_called_through_it() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::Class("DsdReflection"), []);
        w.value(
            &Value::Reflect {
                class: "p.A$Hidden".into(),
                fields: Vec::new(),
            },
            &Type::class("p.A"),
        );
        assert_eq!(
            w.stmts,
            ["A hidden = (A) DsdReflection.allocate(DsdReflection.type(\"p.A$Hidden\"));"]
        );
        assert_eq!(
            w.helpers.into_iter().collect::<Vec<_>>(),
            [Helper::Allocate, Helper::Type]
        );
    }

    #[test]
    fn a_generic_call_result_passes_as_its_erased_type() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let factory = Value::Call {
            class: "p.A".into(),
            method: "names".into(),
            descriptor: "()Ljava/util/List;".into(),
            args: Vec::new(),
        };
        assert_eq!(
            w.argument(&factory, &Type::class("java.util.List")),
            "(java.util.List) A.names()"
        );
    }

    #[test]
    fn a_receiver_of_a_subclass_is_cast_only_when_it_may_not_inherit_the_member() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let sub = w.new_object("p.A$Sub", "()V", &[], None);
        let call = w.call(Some(&sub), "p.A", "size", "()I", &[], false);
        assert_eq!(call.text, "new A.Sub().size()");
        let other = Expr::exact("q".into(), Type::class("q.Q"));
        let call = w.call(Some(&other), "p.A", "size", "()I", &[], false);
        assert_eq!(call.text, "((A) q).size()");
    }

    #[test]
    fn a_protected_member_of_another_package_is_called_by_reflection_and_forces() {
        let program = program(A);
        let access = Access::new(&program, "q");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let a = Expr::exact("a".into(), Type::class("p.A"));
        let call = w.call(Some(&a), "p.A", "touch", "()V", &[], false);
        assert_eq!(
            call.text,
            "invoke(a, p.A.class, \"touch\", new Class<?>[] {}, new Object[] {})"
        );
        assert!(w.forced, "no caller outside p could make this call");
        let same = Access::new(&program, "p");
        let mut w = Writer::new(&same, HelperHome::TestClass, []);
        assert_eq!(
            w.call(Some(&a), "p.A", "touch", "()V", &[], false).text,
            "a.touch()"
        );
        assert!(!w.forced);
    }

    #[test]
    fn a_call_javac_finds_ambiguous_goes_through_reflection() {
        let program = program(
            "package p;\n\
             import java.util.Map;\n\
             public class Maps {\n\
                 public static <K, V> void fill(Map<K, V> m, java.util.List<V> v) {}\n\
                 public static <K, V> void fill(Multi<K, V> m, java.util.List<V> v) {}\n\
                 public static void put(Map m, Object v) {}\n\
                 public static void put(Multi m, Object v) {}\n\
             }\n\
             interface Multi<K, V> extends Map<K, Object> {}\n",
        );
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let args = [
            "(Multi) null".to_string(),
            "(java.util.List) null".to_string(),
        ];
        let multi = "(Lp/Multi;Ljava/util/List;)V";
        assert_eq!(
            w.call(None, "p.Maps", "fill", multi, &args, false).text,
            "invoke(null, Maps.class, \"fill\", new Class<?>[] {Multi.class, java.util.List.class}, new Object[] {(Multi) null, (java.util.List) null})"
        );
        assert!(
            !w.forced,
            "the method is public: only its call is ambiguous in source"
        );
        let map = "(Ljava/util/Map;Ljava/util/List;)V";
        let args = [
            "(java.util.Map) null".to_string(),
            "(java.util.List) null".to_string(),
        ];
        assert_eq!(
            w.call(None, "p.Maps", "fill", map, &args, false).text,
            "Maps.fill((java.util.Map) null, (java.util.List) null)",
            "the Map overload is the only one a Map argument fits"
        );
        let args = ["(Multi) null".to_string(), "(Object) null".to_string()];
        assert_eq!(
            w.call(None, "p.Maps", "put", multi, &args, false).text,
            "Maps.put((Multi) null, (Object) null)",
            "without generics the Multi overload is the most specific"
        );
    }

    #[test]
    fn a_field_the_test_may_name_is_assigned_and_any_other_set_by_reflection() {
        let program = program(
            "package p;\n\
             public class Gauge {\n\
                 public static int scale;\n\
                 public int cursor;\n\
                 private int divisor;\n\
                 public final int size = 1;\n\
                 public static class Sub extends Gauge { public int cursor; }\n\
             }\n",
        );
        let field = |class: &str, name: &str, value: i64| FieldValue {
            class: class.into(),
            name: name.into(),
            ty: Type::Int,
            value: int(value),
        };
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let gauge = Expr::exact("gauge".into(), Type::class("p.Gauge"));
        let sub = Expr::exact("sub".into(), Type::class("p.Gauge$Sub"));
        w.set_field(None, &field("p.Gauge", "scale", 0));
        w.set_field(Some(&gauge), &field("p.Gauge", "cursor", -1));
        w.set_field(Some(&sub), &field("p.Gauge", "cursor", 2));
        assert_eq!(
            w.stmts,
            [
                "Gauge.scale = 0;",
                "gauge.cursor = -1;",
                "((Gauge) sub).cursor = 2;"
            ],
            "a field hidden by a subclass's is named through its own class"
        );
        assert!(!w.forced && w.helpers.is_empty(), "any caller may do this");
        w.set_field(Some(&gauge), &field("p.Gauge", "divisor", 0));
        w.set_field(Some(&gauge), &field("p.Gauge", "size", 0));
        assert_eq!(
            w.stmts[3..],
            [
                "set(gauge, Gauge.class, \"divisor\", 0);",
                "set(gauge, Gauge.class, \"size\", 0);"
            ]
        );
        assert!(w.forced, "no caller could set a private or final field");
        let other = Access::new(&program, "q");
        let mut w = Writer::new(&other, HelperHome::TestClass, []);
        w.set_field(None, &field("p.Gauge", "scale", 0));
        assert_eq!(w.stmts, ["p.Gauge.scale = 0;"]);
    }

    #[test]
    fn an_inner_class_is_built_on_its_outer_object() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let mut w = Writer::new(&access, HelperHome::TestClass, []);
        let outer = Value::New {
            class: "p.A".into(),
            descriptor: "(Ljava/lang/String;[I)V".into(),
            args: vec![Value::String { units: Vec::new() }, Value::Null],
            outer: None,
        };
        let e = w.new_object("p.A$Inner", "(I)V", &[int(3)], Some(&outer));
        assert_eq!(e.text, "new A(\"\", (int[]) null).new Inner(3)");
    }

    /// `new A("a", null)`, an object later values alias (slot 0).
    fn shared_a() -> Value {
        Value::Shared {
            slot: 0,
            value: Box::new(Value::New {
                class: "p.A".into(),
                descriptor: "(Ljava/lang/String;[I)V".into(),
                args: vec![Value::String { units: vec![97] }, Value::Null],
                outer: None,
            }),
        }
    }

    #[test]
    fn an_aliased_nested_object_is_built_once_into_a_local() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let shared = shared_a();
        let pair = Value::New {
            class: "p.Pair".into(),
            descriptor: "(Lp/A;Lp/A;)V".into(),
            args: vec![Value::Alias { input: 0 }, shared],
            outer: None,
        };
        let mut w = Writer::new(&access, HelperHome::TestClass, [&pair]);
        let e = w.value(&pair, &Type::class("p.Pair"));
        assert_eq!(w.stmts, ["A a = new A(\"a\", (int[]) null);"]);
        assert_eq!(e.text, "new Pair(a, a)");
        assert_eq!(
            w.fresh_name("default"),
            "default2",
            "keywords are never locals"
        );
    }

    #[test]
    fn an_argument_prepared_by_calls_is_held_in_a_local_named_after_its_parameter() {
        let program = program(A);
        let access = Access::new(&program, "p");
        let shared = shared_a();
        let mut w = Writer::new(&access, HelperHome::TestClass, [&shared]);
        let (local, built) = w.held(&shared, &Type::class("p.A"), "first");
        assert_eq!(w.stmts, ["A first = new A(\"a\", (int[]) null);"]);
        assert_eq!(
            (local.text.as_str(), built.as_str()),
            ("first", "new A(\"a\", (int[]) null)")
        );
        let alias = w.value(&Value::Alias { input: 0 }, &Type::class("p.A"));
        assert_eq!(
            alias.text, "first",
            "a call that takes it passes the same local"
        );
    }
}
