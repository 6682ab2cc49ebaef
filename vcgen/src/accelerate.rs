//! Loops beyond their unrolling: the body is checked once more, at any later iteration.
//!
//! A loop is unrolled `--unroll` times exactly. A crash that needs a later iteration of a
//! counting loop (the eleventh of `for (i = 0; i <= a.length; i++) a[i] = i` over ten
//! elements, or the thousandth of a loop to 1,000) is found by one more copy of the body,
//! entered at any later iteration (loop acceleration): each counter the loop only steps by
//! a constant (`i++`, `i -= 2`) is `i + k·step` for a fresh iteration count `k ≥ 0`, and
//! the loop condition holds. A counting loop compares its one counter with a bound it does
//! not change (or walks an array with for-each, with no counter of its own), holds no
//! other loop and calls no project method (the JDK model's are fine: `s.charAt(i)`):
//! copies of nested loops multiply, copies of inlined code grow with it, and several
//! counters over one array (`ArrayUtils.swap`'s `i`, `offset1`, `offset2`) made each of
//! the copy's array accesses take seconds to refute; on commons-lang3 every loop getting
//! a copy made the solve stage several times slower. The rest of the state is the one the last unrolled iteration left.
//! Forgetting it instead (every local and heap key the loop writes) was tried: on
//! commons-codec it made the solve stage 35 % slower for 4 more notes, as the buffer
//! positions of its encoders, unconstrained, made most of their array accesses
//! satisfiable and their tests refuted. So the copy stands for the iterations whose other
//! state repeats the last unrolled one: a crash found there may still need inputs that
//! do not reach it, and the run stage's JVM is the judge; the solver prefers models of the
//! exact iterations (`pref!exact`). Only the body's own crashes are wanted from it: what
//! leaves the extra copy (`break`, `return`, an exception, the next iteration) is dropped,
//! so the code after the loop still sees only the exact iterations. Only the loops of the
//! entry itself get the extra copy, not those of the methods it inlines.
//!
//! The same counters serve calls made again in a sequence: the fields a method only steps
//! by a constant, by a parameter or by a parameter's length ([`stepped_fields`]) are
//! stepped for the calls of it made before the one a sequence models
//! (`Lower::repeat_before`).

use crate::lower::{array_key, element_kind, field_key, static_key, Lower};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::visit;
use frontend::ir::{BinaryOp, Expr, ExprKind, Literal, Method, Stmt, StmtKind, Type};
use std::collections::{BTreeMap, BTreeSet};

/// Most iterations past the unrolled ones the extra copy stands for: enough for loops over
/// large arrays, small enough that a counter's step (at most [`STEP_MAX`]) times it cannot
/// overflow.
pub(crate) const ITERATIONS_MAX: i64 = 1 << 20;

/// The largest step of a counter.
const STEP_MAX: i64 = 1024;

/// How a loop, or a method's body, changes one target.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Change {
    /// Only ever stepped by this constant.
    Step(i64),
    /// Only ever increased by this parameter of the method, which its body never assigns
    /// (`pos += len`); never a loop's.
    ByParameter(u32),
    /// Only ever increased by the length of this parameter of the method, an array or a
    /// string its body never assigns (`pos += bytes.length`, `count += text.length()`).
    ByLength(u32),
    /// Anything else.
    Other,
}

/// Where the states leaving a loop body are collected, by length, to drop what the extra
/// copy adds.
struct Outlets {
    returns: usize,
    jumps: Vec<(usize, usize)>,
    handlers: Vec<Vec<usize>>,
    escapes: Vec<usize>,
}

/// A loop stopped at the unrolling bound, as [`Lower::beyond_unrolling`] checks it: its
/// condition, body and update, and for a for-each over an array the local it assigns, the
/// array expression, its value and how many elements the unrolled iterations took.
pub struct Beyond<'p, 'v> {
    /// The loop condition (`None` for a for-each or a loop without one).
    pub cond: Option<&'p Expr>,
    /// The loop body.
    pub body: &'p Stmt,
    /// The update expressions of a `for` loop.
    pub update: &'p [Expr],
    /// For a for-each over an array: local, array expression, array value, elements taken.
    pub element: Option<(u32, &'p Expr, &'v Val, u32)>,
}

