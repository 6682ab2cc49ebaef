//! Input plans: how a test builds each input, with the SMT symbols that fix its values.
//!
//! A query's harness builds the receiver and the arguments of the method under
//! test the way a caller would (constructors, literals, `valueOf`); each plan
//! names the symbols whose model values complete it. The solver turns a plan
//! and a model into a [`Value`](crate::plan::Plan) tree for testgen.

use frontend::ir::Type;
use serde::{Deserialize, Serialize};

/// How one input value is built.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case", tag = "plan")]
pub enum Plan {
    /// A primitive; `sym` holds its value (floating values as raw IEEE bits).
    Primitive {
        /// The primitive type.
        ty: Type,
        /// Symbol of the value.
        sym: String,
    },
    /// The `null` reference.
    Null,
    /// `null` for a parameter the method's body never reads: it cannot cause a crash.
    Unread,
    /// A string literal of `len` UTF-16 units taken from the array `chars`.
    String {
        /// Symbol of the length (32-bit).
        len: String,
        /// Symbol of the code units, an array from 32-bit indices to 16-bit units.
        chars: String,
    },
    /// An array of primitives with its length and contents.
    Array {
        /// The array type.
        ty: Type,
        /// Symbol of the length.
        len: String,
        /// Symbol of the contents (array from index to element).
        elems: String,
    },
    /// An array of references whose elements each have a plan; the length is at most
    /// the number of element plans.
    RefArray {
        /// The array's runtime type.
        ty: Type,
        /// Symbol of the length.
        len: String,
        /// Plans of the first elements.
        elems: Vec<Plan>,
    },
    /// One of several plans, picked by the integer symbol `sym` (0-based).
    Choice {
        /// Symbol of the index of the chosen option.
        sym: String,
        /// The options.
        options: Vec<Plan>,
    },
    /// A constructor call with argument plans.
    New {
        /// Binary name of the class.
        class: String,
        /// Descriptor of the constructor.
        descriptor: String,
        /// Argument plans.
        args: Vec<Plan>,
        /// The enclosing instance, for inner classes (`outer.new C(...)`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<Box<Plan>>,
    },
    /// A static factory call with argument plans.
    Call {
        /// Binary name of the declaring class.
        class: String,
        /// Method name.
        method: String,
        /// Descriptor.
        descriptor: String,
        /// Argument plans.
        args: Vec<Plan>,
    },
    /// An enum constant, `Size.LARGE`.
    Constant {
        /// Binary name of the enum.
        class: String,
        /// The constant's name.
        name: String,
    },
    /// A class literal, `String.class`.
    ClassLiteral {
        /// The type it names.
        ty: Type,
    },
    /// A boxed primitive, `Integer.valueOf(v)` and the like.
    Boxed {
        /// Binary name of the box class.
        class: String,
        /// Plan of the primitive.
        value: Box<Plan>,
    },
    /// The same object as the earlier [`Plan::Slot`] numbered `input`.
    Alias {
        /// The slot of the earlier object.
        input: usize,
    },
    /// An object later inputs may alias: slots number the objects in the order the
    /// harness builds them (nested arguments before the object they build).
    Slot {
        /// Its number.
        slot: usize,
        /// How it is built.
        of: Box<Plan>,
    },
    /// A map of `class`, made by its public no-argument constructor, holding one entry per
    /// key and value of `entries` (a key, then its value): a test puts them through a
    /// helper of its own (no expression of the JDK makes a `Properties` with entries).
    Filled {
        /// Binary name of the map's class.
        class: String,
        /// Plans of the keys and values, in turn.
        entries: Vec<Plan>,
    },
    /// An object whose fields are set by reflection, because no public route builds
    /// the state the crash needs; tests that use it are notes.
    Reflect {
        /// Binary name of the class.
        class: String,
        /// Every instance field (declared or inherited) with its plan.
        fields: Vec<FieldPlan>,
    },
}

/// A field given a value before the call (assigned, or set by reflection), with the plan
/// of its value.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FieldPlan {
    /// Binary name of the class declaring the field.
    pub class: String,
    /// Field name.
    pub name: String,
    /// Declared type (erased).
    pub ty: Type,
    /// How the value is built.
    pub value: Plan,
}

