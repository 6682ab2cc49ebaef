//! The typed program model that every later stage reads from `ir/program.json`.
//!
//! Names are resolved (locals to [`LocalId`]s, fields and methods to their
//! declaring class), every expression carries its static type, and implicit
//! conversions (widening, narrowing, boxing, unboxing, string conversion) are
//! explicit [`ExprKind::Convert`] nodes, so that later stages never repeat
//! Java's typing rules. What the frontend does not model becomes an
//! [`ExprKind::Unknown`] or [`StmtKind::Unknown`] node with its reason.

use serde::{Deserialize, Serialize};

mod expr;
mod stmt;
mod types;
pub mod visit;
pub use expr::{BinaryOp, Conversion, Expr, ExprKind, Literal, MethodRef, UnaryOp, UnresolvedCall};
pub use stmt::{Catch, Stmt, StmtKind, SwitchCase};
pub use types::{
    descriptor_params, descriptor_return, java_lambda, java_member, java_method, Type,
};

/// Index of a source file in [`Program::files`].
pub type FileId = u32;

/// Index of a local variable (parameters first) in [`Method::locals`].
pub type LocalId = u32;

/// The whole analysed program: the project's classes plus the modelled JDK.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
pub struct Program {
    /// Every source file that contributed classes.
    pub files: Vec<SourceFile>,
    /// Project and library classes, in file order.
    pub classes: Vec<Class>,
    /// Problems found while reading the sources (parse errors, unresolved names).
    pub diagnostics: Vec<Diagnostic>,
    /// The suppressions written in the project's files (written to their own file by the
    /// parse stage, not to `ir/program.json`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suppressions: Vec<Suppression>,
    /// The documentation of the project's declarations (written to its own file by the
    /// parse stage, `ir/docs.json`, and read back into the program by the later stages).
    #[serde(default, skip_serializing_if = "crate::javadoc::Docs::is_empty")]
    pub docs: crate::javadoc::Docs,
    /// The encoding of the project's sources as the user or the build named it (javac's
    /// `-encoding`), absent for UTF-8 ([`crate::encoding`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

/// A suppression written in a project file, `@SuppressWarnings("dsd")` on a declaration
/// or `// dsd:ignore` on a line: the crashes of its kinds on its lines are not reported
/// as failures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suppression {
    /// The file it is written in, as it can be opened from where dsd ran.
    pub file: String,
    /// Path below the source root of that file.
    pub rel: String,
    /// The line it is written on.
    pub line: u32,
    /// The first and last lines it covers: the annotated declaration's, or the comment's
    /// own line.
    pub lines: (u32, u32),
    /// Crash kinds it covers, by the exception's simple name; empty for every kind.
    pub kinds: Vec<String>,
    /// The suppression as written: `@SuppressWarnings("dsd:ArithmeticException")`,
    /// `// dsd:ignore`.
    pub text: String,
}

impl Suppression {
    /// Whether it covers a crash of the exception class `exception` (fully qualified) at
    /// `line` of the file at `rel`.
    pub fn covers(&self, rel: &str, line: u32, exception: &str) -> bool {
        let simple = exception.rsplit('.').next().unwrap_or(exception);
        self.rel == rel
            && (self.lines.0..=self.lines.1).contains(&line)
            && (self.kinds.is_empty() || self.kinds.iter().any(|k| k == simple))
    }
}

impl Program {
    /// The source roots the project's files were read from: each file's path without its
    /// package path (`.` for files read from the current folder), in first-seen order.
    pub fn source_roots(&self) -> Vec<std::path::PathBuf> {
        let mut roots = Vec::new();
        for f in self.files.iter().filter(|f| !f.library) {
            let root = match f.path.strip_suffix(&f.rel) {
                Some("") => ".",
                Some(root) => root,
                None => &f.path,
            };
            let root = std::path::PathBuf::from(root);
            if !roots.contains(&root) {
                roots.push(root);
            }
        }
        roots
    }
}

/// One `.java` file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SourceFile {
    /// Path as it can be opened from the directory `dsd` ran in.
    pub path: String,
    /// Path below the source root, e.g. `bench/traps/Precision.java`.
    pub rel: String,
    /// Declared package, empty for the default package.
    pub package: String,
    /// True for the JDK model shipped with dsd and the class files of the JDK and the class
    /// path, false for the project's files.
    pub library: bool,
    /// Why a project file is left out of the analysis and of the build (it defines a class
    /// the JDK already has), absent for a file that is part of both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_out: Option<String>,
}