impl<'p> Lower<'p> {
    /// Checks the loop's body at an iteration after the unrolled ones, from `st`: the
    /// state in which the loop goes on after the last unrolled iteration. True when the
    /// body was checked there.
    pub fn beyond_unrolling(&mut self, st: State, beyond: &Beyond<'p, '_>) -> bool {
        let Beyond {
            cond,
            body,
            update,
            element,
        } = *beyond;
        // Only the entry's own loops: in inlined callees the extra copies multiply with
        // every level, and a callable callee's loops are checked from its own entry.
        if self.setup || self.frames.len() > 1 || st.dead() {
            return false;
        }
        let changes = local_changes(body, update);
        let counters = changes
            .values()
            .filter(|c| matches!(c, Change::Step(_)))
            .count();
        let counting = match cond {
            Some(c) => counters == 1 && counts(c, &changes),
            None => counters == 0 && element.is_some(),
        };
        if !counting || has_loop(body) || self.calls_project_code(body) {
            return false;
        }
        let guard = self.smt.declare("beyond", "Bool");
        self.beyond.push(guard.clone());
        let mut s = st.branch(&mut self.smt, &guard);
        let iterations = self.smt.declare("k", "(_ BitVec 32)");
        let in_range = smt::and(&[
            format!("(bvsge {iterations} {})", smt::int(0)),
            format!("(bvsle {iterations} {})", smt::int(ITERATIONS_MAX as i32)),
        ]);
        s = s.branch(&mut self.smt, &in_range);
        for (&local, &change) in &changes {
            let Change::Step(step) = change else { continue };
            let Some(old) = s.local(local) else { continue };
            let ty = self
                .frame()
                .method
                .locals
                .get(local as usize)
                .map(|l| &l.ty);
            let stepped = match ty {
                Some(Type::Int) => format!("(bvmul {iterations} {})", smt::int(step as i32)),
                Some(Type::Long) => format!(
                    "(bvmul ((_ sign_extend 32) {iterations}) {})",
                    smt::bv(step, 64)
                ),
                _ => continue,
            };
            let term = self
                .smt
                .define("i", old.sort, format!("(bvadd {} {stepped})", old.term));
            s.set_local(
                local,
                Val {
                    term,
                    sort: old.sort,
                },
            );
        }
        if let Some((local, iterable, array, unrolled)) = element {
            let index = self.smt.define(
                "i",
                "(_ BitVec 32)",
                format!("(bvadd {} {iterations})", smt::int(unrolled as i32)),
            );
            let len = self.array_length(&array.term);
            let more = smt::int_compare(BinaryOp::Lt, &index, &len);
            s = s.branch(&mut self.smt, &more);
            let value = self.foreach_element(&mut s, local, iterable, array, &index);
            s.set_local(local, value);
        }
        if let Some(c) = cond {
            let c = self.eval_cond(&mut s, c);
            s = s.branch(&mut self.smt, &c);
        }
        let outlets = self.outlets();
        let _ = self.exec(s, body);
        self.drop_outlets(&outlets);
        true
    }

    /// True when `body` calls a method or constructor of the project: its inlined code
    /// would be copied too, and on commons-codec an encoder's loop that grows its buffer
    /// through a helper made the copy's queries take seconds each to refute.
    fn calls_project_code(&self, body: &Stmt) -> bool {
        let mut found = false;
        visit::stmt_exprs(body, &mut |e| {
            if let ExprKind::Call { method, .. } | ExprKind::New { method, .. } = &e.kind {
                found |= self.h.class(&method.class).is_some_and(|c| !c.library);
            }
        });
        found
    }

    /// How many states each collector holds now.
    fn outlets(&self) -> Outlets {
        let frame = self.frame();
        Outlets {
            returns: frame.returns.len(),
            jumps: frame
                .jumps
                .iter()
                .map(|j| (j.breaks.len(), j.continues.len()))
                .collect(),
            handlers: self
                .handlers
                .iter()
                .map(|h| h.entries.iter().map(Vec::len).collect())
                .collect(),
            escapes: self.escapes.iter().map(Vec::len).collect(),
        }
    }

