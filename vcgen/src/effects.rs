//! Write and read sets: the heap keys a method may change or look at, directly or
//! through its callees.
//!
//! A call that is not inlined (beyond the depth, or recursive) forgets exactly
//! the keys it may write: instance fields (`F.class.field`), static fields
//! (`S.class.field`) and array contents (`A.kind`), and of those only the ones
//! the rest of the entry may read: a key nobody reads afterwards needs no fresh
//! value. Calls are resolved to every implementation they may dispatch to; the
//! sets are closed under calls by a fixpoint over the call graph. A
//! constructor's sets include its class's field initialisers.

use crate::lower::{array_key, field_key, static_key};
use crate::visit;
use frontend::ir::{Expr, ExprKind, Method, Program, Stmt, StmtKind};
use frontend::Hierarchy;
use std::collections::{BTreeSet, HashMap};

/// A method's identity: class, name and descriptor.
pub type MethodKey = (String, String, String);

/// Every method's write and read sets.
#[derive(Default)]
pub struct Effects {
    writes: HashMap<MethodKey, BTreeSet<String>>,
    reads: HashMap<MethodKey, BTreeSet<String>>,
}

/// Keys every array kind shares, for natives that copy into arrays.
pub const ARRAY_KINDS: [&str; 9] = ["z", "b", "s", "c", "i", "j", "f", "d", "ref"];

impl Effects {
    /// Computes the write sets of every method of the program.
    pub fn compute(p: &Program, h: &Hierarchy) -> Effects {
        let mut writes: HashMap<MethodKey, BTreeSet<String>> = HashMap::new();
        let mut reads: HashMap<MethodKey, BTreeSet<String>> = HashMap::new();
        let mut calls: HashMap<MethodKey, Vec<MethodKey>> = HashMap::new();
        for c in &p.classes {
            for m in &c.methods {
                let key = (c.name.clone(), m.name.clone(), m.descriptor.clone());
                let mut access = Access::default();
                scan(h, m, &mut access);
                if m.is_constructor() {
                    for s in &c.instance_init {
                        scan_stmt(h, s, &mut access);
                    }
                }
                if m.synthetic && !m.is_constructor() && m.param_count == 0 {
                    // A record's accessor reads the field of its name.
                    access.reads.insert(field_key(&c.name, &m.name));
                }
                writes.insert(key.clone(), access.writes);
                reads.insert(key.clone(), access.reads);
                calls.insert(key, access.callees);
            }
        }
        close_under_calls(&mut writes, &calls);
        close_under_calls(&mut reads, &calls);
        Effects { writes, reads }
    }

    /// The keys a method may write (empty for unknown methods).
    pub fn of(&self, class: &str, name: &str, descriptor: &str) -> impl Iterator<Item = &String> {
        self.writes
            .get(&(class.to_string(), name.to_string(), descriptor.to_string()))
            .into_iter()
            .flatten()
    }

    /// The keys a method may read, directly or through its callees (`None` for unknown
    /// methods: anything).
    pub fn reads(&self, class: &str, name: &str, descriptor: &str) -> Option<&BTreeSet<String>> {
        self.reads
            .get(&(class.to_string(), name.to_string(), descriptor.to_string()))
    }
}

/// Adds to each method's set the sets of its callees, until nothing changes.
fn close_under_calls(
    sets: &mut HashMap<MethodKey, BTreeSet<String>>,
    calls: &HashMap<MethodKey, Vec<MethodKey>>,
) {
    loop {
        let mut changed = false;
        for (m, callees) in calls {
            let mut add = BTreeSet::new();
            for c in callees {
                if let Some(w) = sets.get(c) {
                    add.extend(w.iter().cloned());
                }
            }
            let entry = sets.entry(m.clone()).or_default();
            let before = entry.len();
            entry.extend(add);
            changed |= entry.len() != before;
        }
        if !changed {
            break;
        }
    }
}

/// What a method's code touches: the keys it writes and reads and the methods it may call.
#[derive(Default)]
struct Access {
    writes: BTreeSet<String>,
    reads: BTreeSet<String>,
    callees: Vec<MethodKey>,
}

/// A method's own writes and reads and the methods it may call.
fn scan(h: &Hierarchy, m: &Method, access: &mut Access) {
    if m.annotations.iter().any(|a| a == "Writes") {
        access
            .writes
            .extend(ARRAY_KINDS.iter().map(|k| format!("A.{k}")));
    }
    if let Some(body) = &m.body {
        scan_stmt(h, body, access);
    }
}

/// The writes, reads and callees of one statement.
fn scan_stmt(h: &Hierarchy, body: &Stmt, access: &mut Access) {
    let Access {
        writes,
        reads,
        callees,
    } = access;
    visit::stmt_exprs(body, &mut |e| {
        // Array contents are read only through an expression of array type.
        if let Some(elem) = e.ty.element() {
            reads.insert(array_key(&elem.erasure()));
        }
        if let ExprKind::Field { .. } = &e.kind {
            reads.extend(heap_key(e));
        }
        match &e.kind {
            ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => {
                writes.extend(heap_key(target));
            }
            ExprKind::Call { method, .. } => {
                callees.push((
                    method.class.clone(),
                    method.name.clone(),
                    method.descriptor.clone(),
                ));
                if !method.is_static {
                    for d in h.descendants(&method.class) {
                        if let Some((c, k)) = h.dispatch(&d.name, &method.name, &method.descriptor)
                        {
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
        }
    });
    collect_ctor_calls(body, callees);
}

/// The heap key a field access or array element names: `F.class.field`, `S.class.field`
/// or the element family's `A.kind`.
fn heap_key(place: &Expr) -> Option<String> {
    match &place.kind {
        ExprKind::Field {
            target: Some(_),
            class,
            name,
        } => Some(field_key(class, name)),
        ExprKind::Field {
            target: None,
            class,
            name,
        } => Some(static_key(class, name)),
        ExprKind::ArrayAccess { array, .. } => array.ty.element().map(|e| array_key(&e.erasure())),
        _ => None,
    }
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
