//! Calls: running the targets dispatch picks (`dispatch.rs`), inlining with a depth bound,
//! opaque calls, object creation and constructor chains.

use crate::dispatch::{too_many, DISPATCH_MAX};
use crate::effects::ARRAY_KINDS;
use crate::kinds;
use crate::lower::{array_key, field_key, Frame, Lower};
use crate::smt::{self, Term};
use crate::state::{self, State, Val};
use frontend::ir::{
    Class, Expr, ExprKind, Method, MethodRef, Span, Stmt, StmtKind, Type, UnresolvedCall,
};
use std::collections::BTreeSet;

/// The JDK model's class of intrinsics (see `frontend::jdk`).
const INTRINSICS: &str = "dsd.Intrinsics";

/// Most nested JDK-model frames inlined at once.
const LIBRARY_DEPTH: usize = 3;

/// Most chars of two string keys `Lower::equal_by_value` compares: as many as an input
/// string the solver prefers holds (`pref!small`).
const KEY_CHARS: i32 = 8;

impl<'p> Lower<'p> {
    /// Evaluates a call: receiver and arguments, the null check, then each possible target.
    #[allow(clippy::too_many_arguments)]
    pub fn call(
        &mut self,
        st: &mut State,
        receiver: Option<&'p Expr>,
        method: &'p MethodRef,
        args: &'p [Expr],
        special: bool,
        ty: &Type,
        span: Span,
    ) -> Val {
        let recv = receiver.map(|r| self.eval(st, r));
        let argv: Vec<Val> = args.iter().map(|a| self.eval(st, a)).collect();
        if let (Some(r), Some(rexpr)) = (&recv, receiver) {
            self.check_receiver(st, r, rexpr, span);
        }
        if method.class == INTRINSICS {
            return self.intrinsic(st, method, &argv, ty);
        }
        if method.class == "java.lang.System" && method.name == "arraycopy" {
            self.copy_store_check(st, args, &argv, span);
        }
        let static_class = receiver
            .and_then(|r| r.ty.erasure().class_name().map(String::from))
            .unwrap_or_else(|| method.class.clone());
        let targets = if method.is_static || special || recv.is_none() {
            self.h
                .find_method(&method.class, &method.name, &method.descriptor)
                .into_iter()
                .map(|t| (None, t))
                .collect()
        } else {
            self.dispatch_targets(
                &static_class,
                method,
                &recv.as_ref().map(|r| r.term.clone()).unwrap_or_default(),
            )
        };
        if targets.is_empty() {
            return self.opaque_call(st, None, method, &argv, ty, span);
        }
        if self.element_casts {
            self.bridge_casts(st, &targets, method, &argv, span);
        }
        if too_many(&targets) {
            // The trace says which method this call ran: that one alone, for its types.
            let traced = self.trace_callee(span).and_then(|callee| {
                let mut kept = targets.iter().filter(|(_, (c, _))| c.name == callee);
                let one = kept.next().cloned();
                one.filter(|_| kept.next().is_none())
            });
            if let Some((cond, target)) = traced {
                if let Some(c) = &cond {
                    st.assume(&mut self.smt, c);
                }
                return self.run_targets(
                    st,
                    vec![(None, target)],
                    recv.map(|r| r.term),
                    argv,
                    ty,
                    span,
                );
            }
            self.havoc_dispatched(st, &targets);
            return self.call_result(ty, self.is_jdk_class(&method.class));
        }
        self.run_targets(st, targets, recv.map(|r| r.term), argv, ty, span)
    }

