//! Entry harnesses: what a test can call, and how it builds the receiver and arguments.
//!
//! A harness runs the static initialisers the entry needs, builds every input the
//! way a caller would (constructors with solver-chosen arguments, literals for
//! strings, arrays and boxes, `null`, or an alias of an earlier input), and
//! then calls the entry. The choices are symbols the solver fixes; the
//! [`Plan`]s record how to read them back into a test.

use crate::effects::{Effects, MethodKey};
use crate::lower::{Frame, Lower};
use crate::param_graph::{Producer, ProducerKind};
use crate::plan::{ChainCall, FieldPlan, Plan, Route};

mod argument;
mod chain;
mod statics;
use crate::smt::{self, Term};
use crate::state::{State, Val};
use argument::argument_variants;
pub use chain::Chain;
use chain::{chain_variants, repeated_variants, sequence_methods, sequence_variant};
use frontend::ir::{Class, Expr, ExprKind, Field, Method, Stmt, Type};
use frontend::Hierarchy;
use std::collections::{HashMap, HashSet};

/// A way to build one input: runs in a branch of the harness, gives the value and its plan.
type Make<'p> = Box<dyn FnOnce(&mut Lower<'p>, &mut State, &mut Builder) -> (Val, Plan) + 'p>;

/// The class of the lists [`Lower::filled_list`] builds.
const FILLED_LIST: &str = "java.util.ArrayList";

/// The class of the maps [`Lower::filled_map`] builds.
const FILLED_MAP: &str = "java.util.HashMap";

/// Most elements of a list input: as many as the `ArrayList` model keeps (more would be
/// any objects, which no test could match).
const FILLED_LIST_MAX: usize = 2;

/// A method of the JDK model that fills a collection input (`ArrayList.add`, `HashMap.put`).
#[derive(Clone, Copy)]
struct Filler<'p> {
    class: &'p Class,
    method: &'p Method,
    body: &'p Stmt,
}

/// The `i`th type argument of the declared type `declared` (a `List<String>` holds strings),
/// `Object` when it has none.
fn type_argument(declared: &Type, i: usize) -> Type {
    match declared {
        Type::Class { args, .. } => match args.get(i) {
            Some(t @ (Type::Class { .. } | Type::Array(_) | Type::Var { .. })) => t.erasure(),
            _ => Type::object(),
        },
        _ => Type::object(),
    }
}

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
    /// True when the public fields the entry reads ([`public_fields`]) are inputs: static
    /// ones after their class's initialiser ran, the receiver's after its constructor.
    pub public_fields: bool,
    /// Order among the variants of an entry.
    pub rank: u32,
}

/// That a string of length `len` and chars `chars` has at most `most` chars, each within
/// `range`.
fn string_within(len: &str, chars: &str, most: i32, range: (char, char)) -> Vec<Term> {
    let (low, high) = (smt::bv(range.0 as i64, 16), smt::bv(range.1 as i64, 16));
    let within = (0..most).map(|i| {
        let c = format!("(select {chars} {})", smt::int(i));
        format!(
            "(or (bvsge {} {len}) (and (bvuge {c} {low}) (bvule {c} {high})))",
            smt::int(i)
        )
    });
    std::iter::once(format!("(bvsle {len} {})", smt::int(most)))
        .chain(within)
        .collect()
}

/// Longest input string `pref!printable` asks for.
const PRINTABLE_LENGTH: i32 = 16;

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

/// True when code in `package` may call this member of this class.
fn accessible(h: &Hierarchy, class: &Class, member_private: bool, package: &str) -> bool {
    if member_private {
        return false;
    }
    let mut c = Some(class);
    while let Some(k) = c {
        if k.modifiers.private {
            return false;
        }
        if !k.modifiers.public && package_of(&k.name) != package {
            return false;
        }
        c = k.outer.as_deref().and_then(|o| h.class(o));
    }
    true
}

/// The package part of a binary class name.
pub fn package_of(class: &str) -> &str {
    class.rsplit_once('.').map(|(p, _)| p).unwrap_or("")
}

/// Constructors a test in `package` can call to make an object of exactly `class`.
pub fn constructors<'p>(h: &Hierarchy<'p>, class: &'p Class, package: &str) -> Vec<&'p Method> {
    let is_enum = class.kind == frontend::ir::ClassKind::Enum;
    if is_enum || class.is_abstract() || class.inner || !accessible(h, class, false, package) {
        return Vec::new();
    }
    let mut ctors: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor() && accessible(h, class, m.modifiers.private, package))
        .filter(|m| !(m.modifiers.protected && package_of(&class.name) != package))
        .collect();
    ctors.sort_by_key(|m| m.param_count);
    ctors
}

/// Constructors a test in `package` can call on an enclosing object (`outer.new C(...)`).
fn inner_constructors<'p>(h: &Hierarchy<'p>, class: &'p Class, package: &str) -> Vec<&'p Method> {
    if class.is_abstract() || !accessible(h, class, false, package) {
        return Vec::new();
    }
    let mut ctors: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor() && accessible(h, class, m.modifiers.private, package))
        .collect();
    ctors.sort_by_key(|m| m.param_count);
    ctors
}

/// `specs` reordered so that an entry comes after the entries of the methods it may call
/// (depth first, callees before callers, the given order otherwise): a caller's goals for
/// a callee's sites are then solved once the callee's own harnesses have settled them or
/// shown them unreachable. Mutually recursive entries keep the order they are found in.
pub fn callees_first<'p>(specs: Vec<EntrySpec<'p>>, effects: &Effects) -> Vec<EntrySpec<'p>> {
    let key = |s: &EntrySpec| {
        (
            s.class.name.clone(),
            s.method.name.clone(),
            s.method.descriptor.clone(),
        )
    };
    let mut index: HashMap<MethodKey, usize> = HashMap::new();
    for (i, s) in specs.iter().enumerate() {
        index.entry(key(s)).or_insert(i);
    }
    let mut order = Vec::with_capacity(specs.len());
    let mut seen: HashSet<MethodKey> = HashSet::new();
    for spec in &specs {
        // Each frame: a method and how many of its callees have been visited.
        let mut stack: Vec<(MethodKey, usize)> = Vec::new();
        let root = key(spec);
        if seen.insert(root.clone()) {
            stack.push((root, 0));
        }
        while let Some((method, next)) = stack.last_mut() {
            match effects.callees(method).get(*next) {
                Some(callee) => {
                    *next += 1;
                    if seen.insert(callee.clone()) {
                        stack.push((callee.clone(), 0));
                    }
                }
                None => {
                    if let Some(&i) = index.get(method) {
                        order.push(i);
                    }
                    stack.pop();
                }
            }
        }
    }
    let mut slots: Vec<Option<EntrySpec<'p>>> = specs.into_iter().map(Some).collect();
    let mut out: Vec<EntrySpec<'p>> = order.into_iter().filter_map(|i| slots[i].take()).collect();
    out.extend(slots.into_iter().flatten());
    out
}

