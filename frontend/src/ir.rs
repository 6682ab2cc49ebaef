//! The typed program model that every later stage reads from `ir/program.json`.
//!
//! Names are resolved (locals to [`LocalId`]s, fields and methods to their
//! declaring class), every expression carries its static type, and implicit
//! conversions (widening, narrowing, boxing, unboxing, string conversion) are
//! explicit [`ExprKind::Convert`] nodes, so that later stages never repeat
//! Java's typing rules. What the frontend does not model becomes an
//! [`ExprKind::Unknown`] or [`StmtKind::Unknown`] node with its reason.

use serde::{Deserialize, Serialize};

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

/// A Java type after name resolution; generic type arguments are kept for typing only.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Type {
    /// `boolean`.
    Boolean,
    /// `byte`, 8-bit signed.
    Byte,
    /// `short`, 16-bit signed.
    Short,
    /// `char`, 16-bit unsigned.
    Char,
    /// `int`, 32-bit signed.
    Int,
    /// `long`, 64-bit signed.
    Long,
    /// `float`, IEEE-754 binary32.
    Float,
    /// `double`, IEEE-754 binary64.
    Double,
    /// `void`, only as a return type.
    Void,
    /// The type of the `null` literal.
    Null,
    /// A class or interface by binary name (`java.util.Map$Entry`), with type arguments.
    Class {
        /// Binary name.
        name: String,
        /// Type arguments, empty for raw or non-generic uses.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<Type>,
    },
    /// An array of the element type.
    Array(Box<Type>),
    /// A type variable, erased to its bound for everything but typing.
    Var {
        /// Declared name.
        name: String,
        /// Erasure.
        bound: Box<Type>,
    },
    /// A type the frontend could not resolve.
    Unknown,
}

/// The name of the type variable that stands for a `? super T` type argument.
const SUPER_WILDCARD: &str = "? super";

impl Type {
    /// A class type without type arguments.
    pub fn class(name: &str) -> Type {
        Type::Class {
            name: name.to_string(),
            args: Vec::new(),
        }
    }

    /// `java.lang.Object`.
    pub fn object() -> Type {
        Type::class("java.lang.Object")
    }

    /// The type argument `? super bound`. Reading through it gives `Object` (the frontend's
    /// substitutions replace it so); only a lambda's parameter types use its bound, which
    /// is what javac types them as (`Consumer<? super String>` takes a `String`).
    pub fn super_wildcard(bound: Type) -> Type {
        Type::Var {
            name: SUPER_WILDCARD.to_string(),
            bound: Box::new(bound),
        }
    }

    /// True for a `? super T` type argument ([`Type::super_wildcard`]).
    pub fn is_super_wildcard(&self) -> bool {
        matches!(self, Type::Var { name, .. } if name == SUPER_WILDCARD)
    }

    /// `java.lang.String`.
    pub fn string() -> Type {
        Type::class("java.lang.String")
    }

    /// True for the eight primitive types.
    pub fn is_primitive(&self) -> bool {
        matches!(
            self,
            Type::Boolean
                | Type::Byte
                | Type::Short
                | Type::Char
                | Type::Int
                | Type::Long
                | Type::Float
                | Type::Double
        )
    }

    /// True for byte, short, char, int and long.
    pub fn is_integral(&self) -> bool {
        matches!(
            self,
            Type::Byte | Type::Short | Type::Char | Type::Int | Type::Long
        )
    }

    /// True for the numeric primitives (integral and floating).
    pub fn is_numeric(&self) -> bool {
        self.is_integral() || matches!(self, Type::Float | Type::Double)
    }

    /// True for class, array, type-variable and null types.
    pub fn is_reference(&self) -> bool {
        matches!(
            self,
            Type::Class { .. } | Type::Array(_) | Type::Var { .. } | Type::Null
        )
    }

