//! Java types after name resolution, and the types of JVM method descriptors.

use serde::{Deserialize, Serialize};

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

/// A method in Java terms, `Phoneme(CharSequence, LanguageSet)`, from its class's binary
/// name, its name (`<init>` for a constructor, which is named by its class) and its
/// parameter types. A lambda's method is `a lambda of Tables`: the class dsd makes for it
/// and its interface method's erased signature are nothing the developer wrote.
pub fn java_method(class: &str, name: &str, params: &[Type]) -> String {
    if let Some((owner, _)) = class.split_once(LAMBDA_CLASS) {
        return java_lambda(owner);
    }
    let name = match name {
        "<init>" => simple_class_name(class),
        _ => name,
    };
    let params: Vec<String> = params
        .iter()
        .map(|t| {
            let full = t.java_name();
            let (base, dims) = full.split_at(full.find('[').unwrap_or(full.len()));
            format!("{}{dims}", base.rsplit('.').next().unwrap_or(base))
        })
        .collect();
    format!("{name}({})", params.join(", "))
}

/// A method with its class in Java terms, `Big.f(int[], int)`, a constructor, `new
/// Phoneme(CharSequence, LanguageSet)`, or a lambda, `a lambda of Tables` (see
/// [`java_method`]).
pub fn java_member(class: &str, name: &str, params: &[Type]) -> String {
    let method = java_method(class, name, params);
    match name {
        _ if class.contains(LAMBDA_CLASS) => method,
        "<init>" => format!("new {method}"),
        _ => format!("{}.{method}", simple_class_name(class)),
    }
}

/// A lambda written in the class `enclosing` (a binary name), in Java terms: `a lambda of
/// Tables`.
pub fn java_lambda(enclosing: &str) -> String {
    format!("a lambda of {}", simple_class_name(enclosing))
}

/// What the binary names of the classes dsd makes for lambdas and method references hold
/// after their enclosing class's (`p.Tables$$Lambda$1`).
const LAMBDA_CLASS: &str = "$$Lambda$";

/// A binary class name without its package and outer classes (`Circle` of
/// `p.Shapes$Circle`), but for an anonymous class, which is named as the JVM names it, by
/// its enclosing class (`Orders$1` of `p.Orders$1`; its own number alone says nothing).
fn simple_class_name(class: &str) -> &str {
    let tail = class.rsplit('.').next().unwrap_or(class);
    let mut end = tail.len();
    // Step left over the numbers of anonymous classes to the name before them.
    loop {
        let from = tail[..end].rfind('$').map_or(0, |at| at + 1);
        if from == 0 || !tail[from..end].starts_with(|c: char| c.is_ascii_digit()) {
            return &tail[from..];
        }
        end = from - 1;
    }
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

/// The return type of a JVM method descriptor (`None` for `void` or a descriptor it cannot
/// read), e.g. `Object` of `()Ljava/lang/Object;`.
pub fn descriptor_return(descriptor: &str) -> Option<Type> {
    let (_, ret) = descriptor.split_once(')')?;
    let mut chars = ret.chars().peekable();
    parse_descriptor_type(&mut chars).filter(|t| *t != Type::Void)
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