/// Every entry of the project: non-private methods and constructors with a body. An entry
/// that reads state some public methods may prepare gets a sequence variant of up to
/// `sequence` calls to them (none below 2: a chain of one call is a variant of its own).
pub fn entries<'p>(h: &Hierarchy<'p>, effects: &Effects, sequence: u32) -> Vec<EntrySpec<'p>> {
    let mut out = Vec::new();
    for class in h.classes().iter().filter(|c| !c.library) {
        let package = package_of(&class.name);
        for m in &class.methods {
            if m.name == "<clinit>" || m.body.is_none() && !(m.is_constructor() && m.synthetic) {
                continue;
            }
            if !accessible(h, class, m.modifiers.private, package) {
                continue;
            }
            let variants = if m.is_constructor() {
                if class.is_abstract() || class.inner || m.synthetic {
                    continue;
                }
                let plain = Variant {
                    receiver: Receiver::None,
                    chain: None,
                    reflect_statics: false,
                    public_fields: false,
                    rank: 0,
                };
                let prepared = argument_variants(h, effects, (class, m), Receiver::None, sequence);
                std::iter::once(plain).chain(prepared).collect()
            } else if m.modifiers.is_static {
                static_variants(h, effects, class, m, sequence)
            } else {
                instance_variants(h, effects, class, m, sequence)
            };
            if !variants.is_empty() {
                out.push(EntrySpec {
                    class,
                    method: m,
                    variants,
                });
            }
        }
    }
    out
}

fn static_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    m: &'p Method,
    sequence: u32,
) -> Vec<Variant<'p>> {
    let package = package_of(&class.name);
    let mut out = vec![Variant {
        receiver: Receiver::None,
        chain: None,
        reflect_statics: false,
        public_fields: false,
        rank: 0,
    }];
    let mutable_statics = class
        .fields
        .iter()
        .any(|f| f.modifiers.is_static && !f.modifiers.is_final);
    // A `static final` collection or map is static state too: calls fill it (a registry's
    // `NAMES.add(name)`), though no assignment changes the field.
    let filled_statics = class
        .fields
        .iter()
        .any(|f| f.modifiers.is_static && f.modifiers.is_final && is_container(h, &f.ty));
    let uses_statics = uses_state(m, true);
    let reads_statics = (mutable_statics || filled_statics) && uses_statics;
    let writers = class
        .methods
        .iter()
        .filter(|_| reads_statics)
        .filter(|k| k.modifiers.is_static && k.body.is_some() && k.name != "<clinit>")
        .filter(|k| {
            accessible(h, class, k.modifiers.private, package) && writes_fields(h, effects, k, true)
        })
        .map(|k| (class, k))
        .collect::<Vec<_>>();
    let mutators = mutators(effects, &writers, (class, m));
    out.extend(chain_variants(Receiver::None, &mutators));
    out.extend(fields_variant(h, effects, (class, m), Receiver::None));
    let methods = sequence_methods(effects, &writers, &mutators);
    out.extend(sequence_variants(
        h,
        effects,
        (class, m),
        Receiver::None,
        methods,
        sequence,
    ));
    // Reflection sets the non-final static fields only.
    if mutable_statics && uses_statics {
        out.push(Variant {
            receiver: Receiver::None,
            chain: None,
            reflect_statics: true,
            public_fields: false,
            rank: REFLECT_RANK,
        });
    }
    out
}

/// The sequence variants of `entry`, up to `length` calls each: the receiver's (or the
/// static one) over `methods` and the arguments' prepared by calls, exact, then the same
/// with calls made again ([`repeated_variants`]).
fn sequence_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&'p Class, &'p Method),
    receiver: Receiver<'p>,
    methods: Vec<(&'p Class, &'p Method)>,
    length: u32,
) -> Vec<Variant<'p>> {
    let mut exact: Vec<Variant> = sequence_variant(receiver, methods, length)
        .into_iter()
        .collect();
    exact.extend(argument_variants(h, effects, entry, receiver, length));
    let repeated = repeated_variants(&exact);
    exact.extend(repeated);
    exact
}

fn instance_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    m: &'p Method,
    sequence: u32,
) -> Vec<Variant<'p>> {
    let package = package_of(&class.name);
    let mut receivers: Vec<(&Class, &Method)> = Vec::new();
    let mut concrete: Vec<&Class> = Vec::new();
    let mut inner: Vec<Variant> = Vec::new();
    for d in h.descendants(&class.name) {
        if d.library || d.is_abstract() {
            continue;
        }
        if d.inner {
            let outer = d.outer.as_deref().and_then(|o| h.class(o));
            let outer_ctor = outer.and_then(|o| constructors(h, o, package).into_iter().next());
            let ctor = inner_constructors(h, d, package).into_iter().next();
            if let (Some(o), Some(k), Some(c)) = (outer, outer_ctor, ctor) {
                inner.push(Variant {
                    receiver: Receiver::Inner(d, c, o, k),
                    chain: None,
                    reflect_statics: false,
                    public_fields: false,
                    rank: 0,
                });
            }
            continue;
        }
        let overridden = h
            .dispatch(&d.name, &m.name, &m.descriptor)
            .is_some_and(|(c, _)| c.name != class.name);
        if overridden {
            continue;
        }
        concrete.push(d);
        for ctor in constructors(h, d, package).into_iter().take(2) {
            receivers.push((d, ctor));
        }
    }
    receivers.truncate(CANDIDATES_MAX);
    if receivers.is_empty() && !inner.is_empty() {
        return inner;
    }
    let mut out: Vec<Variant> = receivers
        .iter()
        .enumerate()
        .map(|(i, (c, k))| Variant {
            receiver: Receiver::Constructor(c, k),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: i as u32,
        })
        .collect();
    let reads_state = uses_state(m, false);
    let mut writers = Vec::new();
    let mut mutators = Vec::new();
    if let Some(&(c, k)) = receivers.first().filter(|_| reads_state) {
        writers = instance_writers(h, effects, c, package);
        mutators = self::mutators(effects, &writers, (class, m));
        out.extend(chain_variants(Receiver::Constructor(c, k), &mutators));
    }
    if let Some(&(c, k)) = receivers.first() {
        let receiver = Receiver::Constructor(c, k);
        out.extend(fields_variant(h, effects, (class, m), receiver));
        let methods = sequence_methods(effects, &writers, &mutators);
        out.extend(sequence_variants(
            h,
            effects,
            (class, m),
            receiver,
            methods,
            sequence,
        ));
    }
    if let Some(c) = concrete.first().filter(|_| reads_state) {
        out.push(Variant {
            receiver: Receiver::Reflect(c),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: REFLECT_RANK,
        });
    }
    out
}