    /// The type after erasure of type arguments and type variables.
    pub fn erasure(&self) -> Type {
        match self {
            Type::Class { name, .. } => Type::class(name),
            Type::Array(e) => Type::Array(Box::new(e.erasure())),
            Type::Var { bound, .. } => bound.erasure(),
            t => t.clone(),
        }
    }

    /// Binary class name of a class type (after erasure), if it is one.
    pub fn class_name(&self) -> Option<&str> {
        match self {
            Type::Class { name, .. } => Some(name),
            Type::Var { bound, .. } => bound.class_name(),
            _ => None,
        }
    }

    /// Element type of an array type.
    pub fn element(&self) -> Option<&Type> {
        match self {
            Type::Array(e) => Some(e),
            _ => None,
        }
    }

    /// The erased element type of an array type, `Unknown` for any other type.
    pub fn element_erasure(&self) -> Type {
        self.element().map_or(Type::Unknown, Type::erasure)
    }

    /// The primitive a box class holds (`java.lang.Integer` gives `int`).
    pub fn unboxed(&self) -> Option<Type> {
        Some(match self.class_name()? {
            "java.lang.Boolean" => Type::Boolean,
            "java.lang.Byte" => Type::Byte,
            "java.lang.Short" => Type::Short,
            "java.lang.Character" => Type::Char,
            "java.lang.Integer" => Type::Int,
            "java.lang.Long" => Type::Long,
            "java.lang.Float" => Type::Float,
            "java.lang.Double" => Type::Double,
            _ => return None,
        })
    }

    /// Bit width of an integral type.
    pub fn bits(&self) -> Option<u32> {
        match self {
            Type::Byte => Some(8),
            Type::Short | Type::Char => Some(16),
            Type::Int => Some(32),
            Type::Long => Some(64),
            _ => None,
        }
    }

    /// The JVM descriptor of the erased type (`I`, `[Ljava/lang/String;`).
    pub fn descriptor(&self) -> String {
        match self {
            Type::Boolean => "Z".into(),
            Type::Byte => "B".into(),
            Type::Short => "S".into(),
            Type::Char => "C".into(),
            Type::Int => "I".into(),
            Type::Long => "J".into(),
            Type::Float => "F".into(),
            Type::Double => "D".into(),
            Type::Void => "V".into(),
            Type::Array(e) => format!("[{}", e.descriptor()),
            Type::Var { bound, .. } => bound.descriptor(),
            Type::Class { name, .. } => format!("L{};", name.replace('.', "/")),
            Type::Null | Type::Unknown => "Ljava/lang/Object;".into(),
        }
    }

    /// The type as Java source would write it (erased, nested classes with dots).
    pub fn java_name(&self) -> String {
        match self {
            Type::Boolean => "boolean".into(),
            Type::Byte => "byte".into(),
            Type::Short => "short".into(),
            Type::Char => "char".into(),
            Type::Int => "int".into(),
            Type::Long => "long".into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            Type::Void => "void".into(),
            Type::Null => "null".into(),
            Type::Unknown => "Object".into(),
            Type::Array(e) => format!("{}[]", e.java_name()),
            Type::Var { bound, .. } => bound.java_name(),
            Type::Class { name, .. } => name.replace('$', "."),
        }
    }
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

/// A statement with its source span.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stmt {
    /// What the statement does.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
}

impl Stmt {
    /// `target = value;`, typed as the target.
    pub fn assign(target: Expr, value: Expr, span: Span) -> Stmt {
        Stmt {
            kind: StmtKind::Expr(Expr::assign(target, value, span)),
            span,
        }
    }
}