    /// Drops the states collected since `outlets`.
    fn drop_outlets(&mut self, outlets: &Outlets) {
        let frame = self.frame_mut();
        frame.returns.truncate(outlets.returns);
        for (j, &(breaks, continues)) in frame.jumps.iter_mut().zip(&outlets.jumps) {
            j.breaks.truncate(breaks);
            j.continues.truncate(continues);
        }
        for (h, lens) in self.handlers.iter_mut().zip(&outlets.handlers) {
            for (entries, &len) in h.entries.iter_mut().zip(lens) {
                entries.truncate(len);
            }
        }
        for (e, &len) in self.escapes.iter_mut().zip(&outlets.escapes) {
            e.truncate(len);
        }
    }
}

/// An array a loop fills at its counter ([`Lower::filled_arrays`]).
pub(crate) struct Filled {
    /// The array's element type.
    elem: Type,
    /// The array object.
    array: Term,
    /// The counter's value where the loop was cut.
    counter: Term,
    /// Whether the counter steps up (later iterations write from it on) or down.
    up: bool,
}

/// Where a filled array is held: a static field (its heap key) or a local.
enum ArrayPlace {
    Static(String),
    Local(u32),
}

/// One element write of a loop at its counter: `place[counter] = ...`.
struct FillWrite {
    place: ArrayPlace,
    elem: Type,
    counter: u32,
    step: i64,
}

impl Filled {
    /// The heap key of the contents of the filled array.
    pub(crate) fn heap_key(&self) -> String {
        array_key(&self.elem)
    }
}

