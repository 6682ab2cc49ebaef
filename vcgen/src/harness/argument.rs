//! Arguments prepared by calls: an entry that reads the state of an object passed to it
//! (`Labels.of(Meter meter)` reading the count only `meter.record()` changes) gets a
//! variant that builds that argument with a public constructor and then makes public calls
//! on it, chosen the way a sequence's are, before the entry:
//! `Meter meter = new Meter(); meter.record(); meter.record(); Labels.of(meter);`.

use super::chain::{sequence_methods, Chain};
use super::entries::{
    accessible, constructors, instance_fields, instance_writers, mutators, package_of,
    project_ancestors,
};
use super::{Builder, Receiver, Variant, ARGUMENT_RANK};
use crate::effects::Effects;
use crate::lower::{field_key, Lower};
use crate::plan::{ChainCall, Plan};
use crate::smt::Term;
use crate::state::{State, Val};
use frontend::ir::{Class, Method, Type};
use frontend::Hierarchy;
use std::collections::HashSet;

/// Most arguments of one entry prepared by calls, one variant each.
pub(super) const PREPARED_MAX: usize = 2;

/// The argument a chain prepares, once built: which one, its object, and the slot the calls
/// that take it alias.
pub(super) struct ArgumentObject<'p> {
    prepared: Prepared<'p>,
    term: Term,
    slot: usize,
}

/// Where one call of a chain goes, and what it is given.
pub(super) struct CallTarget<'t> {
    /// The object it is made on (none for a static method's call without a receiver).
    pub this: Option<&'t Term>,
    /// The parameter given the prepared argument, with its value and plan (an alias).
    pub given: Option<(usize, (Val, Plan))>,
    /// The entry's argument the call is made on ([`ChainCall::on`]).
    pub on: Option<usize>,
    /// The entry's argument the call takes ([`ChainCall::passes`]).
    pub passes: Option<usize>,
}

/// An argument of the entry that the harness builds with `ctor` and then prepares with its
/// chain's calls.
#[derive(Clone, Copy)]
pub struct Prepared<'p> {
    /// The parameter's position.
    pub param: usize,
    /// The class built: the parameter's, or its first concrete subclass.
    pub class: &'p Class,
    /// The constructor that builds it.
    pub ctor: &'p Method,
}

/// One variant per argument of a project class whose fields the entry may read and calls a
/// test can make may write (at most [`PREPARED_MAX`]): on `receiver`, the argument built
/// by its first public constructor, then up to `length` calls to those methods (its own,
/// and [`passers`]).
pub(super) fn argument_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&'p Class, &'p Method),
    receiver: Receiver<'p>,
    length: u32,
) -> Vec<Variant<'p>> {
    let (class, m) = entry;
    let package = package_of(&class.name);
    let unread = crate::unread::unread_params(m);
    let mut out = Vec::new();
    for (param, p) in m.params().iter().enumerate() {
        if unread[param] || out.len() == PREPARED_MAX {
            continue;
        }
        let Some((built, ctor)) = buildable(h, &p.ty, package) else {
            continue;
        };
        let mut writers = instance_writers(h, effects, built, package);
        writers.extend(passers(h, effects, entry, receiver, built));
        let methods = sequence_methods(effects, &writers, &mutators(effects, &writers, entry));
        if methods.is_empty() {
            continue;
        }
        out.push(Variant {
            receiver,
            chain: Some(Chain {
                methods,
                length: length.max(1),
                prepares: Some(Prepared {
                    param,
                    class: built,
                    ctor,
                }),
                repeats: false,
            }),
            reflect_statics: false,
            public_fields: false,
            rank: ARGUMENT_RANK + out.len() as u32,
        });
    }
    out
}