/// Statement forms.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StmtKind {
    /// `{ ... }`.
    Block(Vec<Stmt>),
    /// A local variable declaration with an optional initialiser.
    Local {
        /// The declared local.
        local: LocalId,
        /// Initial value.
        init: Option<Expr>,
    },
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `if`.
    If {
        /// Condition.
        cond: Expr,
        /// Then branch.
        then: Box<Stmt>,
        /// Else branch.
        otherwise: Option<Box<Stmt>>,
    },
    /// `while`.
    While {
        /// Loop condition.
        cond: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// `do ... while`.
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Loop condition, checked after each iteration.
        cond: Expr,
    },
    /// Classic `for`.
    For {
        /// Initialisers.
        init: Vec<Stmt>,
        /// Condition; absent means `true`.
        cond: Option<Expr>,
        /// Updates, run after each iteration.
        update: Vec<Expr>,
        /// Body.
        body: Box<Stmt>,
    },
    /// Enhanced `for` over an array or an `Iterable`.
    ForEach {
        /// The loop variable.
        local: LocalId,
        /// The array or iterable.
        iterable: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// A labelled statement.
    Labeled {
        /// The label.
        label: String,
        /// The statement it names.
        body: Box<Stmt>,
    },
    /// `break`, optionally labelled.
    Break(Option<String>),
    /// `continue`, optionally labelled.
    Continue(Option<String>),
    /// `return`.
    Return(Option<Expr>),
    /// `throw`.
    Throw(Expr),
    /// `switch` (statement form, classic or arrow cases).
    Switch {
        /// The value switched on.
        selector: Expr,
        /// Cases in order.
        cases: Vec<SwitchCase>,
        /// True for `case X ->` cases, which do not fall through.
        arrow: bool,
    },
    /// `try` with catches and finally (resources become [`StmtKind::Unknown`] parts).
    Try {
        /// The protected block.
        body: Box<Stmt>,
        /// Handlers in order.
        catches: Vec<Catch>,
        /// The `finally` block.
        finally: Option<Box<Stmt>>,
    },
    /// `assert cond : message`.
    Assert {
        /// The asserted condition.
        cond: Expr,
        /// The message expression.
        message: Option<Expr>,
    },
    /// `synchronized (lock) body`.
    Synchronized {
        /// The lock expression (dereferenced).
        lock: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// `this(...)` or `super(...)` as a constructor's first statement.
    CtorCall {
        /// True for `super(...)`, false for `this(...)`.
        is_super: bool,
        /// The constructor called.
        method: MethodRef,
        /// Arguments, converted to the parameter types.
        args: Vec<Expr>,
    },
    /// `;`.
    Empty,
    /// Something the frontend does not model.
    Unknown {
        /// Why it is not modelled.
        reason: String,
    },
}

/// One `case` group of a switch.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SwitchCase {
    /// Constant labels (literals, enum constants as field reads, string literals).
    pub labels: Vec<Expr>,
    /// True when this group includes `default`.
    pub is_default: bool,
    /// Statements of the group.
    pub body: Vec<Stmt>,
}

/// A `catch` clause.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Catch {
    /// The caught types (several for multi-catch).
    pub types: Vec<Type>,
    /// The exception variable.
    pub local: LocalId,
    /// Handler body.
    pub body: Stmt,
}

/// A reference to a method or constructor, resolved at compile time.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct MethodRef {
    /// Binary name of the declaring class.
    pub class: String,
    /// Method name or `<init>`.
    pub name: String,
    /// Erased descriptor.
    pub descriptor: String,
    /// True for static methods.
    pub is_static: bool,
}

/// An expression with its static type and span.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Expr {
    /// What the expression computes.
    pub kind: ExprKind,
    /// Static type after conversions.
    pub ty: Type,
    /// Where it is.
    pub span: Span,
}

impl Expr {
    /// `target = value` (no compound operator), typed as the target.
    pub fn assign(target: Expr, value: Expr, span: Span) -> Expr {
        let ty = target.ty.clone();
        Expr {
            kind: ExprKind::Assign {
                target: Box::new(target),
                op: None,
                value: Box::new(value),
                op_ty: ty.clone(),
            },
            ty,
            span,
        }
    }
}

