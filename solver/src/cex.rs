//! Counterexamples as Java values: the files `cex/ID.json`.

use frontend::ir::Type;
use serde::{Deserialize, Serialize};

/// A Java value a test can write down.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Value {
    /// An integral primitive (byte, short, int, long) or a char, by type.
    Integral {
        /// The primitive type.
        ty: Type,
        /// Its value (chars are unsigned).
        value: i64,
    },
    /// A boolean.
    Boolean {
        /// Its value.
        value: bool,
    },
    /// A float, by IEEE bits.
    Float {
        /// The bits.
        bits: u32,
    },
    /// A double, by IEEE bits.
    Double {
        /// The bits.
        bits: u64,
    },
    /// `null`.
    Null,
    /// `null` for a parameter the method never reads (not an input that causes a crash).
    Unread,
    /// A string, as UTF-16 code units.
    String {
        /// The code units.
        units: Vec<u16>,
    },
    /// An array with its elements.
    Array {
        /// The array type.
        ty: Type,
        /// The elements.
        elements: Vec<Value>,
    },
    /// A constructor call.
    New {
        /// Binary class name.
        class: String,
        /// Constructor descriptor.
        descriptor: String,
        /// Arguments.
        args: Vec<Value>,
        /// The enclosing instance, for inner classes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<Box<Value>>,
    },
    /// A map made by its no-argument constructor, holding the entries put in it.
    Filled {
        /// Binary class name.
        class: String,
        /// The keys and values, in turn.
        entries: Vec<Value>,
    },
    /// A static factory call.
    Call {
        /// Binary class name.
        class: String,
        /// Method name.
        method: String,
        /// Descriptor.
        descriptor: String,
        /// Arguments.
        args: Vec<Value>,
    },
    /// An enum constant (`Size.LARGE`).
    Constant {
        /// Binary name of the enum.
        class: String,
        /// The constant's name.
        name: String,
    },
    /// A class literal (`String.class`).
    ClassLiteral {
        /// The type it names.
        ty: Type,
    },
    /// A boxed primitive (`Integer.valueOf(3)`).
    Boxed {
        /// Binary name of the box class.
        class: String,
        /// The primitive.
        value: Box<Value>,
    },
    /// The same object as the [`Value::Shared`] numbered `input`.
    Alias {
        /// The shared object's slot.
        input: usize,
    },
    /// An object that an [`Value::Alias`] of the same model refers to.
    Shared {
        /// Its slot (see `vcgen::Plan::Slot`).
        slot: usize,
        /// The object.
        value: Box<Value>,
    },
    /// An object created without a constructor whose fields are set by reflection.
    Reflect {
        /// Binary class name.
        class: String,
        /// Every field with its value.
        fields: Vec<FieldValue>,
    },
}

/// A field and the value a test gives it (by assignment, or by reflection).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FieldValue {
    /// Binary name of the declaring class.
    pub class: String,
    /// Field name.
    pub name: String,
    /// Declared type.
    pub ty: Type,
    /// The value.
    pub value: Value,
}

impl Value {
    /// True when the value is or contains a `null` passed into a call.
    pub fn has_null(&self) -> bool {
        match self {
            Value::Null => true,
            Value::Array { elements, .. } => elements.iter().any(Value::has_null),
            Value::Filled { entries, .. } => entries.iter().any(Value::has_null),
            Value::New { args, .. } | Value::Call { args, .. } => args.iter().any(Value::has_null),
            Value::Reflect { fields, .. } => fields.iter().any(|f| f.value.has_null()),
            Value::Shared { value, .. } => value.has_null(),
            _ => false,
        }
    }

