//! Statements: control flow with unrolled loops, joins, jumps and handlers.

use crate::accelerate::Beyond;
use crate::kinds;
use crate::lower::{HandlerFrame, JumpFrame, Lower};
use crate::smt::{self, Term};
use crate::state::{self, State, Val};
use frontend::ir::{BinaryOp, Expr, ExprKind, Literal, Span, Stmt, StmtKind, SwitchCase, Type};
use std::collections::BTreeSet;

/// What a jump frame is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JumpKind {
    Loop,
    Switch,
    Label,
}

impl<'p> Lower<'p> {
    /// Joins states with this entry's initial heap values.
    pub fn join(&mut self, states: Vec<State>) -> Option<State> {
        let live: Vec<&State> = states.iter().filter(|s| !s.dead()).collect();
        if live.len() > 1 {
            let keys: std::collections::BTreeSet<&String> =
                live.iter().flat_map(|s| s.heap.keys()).collect();
            let missing: Vec<String> = keys
                .into_iter()
                .filter(|k| live.iter().any(|s| !s.heap.contains_key(*k)))
                .cloned()
                .collect();
            for k in missing {
                self.initial_heap(&k);
            }
        }
        state::join(&mut self.smt, states, &crate::lower::initial_value)
    }

    /// Runs a statement; returns the state after normal completion, if any.
    pub fn exec(&mut self, st: State, s: &'p Stmt) -> Option<State> {
        if st.dead() || self.smt.exhausted() {
            return None;
        }
        if !matches!(s.kind, StmtKind::Block(_)) {
            self.frame_mut().statement_line = s.span.line;
        }
        match &s.kind {
            StmtKind::Block(stmts) => {
                let mut cur = st;
                for s in stmts {
                    cur = self.exec(cur, s)?;
                }
                Some(cur)
            }
            StmtKind::Local { local, init } => {
                let mut st = st;
                if let Some(e) = init {
                    let v = self.eval(&mut st, e);
                    let ty = self
                        .frame()
                        .method
                        .locals
                        .get(*local as usize)
                        .map(|l| l.ty.clone());
                    let v = match ty {
                        Some(t) if t != Type::Unknown => self.fit(v, &t),
                        _ => v,
                    };
                    st.set_local(*local, v);
                }
                Some(st)
            }
            StmtKind::Expr(e) => {
                let mut st = st;
                self.eval(&mut st, e);
                Some(st)
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let mut st = st;
                let c = self.eval_cond(&mut st, cond);
                let t = st.branch(&mut self.smt, &c);
                let f = st.branch(&mut self.smt, &smt::not(&c));
                let t = self.exec(t, then);
                let f = match otherwise {
                    Some(o) => self.exec(f, o),
                    None => Some(f),
                };
                self.join(t.into_iter().chain(f).collect())
            }
            StmtKind::While { cond, body } => self.exec_loop(st, None, Some(cond), body, &[], true),
            StmtKind::DoWhile { body, cond } => {
                self.exec_loop(st, None, Some(cond), body, &[], false)
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                let mut cur = st;
                for i in init {
                    cur = self.exec(cur, i)?;
                }
                self.exec_loop(cur, None, cond.as_ref(), body, update, true)
            }
            StmtKind::ForEach {
                local,
                iterable,
                body,
            } => self.exec_foreach(st, None, *local, iterable, body),
            StmtKind::Labeled { label, body } => self.exec_labeled(st, label, body),
            StmtKind::Break(label) => {
                self.jump(st, label.as_deref(), false);
                None
            }
            StmtKind::Continue(label) => {
                self.jump(st, label.as_deref(), true);
                None
            }
            StmtKind::Return(value) => {
                let mut st = st;
                let v = value.as_ref().map(|e| self.eval(&mut st, e));
                let ret = self.frame().method.ret.clone();
                let v = v.map(|v| {
                    if ret == Type::Unknown || ret == Type::Void {
                        v
                    } else {
                        self.fit(v, &ret)
                    }
                });
                self.frame_mut().returns.push((st, v));
                None
            }
            StmtKind::Throw(e) => {
                let mut st = st;
                let v = self.eval(&mut st, e);
                let fail = smt::eq(&v.term, "0");
                self.check(&mut st, fail, &kinds::NULL_POINTER, e.span);
                let exact = match &e.kind {
                    ExprKind::New { method, .. } => Some(method.class.clone()),
                    _ => None,
                };
                self.throw(st, v.term, &e.ty, exact, e.span);
                None
            }
            StmtKind::Switch {
                selector,
                cases,
                arrow,
            } => self.exec_switch(st, selector, cases, *arrow),
            StmtKind::Try {
                body,
                catches,
                finally,
            } => self.exec_try(st, body, catches, finally.as_deref()),
            StmtKind::Assert { cond, .. } => {
                let mut st = st;
                let c = self.eval_cond(&mut st, cond);
                self.check(&mut st, smt::not(&c), &kinds::ASSERTION, s.span);
                Some(st)
            }
            StmtKind::Synchronized { lock, body } => {
                let mut st = st;
                let l = self.eval(&mut st, lock);
                let fail = smt::eq(&l.term, "0");
                self.check(&mut st, fail, &kinds::NULL_POINTER, lock.span);
                self.exec(st, body)
            }
            StmtKind::CtorCall { method, args, .. } => {
                let mut st = st;
                let this = self.frame().this.clone().unwrap_or_else(|| "0".into());
                let args: Vec<Val> = args.iter().map(|a| self.eval(&mut st, a)).collect();
                self.construct(st, &this, &method.class, &method.descriptor, args, s.span)
            }
            StmtKind::Empty => Some(st),
            StmtKind::Unknown { .. } => {
                let mut st = st;
                self.havoc_frame(&mut st);
                Some(st)
            }
        }
    }

