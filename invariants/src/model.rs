//! The contents of `invariants.json`: per method its observed preconditions and postconditions,
//! per class its invariants, each as readable text plus a structured form.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The whole `invariants.json` file.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct InvariantsFile {
    /// Every project method with at least one observed call (own or through an override).
    pub methods: Vec<MethodSpec>,
    /// Every project class with at least one justified invariant over its fields.
    pub classes: Vec<ClassSpec>,
    /// Invariants over the static fields a generated test may set (public, non-final), by
    /// their values at the entries of the methods that read them (`a.Config.limit >= 1`,
    /// a flag as 0 or 1: `a.Config.strict == 0`).
    #[serde(default)]
    pub statics: Vec<Invariant>,
    /// `class.method(descriptor)` of every method with enough observed calls to justify an
    /// invariant (the rule of `x != null`, four at least): its precondition was observed,
    /// even when no template was justified (then it is `true`).
    pub observed: Vec<String>,
}

impl InvariantsFile {
    /// The specification of a method, by binary class name, name and descriptor.
    pub fn method(&self, class: &str, name: &str, descriptor: &str) -> Option<&MethodSpec> {
        self.methods
            .iter()
            .find(|m| m.class == class && m.method == name && m.descriptor == descriptor)
    }

    /// The invariants of a class, by binary name.
    pub fn class(&self, class: &str) -> Option<&ClassSpec> {
        self.classes.iter().find(|c| c.class == class)
    }
}

/// The observed specification of one method or constructor.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MethodSpec {
    /// Binary name of the declaring class, e.g. `bench.usage.Scaler`.
    pub class: String,
    /// Method name, `<init>` for constructors.
    pub method: String,
    /// Erased JVM descriptor, e.g. `(II)I`.
    pub descriptor: String,
    /// Calls observed at entry (overriding methods' calls included).
    pub entry_samples: u64,
    /// Normal exits that counted toward the postcondition.
    pub exit_samples: u64,
    /// Preconditions: over parameters (as named in this declaration) and `this` fields.
    pub requires: Vec<Invariant>,
    /// Postconditions: over `\result`, `this` fields after the call and parameters (their values
    /// at entry). Each one mentions `\result` or a field.
    pub ensures: Vec<Invariant>,
}

impl MethodSpec {
    /// `class.method(descriptor)`, the key used in [`InvariantsFile::observed`].
    pub fn key(&self) -> String {
        format!("{}.{}{}", self.class, self.method, self.descriptor)
    }
}

/// The invariants of one class over its own fields.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ClassSpec {
    /// Binary name.
    pub class: String,
    /// Invariants over `this.f` paths, holding after constructors and at entry and exit of
    /// non-private instance methods.
    pub invariants: Vec<Invariant>,
}

/// One inferred invariant.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Invariant {
    /// JML-like text, e.g. `parts >= 2`.
    pub text: String,
    /// Samples in which all its variables had a value (multiplicities included).
    pub samples: u64,
    /// Distinct value tuples of its variables among those samples.
    pub distinct: u64,
    /// The structured form.
    #[serde(flatten)]
    pub form: Form,
}

impl Invariant {
    /// An invariant with its text derived from `form`.
    pub fn new(form: Form, samples: u64, distinct: u64) -> Invariant {
        Invariant {
            text: form.to_string(),
            samples,
            distinct,
            form,
        }
    }
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`.
    #[serde(rename = "==")]
    Eq,
    /// `!=`.
    #[serde(rename = "!=")]
    Ne,
    /// `<`.
    #[serde(rename = "<")]
    Lt,
    /// `<=`.
    #[serde(rename = "<=")]
    Le,
    /// `>`.
    #[serde(rename = ">")]
    Gt,
    /// `>=`.
    #[serde(rename = ">=")]
    Ge,
}

impl CmpOp {
    /// The operator as Java writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// Whether `a OP b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// The structured form of an invariant. Variables are paths: a root (`this`, a parameter name
/// as written in the source, or `\result`), then field names, then optionally `.length` (arrays)
/// or `.length()` (strings). Integer templates over a reference path (a boxed number) mean its
/// unboxed value.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Form {
    /// `var == value`.
    Const {
        /// The variable.
        var: String,
        /// Its only value.
        value: i64,
    },
    /// `var` is one of two or three values.
    OneOf {
        /// The variable.
        var: String,
        /// The values, ascending.
        values: Vec<i64>,
    },
    /// `var >= bound`.
    Lower {
        /// The variable.
        var: String,
        /// The smallest value.
        bound: i64,
    },
    /// `var <= bound`.
    Upper {
        /// The variable.
        var: String,
        /// The largest value.
        bound: i64,
    },
    /// `var != 0`.
    NonZero {
        /// The variable.
        var: String,
    },
    /// `var == null`.
    Null {
        /// The variable.
        var: String,
    },
    /// `var != null`.
    NonNull {
        /// The variable.
        var: String,
    },
    /// `lhs OP rhs` between two integer variables.
    Cmp {
        /// Left variable.
        lhs: String,
        /// Operator.
        op: CmpOp,
        /// Right variable.
        rhs: String,
    },
    /// `y == a*x + b` between two integer variables.
    Linear {
        /// The dependent variable.
        y: String,
        /// Coefficient.
        a: i64,
        /// The independent variable.
        x: String,
        /// Offset.
        b: i64,
    },
    /// The runtime class of `var` (when not null) is exactly `class`.
    Type {
        /// The variable.
        var: String,
        /// Binary class name.
        class: String,
    },
    /// No element of the array `var` (when not null) is null.
    NonNullElements {
        /// The variable.
        var: String,
    },
}

