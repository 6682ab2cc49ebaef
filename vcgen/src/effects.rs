//! Write and read sets: the heap keys a method may change or look at, directly or
//! through its callees.
//!
//! A call that is not inlined (beyond the depth, or recursive) forgets exactly
//! the keys it may write: instance fields (`F.class.field`), static fields
//! (`S.class.field`) and array contents (`A.kind`), and of those only the ones
//! the rest of the entry may read: a key nobody reads afterwards needs no fresh
//! value. Calls are resolved to every implementation they may dispatch to; the
//! sets are closed under calls by a fixpoint over the call graph. A
//! constructor's sets include its class's field initialisers and the superclass
//! constructor its implicit `super()` runs.

use crate::lower::{array_key, field_key, static_key};
use frontend::ir::visit;
use frontend::ir::{Expr, ExprKind, Method, Program, Stmt, StmtKind};
use frontend::Hierarchy;
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

/// A method's identity: class, name and descriptor.
pub type MethodKey = (String, String, String);

/// Every method's write and read sets.
#[derive(Default)]
pub struct Effects {
    writes: HashMap<MethodKey, Arc<BTreeSet<String>>>,
    reads: HashMap<MethodKey, Arc<BTreeSet<String>>>,
    calls: HashMap<MethodKey, Vec<MethodKey>>,
}

/// Keys every array kind shares, for natives that copy into arrays.
pub const ARRAY_KINDS: [&str; 9] = ["z", "b", "s", "c", "i", "j", "f", "d", "ref"];

impl Effects {
    /// Computes the write sets of every method of the program.
    pub fn compute(p: &Program, h: &Hierarchy) -> Effects {
        let mut writes: HashMap<MethodKey, Arc<BTreeSet<String>>> = HashMap::new();
        let mut reads: HashMap<MethodKey, Arc<BTreeSet<String>>> = HashMap::new();
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
                    if let Some((sup, ctor)) = h.implicit_super(c, m) {
                        access.callees.push((
                            sup.name.clone(),
                            ctor.name.clone(),
                            ctor.descriptor.clone(),
                        ));
                    }
                }
                if m.synthetic && !m.is_constructor() && m.param_count == 0 {
                    // A record's accessor reads the field of its name.
                    access.reads.insert(field_key(&c.name, &m.name));
                }
                access.settle_static_reads();
                writes.insert(key.clone(), Arc::new(access.writes));
                reads.insert(key.clone(), Arc::new(access.reads));
                calls.insert(key, access.callees);
            }
        }
        close_under_calls(&mut writes, &calls);
        close_under_calls(&mut reads, &calls);
        Effects {
            writes,
            reads,
            calls,
        }
    }

    /// The keys `body` may write, directly or through the methods it calls.
    pub fn of_stmt(&self, h: &Hierarchy, body: &Stmt) -> BTreeSet<String> {
        let mut access = Access::default();
        scan_stmt(h, body, &mut access);
        let mut keys = access.writes;
        for callee in &access.callees {
            if let Some(writes) = self.writes.get(callee) {
                keys.extend(writes.iter().cloned());
            }
        }
        keys
    }

    /// The methods a method's own code may call (every implementation a call may dispatch
    /// to), without its callees' callees; empty for unknown methods.
    pub fn callees(&self, key: &MethodKey) -> &[MethodKey] {
        self.calls.get(key).map_or(&[], Vec::as_slice)
    }

    /// Every method with the methods its own code may call.
    pub fn calls(&self) -> impl Iterator<Item = (&MethodKey, &Vec<MethodKey>)> {
        self.calls.iter()
    }

    /// The keys a method may write (empty for unknown methods).
    pub fn of(&self, class: &str, name: &str, descriptor: &str) -> impl Iterator<Item = &String> {
        self.writes
            .get(&(class.to_string(), name.to_string(), descriptor.to_string()))
            .into_iter()
            .flat_map(|set| set.iter())
    }

    /// The keys a method may read, directly or through its callees (`None` for unknown
    /// methods: anything).
    pub fn reads(&self, class: &str, name: &str, descriptor: &str) -> Option<&BTreeSet<String>> {
        self.reads
            .get(&(class.to_string(), name.to_string(), descriptor.to_string()))
            .map(|set| &**set)
    }
}

/// Adds to each method's set the sets of its callees, transitively. The call graph's
/// strongly connected components (mutual recursion) are visited callees first (Tarjan's
/// order), so each component's set is the union of its members' own sets and of the
/// finished sets of the components it calls, computed once and shared by its members.
/// (A fixpoint that copied every callee's set into every caller until nothing changed
/// took minutes on `java.util`'s 9,469 methods.)
fn close_under_calls(
    sets: &mut HashMap<MethodKey, Arc<BTreeSet<String>>>,
    calls: &HashMap<MethodKey, Vec<MethodKey>>,
) {
    let mut graph: DiGraph<&MethodKey, ()> = DiGraph::new();
    let mut index: HashMap<&MethodKey, NodeIndex> = HashMap::new();
    for (m, callees) in calls {
        for key in std::iter::once(m).chain(callees) {
            index.entry(key).or_insert_with(|| graph.add_node(key));
        }
    }
    for (m, callees) in calls {
        for c in callees {
            graph.update_edge(index[m], index[c], ());
        }
    }
    let mut closed: HashMap<NodeIndex, Arc<BTreeSet<String>>> = HashMap::new();
    for component in tarjan_scc(&graph) {
        let mut union = BTreeSet::new();
        for &n in &component {
            if let Some(own) = sets.get(graph[n]) {
                union.extend(own.iter().cloned());
            }
            for callee in graph.neighbors(n) {
                if let Some(set) = closed.get(&callee) {
                    union.extend(set.iter().cloned());
                }
            }
        }
        let union = Arc::new(union);
        for &n in &component {
            closed.insert(n, union.clone());
        }
    }
    for (n, set) in closed {
        if let Some(entry) = sets.get_mut(graph[n]) {
            *entry = set;
        }
    }
}

