//! The static initialisers a harness runs, and their order.
//!
//! A class's initialiser runs when the entry (to the inlining depth), the constructor that
//! builds its receiver or a call made first may read a static field it writes; then so do
//! the initialisers of the classes whose statics that initialiser reads, as the JVM
//! initialises a class on its first use. They run in dependency order: a superclass and a
//! class whose statics an initialiser reads run before it. Without the closure,
//! commons-codec's `BaseNCodec` initialiser ran but `CodecPolicy`'s, which it reads, did not,
//! so `DECODING_POLICY_DEFAULT` was `null` in every `Base64` built through `super(..)`.

use super::{EntrySpec, Receiver, Variant, ENUM_CONSTANTS_MAX};
use crate::lower::{static_key, Lower};
use crate::state::State;
use frontend::ir::{Class, ClassKind, ExprKind, Method, Stmt, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

impl<'p> Lower<'p> {
    /// Project classes whose static state the entry may touch, each after the classes its
    /// initialiser depends on, and the keys that what runs (the entry, its set-up, those
    /// initialisers) may read: [`Lower::initialise`] makes the enum constants among them.
    pub(super) fn static_classes(
        &self,
        spec: &EntrySpec<'p>,
        variant: &Variant<'p>,
    ) -> (Vec<&'p Class>, BTreeSet<String>) {
        let mut seeds = vec![(spec.class, spec.method, 0)];
        if let Receiver::Constructor(c, ctor) = variant.receiver {
            seeds.push((c, ctor, 1));
        }
        // An enum constant receiver is the object its class's initialiser made.
        let constants_of = match variant.receiver {
            Receiver::Constant(c) => Some(c.name.as_str()),
            _ => None,
        };
        seeds.extend(
            variant
                .chain
                .iter()
                .flat_map(|c| c.methods.iter().map(|&(c, m)| (c, m, 1))),
        );
        if let Some(p) = variant.chain.as_ref().and_then(|c| c.prepares) {
            seeds.push((p.class, p.ctor, 1));
        }
        let mut classes: BTreeSet<String> = seeds.iter().map(|(c, _, _)| c.name.clone()).collect();
        self.referenced_classes(seeds.iter().copied(), &mut classes);
        // A static initialiser runs only when something that runs may read a static field
        // it writes: initialising a class whose statics nobody reads (`ClassUtils`'s maps
        // for an `ArrayUtils` method) only makes the formula harder.
        let mut reads: BTreeSet<String> = seeds
            .iter()
            .filter_map(|(c, m, _)| self.effects.reads(&c.name, &m.name, &m.descriptor))
            .flatten()
            .cloned()
            .collect();
        let mut chosen: BTreeMap<String, &'p Class> = BTreeMap::new();
        loop {
            let new: Vec<&'p Class> = classes
                .iter()
                .filter(|c| !chosen.contains_key(*c))
                .filter_map(|c| self.h.class(c))
                .filter(|c| !c.library)
                .filter(|c| {
                    constants_of == Some(c.name.as_str())
                        || initialisers(c).all(|m| self.writes_static(c, m, |k| reads.contains(k)))
                })
                .collect();
            if new.is_empty() {
                break;
            }
            for c in new {
                chosen.insert(c.name.clone(), c);
                for m in initialisers(c) {
                    if let Some(r) = self.effects.reads(&c.name, &m.name, &m.descriptor) {
                        reads.extend(r.iter().cloned());
                    }
                    self.referenced_classes([(c, m, 1)], &mut classes);
                }
            }
        }
        (self.dependency_order(chosen), reads)
    }

    /// Runs `class`'s static initialiser as set-up code, without the enum constants that
    /// nothing run reads ([`Lower::unread_constant`]): a catalogue of messages
    /// (commons-math3's `LocalizedFormats`, 315 constants) made the formula of every
    /// method that names one of them outgrow its budget, and its calls were then left
    /// opaque.
    pub(super) fn initialise(
        &mut self,
        st: &mut State,
        class: &'p Class,
        reads: &BTreeSet<String>,
    ) {
        let Some(clinit) = initialisers(class).next() else {
            return;
        };
        let Some(body) = &clinit.body else { return };
        let stmts: Vec<&'p Stmt> = match &body.kind {
            StmtKind::Block(stmts) => stmts.iter().collect(),
            _ => vec![body],
        };
        let run: Vec<&'p Stmt> = stmts
            .into_iter()
            .filter(|s| !self.unread_constant(class, s, reads))
            .collect();
        let out = self.as_setup(|l| {
            let mut cur = st.clone();
            l.push_frame(&mut cur, class, clinit, None, Vec::new(), class.span);
            let mut cur = Some(cur);
            for s in run {
                cur = cur.and_then(|c| l.exec(c, s));
            }
            l.finish_frame(cur).0
        });
        *st = out.unwrap_or_else(|| super::dead(st));
    }

    /// Whether `s`, a statement of an enum's static initialiser, makes one of its constants
    /// (`NUMERATOR = new LocalizedFormats("numerator")`) that no method run reads (`reads`),
    /// that is not among those a test may name ([`Lower::enum_constants`]), and whose
    /// constructor writes no static state.
    fn unread_constant(&self, class: &Class, s: &Stmt, reads: &BTreeSet<String>) -> bool {
        if class.kind != ClassKind::Enum {
            return false;
        }
        let StmtKind::Expr(e) = &s.kind else {
            return false;
        };
        let ExprKind::Assign { target, value, .. } = &e.kind else {
            return false;
        };
        let (
            ExprKind::Field {
                target: None,
                class: owner,
                name,
            },
            ExprKind::New { method, .. },
        ) = (&target.kind, &value.kind)
        else {
            return false;
        };
        owner == &class.name
            && class
                .enum_constants
                .iter()
                .skip(ENUM_CONSTANTS_MAX)
                .any(|c| c == name)
            && !reads.contains(&static_key(owner, name))
            && !self
                .effects
                .of(&method.class, &method.name, &method.descriptor)
                .any(|k| k.starts_with("S."))
    }

    /// Adds to `classes` the classes that `methods` (each at its depth) and the methods and
    /// constructors they call, to the inlining depth, name.
    fn referenced_classes(
        &self,
        methods: impl IntoIterator<Item = (&'p Class, &'p Method, u32)>,
        classes: &mut BTreeSet<String>,
    ) {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<(&'p Class, &'p Method, u32)> = methods.into_iter().collect();
        while let Some((class, m, depth)) = todo.pop() {
            if !seen.insert(m as *const Method as usize) || depth > self.limits.inline_depth + 1 {
                continue;
            }
            let mut refs = Vec::new();
            let mut chained = Vec::new();
            if let Some(b) = &m.body {
                frontend::ir::visit::walk(
                    b,
                    &mut |s| {
                        if let StmtKind::CtorCall { method, .. } = &s.kind {
                            chained.push((
                                method.class.clone(),
                                method.name.clone(),
                                method.descriptor.clone(),
                            ));
                        }
                    },
                    &mut |e| match &e.kind {
                        ExprKind::Field {
                            target: None,
                            class,
                            ..
                        } => {
                            classes.insert(class.clone());
                        }
                        ExprKind::Call { method, .. } | ExprKind::New { method, .. } => {
                            refs.push((
                                method.class.clone(),
                                method.name.clone(),
                                method.descriptor.clone(),
                            ))
                        }
                        _ => {}
                    },
                );
            }
            if let Some((sup, ctor)) = self.h.implicit_super(class, m) {
                todo.push((sup, ctor, depth + 1));
                classes.insert(sup.name.clone());
            }
            for (owner, name, desc) in refs.into_iter().chain(chained) {
                if let Some((c, callee)) = self.h.find_method(&owner, &name, &desc) {
                    todo.push((c, callee, depth + 1));
                }
                classes.insert(owner);
            }
        }
    }

    /// True when `m` of `c` may write a static field that `read` says is read.
    fn writes_static(&self, c: &Class, m: &Method, read: impl Fn(&String) -> bool) -> bool {
        self.effects
            .of(&c.name, &m.name, &m.descriptor)
            .any(|k| k.starts_with("S.") && read(k))
    }

    /// The classes in an order where each comes after its superclass and after the classes
    /// whose statics its initialiser may read; a cycle is broken at the first class by name.
    fn dependency_order(&self, mut left: BTreeMap<String, &'p Class>) -> Vec<&'p Class> {
        let mut after: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for c in left.values() {
            let reads: BTreeSet<&String> = initialisers(c)
                .filter_map(|m| self.effects.reads(&c.name, &m.name, &m.descriptor))
                .flatten()
                .collect();
            let superclass = c.superclass.as_ref().and_then(|s| s.class_name());
            let deps = left
                .values()
                .filter(|d| d.name != c.name)
                .filter(|d| {
                    superclass == Some(d.name.as_str())
                        || initialisers(d).any(|m| self.writes_static(d, m, |k| reads.contains(k)))
                })
                .map(|d| d.name.clone())
                .collect();
            after.insert(c.name.clone(), deps);
        }
        let mut order = Vec::new();
        while let Some(first) = left.keys().next().cloned() {
            let ready = left
                .keys()
                .find(|name| after[*name].iter().all(|d| !left.contains_key(d)))
                .cloned()
                .unwrap_or(first);
            if let Some(c) = left.remove(&ready) {
                order.push(c);
            }
        }
        order
    }
}

/// The class's static initialisers (`<clinit>`).
fn initialisers(c: &Class) -> impl Iterator<Item = &Method> {
    c.methods.iter().filter(|m| m.name == "<clinit>")
}