/// Literal values; floating values are kept as IEEE bit patterns so they round-trip exactly.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Literal {
    /// `boolean`.
    Bool(bool),
    /// `char`, as a UTF-16 code unit.
    Char(u16),
    /// `int`.
    Int(i32),
    /// `long`.
    Long(i64),
    /// `float` bits.
    Float(u32),
    /// `double` bits.
    Double(u64),
    /// A string literal (Rust string; lone surrogates are replaced).
    String(String),
    /// `null`.
    Null,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `~x`.
    BitNot,
    /// `!x`.
    Not,
}

/// Binary operators; operands are already promoted to the operation type.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BinaryOp {
    /// `+` on numbers.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `>>>`.
    Ushr,
    /// `&` (bitwise, or non-short-circuit boolean).
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
    /// `&&`.
    CondAnd,
    /// `||`.
    CondOr,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// String concatenation; both operands are `String` (converted).
    Concat,
}

impl BinaryOp {
    /// True for the comparison operators, whose result is boolean.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }

    /// True for shifts, whose right operand is not promoted with the left.
    pub fn is_shift(self) -> bool {
        matches!(self, BinaryOp::Shl | BinaryOp::Shr | BinaryOp::Ushr)
    }
}

/// Implicit or explicit conversions between types.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Conversion {
    /// Primitive to primitive (widening or narrowing), as a cast or promotion.
    Primitive,
    /// Primitive to its box (`Integer.valueOf`).
    Box,
    /// Box to primitive; throws NullPointerException on `null`.
    Unbox,
    /// Any value to `String` for concatenation (`String.valueOf`).
    ToString,
    /// Reference cast checked at run time; throws ClassCastException.
    Checked,
    /// Reference conversion that needs no check (upcast or erasure).
    Unchecked,
}

