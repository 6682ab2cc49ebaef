//! Entry harnesses: what a test can call, and how it builds the receiver and arguments.
//!
//! A harness runs the static initialisers the entry needs, builds every input the
//! way a caller would (constructors with solver-chosen arguments, literals for
//! strings, arrays and boxes, `null`, or an alias of an earlier input), and
//! then calls the entry. The choices are symbols the solver fixes; the
//! [`Plan`]s record how to read them back into a test.

use crate::lower::{Frame, Lower};
use crate::plan::{ChainCall, FieldPlan, Plan, Route};

mod argument;
mod chain;
mod entries;
mod fields;
mod inputs;
mod library;
mod statics;
use crate::smt::{self, Term};
use crate::state::{State, Val};
pub use chain::Chain;
pub use entries::{callees_first, constructors, entries, package_of};
use frontend::ir::{Class, Field, Method, Type};

/// A way to build one input: runs in a branch of the harness, gives the value and its plan.
type Make<'p> = Box<dyn FnOnce(&mut Lower<'p>, &mut State, &mut Builder) -> (Val, Plan) + 'p>;

/// Fields, each with its declaring class.
type Fields<'p> = Vec<(&'p Class, &'p Field)>;

/// Deepest nesting of constructed arguments (a constructor argument's constructor argument).
const BUILD_DEPTH: u32 = 2;
/// Most elements given a plan in an array of references.
const REF_ARRAY_MAX: usize = 3;
/// Most array types offered for a parameter declared as `Object`.
const OBJECT_ARRAYS_MAX: usize = 3;
/// Most candidate classes offered for a reference parameter.
const CANDIDATES_MAX: usize = 4;
/// Most constants offered for an enum parameter (each is one more option of its choice).
const ENUM_CONSTANTS_MAX: usize = 16;

/// A method a test can call, with the ways to bring it into a crashing state.
pub struct EntrySpec<'p> {
    /// Declaring class.
    pub class: &'p Class,
    /// The method or constructor.
    pub method: &'p Method,
    /// The harness variants, cheapest and most natural first.
    pub variants: Vec<Variant<'p>>,
}

/// How a harness gets its receiver.
#[derive(Clone, Copy)]
pub enum Receiver<'p> {
    /// Static methods and constructors have none.
    None,
    /// A public constructor of this (concrete) class.
    Constructor(&'p Class, &'p Method),
    /// A public constructor of an inner class, on an enclosing object built by a public
    /// constructor of its class.
    Inner(&'p Class, &'p Method, &'p Class, &'p Method),
    /// An object of this class whose fields are set by reflection.
    Reflect(&'p Class),
    /// One of the constants of this enum, the solver's choice.
    Constant(&'p Class),
    /// An object of this anonymous class or lambda, as a public static method of the
    /// project (the second class's) makes and returns it: `byKey(5)` for the
    /// `Comparator` written in `byKey`.
    Made(&'p Class, &'p Class, &'p Method),
}

impl<'p> Receiver<'p> {
    /// The class whose public constructor builds the receiver, when one does.
    fn constructed(&self) -> Option<&'p Class> {
        match *self {
            Receiver::Constructor(c, _) => Some(c),
            _ => None,
        }
    }
}

/// One way of reaching the entry: the receiver, optional public calls first, and
/// which fields are given input values (public ones by assignment, static ones by
/// reflection).
#[derive(Clone)]
pub struct Variant<'p> {
    /// How the receiver is built.
    pub receiver: Receiver<'p>,
    /// Public methods called before the entry (on the receiver, or static).
    pub chain: Option<Chain<'p>>,
    /// True when the class's static fields are set by reflection.
    pub reflect_statics: bool,
    /// True when the public fields the entry reads ([`public_fields`](entries::public_fields))
    /// are inputs: static ones after their class's initialiser ran, the receiver's after its
    /// constructor.
    pub public_fields: bool,
    /// Order among the variants of an entry.
    pub rank: u32,
}

