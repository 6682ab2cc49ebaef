//! Public calls made before the entry: a chain of one call, and sequences of up to
//! `--sequence` calls whose methods def-use over the write and read sets picks, composed
//! with the entry in one formula.

use super::argument::{ArgumentObject, Prepared};
use super::{dead, Builder, Receiver, Variant, CHAIN_RANK, REPEATED_RANK, SEQUENCE_RANK};
use crate::accelerate::{stepped_fields, Step, SteppedField, ITERATIONS_MAX};
use crate::effects::Effects;
use crate::lower::{heap_sort, Lower};
use crate::plan::{ChainCall, Made};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Method, Type};

/// Most methods a sequence's calls choose from (each call inlines all of them).
const SEQUENCE_METHODS_MAX: usize = 3;

/// Public calls made before the entry (on the receiver, static, or on an argument the
/// harness builds for them): up to `length` calls, at least one, each to one of `methods`,
/// chosen by the solver; a call that throws is no witness. A chain of one call through one
/// method has no choice at all.
#[derive(Clone)]
pub struct Chain<'p> {
    /// The methods each call may be to.
    pub methods: Vec<(&'p Class, &'p Method)>,
    /// Most calls made.
    pub length: u32,
    /// The argument the calls prepare (made on it, or taking it); `None`: they are made on
    /// the receiver (or none, for static methods).
    pub prepares: Option<Prepared<'p>>,
    /// Whether a call of a method that steps counters may be made again first, any number
    /// of times ([`Lower::repeat_before`]).
    pub repeats: bool,
}

impl<'p> Chain<'p> {
    /// Exactly one call, to `method`.
    pub(super) fn one(method: (&'p Class, &'p Method)) -> Chain<'p> {
        Chain {
            methods: vec![method],
            length: 1,
            prepares: None,
            repeats: false,
        }
    }
}

/// One variant per method that may prepare the entry: that call made first, on `receiver`.
pub(super) fn chain_variants<'a, 'p>(
    receiver: Receiver<'p>,
    mutators: &'a [(&'p Class, &'p Method)],
) -> impl Iterator<Item = Variant<'p>> + 'a {
    mutators
        .iter()
        .enumerate()
        .map(move |(i, &method)| Variant {
            receiver,
            chain: Some(Chain::one(method)),
            reflect_statics: false,
            public_fields: false,
            rank: CHAIN_RANK + i as u32,
        })
}

/// The methods a sequence's calls choose from, by def-use over the write and read sets:
/// the `mutators` (their effects meet what the entry reads:
/// [`may_prepare`](super::entries::may_prepare)), then the `writers` whose writes meet what a
/// method already chosen reads (the call that sets the flag another call checks first), at
/// most [`SEQUENCE_METHODS_MAX`].
pub(super) fn sequence_methods<'p>(
    effects: &Effects,
    writers: &[(&'p Class, &'p Method)],
    mutators: &[(&'p Class, &'p Method)],
) -> Vec<(&'p Class, &'p Method)> {
    let mut chosen: Vec<(&Class, &Method)> = mutators.to_vec();
    chosen.truncate(SEQUENCE_METHODS_MAX);
    let mut next = 0;
    while next < chosen.len() && chosen.len() < SEQUENCE_METHODS_MAX {
        let (class, m) = chosen[next];
        next += 1;
        let Some(reads) = effects.reads(&class.name, &m.name, &m.descriptor) else {
            continue;
        };
        for &(c, w) in writers {
            let known = chosen.iter().any(|&(_, k)| std::ptr::eq(k, w));
            if !known
                && chosen.len() < SEQUENCE_METHODS_MAX
                && effects
                    .of(&c.name, &w.name, &w.descriptor)
                    .any(|key| reads.contains(key))
            {
                chosen.push((c, w));
            }
        }
    }
    chosen
}

/// The sequence variant: on `receiver`, up to `length` calls, each to one of `methods`
/// ([`sequence_methods`]), the same one as often as the solver likes, then the entry.
/// None without such a method or below two calls.
pub(super) fn sequence_variant<'p>(
    receiver: Receiver<'p>,
    methods: Vec<(&'p Class, &'p Method)>,
    length: u32,
) -> Option<Variant<'p>> {
    if methods.is_empty() || length < 2 {
        return None;
    }
    Some(Variant {
        receiver,
        chain: Some(Chain {
            methods,
            length,
            prepares: None,
            repeats: false,
        }),
        reflect_statics: false,
        public_fields: false,
        rank: SEQUENCE_RANK,
    })
}