/// The project classes `class` is or extends, itself first.
fn project_ancestors<'p>(h: &Hierarchy<'p>, class: &Class) -> Vec<&'p Class> {
    h.ancestors(&class.name)
        .into_iter()
        .filter_map(|a| h.class(a))
        .filter(|a| !a.library)
        .collect()
}

/// The instance fields of `class`, declared or inherited from a project class.
fn instance_fields<'p>(h: &Hierarchy<'p>, class: &Class) -> Fields<'p> {
    every_instance_field(h, class)
        .into_iter()
        .filter(|(c, _)| !c.library)
        .collect()
}

/// The instance fields of `class`, declared or inherited, a JDK model class's among them
/// (`FilterInputStream.in`).
fn every_instance_field<'p>(h: &Hierarchy<'p>, class: &Class) -> Fields<'p> {
    h.ancestors(&class.name)
        .into_iter()
        .filter_map(|a| h.class(a))
        .flat_map(|c| c.fields.iter().map(move |f| (c, f)))
        .filter(|(_, f)| !f.modifiers.is_static)
        .collect()
}

/// The `writers` whose calls may change what `entry` sees ([`may_prepare`]), at most
/// [`CHAINS_MAX`]: the methods of its one-call chains, and the first a sequence chooses.
fn mutators<'p>(
    effects: &Effects,
    writers: &[(&'p Class, &'p Method)],
    entry: (&Class, &Method),
) -> Vec<(&'p Class, &'p Method)> {
    writers
        .iter()
        .copied()
        .filter(|&w| may_prepare(effects, w, entry))
        .take(CHAINS_MAX)
        .collect()
}

/// The instance methods of `class` (declared or inherited) that code in `package` may call
/// and that change their object's fields ([`writes_fields`]).
fn instance_writers<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    package: &str,
) -> Vec<(&'p Class, &'p Method)> {
    project_ancestors(h, class)
        .into_iter()
        .flat_map(|a| a.methods.iter().map(move |x| (a, x)))
        .filter(|(a, x)| {
            !x.modifiers.is_static
                && !x.is_constructor()
                && x.body.is_some()
                && accessible(h, a, x.modifiers.private, package)
        })
        .filter(|(_, x)| writes_fields(h, effects, x, false))
        .collect()
}

/// The variant that assigns the public fields the entry reads, with this receiver, when
/// it reads any: without one it would repeat the plain variant's answers.
fn fields_variant<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&Class, &Method),
    receiver: Receiver<'p>,
) -> Option<Variant<'p>> {
    if public_fields(h, effects, entry, receiver.constructed()).is_empty() {
        return None;
    }
    Some(Variant {
        receiver,
        chain: None,
        reflect_statics: false,
        public_fields: true,
        rank: FIELDS_RANK,
    })
}

/// The fields the entry reads (directly or through its callees) that any caller may
/// assign: non-final and public, of a project class every package can name. Static
/// fields of any class, and instance fields of `receiver`'s class and its ancestors; none
/// when the entry's reads are unknown.
pub fn public_fields<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&Class, &Method),
    receiver: Option<&'p Class>,
) -> Fields<'p> {
    let (class, m) = entry;
    let Some(reads) = effects.reads(&class.name, &m.name, &m.descriptor) else {
        return Vec::new();
    };
    let statics = reads
        .iter()
        .filter_map(|key| key.strip_prefix("S.")?.rsplit_once('.'))
        .filter_map(|(c, name)| {
            let c = h.class(c).filter(|c| public_class(h, c))?;
            let f = c.fields.iter().find(|f| f.name == name)?;
            Some((c, f)).filter(|_| f.modifiers.is_static)
        });
    let ancestors = receiver.map_or_else(Vec::new, |r| h.ancestors(&r.name));
    let instance = ancestors
        .into_iter()
        .filter_map(|a| h.class(a).filter(|c| public_class(h, c)))
        .flat_map(|c| c.fields.iter().map(move |f| (c, f)))
        .filter(|(c, f)| {
            !f.modifiers.is_static && reads.contains(&crate::lower::field_key(&c.name, &f.name))
        });
    statics
        .chain(instance)
        .filter(|(_, f)| f.modifiers.public && !f.modifiers.is_final)
        .collect()
}

/// True when code in every package may name `class`: a project class that is public, as
/// is every class enclosing it.
fn public_class(h: &Hierarchy, class: &Class) -> bool {
    let mut c = Some(class);
    while let Some(k) = c {
        if k.library || !k.modifiers.public {
            return false;
        }
        c = k.outer.as_deref().and_then(|o| h.class(o));
    }
    true
}

/// True when a method reads its object's state (or static state, for `statics`): a field,
/// or a call that may read it. Only then can a call chain or reflection reach a state
/// that constructors alone cannot.
fn uses_state(m: &Method, statics: bool) -> bool {
    let Some(body) = &m.body else { return false };
    let mut found = false;
    crate::visit::stmt_exprs(body, &mut |e| match &e.kind {
        ExprKind::Field { target: None, .. } if statics => found = true,
        ExprKind::Field {
            target: Some(t), ..
        } if !statics => {
            found |= matches!(t.kind, ExprKind::This { .. });
        }
        ExprKind::Call {
            receiver: Some(r), ..
        } if !statics => {
            found |= matches!(r.kind, ExprKind::This { .. });
        }
        ExprKind::Call {
            receiver: None,
            method,
            ..
        } if statics => {
            found |= method.is_static;
        }
        _ => {}
    });
    found
}

/// True when calling `mutator` first can change what `entry` sees: the heap keys the
/// mutator may write or read, through its callees too, meet the keys the entry may read.
/// Its reads count because a field it reads it may change through a library call
/// (`this.items.add(x)`), which no write set records. A chain through any other method
/// leaves the entry the state its constructor made, and its prelude repeats the
/// constructor variant's answers; leaving those out also lets the few chains an entry
/// gets ([`CHAINS_MAX`]) go to methods that matter (commons-lang3: 112 of 1,521 chain
/// variants changed nothing their entry reads).
fn may_prepare(effects: &Effects, mutator: (&Class, &Method), entry: (&Class, &Method)) -> bool {
    let (class, m) = entry;
    let Some(seen) = effects.reads(&class.name, &m.name, &m.descriptor) else {
        return true;
    };
    let (class, m) = mutator;
    let reads = effects.reads(&class.name, &m.name, &m.descriptor);
    effects
        .of(&class.name, &m.name, &m.descriptor)
        .chain(reads.into_iter().flatten())
        .any(|key| seen.contains(key))
}

