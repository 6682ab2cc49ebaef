//! Write sets: the heap keys a method may change, directly or through its callees.
//!
//! A call that is not inlined (beyond the depth, or recursive) forgets exactly
//! these keys: instance fields (`F.class.field`), static fields
//! (`S.class.field`) and array contents (`A.kind`). Calls are resolved to every
//! implementation they may dispatch to; the sets are closed under calls by a
//! fixpoint over the call graph.

use crate::lower::{array_key, field_key, static_key};
use crate::visit;
use frontend::ir::{ExprKind, Method, Program, Stmt, StmtKind};
use frontend::Hierarchy;
use std::collections::{BTreeSet, HashMap};

/// A method's identity: class, name and descriptor.
pub type MethodKey = (String, String, String);

/// Every method's write set.
#[derive(Default)]
pub struct Effects {
    writes: HashMap<MethodKey, BTreeSet<String>>,
}

/// Keys every array kind shares, for natives that copy into arrays.
pub const ARRAY_KINDS: [&str; 9] = ["z", "b", "s", "c", "i", "j", "f", "d", "ref"];

impl Effects {
    /// Computes the write sets of every method of the program.
    pub fn compute(p: &Program, h: &Hierarchy) -> Effects {
        let mut direct: HashMap<MethodKey, BTreeSet<String>> = HashMap::new();
        let mut calls: HashMap<MethodKey, Vec<MethodKey>> = HashMap::new();
        for c in &p.classes {
            for m in &c.methods {
                let key = (c.name.clone(), m.name.clone(), m.descriptor.clone());
                let (writes, callees) = scan(h, m);
                direct.insert(key.clone(), writes);
                calls.insert(key, callees);
            }
        }
        let mut writes = direct;
        loop {
            let mut changed = false;
            for (m, callees) in &calls {
                let mut add = BTreeSet::new();
                for c in callees {
                    if let Some(w) = writes.get(c) {
                        add.extend(w.iter().cloned());
                    }
                }
                let entry = writes.entry(m.clone()).or_default();
                let before = entry.len();
                entry.extend(add);
                changed |= entry.len() != before;
            }
            if !changed {
                break;
            }
        }
        Effects { writes }
    }

    /// The keys a method may write (empty for unknown methods).
    pub fn of(&self, class: &str, name: &str, descriptor: &str) -> impl Iterator<Item = &String> {
        self.writes
            .get(&(class.to_string(), name.to_string(), descriptor.to_string()))
            .into_iter()
            .flatten()
    }
}

/// A method's own writes and the methods it may call.
fn scan(h: &Hierarchy, m: &Method) -> (BTreeSet<String>, Vec<MethodKey>) {
    let mut writes = BTreeSet::new();
    let mut callees = Vec::new();
    if m.annotations.iter().any(|a| a == "Writes") {
        writes.extend(ARRAY_KINDS.iter().map(|k| format!("A.{k}")));
    }
    let Some(body) = &m.body else {
        return (writes, callees);
    };
    visit::stmt_exprs(body, &mut |e| match &e.kind {
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => match &target.kind {
            ExprKind::Field {
                target: Some(_),
                class,
                name,
            } => {
                writes.insert(field_key(class, name));
            }
            ExprKind::Field {
                target: None,
                class,
                name,
            } => {
                writes.insert(static_key(class, name));
            }
            ExprKind::ArrayAccess { array, .. } => {
                if let Some(elem) = array.ty.element() {
                    writes.insert(array_key(&elem.erasure()));
                }
            }
            _ => {}
        },
        ExprKind::Call { method, .. } => {
            callees.push((
                method.class.clone(),
                method.name.clone(),
                method.descriptor.clone(),
            ));
            if !method.is_static {
                for d in h.descendants(&method.class) {
                    if let Some((c, k)) = h.dispatch(&d.name, &method.name, &method.descriptor) {
                        callees.push((c.name.clone(), k.name.clone(), k.descriptor.clone()));
                    }
                }
            }
        }
        ExprKind::New { method, .. } => {
            callees.push((
                method.class.clone(),
                method.name.clone(),
                method.descriptor.clone(),
            ));
        }
        _ => {}
    });
    collect_ctor_calls(body, &mut callees);
    (writes, callees)
}

fn collect_ctor_calls(s: &Stmt, out: &mut Vec<MethodKey>) {
    match &s.kind {
        StmtKind::CtorCall { method, .. } => out.push((
            method.class.clone(),
            method.name.clone(),
            method.descriptor.clone(),
        )),
        StmtKind::Block(b) => b.iter().for_each(|s| collect_ctor_calls(s, out)),
        _ => {}
    }
}