    /// The casts of javac's bridge methods, as crash sites: a target that implements the
    /// called method with narrower parameters (`Integer.compareTo(Integer)` called as
    /// `Comparable.compareTo(Object)`) is entered through a bridge that casts each such
    /// argument, and fails on one of another class. Only when reproducing a
    /// `ClassCastException` ([`Lower::element_casts`]): `dsd check` takes callers to
    /// respect type arguments.
    fn bridge_casts(
        &mut self,
        st: &mut State,
        targets: &[(Option<Term>, (&'p Class, &'p Method))],
        called: &MethodRef,
        argv: &[Val],
        span: Span,
    ) {
        let named: Vec<Term> = targets.iter().filter_map(|(c, _)| c.clone()).collect();
        for (cond, (_, m)) in targets {
            if m.descriptor == called.descriptor {
                continue;
            }
            let selected = match cond {
                Some(c) => c.clone(),
                None => smt::not(&smt::or(&named)),
            };
            for (arg, param) in argv.iter().zip(m.params()) {
                let ty = param.ty.erasure();
                if !ty.is_reference() || ty == Type::object() {
                    continue;
                }
                let fail = smt::and(&[selected.clone(), self.cast_fails(&arg.term, &ty)]);
                self.check(st, fail, &kinds::CLASS_CAST, span);
            }
        }
    }

    /// Runs each target of a call on the branch its dynamic-type condition selects and
    /// joins their results.
    #[allow(clippy::too_many_arguments)]
    fn run_targets(
        &mut self,
        st: &mut State,
        targets: Vec<(Option<Term>, (&'p Class, &'p Method))>,
        this: Option<Term>,
        argv: Vec<Val>,
        ty: &Type,
        span: Span,
    ) -> Val {
        let mut branches = Vec::new();
        let mut rest = st.clone();
        let count = targets.len();
        for (i, (cond, (class, m))) in targets.into_iter().enumerate() {
            let branch = match (&cond, i + 1 == count) {
                (Some(c), false) => {
                    let b = rest.branch(&mut self.smt, c);
                    rest.assume(&mut self.smt, &smt::not(c));
                    b
                }
                _ => rest.clone(),
            };
            let (out, value) = self.invoke(branch, class, m, this.clone(), argv.clone(), ty, span);
            if let Some(o) = out {
                branches.push((o, value));
            }
        }
        let sort = smt::sort(ty);
        if branches.is_empty() {
            st.reach = "false".into();
            return Val {
                term: self.smt.declare("dead", sort),
                sort,
            };
        }
        self.join_valued(st, branches, sort)
    }

    /// The size of the collection `recv`, of static class `class`, when every `size()` it
    /// may run is one of the JDK model's with a body; `None` when one may be another's.
    pub fn model_size(
        &mut self,
        st: &mut State,
        class: &str,
        recv: &Term,
        span: Span,
    ) -> Option<Val> {
        let method = MethodRef {
            class: class.to_string(),
            name: "size".into(),
            descriptor: "()I".into(),
            is_static: false,
        };
        let modelled = |t: Option<(&Class, &Method)>| t.is_some_and(runs_model_body);
        let known = self.allocated.get(recv).map(|c| c.name.clone());
        let all_modelled = match known {
            Some(c) => modelled(self.h.dispatch(&c, "size", "()I")),
            None => self
                .h
                .descendants(class)
                .into_iter()
                .filter(|d| !d.is_abstract() && !d.made_only_where_written())
                .filter(|d| !d.library || d.modifiers.public)
                .all(|d| modelled(self.h.dispatch(&d.name, "size", "()I"))),
        };
        let targets = self.dispatch_targets(class, &method, recv);
        if !all_modelled || targets.is_empty() || targets.len() > DISPATCH_MAX {
            return None;
        }
        if targets.iter().any(|(_, t)| !modelled(Some(*t))) {
            return None;
        }
        Some(self.run_targets(
            st,
            targets,
            Some(recv.clone()),
            Vec::new(),
            &Type::Int,
            span,
        ))
    }

    /// Calls the method `name(descriptor)` without arguments on `recv`, an object the code
    /// allocated, when its class runs the JDK model's body of it (a model collection's
    /// `iterator()`, the iterator's `next()`); `None` otherwise.
    pub fn call_model(
        &mut self,
        st: &mut State,
        recv: &Term,
        (name, descriptor): (&str, &str),
        ty: &Type,
        span: Span,
    ) -> Option<Val> {
        let class = self.allocated.get(recv)?;
        let target = self
            .h
            .dispatch(&class.name, name, descriptor)
            .filter(|&t| runs_model_body(t))?;
        Some(self.run_targets(
            st,
            vec![(None, target)],
            Some(recv.clone()),
            Vec::new(),
            ty,
            span,
        ))
    }