/// Most variants with a call chain per entry.
const CHAINS_MAX: usize = 6;
/// Rank of the first chain variant.
const CHAIN_RANK: u32 = 10;
/// Rank of the variant that assigns public fields: after every chain variant.
const FIELDS_RANK: u32 = CHAIN_RANK + CHAINS_MAX as u32;
/// Rank of the sequence variant (up to [`Options::sequence`](crate::Options) calls, each
/// to one of the methods that may prepare the entry): after every cheaper natural variant,
/// so that the solver asks it only about the sites they left open.
const SEQUENCE_RANK: u32 = FIELDS_RANK + 1;
/// Rank of the first variant that prepares an argument by calls: after the receiver's
/// sequence, for the sites it left open.
const ARGUMENT_RANK: u32 = SEQUENCE_RANK + 1;
/// Rank of the first sequence variant whose calls may be made again first
/// ([`chain::repeated_variants`]: the receiver's, then the arguments'): after the exact
/// sequences, for the sites they left open.
const REPEATED_RANK: u32 = ARGUMENT_RANK + argument::PREPARED_MAX as u32;
/// Most sequence variants of an entry: the receiver's and the arguments'.
const SEQUENCES_MAX: u32 = 1 + argument::PREPARED_MAX as u32;
/// Rank of the reflection variant.
const REFLECT_RANK: u32 = 50;
/// Added to a variant's rank for the sites of its callees: a callee's crash reached
/// through a caller's natural variants (public constructors, call chains, public fields)
/// ranks after the callee's own natural variants and before its reflection variant,
/// whose model is a note; reached through the caller's reflection variant, after that too.
pub const INDIRECT_RANK: u32 = 23;
// Constructor variants (ranks below `CANDIDATES_MAX`) < chains < public fields < sequences
// < sequences with calls made again.
const _: () = assert!((CANDIDATES_MAX as u32) <= CHAIN_RANK);
// Direct natural variants < indirect natural variants < reflection.
const _: () = assert!(INDIRECT_RANK >= REPEATED_RANK + SEQUENCES_MAX);
const _: () = assert!(INDIRECT_RANK + REPEATED_RANK + SEQUENCES_MAX <= REFLECT_RANK);

/// What the harness built: the plans of the receiver, arguments, chain and static
/// fields, and the solver's preferences and distinguishing symbols.
pub struct Built {
    /// Receiver plan.
    pub receiver: Option<Plan>,
    /// Argument plans.
    pub args: Vec<Plan>,
    /// The call made before the entry.
    pub chain: Vec<ChainCall>,
    /// Static fields given a value before the receiver is built.
    pub statics: Vec<FieldPlan>,
    /// Fields of the receiver assigned after it is built.
    pub fields: Vec<FieldPlan>,
    /// How the state is reached.
    pub route: Route,
    /// Preference symbols (declared Booleans).
    pub preferences: Vec<String>,
    /// The preferences for all inputs at once with how many of their conjuncts each input
    /// has ([`crate::Harness::parts`]).
    pub parts: std::collections::BTreeMap<String, Vec<usize>>,
    /// The length symbols of the input strings and arrays ([`crate::Harness::lengths`]).
    pub lengths: Vec<String>,
    /// Beyond the project's usage: a symbol per observed invariant ([`Lower::usage`]).
    pub usage: Vec<String>,
    /// The entry's preconditions, named ([`crate::contract`]).
    pub contracts: Vec<crate::contract::Contract>,
    /// Symbols identifying a model.
    pub inputs: Vec<String>,
}

/// The preference that holds when no input is `null` but those the entry's documentation
/// lets be.
pub const UNDOCUMENTED_PREFERENCE: &str = "pref!undocumented";

/// The symbol that chooses how an input is built, whose option 0 is `null`.
fn choice_of(plan: &Plan) -> Option<&str> {
    match plan {
        Plan::Choice { sym, .. } => Some(sym),
        Plan::Slot { of, .. } => choice_of(of),
        _ => None,
    }
}