/// The sequence variants (the receiver's or the static one, and those that prepare an
/// argument) again, with their calls of methods that step counters each made again first,
/// any number of times: state that takes more calls than a sequence makes (a token stream
/// that fails on its eleventh `next()`). Only the counters are stepped, so they rank after
/// every exact sequence, for the sites those left open: asked first, one `offer` made
/// three times on a ring of capacity 1 (which its capacity check refuses on the JVM)
/// satisfied the formula before the exact calls that reach the crash. A variant none of
/// whose methods steps a counter is not repeated.
pub(super) fn repeated_variants<'p>(sequences: &[Variant<'p>]) -> Vec<Variant<'p>> {
    let mut out = Vec::new();
    for variant in sequences {
        let Some(chain) = variant.chain.as_ref().filter(|c| c.length > 1) else {
            continue;
        };
        let on_object = chain.prepares.is_some() || !matches!(variant.receiver, Receiver::None);
        if !chain
            .methods
            .iter()
            .any(|(_, m)| !repeated_fields(m, on_object).is_empty())
        {
            continue;
        }
        let mut repeated = variant.clone();
        repeated.rank = REPEATED_RANK + out.len() as u32;
        if let Some(chain) = &mut repeated.chain {
            chain.repeats = true;
        }
        out.push(repeated);
    }
    out
}

/// The counters a call of `m` made again steps, with the sort of their values: the `int`
/// and `long` fields `m` steps ([`stepped_fields`]), those of the object it is called on
/// only when there is one (`on_object`).
fn repeated_fields(m: &Method, on_object: bool) -> Vec<(SteppedField, Step, &'static str)> {
    let own = on_object && !m.modifiers.is_static;
    stepped_fields(m)
        .into_iter()
        .filter_map(|(field, step)| {
            let sort = match (&field, heap_sort(&field.key())) {
                (SteppedField::Own(..), "(Array Int (_ BitVec 32))") if own => "(_ BitVec 32)",
                (SteppedField::Own(..), "(Array Int (_ BitVec 64))") if own => "(_ BitVec 64)",
                (SteppedField::Static(..), sort @ ("(_ BitVec 32)" | "(_ BitVec 64)")) => sort,
                _ => return None,
            };
            Some((field, step, sort))
        })
        .collect()
}

impl<'p> Lower<'p> {
    /// Makes the calls of `chain` in turn, threading the state through them: a call with a
    /// choice (several methods, or none after the first call) is one branch per option,
    /// joined before the next; a call left out leaves out every later one. Each call gets
    /// fresh arguments and is lowered as set-up, so a path on which it throws (its own
    /// `throw`, or a failing check) is no witness. `this` is the receiver; a chain that
    /// prepares an argument has its `object` too, which calls are made on or pass.
    pub(super) fn call_first(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        chain: &Chain<'p>,
        this: Option<&Term>,
        object: Option<&ArgumentObject<'p>>,
    ) -> Vec<ChainCall> {
        let mut calls = Vec::new();
        let mut previous: Option<Term> = None;
        let repeats = chain.repeats;
        for step in 0..chain.length.min(self.limits.calls) {
            let skip = usize::from(step > 0);
            let options = chain.methods.len() + skip;
            if options == 1 {
                let (class, m) = chain.methods[0];
                calls.push(self.call_once(st, b, (class, m), (this, object), None, repeats));
                continue;
            }
            let sym = self.sym(b, "step", "Int");
            self.smt
                .assert(&format!("(and (>= {sym} 0) (< {sym} {options}))"));
            if let Some(p) = &previous {
                // Calls left out come last: one sequence, one model.
                self.smt.assert(&format!("(=> (= {p} 0) (= {sym} 0))"));
            }
            b.inputs.push(sym.clone());
            let mut branches = Vec::new();
            if skip == 1 {
                b.optional_calls.push(sym.clone());
                branches.push(st.branch(&mut self.smt, &format!("(= {sym} 0)")));
            }
            for (i, &(class, m)) in chain.methods.iter().enumerate() {
                let option = (i + skip) as u32;
                let mut s = st.branch(&mut self.smt, &format!("(= {sym} {option})"));
                let when = Made {
                    step: sym.clone(),
                    option,
                };
                let call =
                    self.call_once(&mut s, b, (class, m), (this, object), Some(when), repeats);
                calls.push(call);
                branches.push(s);
            }
            *st = self.join(branches).unwrap_or_else(|| dead(st));
            // The symbol of a call that may be left out (option 0), for the next call.
            previous = (skip == 1).then_some(sym);
        }
        calls
    }

