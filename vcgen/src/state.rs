//! The symbolic state at a program point: reachability, locals, fields, statics and arrays.

use crate::smt::{self, Smt, Term};
use std::collections::BTreeMap;

/// A value with the SMT sort that holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Val {
    /// The term.
    pub term: Term,
    /// Its sort.
    pub sort: &'static str,
}

impl Val {
    /// The `null` reference (object 0).
    pub fn null() -> Val {
        Val {
            term: "0".into(),
            sort: "Int",
        }
    }
}

/// Everything the lowering knows at one program point, in passive (single-assignment) form.
#[derive(Debug, Clone)]
pub struct State {
    /// Boolean term: the point is reached (the path condition).
    pub reach: Term,
    /// Locals of each inlined frame, outermost first.
    pub frames: Vec<Vec<Option<Val>>>,
    /// Current heap arrays: instance fields (`F.class.field`), array contents (`A.kind`) and
    /// static fields (`S.class.field`), each by key.
    pub heap: BTreeMap<String, Val>,
    /// True when a loop on the way here stopped at the unrolling bound with iterations
    /// left: the paths that leave it later are not followed.
    pub bounded: bool,
}

impl State {
    /// The state at the start of an entry: reached, no frames, initial heap.
    pub fn start() -> State {
        State {
            reach: "true".into(),
            frames: Vec::new(),
            heap: BTreeMap::new(),
            bounded: false,
        }
    }

    /// True when no execution can be here.
    pub fn dead(&self) -> bool {
        self.reach == "false"
    }

    /// The current frame's locals.
    pub fn locals(&mut self) -> &mut Vec<Option<Val>> {
        if self.frames.is_empty() {
            self.frames.push(Vec::new());
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    /// Sets a local of the current frame.
    pub fn set_local(&mut self, id: u32, v: Val) {
        let locals = self.locals();
        let i = id as usize;
        if locals.len() <= i {
            locals.resize(i + 1, None);
        }
        locals[i] = Some(v);
    }

    /// Reads a local of the current frame.
    pub fn local(&mut self, id: u32) -> Option<Val> {
        self.locals().get(id as usize).cloned().flatten()
    }

    /// The state without the locals of the frames above `depth`: those of the inlined
    /// callees an exception has left.
    pub fn unwound(mut self, depth: usize) -> State {
        self.frames.truncate(depth);
        self
    }

    /// Restricts the path with a condition.
    pub fn assume(&mut self, smt: &mut Smt, cond: &str) {
        let r = smt::and(&[self.reach.clone(), cond.to_string()]);
        self.reach = smt.define("r", "Bool", r);
    }

    /// A copy of the state restricted by a condition.
    pub fn branch(&self, smt: &mut Smt, cond: &str) -> State {
        let mut s = self.clone();
        s.assume(smt, cond);
        s
    }
}

/// Joins states reaching the same point; values that differ get a fresh name equal to each
/// incoming value on the path it came from. `initial` gives the value of a heap key a state
/// has not touched yet.
pub fn join(smt: &mut Smt, states: Vec<State>, initial: &dyn Fn(&str) -> Val) -> Option<State> {
    let mut states: Vec<State> = states.into_iter().filter(|s| !s.dead()).collect();
    match states.len() {
        0 => return None,
        1 => return states.pop(),
        _ => {}
    }
    let reaches: Vec<Term> = states.iter().map(|s| s.reach.clone()).collect();
    let bounded = states.iter().any(|s| s.bounded);
    let reach = smt.define("j", "Bool", smt::or(&reaches));
    let depth = states.iter().map(|s| s.frames.len()).max().unwrap_or(0);
    let mut frames = Vec::with_capacity(depth);
    for f in 0..depth {
        let width = states
            .iter()
            .map(|s| s.frames.get(f).map_or(0, |x| x.len()))
            .max()
            .unwrap_or(0);
        let mut locals = Vec::with_capacity(width);
        for i in 0..width {
            let incoming: Vec<Option<Val>> = states
                .iter()
                .map(|s| s.frames.get(f).and_then(|x| x.get(i)).cloned().flatten())
                .collect();
            locals.push(merge(smt, &reaches, &incoming));
        }
        frames.push(locals);
    }
    // The first state's heap becomes the joined one: most entries are the same on every
    // path, and only those that differ are merged (an entry a path lacks is its initial
    // value there).
    let mut heap = std::mem::take(&mut states[0].heap);
    let others = &states[1..];
    for s in others {
        for k in s.heap.keys() {
            if !heap.contains_key(k) {
                heap.insert(k.clone(), initial(k));
            }
        }
    }
    let on = |s: &State, k: &str| s.heap.get(k).cloned().unwrap_or_else(|| initial(k));
    for (k, v) in heap.iter_mut() {
        let differs = others.iter().any(|s| match s.heap.get(k) {
            Some(w) => w.term != v.term,
            None => initial(k).term != v.term,
        });
        if differs {
            let values: Vec<Val> = std::iter::once(v.clone())
                .chain(others.iter().map(|s| on(s, k)))
                .collect();
            *v = join_values(smt, &reaches, &values);
        }
    }
    Some(State {
        reach,
        frames,
        heap,
        bounded,
    })
}

/// Joins values with their path conditions into one value.
pub fn join_values(smt: &mut Smt, reaches: &[Term], values: &[Val]) -> Val {
    let incoming: Vec<Option<Val>> = values.iter().cloned().map(Some).collect();
    merge(smt, reaches, &incoming).unwrap_or_else(|| values[0].clone())
}

fn merge(smt: &mut Smt, reaches: &[Term], incoming: &[Option<Val>]) -> Option<Val> {
    let first = incoming.iter().flatten().next()?.clone();
    if incoming
        .iter()
        .all(|v| v.as_ref().is_none_or(|v| v.term == first.term))
    {
        return Some(first);
    }
    if incoming.iter().any(|v| v.is_none()) {
        // A local declared on only some paths is out of scope after the join.
        return None;
    }
    // Values of one variable differ in sort only when the frontend could not type one of
    // them (such a value is a reference-sorted unknown): the typed sort wins, and the value
    // of another sort leaves the variable unconstrained on its path.
    let sort = incoming
        .iter()
        .flatten()
        .map(|v| v.sort)
        .find(|s| *s != "Int")
        .unwrap_or(first.sort);
    let name = smt.declare("m", sort);
    for (r, v) in reaches
        .iter()
        .zip(incoming)
        .filter_map(|(r, v)| Some((r, v.as_ref()?)))
    {
        if v.sort == sort {
            smt.assert(&format!("(=> {r} {})", smt::eq(&name, &v.term)));
        }
    }
    Some(Val { term: name, sort })
}