/// Builds inputs for one harness.
pub struct Builder {
    next_input: i64,
    next_sym: u32,
    /// Per input that may be `null`: it is not.
    nonnull: Vec<Term>,
    /// Per input: the conditions under which it is small.
    small: Vec<Vec<Term>>,
    /// The length symbol of each input string and primitive array ([`crate::Harness::lengths`]).
    lengths: Vec<String>,
    /// Input strings of printable ASCII (`pref!printable`): the model's classifications
    /// and parsers are exact there, and a test reads better.
    printable: Vec<Term>,
    inputs: Vec<String>,
    built: Vec<(Type, Term)>,
    constructed: bool,
    /// The choice symbols of the calls a sequence may leave out, in call order.
    optional_calls: Vec<Term>,
}

impl Builder {
    /// Records a built object that later inputs may alias, numbering its plan's slot.
    fn share(&mut self, ty: Type, v: Val, plan: Plan) -> (Val, Plan) {
        let slot = self.built.len();
        self.built.push((ty, v.term.clone()));
        (
            v,
            Plan::Slot {
                slot,
                of: Box::new(plan),
            },
        )
    }
}

impl<'p> Lower<'p> {
    /// Lowers one entry with one variant; the goals land in `self.goals`.
    pub fn lower_entry(&mut self, spec: &EntrySpec<'p>, variant: &Variant<'p>) -> Built {
        let mut b = Builder {
            next_input: 0,
            next_sym: 0,
            nonnull: Vec::new(),
            small: Vec::new(),
            lengths: Vec::new(),
            printable: Vec::new(),
            inputs: Vec::new(),
            built: Vec::new(),
            constructed: false,
            optional_calls: Vec::new(),
        };
        let mut st = State::start();
        self.frames.push(Frame {
            class: spec.class,
            method: spec.method,
            this: None,
            jumps: Vec::new(),
            returns: Vec::new(),
            library: false,
            attribution: None,
            precondition: false,
            statement_line: 0,
            called_at: (0, 0),
        });
        st.frames.push(Vec::new());
        let (classes, reads) = self.static_classes(spec, variant);
        for class in classes {
            // A static initialiser runs as set-up code: no input reaches it, so its sites
            // crash in every test or in none (on commons-lang3, 1,909 queries and 18.5 s of
            // solver time, no finding).
            self.initialise(&mut st, class, &reads);
            self.initialised.insert(class.name.clone());
        }
        let (static_fields, fields) = self.input_fields(spec, variant);
        let statics = self.field_inputs(&mut st, &mut b, &static_fields, None);
        self.assume_static_invariants(&mut st, &static_fields);
        let receiver = match variant.receiver {
            Receiver::None => None,
            Receiver::Constructor(class, ctor) => {
                let (v, plan) =
                    self.construct_input(&mut st, &mut b, class, ctor, None, 0, spec.method.span);
                Some(b.share(Type::class(&class.name), v, plan))
            }
            Receiver::Inner(class, ctor, outer_class, outer_ctor) => {
                let outer = self.construct_input(
                    &mut st,
                    &mut b,
                    outer_class,
                    outer_ctor,
                    None,
                    0,
                    spec.method.span,
                );
                let (v, plan) = self.construct_input(
                    &mut st,
                    &mut b,
                    class,
                    ctor,
                    Some(outer),
                    0,
                    spec.method.span,
                );
                Some(b.share(Type::class(&class.name), v, plan))
            }
            Receiver::Reflect(class) => Some(self.reflect_object(&mut st, &mut b, class)),
            Receiver::Constant(class) => Some(self.enum_receiver(&mut st, &mut b, class)),
            Receiver::Made(class, factory_class, factory) => {
                Some(self.made_receiver(&mut st, &mut b, class, factory_class, factory))
            }
        };
        let this = receiver.as_ref().map(|(v, _)| v.term.clone());
        let fields = match &this {
            Some(object) => self.field_inputs(&mut st, &mut b, &fields, Some(object)),
            None => Vec::new(),
        };
        let (chain, prepared) = match &variant.chain {
            Some(calls) => match calls.prepares {
                None => {
                    let calls = self.call_first(&mut st, &mut b, calls, this.as_ref(), None);
                    (calls, None)
                }
                Some(p) => {
                    let span = spec.method.span;
                    let (arg, calls) =
                        self.prepare_argument(&mut st, &mut b, calls, p, this.as_ref(), span);
                    (calls, Some((p.param, arg)))
                }
            },
            None => (Vec::new(), None),
        };
        let (vals, plans) =
            self.inputs_given(&mut st, &mut b, (spec.class, spec.method), 0, prepared);
        self.assume_entry_spec(&mut st, spec, receiver.as_ref().map(|(v, _)| v), &vals);
        self.name_contract(&mut st, &spec.class.name, spec.method, &vals);
        self.frames.pop();
        st.frames.pop();
        if spec.method.is_constructor() {
            let mut st = st;
            self.new_object(
                &mut st,
                &spec.class.name,
                &spec.method.descriptor,
                vals,
                None,
                spec.method.span,
            );
        } else if let Some(body) = &spec.method.body {
            self.relevant =
                self.effects
                    .reads(&spec.class.name, &spec.method.name, &spec.method.descriptor);
            self.inline(
                st,
                spec.class,
                spec.method,
                this,
                vals,
                body,
                spec.method.span,
            );
        }
        self.preference(crate::NONNULL_PREFERENCE, &smt::and(&b.nonnull));
        self.preference("pref!small", &smt::and(&b.small.concat()));
        // Not `pref!nonnull` input by input: an input the crash does not need `null` then
        // came from a producer whose own inputs are `null` (commons-lang3's
        // `DateUtils.toCalendar((Date) null)`, a platform call the formula lets return any
        // value), which threw before the method under test: 16 notes lost, 7 gained.
        let small: Vec<usize> = b.small.iter().map(Vec::len).collect();
        let parts = (small.len() > 1)
            .then(|| ("pref!small".to_string(), small))
            .into_iter()
            .collect();
        let modest: Vec<Term> = self
            .allocation_sizes
            .iter()
            .map(|d| format!("(bvsle {d} {})", smt::int(1 << 20)))
            .collect();
        self.preference(crate::ALLOC_PREFERENCE, &smt::and(&modest));
        // A sequence prefers fewer calls, least of all its first call left out: the solver
        // drops these first, one at a time, so a test makes the calls the crash needs and no
        // more.
        let mut preferences: Vec<String> = Vec::new();
        for (i, step) in b.optional_calls.iter().enumerate() {
            preferences.push(self.preference(
                &format!("{}{}", crate::CALLS_PREFERENCE, i + 1),
                &format!("(= {step} 0)"),
            ));
        }
        // Inputs whose set-up ran whole: commons-lang3's `FastDatePrinter` took a `Locale`
        // from `LocaleUtils.toLocale("hcccpccc")`, whose checks (in a method the formula,
        // shrunk to no inlining, left out) the JVM then failed before the entry. Often no
        // choice of inputs avoids every such call: the solver drops it before the others.
        if !self.cut_in_setup.is_empty() {
            let whole = none_taken(&self.cut_in_setup);
            preferences.push(self.preference(crate::WHOLE_PREFERENCE, &whole));
        }
        preferences.push("pref!small".into());
        // Only entries with a string input get it, for the reason `pref!exact` gives, and
        // only with a focus (`Lower::focused`).
        if self.focused && !b.printable.is_empty() {
            preferences.push(self.preference("pref!printable", &smt::and(&b.printable)));
        }
        // An entry whose documentation lets some inputs be `null`: those alone, when the
        // crash needs a `null` (a null array to `shuffle(array, random)` keeps `random`).
        if let Some(undocumented) = self.undocumented_nonnull(spec, &plans, &b.nonnull) {
            preferences.push(self.preference(UNDOCUMENTED_PREFERENCE, &undocumented));
        }
        preferences.extend([
            crate::NONNULL_PREFERENCE.into(),
            crate::ALLOC_PREFERENCE.into(),
        ]);
        // Only entries with an extrapolated iteration get the preference: an extra asserted
        // constant would change the models Z3 finds for every other entry.
        if !self.beyond.is_empty() {
            let exact = none_taken(&self.beyond);
            preferences.push(self.preference("pref!exact", &exact));
        }
        // Likewise only entries that read a table an initialiser filled past its unrolling.
        if !self.forgotten_reads.is_empty() {
            let kept = none_taken(&self.forgotten_reads);
            preferences.push(self.preference("pref!kept", &kept));
        }
        // Likewise only entries that read a copy from an offset through a lost address.
        if !self.unstated_reads.is_empty() {
            let stated = none_taken(&self.unstated_reads);
            preferences.push(self.preference("pref!stated", &stated));
        }
        let route = if matches!(variant.receiver, Receiver::Reflect(_)) || variant.reflect_statics {
            Route::Reflection
        } else if variant.public_fields {
            Route::Fields
        } else if !chain.is_empty() {
            Route::Chain
        } else if b.constructed {
            Route::Constructor
        } else {
            Route::Direct
        };
        Built {
            receiver: receiver.map(|(_, p)| p),
            args: plans,
            chain,
            statics,
            fields,
            route,
            // Least important first: the solver keeps the later ones longest.
            preferences,
            parts,
            lengths: b.lengths,
            usage: self.usage.clone().unwrap_or_default(),
            contracts: std::mem::take(&mut self.contracts),
            inputs: b.inputs,
        }
    }