    /// Forgets the current frame's locals (after code the frontend could not model).
    fn havoc_frame(&mut self, st: &mut State) {
        let locals = st.locals().clone();
        for (i, v) in locals.into_iter().enumerate() {
            if let Some(v) = v {
                let fresh = self.smt.declare("h", v.sort);
                st.set_local(
                    i as u32,
                    Val {
                        term: fresh,
                        sort: v.sort,
                    },
                );
            }
        }
    }

    /// The body of a switch expression, a labeled switch whose arms yield by breaking out
    /// of it: the states that yielded, joined. A path that leaves the switch without
    /// yielding is one where no arm of an exhaustive switch matched, which the JVM ends
    /// with an error (`MatchException`, `IncompatibleClassChangeError`) and only a class
    /// compiled separately can take; it is dropped, so that the switch's value is the
    /// yielded one on every path (it was any value wherever an `enum` or sealed switch had
    /// no `default`).
    pub fn exec_yielding(&mut self, st: State, body: &'p Stmt) -> Option<State> {
        let StmtKind::Labeled { label, body } = &body.kind else {
            return self.exec(st, body);
        };
        let (_no_arm_matched, yielded) = self.exec_block_labeled(st, label, body);
        self.join(yielded)
    }

    /// Runs a labeled statement that is not a loop: the state at its normal end and the
    /// states of the `break`s that leave it.
    fn exec_block_labeled(
        &mut self,
        st: State,
        label: &str,
        body: &'p Stmt,
    ) -> (Option<State>, Vec<State>) {
        self.push_jump(Some(label), JumpKind::Label);
        let out = self.exec(st, body);
        let frame = self.pop_jump();
        (out, frame.breaks)
    }

    fn exec_labeled(&mut self, st: State, label: &str, body: &'p Stmt) -> Option<State> {
        match &body.kind {
            StmtKind::While { cond, body } => {
                self.exec_loop(st, Some(label), Some(cond), body, &[], true)
            }
            StmtKind::DoWhile { body, cond } => {
                self.exec_loop(st, Some(label), Some(cond), body, &[], false)
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                let mut cur = st;
                for i in init {
                    cur = self.exec(cur, i)?;
                }
                self.exec_loop(cur, Some(label), cond.as_ref(), body, update, true)
            }
            StmtKind::ForEach {
                local,
                iterable,
                body,
            } => self.exec_foreach(st, Some(label), *local, iterable, body),
            _ => {
                let (out, breaks) = self.exec_block_labeled(st, label, body);
                self.join(out.into_iter().chain(breaks).collect())
            }
        }
    }