/// True when a method changes a field of its own object (or a static field, for `statics`):
/// assigns it, stores into the array it holds, or calls a method on the collection or map
/// it holds that changes it (`stages.add(s)`, `REGISTRY.put(k, v)`).
fn writes_fields(h: &Hierarchy, effects: &Effects, m: &Method, statics: bool) -> bool {
    let Some(body) = &m.body else { return false };
    let own_field = |e: &Expr| match &e.kind {
        ExprKind::Field { target: None, .. } => statics,
        ExprKind::Field {
            target: Some(t), ..
        } => !statics && matches!(t.kind, ExprKind::This { .. }),
        _ => false,
    };
    let mut found = false;
    crate::visit::stmt_exprs(body, &mut |e| match &e.kind {
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => {
            found |= match &target.kind {
                ExprKind::ArrayAccess { array, .. } => !statics && own_field(array),
                _ => own_field(target),
            };
        }
        ExprKind::Call {
            receiver: Some(r),
            method,
            ..
        } if !found && own_field(r) => found = changes_receiver(h, effects, &r.ty, method),
        _ => {}
    });
    found
}

/// True for a collection or a map.
fn is_container(h: &Hierarchy, ty: &Type) -> bool {
    ["java.util.Collection", "java.util.Map"]
        .iter()
        .any(|c| h.is_subtype(&ty.erasure(), &Type::class(c)))
}

/// Most implementations [`changes_receiver`] looks at.
const CHANGING_IMPLEMENTATIONS_MAX: usize = 16;

/// True when a call of `method` on a collection or map of static type `receiver` may
/// change it: an implementation it may dispatch to writes an instance field
/// (`ArrayList.add`, not `List.size`). Other objects a field holds are not counted: on
/// commons-lang3, counting the builders' `StringBuilder.append` too made 240 more chain
/// variants, 10 % more solver time, and no new error.
fn changes_receiver(
    h: &Hierarchy,
    effects: &Effects,
    receiver: &Type,
    method: &frontend::ir::MethodRef,
) -> bool {
    let Some(class) = receiver.class_name().filter(|_| is_container(h, receiver)) else {
        return false;
    };
    if method.is_static {
        return false;
    }
    let candidates = h.descendants(class);
    if candidates.len() > CHANGING_IMPLEMENTATIONS_MAX {
        return false;
    }
    candidates
        .iter()
        .filter_map(|d| h.dispatch(&d.name, &method.name, &method.descriptor))
        .any(|(c, k)| {
            effects
                .of(&c.name, &k.name, &k.descriptor)
                .any(|key| key.starts_with("F."))
        })
}

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
    /// Beyond the project's usage: a symbol per observed invariant ([`Lower::usage`]).
    pub usage: Vec<String>,
    /// Symbols identifying a model.
    pub inputs: Vec<String>,
}