impl Form {
    /// The variables the invariant mentions.
    pub fn vars(&self) -> Vec<&str> {
        match self {
            Form::Const { var, .. }
            | Form::OneOf { var, .. }
            | Form::Lower { var, .. }
            | Form::Upper { var, .. }
            | Form::NonZero { var }
            | Form::Null { var }
            | Form::NonNull { var }
            | Form::Type { var, .. }
            | Form::NonNullElements { var } => vec![var],
            Form::Cmp { lhs, rhs, .. } => vec![lhs, rhs],
            Form::Linear { y, x, .. } => vec![y, x],
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Form::Const { var, value } => write!(f, "{var} == {value}"),
            Form::OneOf { var, values } => {
                let list: Vec<String> = values.iter().map(i64::to_string).collect();
                write!(f, "{var} one of {{{}}}", list.join(", "))
            }
            Form::Lower { var, bound } => write!(f, "{var} >= {bound}"),
            Form::Upper { var, bound } => write!(f, "{var} <= {bound}"),
            Form::NonZero { var } => write!(f, "{var} != 0"),
            Form::Null { var } => write!(f, "{var} == null"),
            Form::NonNull { var } => write!(f, "{var} != null"),
            Form::Cmp { lhs, op, rhs } => write!(f, "{lhs} {} {rhs}", op.symbol()),
            Form::Linear { y, a, x, b } => {
                let term = match a {
                    1 => x.clone(),
                    -1 => format!("-{x}"),
                    _ => format!("{a} * {x}"),
                };
                match b.cmp(&0) {
                    std::cmp::Ordering::Equal => write!(f, "{y} == {term}"),
                    std::cmp::Ordering::Greater => write!(f, "{y} == {term} + {b}"),
                    std::cmp::Ordering::Less => write!(f, "{y} == {term} - {}", b.unsigned_abs()),
                }
            }
            Form::Type { var, class } => write!(f, "\\typeof({var}) == \\type({class})"),
            Form::NonNullElements { var } => write!(f, "\\nonnullelements({var})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape_is_flat_with_kind() {
        let inv = Invariant::new(
            Form::Lower {
                var: "parts".into(),
                bound: 2,
            },
            4,
            4,
        );
        let json = serde_json::to_value(&inv).unwrap();
        assert_eq!(json["kind"], "lower");
        assert_eq!(json["text"], "parts >= 2");
        assert_eq!(json["bound"], 2);
        let back: Invariant = serde_json::from_value(json).unwrap();
        assert_eq!(back, inv);
        let cmp = Form::Cmp {
            lhs: "length".into(),
            op: CmpOp::Eq,
            rhs: "value.length".into(),
        };
        assert_eq!(serde_json::to_value(&cmp).unwrap()["op"], "==");
    }

    #[test]
    fn texts_read_like_jml() {
        let lin = |a, b| Form::Linear {
            y: "\\result".into(),
            a,
            x: "n".into(),
            b,
        };
        assert_eq!(lin(2, 1).to_string(), "\\result == 2 * n + 1");
        assert_eq!(lin(1, -3).to_string(), "\\result == n - 3");
        assert_eq!(lin(-1, 0).to_string(), "\\result == -n");
        let one = Form::OneOf {
            var: "k".into(),
            values: vec![1, 2],
        };
        assert_eq!(one.to_string(), "k one of {1, 2}");
    }
}