/// A public call made before the method under test, to bring the receiver (or the
/// class's static state) into the state the crash needs.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ChainCall {
    /// Binary name of the declaring class.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Descriptor.
    pub descriptor: String,
    /// True for static methods (called on the class, not the receiver).
    pub is_static: bool,
    /// Argument plans.
    pub args: Vec<Plan>,
    /// For a call of a sequence chosen among others (or left out), the choice that makes
    /// it; `None`: every model makes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Made>,
    /// For a call that may be made several times in a row with the same arguments, the
    /// symbol (a 32-bit vector) of how many times it is made before the one modelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeated: Option<String>,
    /// The position of the entry's argument the call is made on; `None`: the receiver (or
    /// the class, for a static method).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<usize>,
    /// The position of the entry's argument the call takes (an alias among its arguments)
    /// to change it, made on the receiver or the class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
}

impl ChainCall {
    /// The position of the entry's argument the call prepares: made on it, or taking it.
    pub fn prepares(&self) -> Option<usize> {
        self.on.or(self.passes)
    }
}

/// The choice that makes one call of a sequence: the model makes the call when the integer
/// symbol `step` is `option`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Made {
    /// Symbol of the step's choice (0-based; 0 is "no call" after the first step).
    pub step: String,
    /// The option that is this call.
    pub option: u32,
}

/// How the harness reached the state of the call: what a test has to do first.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// Only literals and the method itself (static methods, no objects).
    Direct,
    /// Public constructors build every object.
    Constructor,
    /// A constructor plus public calls before the method under test.
    Chain,
    /// Public fields (static ones, and the receiver's after its constructor) assigned
    /// before the method under test, as any caller may.
    Fields,
    /// Private state set by reflection.
    Reflection,
}

/// The method a query's harness calls, and how.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    /// Binary name of the declaring class.
    pub class: String,
    /// Method name, or `<init>` for a constructor.
    pub method: String,
    /// JVM descriptor.
    pub descriptor: String,
    /// True for static methods.
    pub is_static: bool,
    /// Parameter types, for rendering literals.
    pub params: Vec<Type>,
}

/// How one entry variant's harness reaches the method under test: shared by every goal
/// of its prelude.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Harness {
    /// The method under test.
    pub entry: Entry,
    /// How to build the receiver (instance methods only).
    pub receiver: Option<Plan>,
    /// How to build each argument.
    pub args: Vec<Plan>,
    /// Calls made before the method under test.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<ChainCall>,
    /// Static fields given a value before the call: all of the class's by reflection, or
    /// the public ones the entry reads by assignment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statics: Vec<FieldPlan>,
    /// Public fields of the receiver assigned after it is built.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldPlan>,
    /// How the state is reached.
    pub route: Route,
    /// Boolean symbols the solver tries to make true (readable, non-null inputs), in order of preference.
    pub preferences: Vec<String>,
    /// The preferences that hold for all inputs at once (`pref!small`), each defined as
    /// the conjunction of its inputs' conditions, with how many of its conjuncts each input
    /// has, in order: when the whole does not hold beside a goal (a crash that needs one
    /// number large), the solver keeps it for as many inputs as it can. Only for two
    /// inputs or more.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub parts: std::collections::BTreeMap<String, Vec<usize>>,
    /// The symbols of the lengths of the input strings and primitive arrays: when a model
    /// has one longer than [`SHORT_LENGTH`], the solver asks for them short (a crash that
    /// needs one number beyond `pref!small` kept no bound on them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lengths: Vec<String>,
    /// `dsd reproduce` beyond the project's usage: a Boolean symbol per observed invariant
    /// of the inputs; the solver breaks as few of them as the goal lets it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub usage: Vec<String>,
    /// Symbols whose values identify a model, blocked to get distinct models.
    pub inputs: Vec<String>,
    /// Every input symbol with the Java access path it stands for.
    pub symbols: std::collections::BTreeMap<String, String>,
    /// True when the project's tests called the entry, so its observed precondition was
    /// assumed: a `null` that satisfies it is a real input, not a contract violation.
    #[serde(default)]
    pub observed: bool,
    /// The entry's preconditions from its documentation and Java's conventions, each named
    /// by a Boolean the solver keeps true when the goal allows: a model that breaks one is
    /// a crash outside the contract, a note.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contracts: Vec<crate::contract::Contract>,
    /// Why no client can call the entry as the test does (`package-private`), when none
    /// can: its crashes are notes unless a public caller reaches them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal: Option<String>,
    /// Why no client can build the receiver as the harness does (`called on an object built
    /// by new AbstractHashedMap(), which is protected, and called by the project's own
    /// code`), when none can: another harness of the entry may build it as a client would.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_receiver: Option<String>,
    /// The entry's parameters whose `null`, or `null` elements, its documentation says are
    /// handled: a crash on such a `null` is a bug, not a broken contract.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub null_safe: Vec<crate::contract::NullSafe>,
}