/// Builds inputs for one harness.
pub struct Builder {
    next_input: i64,
    next_sym: u32,
    /// Per input that may be `null`: it is not.
    nonnull: Vec<Term>,
    /// Per input: the conditions under which it is small.
    small: Vec<Vec<Term>>,
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
        for class in self.static_classes(spec, variant) {
            // A static initialiser runs as set-up code: no input reaches it, so its sites
            // crash in every test or in none (on commons-lang3, 1,909 queries and 18.5 s of
            // solver time, no finding).
            if let Some(clinit) = class.methods.iter().find(|m| m.name == "<clinit>") {
                if let Some(body) = &clinit.body {
                    self.run_as_setup(&mut st, class, clinit, None, Vec::new(), body, class.span);
                }
            }
            self.initialised.insert(class.name.clone());
        }
        let (statics, fields) = self.input_fields(spec, variant);
        let statics = self.field_inputs(&mut st, &mut b, &statics, None);
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
        self.preference("pref!alloc", &smt::and(&modest));
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
        preferences.extend([crate::NONNULL_PREFERENCE.into(), "pref!alloc".into()]);
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
            usage: self.usage.clone().unwrap_or_default(),
            inputs: b.inputs,
        }
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

    /// An object of `class` created without a constructor: every field of a project class
    /// the entry may read given a plan, the others left at their default values (as in the
    /// test, which sets only the fields planned). A field nobody reads cannot matter to the
    /// crash, and a value the solver chose for it could only break the test: commons-lang3's
    /// `FastDateFormat` notes set its unread `parser` to a `FastDateParser` whose
    /// constructor threw in the test before the site. A field a JDK class declares cannot be
    /// set (its module is closed to reflection): a subclass of `FilterInputStream` made this
    /// way holds a null `in`.
    fn reflect_object(&mut self, st: &mut State, b: &mut Builder, class: &'p Class) -> (Val, Plan) {
        let id = self.object_id(b, &Type::class(&class.name));
        let entry_reads = self.frames.first().and_then(|f| {
            self.effects
                .reads(&f.class.name, &f.method.name, &f.method.descriptor)
        });
        let (read, unread): (Fields<'p>, Fields<'p>) = every_instance_field(self.h, class)
            .into_iter()
            .partition(|(c, f)| {
                !c.library
                    && entry_reads.is_none_or(|reads| {
                        reads.contains(&crate::lower::field_key(&c.name, &f.name))
                    })
            });
        for (c, f) in unread {
            let default = smt::default_value(&f.ty.erasure());
            self.store_field(st, &c.name, &f.name, &id, &default);
        }
        let fields = self.field_inputs(st, b, &read, Some(&id));
        b.share(
            Type::class(&class.name),
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Reflect {
                class: class.name.clone(),
                fields,
            },
        )
    }

    /// The fields a variant makes inputs: the static ones, given values before the receiver
    /// is built, and the receiver's, assigned after its constructor.
    fn input_fields(
        &self,
        spec: &EntrySpec<'p>,
        variant: &Variant<'p>,
    ) -> (Fields<'p>, Fields<'p>) {
        if variant.reflect_statics {
            let statics = spec
                .class
                .fields
                .iter()
                .filter(|f| f.modifiers.is_static && !f.modifiers.is_final)
                .map(|f| (spec.class, f))
                .collect();
            return (statics, Vec::new());
        }
        if !variant.public_fields {
            return (Vec::new(), Vec::new());
        }
        let entry = (spec.class, spec.method);
        public_fields(self.h, self.effects, entry, variant.receiver.constructed())
            .into_iter()
            .partition(|(_, f)| f.modifiers.is_static)
    }

    /// Gives each field an input value, in order: a static one in the heap, an instance
    /// one in `object`'s.
    fn field_inputs(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        fields: &[(&'p Class, &'p Field)],
        object: Option<&Term>,
    ) -> Vec<FieldPlan> {
        let mut out = Vec::new();
        for &(class, f) in fields {
            let (v, p) = self.input(st, b, &f.ty, 1);
            match object {
                Some(id) => self.store_field(st, &class.name, &f.name, id, &v.term),
                None => {
                    st.heap
                        .insert(crate::lower::static_key(&class.name, &f.name), v);
                }
            }
            out.push(FieldPlan {
                class: class.name.clone(),
                name: f.name.clone(),
                ty: f.ty.erasure(),
                value: p,
            });
        }
        out
    }

    /// Declares the preference `name`, which holds when `holds` does; returns its name.
    fn preference(&mut self, name: &str, holds: &str) -> Term {
        let p = self.smt.declare_named(name, "Bool");
        self.smt.assert(&format!("(= {p} {holds})"));
        p
    }

    /// Builds one input of type `ty`, returning its value and plan.
    fn input(&mut self, st: &mut State, b: &mut Builder, ty: &Type, depth: u32) -> (Val, Plan) {
        let declared = ty;
        let ty = ty.erasure();
        if ty.is_primitive() {
            return self.primitive_input(b, &ty);
        }
        let mut options: Vec<Make<'p>> = Vec::new();
        options.push(Box::new(|_, _, _| (Val::null(), Plan::Null)));
        for (i, (t, term)) in b.built.iter().enumerate() {
            if self.h.is_subtype(t, &ty)
                && matches!(t, Type::Class { .. })
                && t.class_name()
                    .is_some_and(|n| self.h.class(n).is_some_and(|c| !c.library))
            {
                let term = term.clone();
                options.push(Box::new(move |_, _, _| {
                    (Val { term, sort: "Int" }, Plan::Alias { input: i })
                }));
            }
        }
        for candidate in self.candidates(declared, depth) {
            options.push(candidate);
        }
        let n = options.len();
        if n == 1 {
            return (Val::null(), Plan::Null);
        }
        let sym = self.sym(b, "ch", "Int");
        self.smt
            .assert(&format!("(and (>= {sym} 0) (< {sym} {n}))"));
        b.nonnull.push(format!("(not (= {sym} 0))"));
        b.inputs.push(sym.clone());
        let mut branches = Vec::new();
        let mut plans = Vec::new();
        for (i, make) in options.into_iter().enumerate() {
            let mut s = st.branch(&mut self.smt, &format!("(= {sym} {i})"));
            let (v, p) = make(self, &mut s, b);
            branches.push((s, v));
            plans.push(p);
        }
        let v = self.join_valued(st, branches, "Int");
        b.share(
            ty,
            v,
            Plan::Choice {
                sym,
                options: plans,
            },
        )
    }

    /// A new 32-bit input symbol named with `prefix` for a count from `low` to `high`: an
    /// array's length, a list's size, how many times a call is made again.
    pub(super) fn count_input(
        &mut self,
        b: &mut Builder,
        prefix: &str,
        low: i32,
        high: i32,
    ) -> Term {
        let count = self.sym(b, prefix, "(_ BitVec 32)");
        self.smt.assert(&format!(
            "(and (bvsge {count} {}) (bvsle {count} {}))",
            smt::int(low),
            smt::int(high)
        ));
        count
    }

    fn sym(&mut self, b: &mut Builder, prefix: &str, sort: &str) -> String {
        b.next_sym += 1;
        self.smt
            .declare_named(&format!("in!{prefix}{}", b.next_sym), sort)
    }

    fn primitive_input(&mut self, b: &mut Builder, ty: &Type) -> (Val, Plan) {
        let (sym, value) = match ty {
            Type::Float => {
                let s = self.sym(b, "f", "(_ BitVec 32)");
                let v = smt::fp(&s, &Type::Float);
                b.small.push(vec![format!(
                    "(and (fp.isNormal {v}) (fp.leq (fp.abs {v}) {}))",
                    smt::fp(&smt::float_bits(1000f32.to_bits()), &Type::Float)
                )]);
                (s.clone(), s)
            }
            Type::Double => {
                let s = self.sym(b, "d", "(_ BitVec 64)");
                let v = smt::fp(&s, &Type::Double);
                b.small.push(vec![format!(
                    "(or (fp.isZero {v}) (and (fp.isNormal {v}) (fp.leq (fp.abs {v}) {})))",
                    smt::fp(&smt::double_bits(1000f64.to_bits()), &Type::Double)
                )]);
                (s.clone(), s)
            }
            Type::Boolean => {
                let s = self.sym(b, "z", "Bool");
                (s.clone(), s)
            }
            t => {
                let s = self.sym(b, "x", smt::sort(t));
                b.small
                    .extend(small_integral(&s, t).map(|small| vec![small]));
                (s.clone(), s)
            }
        };
        b.inputs.push(sym.clone());
        let sort = smt::sort(ty);
        let value = self.smt.define("inv", sort, value);
        (
            Val { term: value, sort },
            Plan::Primitive {
                ty: ty.clone(),
                sym,
            },
        )
    }

    /// The non-null ways to build a value of the reference type `declared`.
    fn candidates(&mut self, declared: &Type, depth: u32) -> Vec<Make<'p>> {
        let ty = &declared.erasure();
        let mut out: Vec<Make<'p>> = Vec::new();
        match ty {
            Type::Array(e) => {
                let ty = ty.clone();
                if e.is_primitive() {
                    out.push(Box::new(move |me, st, b| me.array_input(st, b, &ty)));
                } else if depth < BUILD_DEPTH {
                    for t in self.covariant_arrays(&ty) {
                        out.push(Box::new(move |me, st, b| {
                            me.ref_array_input(st, b, &t, depth)
                        }));
                    }
                }
                return out;
            }
            Type::Class { name, .. } => {
                if name == "java.lang.String"
                    || name == "java.lang.CharSequence"
                    || name == "java.lang.Comparable"
                {
                    out.push(Box::new(|me, st, b| me.string_input(st, b)));
                }
                if name == "java.lang.Class" {
                    for t in self.class_literals_for(declared) {
                        out.push(Box::new(move |me, _, _| {
                            (me.class_object(&t), Plan::ClassLiteral { ty: t })
                        }));
                    }
                    return out;
                }
                if let Some(prim) = box_primitive(name) {
                    let class = name.clone();
                    out.push(Box::new(move |me, st, b| {
                        me.boxed_input(st, b, &class, &prim)
                    }));
                    return out;
                }
                if name == "java.lang.Object"
                    || name == "java.lang.Number"
                    || name == "java.lang.Comparable"
                {
                    out.push(Box::new(|me, st, b| {
                        me.boxed_input(st, b, "java.lang.Integer", &Type::Int)
                    }));
                }
                if name == "java.lang.Object" {
                    out.push(Box::new(|me, st, b| me.string_input(st, b)));
                    // Arrays only for the entry's own parameters: an array inside an array
                    // (or a constructor argument) multiplies the inputs past what the
                    // solver can take (commons-lang3's `ArrayUtils.add(T[], T)`).
                    let arrays = if depth == 0 { OBJECT_ARRAYS_MAX } else { 0 };
                    for t in self.cast_targets.clone().into_iter().take(arrays) {
                        out.push(Box::new(move |me, st, b| {
                            if t.element().is_some_and(|e| e.is_primitive()) {
                                me.array_input(st, b, &t)
                            } else {
                                me.ref_array_input(st, b, &t, depth)
                            }
                        }));
                    }
                }
                for constant in self.enum_constants(name) {
                    let class = name.clone();
                    out.push(Box::new(move |me, st, _| {
                        me.enum_input(st, &class, &constant)
                    }));
                }
                if depth >= BUILD_DEPTH {
                    return out;
                }
                for producer in self.graph.producers(ty).into_iter().take(CANDIDATES_MAX) {
                    out.push(Box::new(move |me, st, b| {
                        me.produce(st, b, producer, depth)
                    }));
                }
                out.extend(self.filled_collection(declared, depth));
            }
            _ => {}
        }
        out
    }

    /// An input for each parameter of `m` (of `class`), at the given construction depth:
    /// `null` for a reference its body never reads, unless invariants observed for `m` say
    /// what its callers pass.
    fn inputs(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &Class,
        m: &Method,
        depth: u32,
    ) -> (Vec<Val>, Vec<Plan>) {
        self.inputs_given(st, b, (class, m), depth, None)
    }

    /// [`Lower::inputs`], but the parameter at the position `given` names takes the value
    /// already built for it (an argument prepared by calls).
    fn inputs_given(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        method: (&Class, &Method),
        depth: u32,
        mut given: Option<(usize, (Val, Plan))>,
    ) -> (Vec<Val>, Vec<Plan>) {
        let (class, m) = method;
        let observed = self
            .specs
            .is_some_and(|s| s.method(&class.name, &m.name, &m.descriptor).is_some());
        let unread = crate::unread::unread_params(m);
        m.params()
            .iter()
            .zip(unread)
            .enumerate()
            .map(|(i, (p, unread))| {
                if let Some((_, built)) = given.take_if(|(at, _)| *at == i) {
                    built
                } else if unread && !observed && !p.ty.is_primitive() {
                    (Val::null(), Plan::Unread)
                } else {
                    self.input(st, b, &p.ty, depth)
                }
            })
            .unzip()
    }

    /// `new C(args)` (or `outer.new C(args)`) with an input per constructor parameter.
    #[allow(clippy::too_many_arguments)]
    fn construct_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &'p Class,
        ctor: &'p Method,
        outer: Option<(Val, Plan)>,
        depth: u32,
        span: frontend::ir::Span,
    ) -> (Val, Plan) {
        let (vals, plans) = self.inputs(st, b, class, ctor, depth + 1);
        let outer_term = outer.as_ref().map(|(o, _)| &o.term);
        let v = self
            .as_setup(|l| l.new_object(st, &class.name, &ctor.descriptor, vals, outer_term, span));
        b.constructed = true;
        let plan = Plan::New {
            class: class.name.clone(),
            descriptor: ctor.descriptor.clone(),
            args: plans,
            outer: outer.map(|(_, p)| Box::new(p)),
        };
        (v, plan)
    }

    /// Runs `build` as set-up code: a call that builds an input or prepares the receiver
    /// must complete normally, for a test that crashes there shows nothing about the
    /// entry. Its own crashes belong to its own entry (a public constructor, factory or
    /// method is one); a crash of the JDK model there (`new ArrayList(-1)` for a
    /// `Collection` parameter) belongs to no one.
    pub(crate) fn as_setup<T>(&mut self, build: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.setup, true);
        let built = build(self);
        self.setup = outer;
        built
    }

    /// Builds a value with a constructor or a static factory of the parameter graph.
    fn produce(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        producer: Producer<'p>,
        depth: u32,
    ) -> (Val, Plan) {
        let (class, m) = (producer.class, producer.method);
        match producer.kind {
            ProducerKind::Constructor => {
                self.construct_input(st, b, class, m, None, depth, class.span)
            }
            ProducerKind::Factory => {
                let (vals, plans) = self.inputs(st, b, class, m, depth + 1);
                b.constructed = true;
                let value = match &m.body {
                    Some(body) => self
                        .run_as_setup(st, class, m, None, vals, body, m.span)
                        .unwrap_or_else(Val::null),
                    None => self.fresh_value(&m.ret, false),
                };
                let plan = Plan::Call {
                    class: class.name.clone(),
                    method: m.name.clone(),
                    descriptor: m.descriptor.clone(),
                    args: plans,
                };
                (value, plan)
            }
        }
    }

    /// Runtime types for an array of references: the declared type, then narrower
    /// array types the project mentions (a `String[]` passed as `Object[]`).
    fn covariant_arrays(&self, ty: &Type) -> Vec<Type> {
        let mut out = vec![ty.clone()];
        let mut extra: Vec<Type> = self.cast_targets.clone();
        extra.push(Type::Array(Box::new(Type::string())));
        extra.push(Type::Array(Box::new(Type::class("java.lang.Integer"))));
        for t in extra {
            if !out.contains(&t) && self.h.is_subtype(&t, ty) && out.len() < 3 {
                out.push(t);
            }
        }
        out
    }

    fn object_id(&mut self, b: &mut Builder, ty: &Type) -> Term {
        b.next_input += 1;
        let id = b.next_input.to_string();
        let tid = self.types.id(ty);
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        id
    }

    /// A new input symbol for the length of the array object `array`, at most `max`.
    fn input_length(&mut self, b: &mut Builder, array: &str, max: i32) -> Term {
        let len = self.count_input(b, "len", 0, max);
        self.smt.assert(&format!("(= (alen {array}) {len})"));
        len
    }

    fn string_input(&mut self, st: &mut State, b: &mut Builder) -> (Val, Plan) {
        let id = self.object_id(b, &Type::string());
        let arr = self.object_id(b, &Type::Array(Box::new(Type::Char)));
        let len = self.input_length(b, &arr, crate::plan::INPUT_LENGTH_MAX);
        let chars = self.sym(b, "chars", "(Array (_ BitVec 32) (_ BitVec 16))");
        b.small.push(string_within(&len, &chars, 8, ('a', 'z')));
        b.printable
            .extend(string_within(&len, &chars, PRINTABLE_LENGTH, (' ', '~')));
        b.inputs.push(len.clone());
        self.store_field(st, "java.lang.String", "value", &id, &arr);
        self.store_contents(st, &Type::Char, &arr, chars.clone());
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::String { len, chars },
        )
    }

    fn array_input(&mut self, st: &mut State, b: &mut Builder, ty: &Type) -> (Val, Plan) {
        let id = self.object_id(b, ty);
        let elem = ty.element().cloned().unwrap_or(Type::Int);
        let len = self.input_length(b, &id, crate::plan::INPUT_LENGTH_MAX);
        let elems = self.sym(
            b,
            "elems",
            &format!("(Array (_ BitVec 32) {})", smt::sort(&elem)),
        );
        let mut small = vec![format!("(bvsle {len} {})", smt::int(8))];
        for i in 0..8 {
            let element = format!("(select {elems} {})", smt::int(i));
            if let Some(element) = small_integral(&element, &elem) {
                small.push(format!("(or (bvsge {} {len}) {element})", smt::int(i)));
            }
        }
        b.small.push(small);
        b.inputs.push(len.clone());
        self.store_contents(st, &elem, &id, elems.clone());
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Array {
                ty: ty.clone(),
                len,
                elems,
            },
        )
    }

    fn ref_array_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        ty: &Type,
        depth: u32,
    ) -> (Val, Plan) {
        let id = self.object_id(b, ty);
        let elem = ty.element().cloned().unwrap_or(Type::object());
        let len = self.input_length(b, &id, REF_ARRAY_MAX as i32);
        b.inputs.push(len.clone());
        let mut content = "((as const (Array (_ BitVec 32) Int)) 0)".to_string();
        let mut plans = Vec::new();
        for i in 0..REF_ARRAY_MAX {
            let (v, p) = self.input(st, b, &elem, depth + 1);
            content = format!("(store {content} {} {})", smt::int(i as i32), v.term);
            plans.push(p);
        }
        self.store_contents(st, &elem, &id, content);
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::RefArray {
                ty: ty.clone(),
                len,
                elems: plans,
            },
        )
    }

    /// A collection with elements, when one of the JDK model may stand where a `declared`
    /// is expected: a list for a `List`, `Collection` or `Iterable`, a map for a `Map`. The
    /// parameter graph's constructors build them empty.
    fn filled_collection(&self, declared: &Type, depth: u32) -> Option<Make<'p>> {
        let ty = declared.erasure();
        let within = |made: &str, kind: &str| {
            self.h.is_subtype(&Type::class(made), &ty) && self.h.is_subtype(&ty, &Type::class(kind))
        };
        if within(FILLED_LIST, "java.lang.Iterable") {
            let add = self.filler(FILLED_LIST, "add", "(Ljava/lang/Object;)Z")?;
            let element = type_argument(declared, 0);
            return Some(Box::new(move |me, st, b| {
                me.filled_list(st, b, add, &element, depth)
            }));
        }
        if within(FILLED_MAP, "java.util.Map") {
            let put = self.filler(
                FILLED_MAP,
                "put",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
            )?;
            let entry = (type_argument(declared, 0), type_argument(declared, 1));
            return Some(Box::new(move |me, st, b| {
                me.filled_map(st, b, put, &entry, depth)
            }));
        }
        None
    }

    /// The model's method `name(descriptor)` of `class`, with its body.
    fn filler(&self, class: &str, name: &str, descriptor: &str) -> Option<Filler<'p>> {
        let (class, method) = self.h.find_method(class, name, descriptor)?;
        Some(Filler {
            class,
            method,
            body: method.body.as_ref()?,
        })
    }

    /// Runs `filler` on `object` with `args` as set-up code (its checks pass).
    fn fill(&mut self, st: &mut State, filler: Filler<'p>, object: &Term, args: Vec<Val>) {
        let this = Some(object.clone());
        let span = filler.class.span;
        self.run_as_setup(
            st,
            filler.class,
            filler.method,
            this,
            args,
            filler.body,
            span,
        );
    }

    /// Runs `body`, the code of `m`, on `this` with `args` as set-up code (a factory that
    /// builds an input, a call made first, a collection filled): a path on which it throws
    /// leaves the formula, so only inputs whose set-up completes are witnesses. Returns its
    /// result.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_as_setup(
        &mut self,
        st: &mut State,
        class: &'p Class,
        m: &'p Method,
        this: Option<Term>,
        args: Vec<Val>,
        body: &'p Stmt,
        span: frontend::ir::Span,
    ) -> Option<Val> {
        let (out, value) =
            self.as_setup(|l| l.inline(st.clone(), class, m, this, args, body, span));
        *st = out.unwrap_or_else(|| dead(st));
        value
    }

    /// A list holding one to [`FILLED_LIST_MAX`] elements of type `element`, each an input:
    /// in the formula `new ArrayList()` and one `add` per element the length symbol keeps,
    /// so that `get`, `size()` and iteration see those elements; in the test
    /// `new ArrayList(Arrays.asList(new Object[] {..}))`, which holds the same ones. A
    /// method that walks its `List<String>` parameter and parses each element crashes on
    /// a list holding `"x"`, which no constructor of the parameter graph builds.
    fn filled_list(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        add: Filler<'p>,
        element: &Type,
        depth: u32,
    ) -> (Val, Plan) {
        let span = add.class.span;
        let list = self.as_setup(|l| l.new_object(st, FILLED_LIST, "()V", Vec::new(), None, span));
        b.constructed = true;
        let len = self.count_input(b, "len", 1, FILLED_LIST_MAX as i32);
        b.inputs.push(len.clone());
        let mut plans = Vec::new();
        for i in 0..FILLED_LIST_MAX {
            let (v, p) = self.input(st, b, element, depth + 1);
            plans.push(p);
            let kept = format!("(bvslt {} {len})", smt::int(i as i32));
            let mut added = st.branch(&mut self.smt, &kept);
            let left_out = st.branch(&mut self.smt, &smt::not(&kept));
            self.fill(&mut added, add, &list.term, vec![v]);
            *st = self.join(vec![added, left_out]).unwrap_or_else(|| dead(st));
        }
        let elements = Plan::RefArray {
            ty: Type::Array(Box::new(Type::object())),
            len,
            elems: plans,
        };
        let as_list = Plan::Call {
            class: "java.util.Arrays".into(),
            method: "asList".into(),
            descriptor: "([Ljava/lang/Object;)Ljava/util/List;".into(),
            args: vec![elements],
        };
        let plan = Plan::New {
            class: FILLED_LIST.into(),
            descriptor: "(Ljava/util/Collection;)V".into(),
            args: vec![as_list],
            outer: None,
        };
        (list, plan)
    }

    /// A map holding one entry, its key and value inputs of the types `entry`: in the
    /// formula `new HashMap()` and a `put`, so that `get` finds the value under an equal
    /// key; in the test `new HashMap(Collections.singletonMap(key, value))`, which holds the
    /// same entry (`null` key or value included). `100 / counts.get("total")` crashes on
    /// a map holding `"total"` with `0`.
    fn filled_map(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        put: Filler<'p>,
        (key_ty, value_ty): &(Type, Type),
        depth: u32,
    ) -> (Val, Plan) {
        let span = put.class.span;
        let map = self.as_setup(|l| l.new_object(st, FILLED_MAP, "()V", Vec::new(), None, span));
        b.constructed = true;
        let (key, key_plan) = self.input(st, b, key_ty, depth + 1);
        let (value, value_plan) = self.input(st, b, value_ty, depth + 1);
        self.fill(st, put, &map.term, vec![key, value]);
        let entry = Plan::Call {
            class: "java.util.Collections".into(),
            method: "singletonMap".into(),
            descriptor: "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/Map;".into(),
            args: vec![key_plan, value_plan],
        };
        let plan = Plan::New {
            class: FILLED_MAP.into(),
            descriptor: "(Ljava/util/Map;)V".into(),
            args: vec![entry],
            outer: None,
        };
        (map, plan)
    }

    /// The constants a test may name of an enum (none for other classes), at most
    /// [`ENUM_CONSTANTS_MAX`] of them.
    fn enum_constants(&self, class: &str) -> Vec<String> {
        let Some(c) = self.h.class(class) else {
            return Vec::new();
        };
        let package = self
            .frames
            .first()
            .map_or("", |f| package_of(&f.class.name));
        if c.kind != frontend::ir::ClassKind::Enum || !accessible(self.h, c, false, package) {
            return Vec::new();
        }
        c.enum_constants
            .iter()
            .take(ENUM_CONSTANTS_MAX)
            .cloned()
            .collect()
    }

    /// An enum constant: the object its static field holds when the entry runs the enum's
    /// static initialiser, else one object per constant, of the enum's type.
    fn enum_input(&mut self, st: &mut State, class: &str, constant: &str) -> (Val, Plan) {
        let v = if self.initialised.contains(class) {
            self.heap(st, &crate::lower::static_key(class, constant))
        } else {
            let key = (class.to_string(), constant.to_string());
            let term = match self.enum_objects.get(&key) {
                Some(t) => t.clone(),
                None => {
                    let id = self.alloc();
                    let test = self.instance_test(&id, &Type::class(class));
                    self.smt.assert(&test);
                    self.enum_objects.insert(key, id.clone());
                    id
                }
            };
            Val { term, sort: "Int" }
        };
        (
            v,
            Plan::Constant {
                class: class.to_string(),
                name: constant.to_string(),
            },
        )
    }

    /// The class literals that fit a parameter of type `declared` (`Class<? extends
    /// Number>` takes `Integer.class` and `int.class`, `Class<E extends Enum<E>>` none): a
    /// caller cannot pass the others without a raw type.
    fn class_literals_for(&self, declared: &Type) -> Vec<Type> {
        let argument = match declared {
            Type::Class { args, .. } => args.first(),
            _ => None,
        };
        class_literal_types()
            .into_iter()
            .filter(|t| {
                let named = frontend::boxed(t).map_or_else(|| t.clone(), Type::class);
                match argument {
                    None => true,
                    Some(arg @ Type::Var { bound, .. }) if arg.is_super_wildcard() => {
                        self.h.is_subtype(bound, &named)
                    }
                    Some(bound) => self.h.is_subtype(&named, bound),
                }
            })
            .collect()
    }

    fn boxed_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &str,
        prim: &Type,
    ) -> (Val, Plan) {
        let id = self.object_id(b, &Type::class(class));
        let (v, p) = self.primitive_input(b, prim);
        self.store_field(st, class, "value", &id, &v.term);
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Boxed {
                class: class.to_string(),
                value: Box::new(p),
            },
        )
    }
}