    fn push_jump(&mut self, label: Option<&str>, kind: JumpKind) {
        let frame = JumpFrame {
            label: label.map(String::from),
            is_loop: kind == JumpKind::Loop,
            breaks: Vec::new(),
            continues: Vec::new(),
        };
        self.frame_mut()
            .jumps
            .push((frame, kind == JumpKind::Switch).0);
        if kind == JumpKind::Switch {
            if let Some(f) = self.frame_mut().jumps.last_mut() {
                f.label = Some(SWITCH.to_string()).or(f.label.take());
            }
        }
    }

    fn pop_jump(&mut self) -> JumpFrame {
        self.frame_mut().jumps.pop().expect("pushed before")
    }

    fn jump(&mut self, st: State, label: Option<&str>, is_continue: bool) {
        let jumps = &mut self.frame_mut().jumps;
        let target = jumps.iter_mut().rev().find(|f| match label {
            Some(l) => f.label.as_deref() == Some(l),
            None if is_continue => f.is_loop,
            None => f.is_loop || f.label.as_deref() == Some(SWITCH),
        });
        if let Some(t) = target {
            if is_continue {
                t.continues.push(st);
            } else {
                t.breaks.push(st);
            }
        }
    }

    fn exec_loop(
        &mut self,
        st: State,
        label: Option<&str>,
        cond: Option<&'p Expr>,
        body: &'p Stmt,
        update: &'p [Expr],
        cond_first: bool,
    ) -> Option<State> {
        self.push_jump(label, JumpKind::Loop);
        let marks = self.loop_marks();
        let mut bounded = false;
        // The formula's size when the loop went past `--unroll`.
        let mut extended_from = None;
        let mut exits = Vec::new();
        let mut cur = Some(st);
        let mut i = 0;
        while let Some(mut s) = cur.take() {
            let mut goes_on = false;
            if cond_first || i > 0 {
                if let Some(c) = cond {
                    let c = self.eval_cond(&mut s, c);
                    goes_on = c == "true";
                    exits.push(s.branch(&mut self.smt, &smt::not(&c)));
                    s = s.branch(&mut self.smt, &c);
                }
            }
            if !self.unrolls(i, goes_on, &mut extended_from) {
                let beyond = Beyond {
                    cond,
                    body,
                    update,
                    element: None,
                };
                bounded = self.stop_unrolling(s, beyond, &marks, &mut exits);
                break;
            }
            let out = self.exec(s, body);
            let continues = std::mem::take(
                &mut self
                    .frame_mut()
                    .jumps
                    .last_mut()
                    .expect("loop frame")
                    .continues,
            );
            let Some(mut after) = self.join(out.into_iter().chain(continues).collect()) else {
                break;
            };
            for u in update {
                self.eval(&mut after, u);
            }
            cur = Some(after);
            i += 1;
        }
        self.leave_loop(exits, bounded)
    }

    /// True when a loop runs its iteration `i` (counted from 0) exactly: within `--unroll`,
    /// or beyond it while the loop is known to go on (`goes_on`: its condition folds to
    /// true, as a counter does over constant bounds or an array of known length) and the
    /// iterations past `--unroll` (begun when the formula had `extended_from` bytes) grew
    /// it by less than a [`KNOWN_TRIPS_SHARE`]th of its budget. A loop whose bound is known
    /// but large then runs to its end, and the code after it is checked exactly, up to
    /// [`KNOWN_TRIPS_MAX`] iterations; one whose iterations build terms (a division by the
    /// counter of an input each time) stops early, as Z3 cannot solve hundreds of
    /// divisions. Not in static initialisers: every entry that reads a class's statics
    /// runs its initialiser, and filling a table of 256 entries there made commons-lang3's
    /// vcgen stage four times slower.
    fn unrolls(&self, i: u32, goes_on: bool, extended_from: &mut Option<usize>) -> bool {
        if i < self.limits.unroll {
            return true;
        }
        let from = *extended_from.get_or_insert(self.smt.text.len());
        goes_on
            && self.limits.known_ends
            && i < KNOWN_TRIPS_MAX
            && self.smt.text.len() - from < self.smt.budget() / KNOWN_TRIPS_SHARE
            && !self.in_initialiser()
    }

    /// True while a static initialiser runs (the current frame's method or a caller's).
    pub(crate) fn in_initialiser(&self) -> bool {
        self.frames.iter().any(|f| f.method.name == "<clinit>")
    }