    /// Runs one target: inlined when it has a body and the budget allows, opaque otherwise.
    #[allow(clippy::too_many_arguments)]
    fn invoke(
        &mut self,
        st: State,
        class: &'p Class,
        m: &'p Method,
        this: Option<Term>,
        args: Vec<Val>,
        ty: &Type,
        span: Span,
    ) -> (Option<State>, Val) {
        let mut st = st;
        let body = match (&m.body, m.synthetic && !m.is_constructor()) {
            (Some(b), _) => Some(b),
            _ => None,
        };
        if m.synthetic && !m.is_constructor() && m.param_count == 0 {
            if let Some(t) = &this {
                let heap = self.heap(&st, &field_key(&class.name, &m.name));
                let sort = smt::sort(&m.ret.erasure());
                let v = Val {
                    term: self.select_field("acc", sort, &heap.term, t),
                    sort,
                };
                return (Some(st), v);
            }
        }
        match body {
            Some(body) if self.may_inline(class, m) => {
                let (out, value) = self.inline(st, class, m, this, args, body, span);
                let sort = smt::sort(ty);
                let value = value.unwrap_or_else(|| Val {
                    term: self.smt.declare("void", sort),
                    sort,
                });
                (out, value)
            }
            Some(_) if self.cuts_recursion(m) => (None, self.fresh_value(ty, false)),
            _ => {
                if body.is_some() {
                    self.note_cut_in_setup(&st);
                }
                let v = self.opaque_call(
                    &mut st,
                    Some((class, m)),
                    &MethodRef {
                        class: class.name.clone(),
                        name: m.name.clone(),
                        descriptor: m.descriptor.clone(),
                        is_static: m.modifiers.is_static,
                    },
                    &args,
                    ty,
                    span,
                );
                (Some(st), v)
            }
        }
    }

    /// True when inlining `m` stays within the depth bounds and the recursion limit. The
    /// constructor the harness calls to build an input (the only call it makes through
    /// here: factories and earlier calls are inlined as they are) runs whatever the depth:
    /// without it, a formula shrunk to no inlining built its receiver with every field at
    /// its default, and its tests crashed (or were refuted) on fields the constructor sets.
    fn may_inline(&self, class: &Class, m: &Method) -> bool {
        let active = self.activations(m);
        if active > 0 && self.limits.recursion.is_none_or(|n| active > n) {
            return false;
        }
        if self.setup && self.frames.len() == 1 {
            return true;
        }
        if class.library {
            self.frames.iter().filter(|f| f.library).count() < LIBRARY_DEPTH
        } else {
            (self.frames.iter().filter(|f| !f.library).count() as u32) <= self.limits.inline_depth
        }
    }

    /// True when a constructor on `this` runs by `this(..)` or `super(..)` from the
    /// constructor the harness called to build an input: it runs whatever the depth, as that
    /// one does. Counted as a level of inlining, it left the fields it sets at their defaults
    /// in a formula shrunk to no inlining (commons-lang3's `DiffBuilder`: its receivers had
    /// no style, and all 17 sites' sequence tests were refuted). A constructor already
    /// running (a class that extends itself, in code javac rejects) is not run again.
    fn builds_input(&self, this: &Term, m: &Method) -> bool {
        self.setup
            && self.activations(m) == 0
            && self.frames.len() > 1
            && self.frames[1..]
                .iter()
                .all(|f| f.method.is_constructor() && f.this.as_ref() == Some(this))
    }

    /// Records that set-up code leaves a call of a project method out on `st`'s path
    /// ([`Lower::cut_in_setup`]). Not where no input chooses the path: in a static
    /// initialiser, or on every path (the constructor that builds the receiver).
    fn note_cut_in_setup(&mut self, st: &State) {
        if self.setup && !self.in_initialiser() && st.reach != "true" {
            self.cut_in_setup.push(st.reach.clone());
        }
    }