/// The classes a `Class` input may name, as a person testing it would pick them: a class,
/// a final class, a box, a primitive and two arrays. A project's factory of classes
/// (`ClassUtils.getClass(String)`) finds them by a name the solver would have to guess,
/// and the test fails before the entry when no class has it.
fn class_literal_types() -> Vec<Type> {
    vec![
        Type::object(),
        Type::string(),
        Type::class("java.lang.Integer"),
        Type::Int,
        Type::Array(Box::new(Type::Int)),
        Type::Array(Box::new(Type::string())),
    ]
}

fn dead(st: &State) -> State {
    let mut s = st.clone();
    s.reach = "false".into();
    s
}

/// The primitive a box class holds.
fn box_primitive(class: &str) -> Option<Type> {
    Type::class(class).unboxed()
}

/// True when none of the path conditions `guards` holds.
fn none_taken(guards: &[Term]) -> Term {
    let not_taken: Vec<Term> = guards.iter().map(|g| smt::not(g)).collect();
    smt::and(&not_taken)
}

/// The preferred range of an integral input `value` of type `ty`: a printable ASCII char,
/// or a number from -100 to 100; `None` for other types. A model of unconstrained chars
/// picks any of 65,536, and the JDK's own checks (`Character.digit` beyond ASCII) then
/// reject the input before the crash it was solved for.
fn small_integral(value: &str, ty: &Type) -> Option<Term> {
    match ty {
        Type::Char => Some(format!(
            "(and (bvuge {value} {}) (bvule {value} {}))",
            smt::bv(32, 16),
            smt::bv(126, 16)
        )),
        Type::Byte | Type::Short | Type::Int | Type::Long => {
            let w = ty.bits().unwrap_or(32);
            Some(format!(
                "(and (bvsge {value} {}) (bvsle {value} {}))",
                smt::bv(-100, w),
                smt::bv(100, w)
            ))
        }
        _ => None,
    }
}