    /// In a static initialiser (or a method it calls), the state in which a loop cut at
    /// the unrolling bound (`st`: it would go on) has ended: its locals and whatever its
    /// body may write forgotten, so that the entries reading the class's static fields are
    /// checked (past a loop that fills a table of 256 entries, the initialiser would
    /// otherwise never complete); of an array it fills at its counter, only the elements
    /// its later iterations write ([`Lower::filled_arrays`]). Elsewhere, none: the code
    /// after the loop sees only the exact iterations.
    fn initialiser_goes_on(&mut self, st: &State, beyond: &Beyond<'p, '_>) -> Option<State> {
        if !self.in_initialiser() {
            return None;
        }
        let filled = self.filled_arrays(st, beyond);
        let mut after = st.clone();
        self.havoc_frame(&mut after);
        let kept: BTreeSet<String> = filled.iter().map(|f| f.heap_key()).collect();
        let keys = self
            .effects
            .of_stmt(self.h, beyond.body)
            .into_iter()
            .filter(|k| !kept.contains(k))
            .collect();
        self.havoc_keys(&mut after, keys);
        for f in filled {
            if self.must_forget(&f.heap_key()) {
                self.forget_filled(&mut after, f, FILLED_KEPT);
            }
        }
        Some(after)
    }

    /// Where the goals and returns of the current frame stand as a loop starts.
    fn loop_marks(&self) -> (usize, usize) {
        (self.goals.len(), self.frame().returns.len())
    }

    /// Stops unrolling a loop at `st`, the state in which it goes on (dead when it cannot),
    /// and marks what that leaves unchecked: the goals of its body since `marks` unless an
    /// iteration beyond the unrolled ones checked the body at any later iteration, and
    /// the returns out of it. True when what follows the loop is checked only to the
    /// unrolling bound: it may go on, and no state for its later iterations joins `exits`.
    fn stop_unrolling(
        &mut self,
        st: State,
        beyond: Beyond<'p, '_>,
        marks: &(usize, usize),
        exits: &mut Vec<State>,
    ) -> bool {
        if st.dead() {
            return false;
        }
        let ended = self.initialiser_goes_on(&st, &beyond);
        let covered = ended.is_some();
        exits.extend(ended);
        let unchecked = self.goals.len();
        let checked_later = self.beyond_unrolling(st, &beyond);
        let (goals, returns) = *marks;
        if !checked_later {
            for g in &mut self.goals[goals..unchecked] {
                g.bounded = true;
            }
        }
        for (s, _) in &mut self.frame_mut().returns[returns..] {
            s.bounded = true;
        }
        !covered
    }

    /// Leaves the innermost loop: the states that exit it and those that break out of it,
    /// joined, marked `bounded` when the loop was cut at the unrolling bound.
    fn leave_loop(&mut self, mut exits: Vec<State>, bounded: bool) -> Option<State> {
        let frame = self.pop_jump();
        exits.extend(frame.breaks);
        self.join(exits).map(|s| State {
            bounded: s.bounded || bounded,
            ..s
        })
    }