impl SourceFile {
    /// True for a project file that is analysed, compiled and run: not the library's and
    /// not left out.
    pub fn is_built(&self) -> bool {
        !self.library && self.left_out.is_none()
    }
}

/// A position range in a source file; lines and columns start at 1, columns count bytes.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// File the span lies in.
    pub file: FileId,
    /// First line.
    pub line: u32,
    /// First column.
    pub col: u32,
    /// Last line.
    pub end_line: u32,
    /// Column just past the end.
    pub end_col: u32,
}

/// A message about the input, tied to a place in it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Where the problem is.
    pub span: Span,
    /// What went wrong, in one line.
    pub message: String,
}

/// Declaration modifiers that matter to the analysis.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// `public`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub public: bool,
    /// `protected`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub protected: bool,
    /// `private`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub private: bool,
    /// `static`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_static: bool,
    /// `final`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_final: bool,
    /// `abstract`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_abstract: bool,
    /// `native`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub native: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What sort of type declaration a class is.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ClassKind {
    /// A class (possibly abstract).
    Class,
    /// An interface.
    Interface,
    /// An enum.
    Enum,
    /// A record.
    Record,
    /// An annotation type.
    Annotation,
}

/// A class, interface, enum or record.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Class {
    /// Binary name, e.g. `bench.objects.Shapes$Shape`.
    pub name: String,
    /// Name as written in the declaration.
    pub simple_name: String,
    /// Declaration kind.
    pub kind: ClassKind,
    /// Declared modifiers (nested interfaces, enums and records are implicitly static).
    pub modifiers: Modifiers,
    /// Declared type parameters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub type_params: Vec<String>,
    /// Direct superclass, `None` only for `java.lang.Object` and interfaces.
    pub superclass: Option<Type>,
    /// Directly implemented (or, for interfaces, extended) interfaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interfaces: Vec<Type>,
    /// Binary name of the lexically enclosing class, for nested classes.
    pub outer: Option<String>,
    /// True for inner (non-static nested) classes, which hold an outer instance.
    #[serde(default, skip_serializing_if = "is_false")]
    pub inner: bool,
    /// Declared fields.
    pub fields: Vec<Field>,
    /// Methods and constructors (`<init>`), plus `<clinit>` when the class has static initialisation.
    pub methods: Vec<Method>,
    /// Instance field initialisers and initialiser blocks in source order; constructors that
    /// do not call `this(...)` run them right after the superclass constructor.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instance_init: Vec<Stmt>,
    /// Local variables used by [`Class::instance_init`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_locals: Vec<Local>,
    /// Declared enum constants, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enum_constants: Vec<String>,
    /// Index of the declaring file in [`Program::files`].
    pub file: FileId,
    /// The whole declaration.
    pub span: Span,
    /// True for the JDK model and the platform's classes.
    #[serde(default, skip_serializing_if = "is_false")]
    pub library: bool,
    /// True for a platform class read from the JDK's class files: its members are typed and
    /// have no bodies ([`crate::library`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub signatures_only: bool,
    /// For a class of the JDK model: the superclass its class file in the JDK's image
    /// declares (`java.util.AbstractList` for `ArrayList`), which the model's own
    /// [`Class::superclass`] may differ from (it shares code: `SlotMap`). `None` elsewhere,
    /// and when the image was not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_superclass: Option<Type>,
    /// Set on the classes dsd makes for lambdas and method references (see the frontend's
    /// `lambda` module): no test can make their objects, only the code that writes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub functional: Option<Functional>,
}

/// What a class made for a functional interface's object stands for.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Functional {
    /// A lambda expression: its body is the class's method.
    Lambda,
    /// A method reference: the JVM leaves its frames out of stack traces, so a crash in its
    /// method shows at the line that called the method.
    MethodReference,
}