    /// How many activations of `m` the inlined frames hold.
    fn activations(&self, m: &Method) -> u32 {
        let active = self.frames.iter().filter(|f| std::ptr::eq(f.method, m));
        u32::try_from(active.count()).unwrap_or(u32::MAX)
    }

    /// True when a recursive call of `m` that is not inlined (beyond
    /// [`Limits::recursion`](crate::lower::Limits) or the inlining depth) leaves its path
    /// out, as it does when the limits give a recursion depth.
    fn cuts_recursion(&self, m: &Method) -> bool {
        self.limits.recursion.is_some() && self.activations(m) > 0
    }

    /// Inlines a body: a new frame with the parameters bound, returns joined at the end.
    #[allow(clippy::too_many_arguments)]
    pub fn inline(
        &mut self,
        st: State,
        class: &'p Class,
        m: &'p Method,
        this: Option<Term>,
        args: Vec<Val>,
        body: &'p Stmt,
        span: Span,
    ) -> (Option<State>, Option<Val>) {
        let mut st = st;
        self.push_frame(&mut st, class, m, this, args, span);
        let out = self.exec(st, body);
        self.finish_frame(out)
    }

    /// Pushes an inlined activation, binding the parameters.
    pub fn push_frame(
        &mut self,
        st: &mut State,
        class: &'p Class,
        m: &'p Method,
        this: Option<Term>,
        args: Vec<Val>,
        span: Span,
    ) {
        let caller = self.frames.last();
        // Frames the JVM does not show (the JDK model's, a method reference's) report a
        // crash at the project line that called into them; project code the model calls
        // back (a lambda's body run by `computeIfAbsent`) reports at its own lines.
        let unseen = class.library || class.hides_frames();
        let attribution = match caller {
            Some(c) if c.library && !unseen => None,
            Some(c) if c.library || c.class.hides_frames() && unseen => c.attribution.clone(),
            Some(c) if unseen => Some((
                span,
                c.class.name.clone(),
                format!("{}{}", c.method.name, c.method.descriptor),
            )),
            _ => None,
        };
        let precondition = caller.is_some_and(|c| c.precondition && class.library)
            || m.annotations.iter().any(|a| a == "Precondition");
        let frame = Frame {
            class,
            method: m,
            this,
            jumps: Vec::new(),
            returns: Vec::new(),
            library: class.library,
            attribution,
            precondition,
            statement_line: 0,
            called_at: (span.line, span.end_line),
        };
        self.frames.push(frame);
        st.frames.push(Vec::new());
        for (i, a) in args.into_iter().enumerate() {
            let a = match m.locals.get(i).map(|l| l.ty.clone()) {
                Some(t) if t != Type::Unknown => self.fit(a, &t),
                _ => a,
            };
            st.set_local(i as u32, a);
        }
    }

    /// Pops the innermost activation, joining its normal end and its returns.
    pub fn finish_frame(&mut self, out: Option<State>) -> (Option<State>, Option<Val>) {
        let frame = self.frames.pop().expect("pushed before");
        let mut exits: Vec<(State, Option<Val>)> = frame.returns;
        if let Some(o) = out {
            exits.push((o, None));
        }
        let exits: Vec<(State, Option<Val>)> =
            exits.into_iter().filter(|(s, _)| !s.dead()).collect();
        let reaches: Vec<Term> = exits.iter().map(|(s, _)| s.reach.clone()).collect();
        let values: Vec<Val> = exits.iter().filter_map(|(_, v)| v.clone()).collect();
        let value = (values.len() == exits.len() && !values.is_empty()).then(|| {
            let joined = state::join_values(&mut self.smt, &reaches, &values);
            self.join_allocated(&joined, &values);
            joined
        });
        let joined = self.join(exits.into_iter().map(|(s, _)| s).collect());
        let joined = joined.map(|mut s| {
            s.frames.pop();
            s
        });
        (joined, value)
    }

