//! Arguments prepared by calls: an entry that reads the state of an object passed to it
//! (`Labels.of(Meter meter)` reading the count only `meter.record()` changes) gets a
//! variant that builds that argument with a public constructor and then makes public calls
//! on it, chosen the way a sequence's are, before the entry:
//! `Meter meter = new Meter(); meter.record(); meter.record(); Labels.of(meter);`.

use super::chain::{sequence_methods, Chain};
use super::{
    constructors, instance_writers, may_prepare, package_of, Builder, Receiver, Variant,
    ARGUMENT_RANK, CHAINS_MAX,
};
use crate::effects::Effects;
use crate::lower::Lower;
use crate::plan::{ChainCall, Plan};
use crate::state::{State, Val};
use frontend::ir::{Class, Method, Type};
use frontend::Hierarchy;

/// Most arguments of one entry prepared by calls, one variant each.
pub(super) const PREPARED_MAX: usize = 2;

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

/// One variant per argument of a project class whose fields the entry may read and some of
/// its public methods may write (at most [`PREPARED_MAX`]): on `receiver`, the argument
/// built by its first public constructor, then up to `length` calls to those methods.
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
        let writers = instance_writers(h, effects, built, package);
        let mutators: Vec<_> = writers
            .iter()
            .copied()
            .filter(|&w| may_prepare(effects, w, entry))
            .take(CHAINS_MAX)
            .collect();
        let methods = sequence_methods(effects, &writers, &mutators);
        if methods.is_empty() {
            continue;
        }
        out.push(Variant {
            receiver,
            chain: Some(Chain {
                methods,
                length: length.max(1),
                on: Some(Prepared {
                    param,
                    class: built,
                    ctor,
                }),
            }),
            reflect_statics: false,
            public_fields: false,
            rank: ARGUMENT_RANK + out.len() as u32,
        });
    }
    out
}

/// The project class a test builds for a parameter of type `ty` with a public constructor
/// (the type's own, or its first concrete subclass's), and that constructor.
fn buildable<'p>(
    h: &Hierarchy<'p>,
    ty: &Type,
    package: &str,
) -> Option<(&'p Class, &'p Method)> {
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
        span: frontend::ir::Span,
    ) -> ((Val, Plan), Vec<ChainCall>) {
        let (class, ctor) = (prepared.class, prepared.ctor);
        let (v, plan) = self.construct_input(st, b, class, ctor, None, 0, span);
        let built = b.share(Type::class(&class.name), v, plan);
        let calls = self.call_first(st, b, chain, Some(&built.0.term));
        (built, calls)
    }
}