    fn exec_foreach(
        &mut self,
        st: State,
        label: Option<&str>,
        local: u32,
        iterable: &'p Expr,
        body: &'p Stmt,
    ) -> Option<State> {
        let mut st = st;
        let it = self.eval(&mut st, iterable);
        let fail = smt::eq(&it.term, "0");
        self.check(&mut st, fail, &kinds::NULL_POINTER, iterable.span);
        self.push_jump(label, JumpKind::Loop);
        let marks = self.loop_marks();
        let mut bounded = false;
        // The formula's size when the loop went past `--unroll`.
        let mut extended_from = None;
        let mut exits = Vec::new();
        let mut cur = Some(st);
        let array_elem = iterable.ty.element().cloned();
        // A collection of the JDK model is iterated `size()` times, an array `length` times.
        let size = match (&array_elem, iterable.ty.erasure().class_name()) {
            (None, Some(class)) => cur
                .as_mut()
                .and_then(|s| self.model_size(s, class, &it.term, iterable.span)),
            _ => None,
        };
        // ... and, when the code made it, with its model iterator, whose `next()` may give
        // objects the model made (a map's remembered entries).
        let iterator = match (&size, cur.as_mut()) {
            (Some(_), Some(s)) => self.call_model(
                s,
                &it.term,
                ("iterator", "()Ljava/util/Iterator;"),
                &Type::class("java.util.Iterator"),
                iterable.span,
            ),
            _ => None,
        };
        let mut i = 0;
        while let Some(mut s) = cur.take() {
            let more = match (&array_elem, &size) {
                (Some(_), _) => {
                    let len = self.array_length(&it.term);
                    smt::int_compare(BinaryOp::Lt, &smt::int(i as i32), &len)
                }
                (None, Some(n)) => smt::int_compare(BinaryOp::Lt, &smt::int(i as i32), &n.term),
                (None, None) => self.smt.declare("more", "Bool"),
            };
            exits.push(s.branch(&mut self.smt, &smt::not(&more)));
            s = s.branch(&mut self.smt, &more);
            if !self.unrolls(i, more == "true", &mut extended_from) {
                let beyond = Beyond {
                    cond: None,
                    body,
                    update: &[],
                    element: array_elem.as_ref().map(|_| (local, iterable, &it, i)),
                };
                bounded = self.stop_unrolling(s, beyond, &marks, &mut exits);
                break;
            }
            let made = iterator
                .as_ref()
                .and_then(|iter| self.model_next(&mut s, &iter.term, local, iterable.span));
            let value = match made {
                Some(v) => v,
                None => self.foreach_element(&mut s, local, iterable, &it, &smt::int(i as i32)),
            };
            s.set_local(local, value);
            let out = self.exec(s, body);
            let continues = std::mem::take(
                &mut self
                    .frame_mut()
                    .jumps
                    .last_mut()
                    .expect("loop frame")
                    .continues,
            );
            cur = self.join(out.into_iter().chain(continues).collect());
            i += 1;
        }
        self.leave_loop(exits, bounded)
    }

    /// The next element of a model iterator, when `local` holds a reference: an object the
    /// code made (a map's entry), an element the collection remembers (an `ArrayList`'s
    /// first ones), or any object; of the local's type, as javac's cast there makes it (a
    /// crash site of that cast when reproducing a `ClassCastException`,
    /// [`Lower::element_casts`]).
    /// `None` for a primitive local, which [`Self::foreach_element`] types better. The
    /// loop runs `size()` times, so `next()` does not run out: it runs as set-up code,
    /// whose checks pass.
    fn model_next(&mut self, st: &mut State, iter: &Term, local: u32, span: Span) -> Option<Val> {
        let local_ty = self.frame().method.locals.get(local as usize)?.ty.erasure();
        if local_ty.is_primitive() {
            return None;
        }
        let object = Type::class("java.lang.Object");
        let next = ("next", "()Ljava/lang/Object;");
        let value = self.as_setup(|l| l.call_model(st, iter, next, &object, span))?;
        if let Some(class) = self.allocated.get(&value.term) {
            return self
                .h
                .is_subtype(&Type::class(&class.name), &local_ty)
                .then_some(value);
        }
        if self.element_casts {
            return Some(self.convert_value(st, value, &object, &local_ty, span));
        }
        if local_ty != object {
            if let Some(pred) = self.types.subtype_pred(&local_ty) {
                let v = &value.term;
                st.assume(
                    &mut self.smt,
                    &format!("(=> (not (= {v} 0)) ({pred} (dtype {v})))"),
                );
            }
        }
        Some(value)
    }

    /// The value a for-each loop assigns to `local` at `index`: the element of the array
    /// `iterable` evaluated to, converted to the local's type, or any value of the local's
    /// type for an `Iterable`.
    pub fn foreach_element(
        &mut self,
        st: &mut State,
        local: u32,
        iterable: &'p Expr,
        it: &Val,
        index: &str,
    ) -> Val {
        let element = self
            .frame()
            .method
            .locals
            .get(local as usize)
            .map(|l| l.ty.clone())
            .unwrap_or(Type::Unknown);
        let Some(e) = iterable.ty.element() else {
            return self.fresh_value(&element, false);
        };
        let heap = self.heap(st, &crate::lower::array_key(e));
        let raw = Val {
            term: self.select_element("e", smt::sort(e), &heap.term, &it.term, index),
            sort: smt::sort(e),
        };
        self.convert_value(st, raw, e, &element, iterable.span)
    }