impl Class {
    /// True for classes whose objects only the code that writes them makes: lambdas,
    /// method references, anonymous and local classes, whose binary names end in a number
    /// or a number and a name (`Outer$1`, `Outer$1Helper`, `Outer$$Lambda$1`), which no
    /// member class's can. No test can make one.
    pub fn made_only_where_written(&self) -> bool {
        self.functional.is_some()
            || self
                .name
                .rsplit_once('$')
                .is_some_and(|(_, last)| last.starts_with(|c: char| c.is_ascii_digit()))
    }

    /// True when the JVM shows no frame of this class's methods in a stack trace.
    pub fn hides_frames(&self) -> bool {
        self.functional == Some(Functional::MethodReference)
    }

    /// True for interfaces and abstract classes.
    pub fn is_abstract(&self) -> bool {
        self.kind == ClassKind::Interface || self.modifiers.is_abstract
    }

    /// The method with this name and descriptor.
    pub fn method(&self, name: &str, descriptor: &str) -> Option<&Method> {
        self.methods
            .iter()
            .find(|m| m.name == name && m.descriptor == descriptor)
    }

    /// The field with this name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// A field declaration.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Field {
    /// Field name.
    pub name: String,
    /// Declared type.
    pub ty: Type,
    /// Declared modifiers.
    pub modifiers: Modifiers,
    /// The declarator.
    pub span: Span,
    /// Value of a `static final` field with a constant initialiser: the literal as written
    /// (`'='` for `static final byte PAD = '=';`), which holds the field's value once
    /// converted to its type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constant: Option<Literal>,
    /// True for a field read from a class file (the platform's or the class path's). Its
    /// value is set by code dsd does not see: a `static final` one without a constant
    /// (`TimeUnit.SECONDS`, `Boolean.TRUE`) is taken to hold some non-null value.
    #[serde(default, skip_serializing_if = "is_false")]
    pub platform: bool,
}

/// A local variable or parameter.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Local {
    /// Name in the source.
    pub name: String,
    /// Declared (or inferred, for `var`) type.
    pub ty: Type,
    /// The declarator.
    pub span: Span,
}

/// A method, constructor (`<init>`) or static initialiser (`<clinit>`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Method {
    /// Method name, `<init>` or `<clinit>`.
    pub name: String,
    /// Erased JVM descriptor, e.g. `(I[I)V`.
    pub descriptor: String,
    /// Number of parameters; they are the first entries of [`Method::locals`].
    pub param_count: u32,
    /// True when the last parameter is a varargs array.
    #[serde(default, skip_serializing_if = "is_false")]
    pub varargs: bool,
    /// Declared return type (`Void` for constructors).
    pub ret: Type,
    /// Declared modifiers.
    pub modifiers: Modifiers,
    /// Declared type parameters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub type_params: Vec<String>,
    /// Parameters followed by every local declared in the body.
    pub locals: Vec<Local>,
    /// The body; `None` for abstract, native and interface methods.
    pub body: Option<Stmt>,
    /// The whole declaration.
    pub span: Span,
    /// True for constructors synthesised because the class declares none.
    #[serde(default, skip_serializing_if = "is_false")]
    pub synthetic: bool,
    /// Simple names of the method's annotations (`Nullable`, `Precondition`, `Override`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<String>,
}

impl Method {
    /// True for constructors.
    pub fn is_constructor(&self) -> bool {
        self.name == "<init>"
    }

    /// The parameters' locals.
    pub fn params(&self) -> &[Local] {
        &self.locals[..self.param_count as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn file(path: &str, rel: &str, library: bool) -> SourceFile {
        SourceFile {
            path: path.into(),
            rel: rel.into(),
            package: String::new(),
            library,
            left_out: None,
        }
    }

    #[test]
    fn source_roots_strip_the_package_path_once_per_root() {
        let program = Program {
            files: vec![
                file("src/main/java/a/A.java", "a/A.java", false),
                file("src/main/java/b/B.java", "b/B.java", false),
                file("Top.java", "Top.java", false),
                file("jdk/java/lang/String.java", "java/lang/String.java", true),
            ],
            classes: Vec::new(),
            diagnostics: Vec::new(),
            docs: Default::default(),
            suppressions: Vec::new(),
            encoding: None,
        };
        assert_eq!(
            program.source_roots(),
            vec![PathBuf::from("src/main/java/"), PathBuf::from(".")]
        );
    }
}