/// Expression forms.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExprKind {
    /// A literal.
    Literal(Literal),
    /// A local variable or parameter.
    Local(LocalId),
    /// `this` (or `Outer.this` when `outer` names the class).
    This {
        /// The enclosing class whose instance is meant, for qualified `this`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<String>,
    },
    /// A field read; `target` is absent for static fields.
    Field {
        /// The object, absent for static fields.
        target: Option<Box<Expr>>,
        /// Binary name of the declaring class.
        class: String,
        /// Field name.
        name: String,
    },
    /// `a.length`.
    ArrayLength(Box<Expr>),
    /// `a[i]`.
    ArrayAccess {
        /// The array.
        array: Box<Expr>,
        /// The index, converted to `int`.
        index: Box<Expr>,
    },
    /// `new T[n]...[]` or `new T[]{...}` or an initialiser `{...}`.
    NewArray {
        /// Sizes given in brackets (outermost first), converted to `int`.
        dims: Vec<Expr>,
        /// Initialiser elements when written with braces (nested initialisers are `NewArray`).
        init: Option<Vec<Expr>>,
    },
    /// A method call.
    Call {
        /// The receiver; absent for static calls.
        receiver: Option<Box<Expr>>,
        /// The method resolved at compile time.
        method: MethodRef,
        /// Arguments converted to the parameter types (varargs packed into an array).
        args: Vec<Expr>,
        /// True for `super.m()` and private methods: no dynamic dispatch.
        #[serde(default, skip_serializing_if = "is_false")]
        special: bool,
    },
    /// `new C(args)`.
    New {
        /// The constructor called.
        method: MethodRef,
        /// Arguments converted to the parameter types.
        args: Vec<Expr>,
        /// The outer instance for inner classes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<Box<Expr>>,
    },
    /// A unary operation.
    Unary {
        /// Operator.
        op: UnaryOp,
        /// Operand, promoted.
        operand: Box<Expr>,
    },
    /// A binary operation; for comparisons `op_ty` is the promoted operand type.
    Binary {
        /// Operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
        /// Type in which the operation is computed.
        op_ty: Type,
        /// The operator's token (`/` in `total / count`), where a division's crash is
        /// reported; the whole expression's span for operations the source does not spell.
        op_span: Span,
    },
    /// `x = v` or `x op= v`; for compound forms the operation is computed in `op_ty`
    /// and narrowed back to the target's type.
    Assign {
        /// A `Local`, `Field` or `ArrayAccess` expression.
        target: Box<Expr>,
        /// The operator of a compound assignment.
        op: Option<BinaryOp>,
        /// The right-hand side (converted to the target type for plain assignment,
        /// to `op_ty` for compound assignment).
        value: Box<Expr>,
        /// Type in which a compound operation is computed.
        op_ty: Type,
    },
    /// `++x`, `x++`, `--x`, `x--`.
    IncDec {
        /// A `Local`, `Field` or `ArrayAccess` expression.
        target: Box<Expr>,
        /// True for `++`.
        increment: bool,
        /// True for the prefix forms.
        prefix: bool,
    },
    /// `c ? a : b`.
    Conditional {
        /// Condition.
        cond: Box<Expr>,
        /// Value when true.
        then: Box<Expr>,
        /// Value when false.
        otherwise: Box<Expr>,
    },
    /// A conversion to the expression's type.
    Convert {
        /// Which conversion.
        conversion: Conversion,
        /// The converted expression.
        expr: Box<Expr>,
    },
    /// `e instanceof T`, optionally binding a pattern variable.
    InstanceOf {
        /// The tested expression.
        expr: Box<Expr>,
        /// The type tested against.
        target: Type,
        /// Pattern variable bound when the test succeeds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        binding: Option<LocalId>,
    },
    /// `T.class`.
    ClassLiteral(Type),
    /// A switch expression: `body` is the switch as a labelled statement whose arms assign
    /// their value (`case X -> v`, `yield v`) to the local `result` and break out of it.
    Switch {
        /// The labelled switch statement.
        body: Box<Stmt>,
        /// The local that holds the value.
        result: LocalId,
    },
    /// Something the frontend does not model; its value is unconstrained.
    Unknown {
        /// Why it is not modelled.
        reason: String,
        /// Sub-expressions that are still evaluated (and may crash), in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        parts: Vec<Expr>,
        /// Set when the expression is an instance method call the frontend could not
        /// resolve (a JDK method outside the model, say): `parts[0]` is then the receiver.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        call: Option<UnresolvedCall>,
    },
}

/// An instance method call whose target the frontend could not find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnresolvedCall {
    /// Binary name of the receiver's static class.
    pub class: String,
    /// The method's simple name.
    pub name: String,
}

/// The parameter types of a JVM method descriptor, e.g. `(I[Ljava/lang/String;)V`.
pub fn descriptor_params(descriptor: &str) -> Vec<Type> {
    let inner = descriptor
        .strip_prefix('(')
        .and_then(|d| d.split(')').next())
        .unwrap_or("");
    let mut chars = inner.chars().peekable();
    let mut out = Vec::new();
    while chars.peek().is_some() {
        match parse_descriptor_type(&mut chars) {
            Some(t) => out.push(t),
            None => break,
        }
    }
    out
}

fn parse_descriptor_type(chars: &mut std::iter::Peekable<std::str::Chars>) -> Option<Type> {
    Some(match chars.next()? {
        'Z' => Type::Boolean,
        'B' => Type::Byte,
        'S' => Type::Short,
        'C' => Type::Char,
        'I' => Type::Int,
        'J' => Type::Long,
        'F' => Type::Float,
        'D' => Type::Double,
        'V' => Type::Void,
        '[' => Type::Array(Box::new(parse_descriptor_type(chars)?)),
        'L' => {
            let name: String = chars.by_ref().take_while(|c| *c != ';').collect();
            Type::class(&name.replace('/', "."))
        }
        _ => return None,
    })
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
        };
        assert_eq!(
            program.source_roots(),
            vec![PathBuf::from("src/main/java/"), PathBuf::from(".")]
        );
    }
}