    /// True when the string `s` holds exactly the chars of `literal` (a string switch
    /// compares contents, as `equals` does).
    fn equals_literal(&mut self, st: &State, s: &str, literal: &str) -> Term {
        let value = self.heap(st, &crate::lower::field_key("java.lang.String", "value"));
        let chars = self.heap(st, &crate::lower::array_key(&Type::Char));
        let array = format!("(select {} {s})", value.term);
        let units: Vec<u16> = literal.encode_utf16().collect();
        let mut parts = vec![format!(
            "(= {} {})",
            self.array_length(&array),
            smt::int(units.len() as i32)
        )];
        for (i, u) in units.iter().enumerate() {
            parts.push(format!(
                "(= (select (select {} {array}) {}) {})",
                chars.term,
                smt::int(i as i32),
                smt::bv(*u as i64, 16)
            ));
        }
        self.smt.define("streq", "Bool", smt::and(&parts))
    }

    fn exec_switch(
        &mut self,
        st: State,
        selector: &'p Expr,
        cases: &'p [SwitchCase],
        arrow: bool,
    ) -> Option<State> {
        let mut st = st;
        let sel = self.eval(&mut st, selector);
        let sel = self.fit_known(sel, &selector.ty);
        if !selector.ty.is_primitive() {
            let fail = smt::eq(&sel.term, "0");
            self.check(&mut st, fail, &kinds::NULL_POINTER, selector.span);
        }
        let is_string = selector.ty == Type::string();
        let mut matches: Vec<Term> = Vec::new();
        for case in cases {
            let mut ms = Vec::new();
            for l in &case.labels {
                let v = self.eval(&mut st, l);
                let v = self.fit_known(v, &selector.ty);
                // A selector the frontend could not type meets each label as a value of
                // the label's type.
                let sel = if selector.ty == Type::Unknown {
                    self.fit_known(sel.clone(), &l.ty)
                } else {
                    sel.clone()
                };
                ms.push(match string_label(l).filter(|_| is_string) {
                    Some(text) => self.equals_literal(&st, &sel.term, &text),
                    None if is_string => self.smt.declare("streq", "Bool"),
                    None => smt::eq(&sel.term, &v.term),
                });
            }
            matches.push(smt::or(&ms));
        }
        let any = smt::or(&matches);
        let any = self.smt.define("any", "Bool", any);
        self.push_jump(None, JumpKind::Switch);
        let mut fall: Option<State> = None;
        let mut outs = Vec::new();
        let has_default = cases.iter().any(|c| c.is_default);
        for (case, m) in cases.iter().zip(&matches) {
            let enter = if case.is_default {
                smt::or(&[m.clone(), smt::not(&any)])
            } else {
                m.clone()
            };
            let entry = st.branch(&mut self.smt, &enter);
            let incoming = if arrow {
                Some(entry)
            } else {
                self.join(vec![entry].into_iter().chain(fall.take()).collect())
            };
            let Some(s) = incoming else { continue };
            let mut cur = Some(s);
            for stmt in &case.body {
                cur = match cur {
                    Some(c) => self.exec(c, stmt),
                    None => None,
                };
            }
            if arrow {
                outs.extend(cur);
            } else {
                fall = cur;
            }
        }
        outs.extend(fall);
        if !has_default {
            outs.push(st.branch(&mut self.smt, &smt::not(&any)));
        }
        let frame = self.pop_jump();
        outs.extend(frame.breaks);
        self.join(outs)
    }