    /// One public call to `method`, on the receiver or the prepared argument (`targets`,
    /// [`Lower::call_target`]) unless the method is static, with fresh arguments but the
    /// prepared argument; `when` is the choice that makes it, for a call a model may leave
    /// out. With `repeats`, a method that steps counters may be called more times first
    /// ([`Lower::repeat_before`]).
    fn call_once(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        method: (&'p Class, &'p Method),
        targets: (Option<&Term>, Option<&ArgumentObject<'p>>),
        when: Option<Made>,
        repeats: bool,
    ) -> ChainCall {
        let (class, m) = method;
        let target = self.call_target(method, targets.0, targets.1);
        let this = target.this;
        let (vals, plans) = self.inputs_given(st, b, method, 1, target.given);
        let repeated = match repeats {
            true => self.repeat_before(st, b, m, &vals, this.filter(|_| !m.modifiers.is_static)),
            false => None,
        };
        self.assume_call_spec(st, class, m, this, &vals);
        if let Some(body) = &m.body {
            let receiver = this.cloned().filter(|_| !m.modifiers.is_static);
            self.run_as_setup(st, class, m, receiver, vals, body, m.span);
        }
        ChainCall {
            class: class.name.clone(),
            method: m.name.clone(),
            descriptor: m.descriptor.clone(),
            is_static: m.modifiers.is_static,
            args: plans,
            when,
            repeated,
            on: target.on,
            passes: target.passes,
        }
    }

    /// The calls of `m` made before its modelled one, with the same arguments (`vals`): a
    /// fresh count of them, and the counters `m` steps ([`stepped_fields`]: of `this`, and
    /// static ones) stepped that many times, by a constant or by an argument (bit-vector
    /// products wrap as that many Java additions do), so that the call modelled is the last
    /// (its checks hold there). The rest of the state is the one before them, as for a loop
    /// beyond its unrolling ([`crate::accelerate`]), and the test's JVM is the judge. A
    /// token stream that fails on its eleventh `next()` needs ten calls first, more than
    /// a sequence makes. `None` when `m` steps none.
    fn repeat_before(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        m: &Method,
        vals: &[Val],
        this: Option<&Term>,
    ) -> Option<Term> {
        let stepped = repeated_fields(m, this.is_some());
        if stepped.is_empty() {
            return None;
        }
        let times = self.count_input(b, "repeat", 0, ITERATIONS_MAX as i32);
        b.inputs.push(times.clone());
        for (field, step, sort) in stepped {
            let (wide, ty) = match sort {
                "(_ BitVec 64)" => (format!("((_ sign_extend 32) {times})"), Type::Long),
                _ => (times.clone(), Type::Int),
            };
            let by = match step {
                Step::Constant(c) if ty == Type::Long => smt::bv(c, 64),
                Step::Constant(c) => smt::int(c as i32),
                Step::Parameter(p) => {
                    smt::convert(&vals[p as usize].term, &m.params()[p as usize].ty, &ty)
                }
                Step::Length(p) => {
                    let value = &vals[p as usize].term;
                    let length = if m.params()[p as usize].ty.erasure() == Type::string() {
                        self.string_length(st, value)
                    } else {
                        self.array_length(value)
                    };
                    smt::convert(&length, &Type::Int, &ty)
                }
            };
            let steps = format!("(bvmul {wide} {by})");
            let key = field.key();
            let old = self.heap(st, &key);
            match (field, this) {
                (SteppedField::Own(class, name), Some(obj)) => {
                    let value = self.select_field("fld", sort, &old.term, obj);
                    let value = self
                        .smt
                        .define("i", sort, format!("(bvadd {value} {steps})"));
                    self.store_field(st, &class, &name, obj, &value);
                }
                _ => {
                    let value = format!("(bvadd {} {steps})", old.term);
                    let term = self.smt.define("i", sort, value);
                    st.heap.insert(key, Val { term, sort });
                }
            }
        }
        Some(times)
    }
}