    /// A call whose body is not inlined: any result of its type, and the fields it may
    /// write forgotten (project code) or nothing changed (the JDK model's natives).
    pub fn opaque_call(
        &mut self,
        st: &mut State,
        target: Option<(&'p Class, &'p Method)>,
        method: &MethodRef,
        args: &[Val],
        ty: &Type,
        span: Span,
    ) -> Val {
        let library = target
            .map(|(c, _)| c.library)
            .unwrap_or_else(|| self.is_jdk_class(&method.class));
        let nullable = target.is_some_and(|(_, m)| m.annotations.iter().any(|a| a == "Nullable"));
        if library {
            self.library_may_throw(st, args, span);
            if let (Some((_, m)), false) = (target, args.is_empty()) {
                let keys = arrays_passed(m.params().iter().map(|p| &p.ty));
                self.havoc_keys(st, keys);
            }
        } else {
            self.havoc_writes(st, method);
        }
        self.call_result(ty, library && !nullable)
    }

    /// The null check of a call's receiver; `this` is never null.
    fn check_receiver(&mut self, st: &mut State, receiver: &Val, expr: &Expr, span: Span) {
        if !matches!(expr.kind, ExprKind::This { .. }) {
            let fail = smt::eq(&receiver.term, "0");
            self.check(st, fail, &kinds::NULL_POINTER, span);
        }
    }

    /// The result of a call whose body is not inlined: nothing for `void`, else any value of
    /// its type.
    fn call_result(&mut self, ty: &Type, non_null: bool) -> Val {
        if *ty == Type::Void {
            return Val {
                term: "false".into(),
                sort: "Bool",
            };
        }
        self.fresh_value(ty, non_null)
    }

    /// An instance call the frontend could not resolve (a JDK method outside the model):
    /// the receiver is dereferenced, arrays passed to it may be written, and the result is
    /// any value of the expected type, non-null when the receiver's class is the JDK's (the
    /// rule for the model's natives). `parts` are the receiver and the arguments.
    pub fn unresolved_call(
        &mut self,
        st: &mut State,
        call: &UnresolvedCall,
        parts: &'p [Expr],
        ty: &Type,
        span: Span,
    ) -> Val {
        let vals: Vec<Val> = parts.iter().map(|p| self.eval(st, p)).collect();
        if let (Some(receiver), Some(expr)) = (vals.first(), parts.first()) {
            self.check_receiver(st, receiver, expr, span);
        }
        self.library_may_throw(st, vals.get(1..).unwrap_or_default(), span);
        let keys = arrays_passed(parts.iter().skip(1).map(|p| &p.ty));
        self.havoc_keys(st, keys);
        self.call_result(ty, self.is_jdk_class(&call.class))
    }

    /// With [`Lower::library_call`], a library call from project code whose body the model
    /// lacks (a method, or a constructor, `super(...)` included) may throw the trace's
    /// exception: a goal at the call, reached and chosen freely,
    /// which only the test's run confirms. A NullPointerException needs one of the
    /// reference arguments `args` null, as the JDK's methods document it.
    fn library_may_throw(&mut self, st: &State, args: &[Val], span: Span) {
        let Some(exception) = self.library_call.map(|c| c.exception) else {
            return;
        };
        if st.dead() || self.setup || !self.in_project_code() {
            return;
        }
        let nulls: Vec<Term> = args
            .iter()
            .filter(|a| a.sort == "Int")
            .map(|a| smt::eq(&a.term, "0"))
            .collect();
        let throws = if exception == kinds::NULL_POINTER.exception() && !nulls.is_empty() {
            smt::or(&nulls)
        } else {
            self.smt.declare("throws", "Bool")
        };
        let goal = smt::and(&[st.reach.clone(), throws]);
        self.push_goal(exception, span, goal, st.bounded);
    }