impl Harness {
    /// Whether it makes a sequence of calls first ([`crate::Options::sequence`]): the last
    /// natural harness tried, after the cheaper ones left the site open.
    pub fn is_sequence(&self) -> bool {
        self.chain.len() > 1 || self.chain.iter().any(|call| call.when.is_some())
    }

    /// Whether it builds an argument and makes calls on it before the method under test.
    pub fn prepares_argument(&self) -> bool {
        self.chain.iter().any(|call| call.prepares().is_some())
    }

    /// The Boolean symbols the solver asserts or assumes besides a query's goal: the
    /// preferences and the usage invariants. A goal's slice of the prelude keeps what they
    /// depend on too.
    pub fn solver_symbols(&self) -> impl Iterator<Item = &str> {
        self.preferences
            .iter()
            .chain(&self.usage)
            .map(String::as_str)
            .chain(self.contracts.iter().map(|c| c.symbol.as_str()))
    }
}

/// The harness preference that holds when no input of the entry (receiver, argument, or
/// a value built for one) is `null`.
pub const NONNULL_PREFERENCE: &str = "pref!nonnull";

/// The harness preference that holds when the code that builds the inputs (constructors,
/// factories, the calls made first) ran whole: no call of a project method in it was left
/// out of the formula (a formula too large is lowered again with calls inlined less).
pub const WHOLE_PREFERENCE: &str = "pref!whole";

/// The harness preference that holds when every array the entry allocates (on any path)
/// has at most 2^20 elements.
pub const ALLOC_PREFERENCE: &str = "pref!alloc";

/// The longest input string or array a test shows when the crash allows it: `pref!small`
/// asks for it, and the solver shortens a model's longer ones to it where it can.
pub const SHORT_LENGTH: i32 = 8;

/// Prefix of the preferences for fewer calls in a sequence (`pref!calls1` holds when the
/// sequence makes one call, `pref!calls2` when it makes at most two, and so on).
pub const CALLS_PREFERENCE: &str = "pref!calls";

/// Longest string or primitive array an input may be. The solver reads a model's inputs
/// back up to this length and a test writes them as literals, which javac must still
/// compile (a method's code is at most 64 KB); a longer input in a model would be
/// written cut short, so the test would not be the model's.
pub const INPUT_LENGTH_MAX: i32 = 4096;

/// One satisfiability query: a crash site reached from its prelude's entry variant.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Query {
    /// The query's id, e.g. `q00012` (named beside its goal at the end of the prelude).
    pub id: String,
    /// The Boolean constant of the prelude that stands for this site's crash.
    pub goal: String,
    /// The crash site the query targets.
    pub site: String,
    /// Order among the queries of the same site: lower is tried first.
    pub rank: u32,
    /// True for a site in a callee a test can call, reached here through a caller, when
    /// the callee's own harnesses reach every state a caller could set up for it: where
    /// the callee's own entry finds the site unreachable, so does this query.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_entry_decides: bool,
    /// True for a site in a callee a test can call, reached here through a caller: a
    /// second look at a site its own entry has already been asked about.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub through_caller: bool,
}

/// One entry variant's formula (`vc/q/ID.smt2.zst`), its harness and its queries.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Prelude {
    /// File stem of the prelude, e.g. `p00003`.
    pub id: String,
    /// How the entry is reached; every query of the prelude shares it.
    pub harness: Harness,
    /// One query per crash site the entry variant may reach.
    pub queries: Vec<Query>,
}

/// The file `vc/queries.json`.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
pub struct QueryIndex {
    /// Every prelude in the order it is solved (an entry's natural variants first).
    pub preludes: Vec<Prelude>,
}

impl QueryIndex {
    /// How many queries the index holds.
    pub fn query_count(&self) -> usize {
        self.preludes.iter().map(|p| p.queries.len()).sum()
    }
}