    /// That every input the entry's documentation does not let be `null` is not, among the
    /// `nonnull` conditions of all inputs; `None` when the documentation lets none be.
    fn undocumented_nonnull(
        &self,
        spec: &EntrySpec<'p>,
        plans: &[Plan],
        nonnull: &[Term],
    ) -> Option<Term> {
        if self.contract_rules != crate::contract::Rules::Documented {
            return None;
        }
        let safe = crate::contract::null_safe(&self.p.docs, spec.class, spec.method);
        let allowed: Vec<Term> = safe
            .iter()
            .filter(|n| n.value)
            .filter_map(|n| choice_of(plans.get(n.param)?))
            .map(|sym| format!("(not (= {sym} 0))"))
            .collect();
        if allowed.is_empty() {
            return None;
        }
        let rest: Vec<Term> = nonnull
            .iter()
            .filter(|t| !allowed.contains(t))
            .cloned()
            .collect();
        Some(smt::and(&rest))
    }

    /// Assumes the entry's observed precondition and its class's invariants.
    fn assume_entry_spec(
        &mut self,
        st: &mut State,
        spec: &EntrySpec<'p>,
        receiver: Option<&Val>,
        args: &[Val],
    ) {
        self.assume_call_spec(st, spec.class, spec.method, receiver.map(|r| &r.term), args);
    }