    /// Runs `try { body } catch … finally { fin }`. The catch clauses take the exceptions
    /// of the body routed to them, each clause's entries joined into one state. The finally
    /// block runs once on each way out of the try and its catch clauses, the states leaving
    /// that way joined first: normal completion, `return`, `break` and `continue`, an
    /// exception going to an outer handler that catches it, and an exception that no
    /// handler of the inline stack catches (an explicit `throw`, a failing crash site, an
    /// exception leaving an inlined callee: [`Lower::escape`]). After the finally each goes
    /// on its way; an uncaught exception goes on to the next enclosing finally, or ends
    /// its path. A finally catches nothing: a crash site of the body stays a crash.
    fn exec_try(
        &mut self,
        st: State,
        body: &'p Stmt,
        catches: &'p [frontend::ir::Catch],
        finally: Option<&'p Stmt>,
    ) -> Option<State> {
        let depth = self.frames.len();
        let returns_before = self.frame().returns.len();
        let jump_marks: Vec<(usize, usize)> = self
            .frame()
            .jumps
            .iter()
            .map(|j| (j.breaks.len(), j.continues.len()))
            .collect();
        let handler_marks: Vec<Vec<usize>> = self
            .handlers
            .iter()
            .map(|h| h.entries.iter().map(Vec::len).collect())
            .collect();
        if finally.is_some() {
            self.escapes.push(Vec::new());
        }
        self.handlers.push(HandlerFrame {
            catches: catches.iter().map(|c| c.types.clone()).collect(),
            entries: catches.iter().map(|_| Vec::new()).collect(),
        });
        let body_out = self.exec(st, body);
        let handler = self.handlers.pop().expect("pushed before");
        let mut outs: Vec<State> = body_out.into_iter().collect();
        for (catch, entries) in catches.iter().zip(handler.entries) {
            let Some((mut entry, exc)) = self.join_thrown(entries, depth) else {
                continue;
            };
            entry.set_local(catch.local, exc);
            outs.extend(self.exec(entry, &catch.body));
        }
        let joined = self.join(outs);
        let Some(fin) = finally else { return joined };
        let escaped = self.escapes.pop().expect("pushed before");
        let pending: Vec<(State, Option<Val>)> =
            self.frame_mut().returns.drain(returns_before..).collect();
        if !pending.is_empty() {
            let reaches: Vec<Term> = pending.iter().map(|(s, _)| s.reach.clone()).collect();
            let values: Vec<Val> = pending.iter().filter_map(|(_, v)| v.clone()).collect();
            let value = (values.len() == pending.len() && !values.is_empty())
                .then(|| state::join_values(&mut self.smt, &reaches, &values));
            if let Some(s) = self.join(pending.into_iter().map(|(s, _)| s).collect()) {
                if let Some(after) = self.exec(s, fin) {
                    self.frame_mut().returns.push((after, value));
                }
            }
        }
        // Jumps and exceptions for outer handlers that left the try run the finally too.
        for (i, (breaks, continues)) in jump_marks.into_iter().enumerate() {
            let left: Vec<State> = self.frame_mut().jumps[i].breaks.drain(breaks..).collect();
            if let Some(after) = self.finally_on(left, fin) {
                self.frame_mut().jumps[i].breaks.push(after);
            }
            let left: Vec<State> = self.frame_mut().jumps[i]
                .continues
                .drain(continues..)
                .collect();
            if let Some(after) = self.finally_on(left, fin) {
                self.frame_mut().jumps[i].continues.push(after);
            }
        }
        for (hi, marks) in handler_marks.into_iter().enumerate() {
            for (ci, mark) in marks.into_iter().enumerate() {
                let left: Vec<(State, Term)> =
                    self.handlers[hi].entries[ci].drain(mark..).collect();
                let Some((entry, exc)) = self.join_thrown(left, depth) else {
                    continue;
                };
                if let Some(after) = self.exec(entry, fin) {
                    self.handlers[hi].entries[ci].push((after, exc.term));
                }
            }
        }
        // Last, so that a `return` or `break` of the finally on this way is not taken for
        // one of the body's.
        let escaped = escaped.into_iter().map(|s| s.unwound(depth)).collect();
        if let Some(after) = self.finally_on(escaped, fin) {
            let reach = after.reach.clone();
            self.escape(&after, &reach);
        }
        match joined {
            Some(s) => self.exec(s, fin),
            None => None,
        }
    }

    /// Joins the states that raised exceptions for one handler into one state, without the
    /// frames above `depth` (those of the callees the exceptions left), and their exception
    /// objects into one value.
    fn join_thrown(&mut self, entries: Vec<(State, Term)>, depth: usize) -> Option<(State, Val)> {
        let reaches: Vec<Term> = entries.iter().map(|(s, _)| s.reach.clone()).collect();
        let excs: Vec<Val> = entries
            .iter()
            .map(|(_, e)| Val {
                term: e.clone(),
                sort: "Int",
            })
            .collect();
        let states = entries.into_iter().map(|(s, _)| s.unwound(depth)).collect();
        let entry = self.join(states)?;
        let exc = state::join_values(&mut self.smt, &reaches, &excs);
        Some((entry, exc))
    }