/// Records, for every symbol of a plan, the Java access path it stands for.
pub fn symbol_paths(plan: &Plan, path: &str, out: &mut std::collections::BTreeMap<String, String>) {
    match plan {
        Plan::Primitive { sym, .. } => {
            out.insert(sym.clone(), path.to_string());
        }
        Plan::String { len, chars } => {
            out.insert(len.clone(), format!("{path}.length()"));
            out.insert(chars.clone(), format!("{path}.charAt(*)"));
        }
        Plan::Array { len, elems, .. } => {
            out.insert(len.clone(), format!("{path}.length"));
            out.insert(elems.clone(), format!("{path}[*]"));
        }
        Plan::RefArray { len, elems, .. } => {
            out.insert(len.clone(), format!("{path}.length"));
            for (i, e) in elems.iter().enumerate() {
                symbol_paths(e, &format!("{path}[{i}]"), out);
            }
        }
        Plan::Choice { sym, options } => {
            let kinds: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{i}: {}", describe(o)))
                .collect();
            out.insert(
                sym.clone(),
                format!("how {path} is built ({})", kinds.join(", ")),
            );
            for o in options {
                symbol_paths(o, path, out);
            }
        }
        Plan::New {
            class, args, outer, ..
        } => {
            for (i, a) in args.iter().enumerate() {
                symbol_paths(a, &format!("{path}<-{class}#arg{i}"), out);
            }
            if let Some(o) = outer {
                symbol_paths(o, &format!("{path}<-{class}#outer"), out);
            }
        }
        Plan::Call { class, args, .. } => {
            for (i, a) in args.iter().enumerate() {
                symbol_paths(a, &format!("{path}<-{class}#arg{i}"), out);
            }
        }
        Plan::Boxed { value, .. } => symbol_paths(value, &format!("{path}.value"), out),
        Plan::Filled { entries, .. } => {
            for (i, e) in entries.iter().enumerate() {
                let part = if i % 2 == 0 { "key" } else { "value" };
                symbol_paths(e, &format!("{path}.{part}{}", i / 2), out);
            }
        }
        Plan::Reflect { fields, .. } => {
            for f in fields {
                symbol_paths(&f.value, &format!("{path}.{}", f.name), out);
            }
        }
        Plan::Slot { of, .. } => symbol_paths(of, path, out),
        Plan::Null
        | Plan::Unread
        | Plan::Alias { .. }
        | Plan::Constant { .. }
        | Plan::ClassLiteral { .. } => {}
    }
}

fn describe(plan: &Plan) -> String {
    match plan {
        Plan::Null => "null".into(),
        Plan::Unread => "null (never read)".into(),
        Plan::Primitive { .. } => "value".into(),
        Plan::String { .. } => "string".into(),
        Plan::Array { ty, .. } | Plan::RefArray { ty, .. } => format!("new {}", ty.java_name()),
        Plan::Choice { .. } => "choice".into(),
        Plan::New { class, .. } => format!("new {class}"),
        Plan::Filled { class, .. } => format!("new {class} with entries"),
        Plan::Call { class, method, .. } => format!("{class}.{method}"),
        Plan::Boxed { class, .. } => format!("{class}.valueOf"),
        Plan::Constant { class, name } => format!("{class}.{name}"),
        Plan::ClassLiteral { ty } => format!("{}.class", ty.java_name()),
        Plan::Alias { input } => format!("same as object {input}"),
        Plan::Slot { of, .. } => describe(of),
        Plan::Reflect { class, .. } => format!("{class} by reflection"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A harness of `Tokens.next()` whose chain is `chain` (JSON).
    fn harness(chain: &str) -> Harness {
        serde_json::from_str(&format!(
            r#"{{"entry": {{"class": "Tokens", "method": "next", "descriptor": "()I",
                "is_static": false, "params": []}},
               "receiver": null, "args": [], "chain": {chain}, "route": "chain",
               "preferences": [], "inputs": [], "symbols": {{}}}}"#
        ))
        .expect("a harness")
    }

    #[test]
    fn a_harness_is_a_sequence_when_it_may_make_several_calls_first() {
        let call = |when: &str| {
            format!(
                r#"{{"class": "Tokens", "method": "next", "descriptor": "()I",
                    "is_static": false, "args": []{when}}}"#
            )
        };
        let chosen = r#", "when": {"step": "step!1", "option": 1}"#;
        assert!(!harness("[]").is_sequence(), "no call first");
        assert!(
            !harness(&format!("[{}]", call(""))).is_sequence(),
            "one call first"
        );
        assert!(harness(&format!("[{}, {}]", call(""), call(""))).is_sequence());
        assert!(
            harness(&format!("[{}]", call(chosen))).is_sequence(),
            "a call chosen"
        );
    }
}