    /// The meaning of a `dsd.Intrinsics` method.
    fn intrinsic(&mut self, st: &mut State, method: &MethodRef, args: &[Val], ty: &Type) -> Val {
        if let Some(v) = self.reflection(st, &method.name, args) {
            return v;
        }
        match (method.name.as_str(), args) {
            ("arrayLength", [a]) => Val {
                term: format!("(alen {})", a.term),
                sort: "(_ BitVec 32)",
            },
            ("equal", [a, b]) => self.keys_equal(st, &a.term, &b.term),
            ("isNumber", [chars, radix]) => Val {
                term: self.number(st, &chars.term, &radix.term).valid,
                sort: "Bool",
            },
            ("number", [chars, radix]) => Val {
                term: self.number(st, &chars.term, &radix.term).value,
                sort: "(_ BitVec 32)",
            },
            ("digit", [ch, radix]) => Val {
                term: self.digit(&ch.term, &radix.term),
                sort: "(_ BitVec 32)",
            },
            ("charAt", [chars, index]) => {
                let heap = self.heap(st, &crate::lower::array_key(&Type::Char));
                let sort = smt::sort(&Type::Char);
                Val {
                    term: self.select_element("ch", sort, &heap.term, &chars.term, &index.term),
                    sort,
                }
            }
            ("newString", [n]) => self.new_string(st, &n.term),
            ("newString", [chars, from, n]) => {
                let content = self.contents_from(st, &Type::Char, &chars.term, &from.term, false);
                self.new_string_of(st, &n.term, Some(content))
            }
            ("newArray", [like, n]) => self.new_array_like(&like.term, &n.term),
            ("newArray", [like, from, n]) => {
                let copy = self.new_array_like(&like.term, &n.term);
                let elem = ty.element_erasure();
                let content = self.contents_from(st, &elem, &like.term, &from.term, true);
                self.store_contents(st, &elem, &copy.term, content);
                copy
            }
            ("anyObject", [may_be_null]) => {
                let value = self.fresh_value(ty, false);
                let non_null = smt::not(&smt::eq(&value.term, "0"));
                self.smt
                    .assert(&smt::or(&[may_be_null.term.clone(), non_null]));
                value
            }
            ("forgotten", []) => {
                self.note_forgotten(st.reach.clone());
                self.fresh_value(ty, false)
            }
            ("copy", _) => {
                self.havoc_keys(st, arrays_passed([&Type::object()]));
                Val {
                    term: "false".into(),
                    sort: "Bool",
                }
            }
            _ => self.fresh_value(ty, false),
        }
    }

    /// `dsd.Intrinsics.equal`: whether a map finds key `a` under key `b`. The same object
    /// is found and `null` finds only `null`; two different string literals differ in
    /// their chars; with a focus, or when either key is a string literal (`get("total")`),
    /// a string, `Integer`, `Long` or `Character` is equal to an object of its class with
    /// the same chars or value ([`Self::equal_by_value`]) and to no other; any other two
    /// objects may be equal or not. A literal's chars are constants, so comparing with one
    /// costs little; without it a map input holding `"cccccccc"` answered `get("total")`.
    fn keys_equal(&mut self, st: &State, a: &str, b: &str) -> Val {
        let literal = |t: &str| self.literals.values().any(|id| id.to_string() == t);
        let (literal_a, literal_b) = (literal(a), literal(b));
        let term = if literal_a && literal_b {
            smt::eq(a, b)
        } else {
            let same = smt::eq(a, b);
            let either = smt::and(&[smt::not(&smt::eq(a, "0")), smt::not(&smt::eq(b, "0"))]);
            let equals = match either.as_str() {
                "false" => "false".into(),
                _ => {
                    let equals = self.smt.declare("equals", "Bool");
                    if self.focused || literal_a || literal_b {
                        self.equal_by_value(st, a, b, &equals);
                    } else {
                        self.equal_by_length(st, a, b, &equals);
                    }
                    equals
                }
            };
            smt::or(&[same, smt::and(&[either, equals])])
        };
        Val { term, sort: "Bool" }
    }

