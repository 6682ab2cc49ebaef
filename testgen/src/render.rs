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
use solver::Value;
use std::collections::{BTreeSet, HashMap, HashSet};

mod calls;
mod values;
pub use values::string;
pub(crate) use values::{double, float, integral};

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
    /// `filled(map, keysAndValues)`: a map with entries.
    Filled,
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
            Helper::Filled => "filled",
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
        Value::Array { elements, .. }
        | Value::Filled {
            entries: elements, ..
        } => elements.iter().collect(),
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

#[cfg(test)]
mod tests;