impl<'p> Lower<'p> {
    /// The arrays a loop fills at its counter, as it goes on from `st` past its unrolled
    /// iterations: for each element type the body writes, every element write of that
    /// type is `a[i] = ...` (or `a[i]++`, `a[i] += ...`) with `i` a local the loop only
    /// steps by a constant (not an inner loop's, which starts again each time) and `a` a
    /// static field or a local from before the loop that it does not assign, and nothing
    /// it calls writes arrays of that type. Its later iterations write only elements from
    /// `i` on (down to `i` for a negative step), so those before it keep what the unrolled
    /// iterations wrote (`SQUARES[0]` stays `0` after `for (i = 0; i < 100; i++)
    /// SQUARES[i] = i * i`), and arrays of that type the loop does not fill keep their
    /// contents.
    pub(crate) fn filled_arrays(&mut self, st: &State, beyond: &Beyond<'p, '_>) -> Vec<Filled> {
        if self.calls_project_code(beyond.body) {
            return Vec::new();
        }
        let changes = local_changes(beyond.body, beyond.update);
        let mut declared = Vec::new();
        visit::walk(
            beyond.body,
            &mut |s| {
                if let StmtKind::Local { local, .. } = &s.kind {
                    declared.push(*local);
                }
            },
            &mut |_| {},
        );
        let invariant = |l: &u32| !changes.contains_key(l) && !declared.contains(l);
        // Per element type: the array, counter and step of each write, `None` once one is
        // not of that form.
        let mut writes: BTreeMap<&'static str, Option<Vec<FillWrite>>> = BTreeMap::new();
        let mut assigned_statics = BTreeSet::new();
        let mut called = BTreeSet::new();
        visit::stmt_exprs(beyond.body, &mut |e| {
            let target = match &e.kind {
                ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => target,
                ExprKind::Call { method, .. } | ExprKind::New { method, .. } => {
                    called.extend(
                        self.effects
                            .of(&method.class, &method.name, &method.descriptor)
                            .cloned(),
                    );
                    return;
                }
                _ => return,
            };
            match &target.kind {
                ExprKind::Field {
                    target: None,
                    class,
                    name,
                } => {
                    assigned_statics.insert(static_key(class, name));
                }
                ExprKind::ArrayAccess { array, index } => {
                    let elem = array.ty.element_erasure();
                    let kind = element_kind(&elem);
                    let place = match &array.kind {
                        ExprKind::Field {
                            target: None,
                            class,
                            name,
                        } => Some(ArrayPlace::Static(static_key(class, name))),
                        ExprKind::Local(a) if invariant(a) => Some(ArrayPlace::Local(*a)),
                        _ => None,
                    };
                    let fits = match (&index.without_conversions().kind, place) {
                        (ExprKind::Local(i), Some(place)) if !declared.contains(i) => {
                            match changes.get(i) {
                                Some(&Change::Step(step)) => Some(FillWrite {
                                    place,
                                    elem,
                                    counter: *i,
                                    step,
                                }),
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    let entry = writes.entry(kind).or_insert_with(|| Some(Vec::new()));
                    match (entry.as_mut(), fits) {
                        (Some(list), Some(w)) => list.push(w),
                        _ => *entry = None,
                    }
                }
                _ => {}
            }
        });
        let mut at_cut = st.clone();
        let mut filled = Vec::new();
        for list in writes.into_values().flatten() {
            if list.iter().any(|w| called.contains(&array_key(&w.elem))) {
                continue;
            }
            for w in list {
                let array = match &w.place {
                    ArrayPlace::Static(key) if assigned_statics.contains(key) => None,
                    ArrayPlace::Static(key) => Some(self.heap(st, key).term),
                    ArrayPlace::Local(l) => at_cut.local(*l).map(|v| v.term),
                };
                let counter = at_cut
                    .local(w.counter)
                    .and_then(|v| self.as_index(w.counter, &v.term));
                let (Some(array), Some(counter)) = (array, counter) else {
                    return Vec::new();
                };
                filled.push(Filled {
                    elem: w.elem,
                    array,
                    counter,
                    up: w.step > 0,
                });
            }
        }
        filled
    }

    /// The value `term` of the current frame's `local`, a counter, as an `int` index (a
    /// `char` counter of a table over the ASCII chars widened as Java widens it); `None` for
    /// a `long` one.
    fn as_index(&self, local: u32, term: &str) -> Option<Term> {
        let ty = &self.frame().method.locals.get(local as usize)?.ty;
        matches!(ty, Type::Int | Type::Char | Type::Short | Type::Byte)
            .then(|| smt::convert(term, ty, &Type::Int))
    }

    /// Forgets the elements of `filled`'s array that the loop's later iterations may write,
    /// keeping the `behind` elements just behind its counter, which they cannot: a fresh
    /// array equal to the old one there. (The contents as a `lambda` over the counter kept
    /// every element behind it, but Z3 took ten times as long on a table's goals.)
    pub(crate) fn forget_filled(&mut self, st: &mut State, filled: Filled, behind: u32) {
        let old = self.contents_of(st, &filled.elem, &filled.array);
        let fresh = self.smt.declare(
            "hv",
            &format!("(Array (_ BitVec 32) {})", smt::sort(&filled.elem)),
        );
        let back = if filled.up { "bvsub" } else { "bvadd" };
        for m in 1..=behind {
            let at = format!("({back} {} {})", filled.counter, smt::int(m as i32));
            self.smt
                .assert(&format!("(= (select {fresh} {at}) (select {old} {at}))"));
        }
        self.store_contents(st, &filled.elem, &filled.array, fresh);
        self.filled_tables.push(filled);
    }

    /// Records whether the read of element `idx` of array `arr` is of a forgotten element
    /// of a filled table ([`Lower::forgotten_reads`]).
    pub(crate) fn note_forgotten_read(&mut self, arr: &str, idx: &str) {
        let forgotten: Vec<Term> = self
            .filled_tables
            .iter()
            .map(|f| {
                let later = if f.up { "bvsge" } else { "bvsle" };
                format!("(and (= {arr} {}) ({later} {idx} {}))", f.array, f.counter)
            })
            .collect();
        if !forgotten.is_empty() {
            self.note_forgotten(smt::or(&forgotten));
        }
    }

    /// Records a read of a value the formula forgot, made when `read` holds: the solver
    /// prefers models where none is made (`pref!kept`, [`Lower::forgotten_reads`]).
    pub(crate) fn note_forgotten(&mut self, read: Term) {
        let read = self.smt.define("fr", "Bool", read);
        self.forgotten_reads.push(read);
    }
}

/// How the loop's body and update change each local they assign.
fn local_changes(body: &Stmt, update: &[Expr]) -> BTreeMap<u32, Change> {
    changes(body, update, 0, |target| match target.kind {
        ExprKind::Local(local) => Some(local),
        _ => None,
    })
}

/// The fields a method's own body only ever steps by one constant (`count++`,
/// `position += 2`), by one integral parameter it never assigns (`position += len`) or by
/// the length of one such array or string (`position += bytes.length`), each write the
/// same step: those of the object it is called on, and static ones. A call
/// of it made again with the same arguments steps them again by as much.
pub(crate) fn stepped_fields(m: &Method) -> Vec<(SteppedField, Step)> {
    let Some(body) = &m.body else {
        return Vec::new();
    };
    let owned = |target: &Expr| match &target.kind {
        ExprKind::Field {
            target: None,
            class,
            name,
        } => Some(SteppedField::Static(class.clone(), name.clone())),
        ExprKind::Field {
            target: Some(object),
            class,
            name,
        } if matches!(
            object.without_conversions().kind,
            ExprKind::This { outer: None }
        ) =>
        {
            Some(SteppedField::Own(class.clone(), name.clone()))
        }
        _ => None,
    };
    changes(body, &[], m.param_count, owned)
        .into_iter()
        .filter_map(|(field, change)| match change {
            Change::Step(step) => Some((field, Step::Constant(step))),
            Change::ByParameter(p) if m.params()[p as usize].ty.bits().is_some() => {
                Some((field, Step::Parameter(p)))
            }
            Change::ByLength(p) => Some((field, Step::Length(p))),
            _ => None,
        })
        .collect()
}

/// How much one call steps a field ([`stepped_fields`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// By this constant.
    Constant(i64),
    /// By the value of this parameter (its index).
    Parameter(u32),
    /// By the length of this parameter (its index), an array or a `String`.
    Length(u32),
}

/// A field a method steps ([`stepped_fields`]): by declaring class and name.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum SteppedField {
    /// A field of the object the method is called on.
    Own(String, String),
    /// A static field.
    Static(String, String),
}

impl SteppedField {
    /// The field's heap key.
    pub(crate) fn key(&self) -> String {
        match self {
            SteppedField::Own(class, name) => field_key(class, name),
            SteppedField::Static(class, name) => static_key(class, name),
        }
    }
}

/// How `body` and `update` change each target `key` names (the others are not noted): a
/// target every write steps by the same constant is a counter, and so is one every write
/// increases by the same one of the first `parameters` locals that the body never assigns,
/// or by the length of the same one (an array or a string).
fn changes<K: Ord>(
    body: &Stmt,
    update: &[Expr],
    parameters: u32,
    key: impl Fn(&Expr) -> Option<K>,
) -> BTreeMap<K, Change> {
    let assigned = if parameters > 0 {
        local_changes(body, &[])
    } else {
        BTreeMap::new()
    };
    let parameter = |e: &Expr| match e.without_conversions().kind {
        ExprKind::Local(l) if l < parameters && !assigned.contains_key(&l) => Some(l),
        _ => None,
    };
    let length = |e: &Expr| match &e.without_conversions().kind {
        ExprKind::ArrayLength(a) => parameter(a),
        ExprKind::Call {
            receiver: Some(r),
            method,
            args,
            ..
        } if args.is_empty() && method.class == "java.lang.String" && method.name == "length" => {
            parameter(r)
        }
        _ => None,
    };
    let mut changes: BTreeMap<K, Change> = BTreeMap::new();
    let mut note = |e: &Expr| {
        let (target, change) = match &e.kind {
            ExprKind::IncDec {
                target, increment, ..
            } => (target, Change::Step(if *increment { 1 } else { -1 })),
            ExprKind::Assign {
                target, op, value, ..
            } => {
                let change = match (op, constant(value), parameter(value), length(value)) {
                    (Some(BinaryOp::Add), Some(c), _, _) => Change::Step(c),
                    (Some(BinaryOp::Sub), Some(c), _, _) => Change::Step(-c),
                    (Some(BinaryOp::Add), None, Some(p), _) => Change::ByParameter(p),
                    (Some(BinaryOp::Add), None, None, Some(p)) => Change::ByLength(p),
                    _ => Change::Other,
                };
                (target, change)
            }
            _ => return,
        };
        let Some(k) = key(target) else {
            return;
        };
        let change = match (changes.get(&k), change) {
            (None, c) => c,
            (Some(&old), new) if old == new => new,
            _ => Change::Other,
        };
        changes.insert(k, change);
    };
    visit::stmt_exprs(body, &mut note);
    for u in update {
        visit::expr(u, &mut note);
    }
    changes
        .into_iter()
        .map(|(k, c)| match c {
            Change::Step(s) if s == 0 || s.abs() > STEP_MAX => (k, Change::Other),
            c => (k, c),
        })
        .collect()
}

/// True when a loop condition counts: it compares a counter (a local the loop only steps
/// by a constant) with a bound the loop does not change.
fn counts(cond: &Expr, changes: &BTreeMap<u32, Change>) -> bool {
    let ExprKind::Binary { op, lhs, rhs, .. } = &cond.kind else {
        return false;
    };
    let counter = |e: &Expr| matches!(e.without_conversions().kind, ExprKind::Local(l) if matches!(changes.get(&l), Some(Change::Step(_))));
    matches!(
        op,
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Ne
    ) && (counter(lhs) && fixed(rhs, changes) || counter(rhs) && fixed(lhs, changes))
}

/// True when the loop cannot change `e`'s value: literals, locals it does not assign,
/// fields, array lengths, `length()` and `size()`, and arithmetic over them.
fn fixed(e: &Expr, changes: &BTreeMap<u32, Change>) -> bool {
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::This { .. } => true,
        ExprKind::Local(l) => !changes.contains_key(l),
        ExprKind::ArrayLength(a) => fixed(a, changes),
        ExprKind::Field { target, .. } => target.as_ref().is_none_or(|t| fixed(t, changes)),
        ExprKind::Call {
            receiver: Some(r),
            method,
            args,
            ..
        } => {
            args.is_empty()
                && (method.name == "length" || method.name == "size")
                && fixed(r, changes)
        }
        ExprKind::Binary { op, lhs, rhs, .. } => {
            matches!(
                op,
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Shr
            ) && fixed(lhs, changes)
                && fixed(rhs, changes)
        }
        ExprKind::Convert { expr, .. } => fixed(expr, changes),
        _ => false,
    }
}