    /// States what `equals` means when either object is of a value class: `String`
    /// (the same length and chars) and the common boxed keys (the same value), whose
    /// `equals` also requires the other object's class to be the same. Two strings are
    /// compared char by char up to [`KEY_CHARS`]; longer ones are never equal here (the
    /// solver picks keys short). A model whose keys the solver called equal then makes keys
    /// `equals` finds equal on the JVM. In `dsd check` only against a literal: with
    /// any two keys, commons-lang3's `LookupTranslator` constructor, which fills a map in a
    /// loop, timed out (whole arrays compared or eight chars), and lost its error.
    fn equal_by_value(&mut self, st: &State, a: &str, b: &str, equals: &str) {
        let value_heap = self.heap(st, &crate::lower::field_key("java.lang.String", "value"));
        let chars_heap = self.heap(st, &crate::lower::array_key(&Type::Char));
        let (va, vb) = (
            format!("(select {} {a})", value_heap.term),
            format!("(select {} {b})", value_heap.term),
        );
        let len = format!("(alen {va})");
        let mut same_chars = vec![
            smt::eq(&len, &format!("(alen {vb})")),
            format!("(bvsle {len} {})", smt::int(KEY_CHARS)),
        ];
        for i in 0..KEY_CHARS {
            let i = smt::int(i);
            let at = |v: &str| format!("(select (select {} {v}) {i})", chars_heap.term);
            same_chars.push(smt::or(&[
                format!("(bvsge {i} {len})"),
                smt::eq(&at(&va), &at(&vb)),
            ]));
        }
        let mut cases = vec![(Type::string(), smt::and(&same_chars))];
        for boxed in ["java.lang.Integer", "java.lang.Long", "java.lang.Character"] {
            let heap = self.heap(st, &crate::lower::field_key(boxed, "value"));
            let same = smt::eq(
                &format!("(select {} {a})", heap.term),
                &format!("(select {} {b})", heap.term),
            );
            cases.push((Type::class(boxed), same));
        }
        for (ty, same) in cases {
            let id = self.types.id(&ty);
            let (is_a, is_b) = (
                format!("(= (dtype {a}) {id})"),
                format!("(= (dtype {b}) {id})"),
            );
            self.smt.assert(&format!(
                "(and (=> (and {is_a} {is_b}) (= {equals} {same})) (=> (xor {is_a} {is_b}) (not {equals})))"
            ));
        }
    }

    /// What `equals` of two strings needs at least, where [`Lower::equal_by_value`] does
    /// not reach: the same length. Without it a model took two keys of different lengths
    /// for one, so that `Map.get` of a key never put found the value of another and the
    /// test was refuted; comparing chars of every pair of keys timed out (commons-lang3's
    /// `LookupTranslator`; the first char alone, a map filled in a loop from substrings).
    fn equal_by_length(&mut self, st: &State, a: &str, b: &str, equals: &str) {
        let value_heap = self.heap(st, &crate::lower::field_key("java.lang.String", "value"));
        let length = |v: &str| format!("(alen (select {} {v}))", value_heap.term);
        let id = self.types.id(&Type::string());
        self.smt.assert(&format!(
            "(=> (and {equals} (= (dtype {a}) {id}) (= (dtype {b}) {id})) (= {} {}))",
            length(a),
            length(b)
        ));
    }