    /// Every value directly inside this one (arguments, elements, fields, the outer object).
    pub fn children_mut(&mut self) -> Vec<&mut Value> {
        match self {
            Value::Array { elements, .. }
            | Value::Filled {
                entries: elements, ..
            } => elements.iter_mut().collect(),
            Value::New { args, outer, .. } => {
                let mut out: Vec<&mut Value> = outer.iter_mut().map(|o| o.as_mut()).collect();
                out.extend(args.iter_mut());
                out
            }
            Value::Call { args, .. } => args.iter_mut().collect(),
            Value::Boxed { value, .. } | Value::Shared { value, .. } => vec![value.as_mut()],
            Value::Reflect { fields, .. } => fields.iter_mut().map(|f| &mut f.value).collect(),
            _ => Vec::new(),
        }
    }
}

impl Model {
    /// Every input value of the model, in the order a test builds them: static fields, the
    /// receiver, its public fields, the chain's arguments, the entry's arguments.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.statics
            .iter()
            .map(|f| &f.value)
            .chain(self.receiver.iter())
            .chain(self.fields.iter().map(|f| &f.value))
            .chain(self.chain.iter().flatten())
            .chain(self.args.iter())
    }

    /// True when the model makes call `i` of the harness's chain.
    pub fn makes(&self, i: usize) -> bool {
        self.made.get(i).copied().unwrap_or(true)
    }

    /// How many times the model makes call `i` of the harness's chain in a row, with the
    /// same arguments (one, unless it is made again).
    pub fn times(&self, i: usize) -> u32 {
        self.repeated.get(i).map_or(1, |r| r.saturating_add(1))
    }

    /// Every input value of the model, in the order a test builds them: static fields,
    /// receiver, its assigned fields, the calls made first, the arguments.
    pub fn values_mut(&mut self) -> Vec<&mut Value> {
        let mut out: Vec<&mut Value> = self.statics.iter_mut().map(|f| &mut f.value).collect();
        out.extend(self.receiver.iter_mut());
        out.extend(self.fields.iter_mut().map(|f| &mut f.value));
        out.extend(self.chain.iter_mut().flatten());
        out.extend(self.args.iter_mut());
        out
    }

    /// Whether the model passes in a `null` that the entry's documentation does not say is
    /// handled (`safe`): a `null` anywhere but as a documented parameter itself or among
    /// the elements of a parameter documented to allow `null` elements. Such a crash is
    /// the caller's broken contract rather than a bug.
    pub fn undocumented_null(&self, safe: &[vcgen::contract::NullSafe]) -> bool {
        let others = self
            .receiver
            .iter()
            .chain(self.chain.iter().flatten())
            .chain(self.fields.iter().chain(&self.statics).map(|f| &f.value));
        if others.into_iter().any(Value::has_null) {
            return true;
        }
        self.args.iter().enumerate().any(|(i, arg)| {
            let documented = safe.iter().find(|s| s.param == i);
            match arg {
                Value::Null => !documented.is_some_and(|s| s.value),
                Value::Array { elements, .. } => {
                    let elements_safe = documented.is_some_and(|s| s.elements);
                    elements.iter().any(|e| match e {
                        Value::Null => !elements_safe,
                        other => other.has_null(),
                    })
                }
                other => other.has_null(),
            }
        })
    }

    /// The documented parameter whose `null` the model passes in, when it passes one and
    /// every `null` it passes is documented as handled ([`Model::undocumented_null`]).
    pub fn documented_null<'s>(
        &self,
        safe: &'s [vcgen::contract::NullSafe],
    ) -> Option<&'s vcgen::contract::NullSafe> {
        if self.undocumented_null(safe) {
            return None;
        }
        safe.iter().find(|s| {
            self.args.get(s.param).is_some_and(|arg| match arg {
                Value::Null => s.value,
                Value::Array { elements, .. } => s.elements && elements.contains(&Value::Null),
                _ => false,
            })
        })
    }

    /// Keeps [`Value::Shared`] only around objects an alias refers to.
    pub fn drop_unshared(&mut self) {
        let mut aliased = std::collections::BTreeSet::new();
        let mut todo = self.values_mut();
        while let Some(v) = todo.pop() {
            if let Value::Alias { input } = v {
                aliased.insert(*input);
            }
            todo.extend(v.children_mut());
        }
        let mut todo = self.values_mut();
        while let Some(v) = todo.pop() {
            while let Value::Shared { slot, value } = v {
                if aliased.contains(slot) {
                    break;
                }
                *v = std::mem::replace(value.as_mut(), Value::Null);
            }
            todo.extend(v.children_mut());
        }
    }
}

