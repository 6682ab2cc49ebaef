//! What a call that is not inlined may write, forgotten: each heap key its targets write
//! gets a fresh value (only where the receiver runs a target that writes it).

use crate::lower::Lower;
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Method, MethodRef};
use std::collections::BTreeSet;

impl<'p> Lower<'p> {
    /// Forgets what a call that is not inlined may write.
    pub(crate) fn havoc_writes(&mut self, st: &mut State, method: &MethodRef) {
        let keys: BTreeSet<String> = self
            .effects
            .of(&method.class, &method.name, &method.descriptor)
            .cloned()
            .collect();
        self.havoc_keys(st, keys);
    }

    /// Forgets what the implementations of a call too wide to inline may write, each heap
    /// key only where the receiver's dynamic type selects an implementation that writes it:
    /// a `toString()` on any object forgets an array only when the object's class may
    /// write one, and every array read after it keeps its elements otherwise.
    pub(crate) fn havoc_dispatched(
        &mut self,
        st: &mut State,
        targets: &[(Option<Term>, (&'p Class, &'p Method))],
    ) {
        let writes: Vec<BTreeSet<&String>> = targets
            .iter()
            .map(|(_, (c, m))| {
                self.effects
                    .of(&c.name, &m.name, &m.descriptor)
                    .filter(|k| self.must_forget(k))
                    .collect()
            })
            .collect();
        let keys: BTreeSet<String> = writes.iter().flatten().map(|k| (*k).clone()).collect();
        for key in keys {
            let writer = |i: usize| writes[i].contains(&key);
            let conds = |write: bool| -> Option<Vec<Term>> {
                (0..targets.len())
                    .filter(|&i| writer(i) == write)
                    .map(|i| targets[i].0.clone())
                    .collect()
            };
            // The receivers whose class writes the key: named by the writers' conditions,
            // or, when one writer is "any other class", as those of no other target.
            let written = if (0..targets.len()).all(writer) {
                None
            } else if let Some(named) = conds(true) {
                Some(smt::or(&named))
            } else {
                conds(false).map(|others| smt::not(&smt::or(&others)))
            };
            let old = self.heap(st, &key);
            let fresh = self.smt.declare("hv", old.sort);
            let term = match written {
                None => fresh,
                Some(c) => self
                    .smt
                    .define("hc", old.sort, smt::ite(&c, &fresh, &old.term)),
            };
            st.heap.insert(
                key,
                Val {
                    term,
                    sort: old.sort,
                },
            );
        }
    }

    /// Gives each heap key a fresh, unconstrained value.
    pub(crate) fn havoc_keys(&mut self, st: &mut State, keys: BTreeSet<String>) {
        let keys: Vec<String> = keys.into_iter().filter(|k| self.must_forget(k)).collect();
        for key in keys {
            let sort = if key.starts_with("S.") {
                self.initial_heap(&key).sort
            } else {
                crate::lower::heap_sort(&key)
            };
            let fresh = self.smt.declare("hv", sort);
            st.heap.insert(key, Val { term: fresh, sort });
        }
    }
}