/// The methods a test may call on `receiver` (or static ones of the entry's class, without
/// one) that take an object of `built` and may write its fields: the entry itself first,
/// for state that earlier calls of the same method leave in the object passed
/// (commons-codec's encoders keep their position in the `Context` each call is given).
fn passers<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&'p Class, &'p Method),
    receiver: Receiver<'p>,
    built: &'p Class,
) -> Vec<(&'p Class, &'p Method)> {
    let (class, m) = entry;
    let package = package_of(&class.name);
    let (owners, instance) = match receiver {
        Receiver::Constructor(c, _) => (project_ancestors(h, c), true),
        _ => (vec![class], false),
    };
    let fields: HashSet<String> = instance_fields(h, built)
        .into_iter()
        .map(|(a, f)| field_key(&a.name, &f.name))
        .collect();
    let mut out: Vec<(&Class, &Method)> = owners
        .into_iter()
        .flat_map(|o| o.methods.iter().map(move |x| (o, x)))
        .filter(|(o, x)| {
            (instance || x.modifiers.is_static)
                && !x.is_constructor()
                && x.name != "<clinit>"
                && x.body.is_some()
                && accessible(h, o, x.modifiers.private, package)
                && !made_on(h, built, o, x)
                && passed_at(h, x, built).is_some()
                && effects
                    .of(&o.name, &x.name, &x.descriptor)
                    .any(|k| fields.contains(k))
        })
        .collect();
    out.sort_by_key(|&(_, x)| !std::ptr::eq(x, m));
    out
}

/// The first parameter of `m` whose type is a project class that `built` is or extends:
/// where a call passes the prepared argument.
fn passed_at(h: &Hierarchy, m: &Method, built: &Class) -> Option<usize> {
    let types: Vec<Type> = project_ancestors(h, built)
        .into_iter()
        .map(|a| Type::class(&a.name))
        .collect();
    m.params()
        .iter()
        .position(|p| types.contains(&p.ty.erasure()))
}

/// True when a call of `m`, a method of `class`, is made on an object of `built` (an
/// instance method `built` has): otherwise the call takes the object as an argument.
fn made_on(h: &Hierarchy, built: &Class, class: &Class, m: &Method) -> bool {
    !m.modifiers.is_static && h.is_subtype(&Type::class(&built.name), &Type::class(&class.name))
}

/// The project class a test builds for a parameter of type `ty` with a public constructor
/// (the type's own, or its first concrete subclass's), and that constructor.
fn buildable<'p>(h: &Hierarchy<'p>, ty: &Type, package: &str) -> Option<(&'p Class, &'p Method)> {
    let name = ty.erasure().class_name()?.to_string();
    h.class(&name).filter(|c| !c.library)?;
    h.descendants(&name)
        .into_iter()
        .filter(|d| !d.library && !d.is_abstract() && !d.inner)
        .find_map(|d| Some((d, constructors(h, d, package).into_iter().next()?)))
}

impl<'p> Lower<'p> {
    /// Builds the argument `chain` prepares (for the entry at `span`) and makes the chain's
    /// calls on it: its value and plan, and the calls.
    pub(super) fn prepare_argument(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        chain: &Chain<'p>,
        prepared: Prepared<'p>,
        receiver: Option<&Term>,
        span: frontend::ir::Span,
    ) -> ((Val, Plan), Vec<ChainCall>) {
        let (class, ctor) = (prepared.class, prepared.ctor);
        let (v, plan) = self.construct_input(st, b, class, ctor, None, 0, span);
        let slot = b.built.len();
        let built = b.share(Type::class(&class.name), v, plan);
        let object = ArgumentObject {
            prepared,
            term: built.0.term.clone(),
            slot,
        };
        let calls = self.call_first(st, b, chain, receiver, Some(&object));
        (built, calls)
    }

    /// Where one call of a chain to `method` goes: on `receiver`, unless the chain prepares
    /// an argument (`object`) and the method is one of the argument's own; a call of any
    /// other method takes the argument.
    pub(super) fn call_target<'t>(
        &self,
        method: (&Class, &Method),
        receiver: Option<&'t Term>,
        object: Option<&'t ArgumentObject<'p>>,
    ) -> CallTarget<'t> {
        let (class, m) = method;
        let Some(object) = object else {
            return CallTarget {
                this: receiver,
                given: None,
                on: None,
                passes: None,
            };
        };
        let param = object.prepared.param;
        if made_on(self.h, object.prepared.class, class, m) {
            return CallTarget {
                this: Some(&object.term),
                given: None,
                on: Some(param),
                passes: None,
            };
        }
        let given = passed_at(self.h, m, object.prepared.class).map(|i| {
            let value = Val {
                term: object.term.clone(),
                sort: "Int",
            };
            (i, (value, Plan::Alias { input: object.slot }))
        });
        CallTarget {
            this: receiver,
            passes: given.as_ref().map(|_| param),
            given,
            on: None,
        }
    }
}