/// One model: the receiver and arguments that reach the site and make it fail.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Model {
    /// The receiver, for instance methods.
    pub receiver: Option<Value>,
    /// The arguments.
    pub args: Vec<Value>,
    /// Arguments of each call of the harness's chain (none for a call the model does not
    /// make).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<Vec<Value>>,
    /// For each call of the harness's chain, whether the model makes it (a call of a
    /// sequence chosen among others); empty when every call is made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub made: Vec<bool>,
    /// For each call of the harness's chain, how many times the model makes it before the
    /// one modelled, with the same arguments ([`vcgen::ChainCall::repeated`]); empty when
    /// no call is made again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repeated: Vec<u32>,
    /// Static fields given a value before the call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statics: Vec<FieldValue>,
    /// Public fields of the receiver assigned after it is built.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldValue>,
    /// The entry's preconditions the model breaks ([`vcgen::Harness::contracts`]): none
    /// when a crash within the contract was found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<vcgen::contract::Contract>,
}

/// What the solver said about a query.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Models found.
    Sat,
    /// No input reaches the site and makes it fail.
    Unsat,
    /// The solver gave up (timeout or incompleteness).
    Unknown,
    /// Not solved because an earlier query of the same site gave models.
    Skipped,
}

/// The file `cex/ID.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cex {
    /// The query id.
    pub query: String,
    /// The targeted site.
    pub site: String,
    /// The method under test.
    pub entry: vcgen::Entry,
    /// Calls made before the method under test.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<vcgen::ChainCall>,
    /// How the state is reached.
    pub route: vcgen::Route,
    /// True when the entry's observed precondition was assumed.
    #[serde(default)]
    pub observed: bool,
    /// Why no client can call the entry as the test does ([`vcgen::Harness::internal`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal: Option<String>,
    /// Why no client can build the receiver as the test does
    /// ([`vcgen::Harness::internal_receiver`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_receiver: Option<String>,
    /// The entry's parameters whose `null`s its documentation says are handled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub null_safe: Vec<vcgen::contract::NullSafe>,
    /// The outcome.
    pub status: Status,
    /// Why the solver gave up, for unknown queries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Milliseconds spent.
    pub millis: u64,
    /// Distinct models.
    pub models: Vec<Model>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared(slot: usize, class: &str) -> Value {
        Value::Shared {
            slot,
            value: Box::new(Value::New {
                class: class.into(),
                descriptor: "()V".into(),
                args: Vec::new(),
                outer: None,
            }),
        }
    }

    #[test]
    fn only_aliased_objects_stay_shared() {
        let mut model = Model {
            receiver: Some(shared(2, "p.R")),
            args: vec![
                Value::New {
                    class: "p.Pair".into(),
                    descriptor: "(Lp/B;Lp/B;)V".into(),
                    args: vec![shared(0, "p.B"), Value::Alias { input: 0 }],
                    outer: None,
                },
                shared(1, "p.C"),
            ],
            chain: Vec::new(),
            made: Vec::new(),
            repeated: Vec::new(),
            statics: Vec::new(),
            fields: Vec::new(),
            broken: Vec::new(),
        };
        model.drop_unshared();
        assert!(matches!(model.receiver, Some(Value::New { .. })));
        assert!(matches!(model.args[1], Value::New { .. }));
        let Value::New { args, .. } = &model.args[0] else {
            panic!("a pair")
        };
        assert_eq!(args[0], shared(0, "p.B"));
    }
}