/// True when `s` holds a loop: an extra copy of an outer loop's body would hold the inner
/// loop's whole unrolling again, and the copies would multiply.
fn has_loop(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::While { .. }
        | StmtKind::DoWhile { .. }
        | StmtKind::For { .. }
        | StmtKind::ForEach { .. } => true,
        StmtKind::Block(b) => b.iter().any(has_loop),
        StmtKind::If {
            then, otherwise, ..
        } => has_loop(then) || otherwise.as_deref().is_some_and(has_loop),
        StmtKind::Labeled { body, .. } | StmtKind::Synchronized { body, .. } => has_loop(body),
        StmtKind::Switch { cases, .. } => cases.iter().flat_map(|c| &c.body).any(has_loop),
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            has_loop(body)
                || catches.iter().any(|c| has_loop(&c.body))
                || finally.as_deref().is_some_and(has_loop)
        }
        _ => false,
    }
}

/// The value of an integral literal, through conversions.
fn constant(e: &Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Literal(Literal::Int(v)) => Some(i64::from(*v)),
        ExprKind::Literal(Literal::Long(v)) => Some(*v),
        ExprKind::Literal(Literal::Char(v)) => Some(i64::from(*v)),
        ExprKind::Convert { expr, .. } => constant(expr),
        _ => None,
    }
}