/// What a method's code touches: the keys it writes and reads and the methods it may call.
#[derive(Default)]
struct Access {
    writes: BTreeSet<String>,
    reads: BTreeSet<String>,
    callees: Vec<MethodKey>,
    /// How often each static field is named, and how often as the target of a plain
    /// assignment, which writes it without reading it ([`Access::settle_static_reads`]).
    static_named: BTreeMap<String, (usize, usize)>,
}

impl Access {
    /// Adds to the reads each static field named more often than plainly assigned: an
    /// enum's initialiser that makes its constants (`NUMERATOR = new ...`) reads none of
    /// them, so a method that names one constant needs only that one made.
    fn settle_static_reads(&mut self) {
        for (key, (named, assigned)) in std::mem::take(&mut self.static_named) {
            if named > assigned {
                self.reads.insert(key);
            }
        }
    }
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
    visit::stmt_exprs(body, &mut |e| scan_one(h, e, access));
    collect_ctor_calls(body, &mut access.callees);
}

/// The writes, reads and callees of one expression node, without its parts.
fn scan_one(h: &Hierarchy, e: &Expr, access: &mut Access) {
    let Access {
        writes,
        reads,
        callees,
        static_named,
    } = access;
    // Array contents are read only through an expression of array type.
    if let Some(elem) = e.ty.element() {
        reads.insert(array_key(&elem.erasure()));
    }
    match &e.kind {
        ExprKind::Field { target: None, .. } => {
            if let Some(key) = heap_key(e) {
                static_named.entry(key).or_default().0 += 1;
            }
        }
        ExprKind::Field { .. } => reads.extend(heap_key(e)),
        _ => {}
    }
    match &e.kind {
        ExprKind::Assign { target, op, .. } => {
            if let (None, ExprKind::Field { target: None, .. }) = (op, &target.kind) {
                if let Some(key) = heap_key(target) {
                    static_named.entry(key).or_default().1 += 1;
                }
            }
            writes.extend(heap_key(target));
        }
        ExprKind::IncDec { target, .. } => {
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
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> MethodKey {
        ("A".into(), name.into(), "()V".into())
    }

    fn own(keys: &[&str]) -> Arc<BTreeSet<String>> {
        Arc::new(keys.iter().map(|k| k.to_string()).collect())
    }

    /// The keys `class`'s method `method` reads, after parsing `java`.
    fn reads_of(java: &str, class: &str, method: &str) -> Vec<String> {
        let (p, _) = frontend::parse_sources(&[("A.java", java)]);
        let h = Hierarchy::new(&p);
        let effects = Effects::compute(&p, &h);
        let c = p.classes.iter().find(|c| c.name == class).expect("class");
        let m = c.methods.iter().find(|m| m.name == method).expect("method");
        let reads = effects.reads(class, method, &m.descriptor).expect("known");
        reads
            .iter()
            .filter(|k| k.starts_with("S."))
            .cloned()
            .collect()
    }

    #[test]
    fn a_plain_assignment_writes_a_static_field_without_reading_it() {
        let java = "public class A { static int a, b, c; \
            static void set() { a = 1; b += 1; c = c + 1; } }";
        assert_eq!(reads_of(java, "A", "set"), vec!["S.A.b", "S.A.c"]);
        let made = "public enum E { X, Y; static int first() { return X.ordinal(); } }";
        assert_eq!(
            reads_of(made, "E", "<clinit>"),
            Vec::<String>::new(),
            "an enum's initialiser makes its constants without reading them"
        );
        assert_eq!(reads_of(made, "E", "first"), vec!["S.E.X"]);
    }

    #[test]
    fn sets_close_over_call_chains_and_mutual_recursion() {
        // top -> even <-> odd -> leaf, and even -> unknown (no body: not in the sets).
        let mut sets: HashMap<MethodKey, Arc<BTreeSet<String>>> = [
            (key("top"), own(&["S.A.t"])),
            (key("even"), own(&["F.A.e"])),
            (key("odd"), own(&["F.A.o"])),
            (key("leaf"), own(&["A.i"])),
        ]
        .into_iter()
        .collect();
        let calls: HashMap<MethodKey, Vec<MethodKey>> = [
            (key("top"), vec![key("even")]),
            (key("even"), vec![key("odd"), key("unknown")]),
            (key("odd"), vec![key("even"), key("leaf")]),
            (key("leaf"), vec![]),
        ]
        .into_iter()
        .collect();
        close_under_calls(&mut sets, &calls);
        let names = |m: &str| sets[&key(m)].iter().cloned().collect::<Vec<_>>().join(" ");
        assert_eq!(names("top"), "A.i F.A.e F.A.o S.A.t");
        assert_eq!(names("even"), "A.i F.A.e F.A.o");
        assert_eq!(
            names("odd"),
            names("even"),
            "one set for the recursive pair"
        );
        assert_eq!(names("leaf"), "A.i");
        assert!(
            !sets.contains_key(&key("unknown")),
            "an unknown method stays unknown"
        );
    }
}