    /// `new C(args)` (or `outer.new C(args)`): a fresh object with default fields and its
    /// enclosing instance, then its constructor chain.
    pub fn new_object(
        &mut self,
        st: &mut State,
        class: &str,
        descriptor: &str,
        args: Vec<Val>,
        outer: Option<&Term>,
        span: Span,
    ) -> Val {
        self.constructed_throwable(st, class, span);
        let Some(class) = self.h.class(class) else {
            return self.fresh_value(&Type::class(class), true);
        };
        let id = self.alloc();
        self.allocated.insert(id.clone(), class);
        let tid = self.types.id(&Type::class(&class.name));
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        for a in self.h.ancestors(&class.name) {
            let Some(c) = self.h.class(a) else { continue };
            for f in c.fields.iter().filter(|f| !f.modifiers.is_static) {
                let d = smt::default_value(&f.ty.erasure());
                self.store_field(st, &c.name, &f.name, &id, &d);
            }
        }
        if let Some(o) = outer {
            self.store_field(st, &class.name, crate::eval::OUTER_FIELD, &id, o);
        }
        let next = self.construct(st.clone(), &id, &class.name, descriptor, args, span);
        match next {
            Some(s) => *st = s,
            None => st.reach = "false".into(),
        }
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// Runs a constructor on `this`: explicit or implicit `super(...)`, field initialisers,
    /// then the body.
    pub fn construct(
        &mut self,
        st: State,
        this: &Term,
        class: &str,
        descriptor: &str,
        args: Vec<Val>,
        span: Span,
    ) -> Option<State> {
        let Some((class, m)) = self
            .h
            .class(class)
            .and_then(|c| c.method("<init>", descriptor).map(|m| (c, m)))
        else {
            return Some(st);
        };
        if class.library && m.body.is_none() {
            self.library_may_throw(&st, &args, span);
        }
        if !self.builds_input(this, m) && !self.may_inline(class, m) {
            self.note_cut_in_setup(&st);
            return Some(st);
        }
        let mut st = st;
        self.push_frame(&mut st, class, m, Some(this.clone()), args.clone(), span);
        let stmts: &'p [Stmt] = match &m.body {
            Some(Stmt {
                kind: StmtKind::Block(b),
                ..
            }) => b,
            _ => &[],
        };
        // An anonymous class stores what it captured before its `super(...)` (as javac
        // does); in source code the constructor call is always first.
        let explicit = stmts
            .iter()
            .position(|s| matches!(s.kind, StmtKind::CtorCall { .. }));
        let mut cur = Some(st);
        let rest = match explicit {
            Some(at) => {
                for s in &stmts[..=at] {
                    cur = cur.and_then(|c| self.exec(c, s));
                }
                if matches!(stmts[at].kind, StmtKind::CtorCall { is_super: true, .. }) {
                    cur = cur.and_then(|s| self.instance_init(s, class, this));
                }
                &stmts[at + 1..]
            }
            None => {
                if let Some((sup, ctor)) = self.h.implicit_super(class, m) {
                    cur = cur.and_then(|s| {
                        self.construct(s, this, &sup.name, &ctor.descriptor, Vec::new(), span)
                    });
                }
                cur = cur.and_then(|s| self.instance_init(s, class, this));
                stmts
            }
        };
        if m.synthetic && class.kind == frontend::ir::ClassKind::Record {
            if let Some(s) = cur.as_mut() {
                for (i, f) in class
                    .fields
                    .iter()
                    .filter(|f| !f.modifiers.is_static)
                    .enumerate()
                {
                    if let Some(a) = args.get(i) {
                        self.store_field(s, &class.name, &f.name, this, &a.term);
                    }
                }
            }
        }
        for s in rest {
            cur = match cur {
                Some(c) => self.exec(c, s),
                None => None,
            };
        }
        self.finish_frame(cur).0
    }

    /// Runs the class's field initialisers and initialiser blocks on `this`.
    fn instance_init(&mut self, st: State, class: &'p Class, this: &Term) -> Option<State> {
        if class.instance_init.is_empty() {
            return Some(st);
        }
        let Some(ctor) = class.methods.iter().find(|m| m.is_constructor()) else {
            return Some(st);
        };
        let mut st = st;
        self.push_frame(
            &mut st,
            class,
            ctor,
            Some(this.clone()),
            Vec::new(),
            Span::default(),
        );
        let mut cur = Some(st);
        for s in &class.instance_init {
            cur = match cur {
                Some(c) => self.exec(c, s),
                None => None,
            };
        }
        self.finish_frame(cur).0
    }
}

/// The array-content heaps a library method may write through arguments of these
/// static types: an array's own element family, every family for `Object` (any array
/// may be passed), none for other references, primitives and values the frontend could
/// not type (JDK methods that fill arrays declare array parameters).
fn arrays_passed<'t>(types: impl IntoIterator<Item = &'t Type>) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for ty in types {
        match ty.erasure() {
            Type::Array(elem) => {
                keys.insert(array_key(&elem));
            }
            t if t == Type::object() => {
                keys.extend(ARRAY_KINDS.iter().map(|k| format!("A.{k}")));
            }
            _ => {}
        }
    }
    keys
}

/// True when a call target is a method of the JDK model with a body: its contract runs.
fn runs_model_body((class, method): (&Class, &Method)) -> bool {
    class.library && method.body.is_some()
}