    /// Joins the states leaving a try the same way and runs the finally block on them.
    fn finally_on(&mut self, states: Vec<State>, fin: &'p Stmt) -> Option<State> {
        if states.is_empty() {
            return None;
        }
        let joined = self.join(states)?;
        self.exec(joined, fin)
    }

    /// Raises an exception object: to a handler that catches it, or out of the entry
    /// through the enclosing finally blocks.
    /// A `throw` written in the project is a path, not a crash; inside the JDK model an
    /// escaping runtime exception is a crash at the calling line.
    pub fn throw(
        &mut self,
        st: State,
        exc: Term,
        static_ty: &Type,
        exact: Option<String>,
        span: frontend::ir::Span,
    ) {
        let class = exact
            .clone()
            .or_else(|| static_ty.class_name().map(String::from))
            .unwrap_or_default();
        // Checked exceptions of the model are sites only for `dsd reproduce`: `dsd check`
        // reports what the JVM throws unasked, never a documented failure of the JDK.
        let runtime = self.h.is_subclass(&class, "java.lang.RuntimeException");
        let reported = (runtime || self.focused)
            && self.frame().library
            && self.frame().attribution.is_some()
            && !self.setup;
        // With a focus the goal is reaching the throw, before the handlers take their part:
        // one that catches it may throw it again or wrap it (as `Lower::check` does).
        if reported && self.focused {
            self.push_goal(&class, span, st.reach.clone(), st.bounded);
        }
        let mut remaining = st;
        let mut caught_all = false;
        let ty = Type::class(&class);
        'frames: for hi in (0..self.handlers.len()).rev() {
            for ci in 0..self.handlers[hi].catches.len() {
                let catch_types = self.handlers[hi].catches[ci].clone();
                if catch_types.iter().any(|t| self.h.is_subtype(&ty, t)) {
                    self.handlers[hi].entries[ci].push((remaining.clone(), exc.clone()));
                    caught_all = true;
                    break 'frames;
                }
                if exact.is_none() {
                    for t in catch_types.iter().filter(|t| self.h.is_subtype(t, &ty)) {
                        if let Some(pred) = self.types.subtype_pred(t) {
                            let test = format!("({pred} (dtype {exc}))");
                            let taken = remaining.branch(&mut self.smt, &test);
                            self.handlers[hi].entries[ci].push((taken, exc.clone()));
                            remaining.assume(&mut self.smt, &smt::not(&test));
                        }
                    }
                }
            }
        }
        if caught_all || remaining.dead() {
            return;
        }
        if reported && !self.focused {
            self.push_goal(&class, span, remaining.reach.clone(), remaining.bounded);
        }
        let reach = remaining.reach.clone();
        self.escape(&remaining, &reach);
    }

    /// With a focus (`dsd reproduce`), a throwable made in project code is a site of its
    /// class where it is made: a trace's top frame is where its exception was constructed,
    /// by `throw new ...` or by a factory method the `throw` calls, and the focus keeps
    /// the sites of the trace's exception at the trace's line. `dsd check` never reports
    /// the program's own throws.
    pub fn constructed_throwable(&mut self, st: &State, class: &str, span: Span) {
        if !self.focused || self.setup || st.dead() || !self.in_project_code() {
            return;
        }
        if self.h.is_subclass(class, "java.lang.Throwable") {
            self.push_goal(class, span, st.reach.clone(), st.bounded);
        }
    }
}

/// The label given to switch frames so that unlabelled `break` finds them.
const SWITCH: &str = "<switch>";

/// Most iterations of a loop known to go on that are unrolled past `--unroll`.
const KNOWN_TRIPS_MAX: u32 = 1024;

/// How many elements just behind its counter an initialiser's loop cut at the unrolling
/// bound keeps of an array it fills (its later iterations cannot write there): those its
/// unrolled iterations wrote, up to a step of three with the default `--unroll`.
const FILLED_KEPT: u32 = 16;

/// A loop known to go on is unrolled past `--unroll` while those iterations grow the
/// formula by less than this part of its budget.
const KNOWN_TRIPS_SHARE: usize = 32;

/// The text of a string switch label written as a literal.
fn string_label(label: &Expr) -> Option<String> {
    match &label.kind {
        ExprKind::Literal(Literal::String(s)) => Some(s.clone()),
        _ => None,
    }
}