    /// Assumes a public call's observed precondition and its class's invariants.
    fn assume_call_spec(
        &mut self,
        st: &mut State,
        class: &'p Class,
        m: &'p Method,
        receiver: Option<&Term>,
        args: &[Val],
    ) {
        let Some(specs) = self.specs else { return };
        let mut roots = crate::assume::Roots::new();
        for (p, v) in m.params().iter().zip(args) {
            roots.insert(p.name.clone(), (v.clone(), p.ty.clone()));
        }
        if let Some(r) = receiver.filter(|_| !m.modifiers.is_static) {
            roots.insert(
                "this".into(),
                (
                    Val {
                        term: r.clone(),
                        sort: "Int",
                    },
                    Type::class(&class.name),
                ),
            );
            if let Some(c) = specs.class(&class.name) {
                self.assume_invariants(st, &c.invariants, &roots);
            }
        }
        if let Some(spec) = specs.method(&class.name, &m.name, &m.descriptor) {
            self.assume_invariants(st, &spec.requires, &roots);
        }
    }
}

fn dead(st: &State) -> State {
    let mut s = st.clone();
    s.reach = "false".into();
    s
}

/// True when none of the path conditions `guards` holds.
fn none_taken(guards: &[Term]) -> Term {
    let not_taken: Vec<Term> = guards.iter().map(|g| smt::not(g)).collect();
    smt::and(&not_taken)
}
