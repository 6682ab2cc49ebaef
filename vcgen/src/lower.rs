//! The lowering context: frames of inlined calls, handlers, crash sites and the heap model.

use crate::kinds::{self, Kind};
use crate::range::Range;
use crate::sites::Site;
use crate::smt::{self, Smt, Term};
use crate::state::{State, Val};
use crate::types::TypeTable;
use frontend::ir::{BinaryOp, Class, Method, Program, Span, Type};
use frontend::Hierarchy;
use std::collections::BTreeMap;

/// Settings that shape the lowering.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Loop unrolling depth.
    pub unroll: u32,
    /// Depth of call inlining for project methods.
    pub inline_depth: u32,
    /// Most calls a sequence makes before the entry (its chain's length for the variant
    /// lowered, one for the others).
    pub calls: u32,
    /// True when a loop known to go on runs past `unroll` to its end (`Lower::unrolls`).
    pub known_ends: bool,
    /// Recursive calls: `None`, not inlined (any result, its writes forgotten); `Some(n)`,
    /// inlined while a method has at most `n` activations already and the inlining depth
    /// allows, and a path that recurses further is left out, so that every model follows
    /// the code exactly (`dsd reproduce`).
    pub recursion: Option<u32>,
}

impl Limits {
    /// The next smaller limits for a formula that outgrew its budget: loops cut at the
    /// unrolling bound even where their end is known, then unrolled once less down to one
    /// iteration, then a sequence one call shorter down to one call, then calls inlined one
    /// level less down to none; `None` at the smallest. A sequence loses calls before its
    /// calls lose their inner calls: a model through a call whose inner calls were left out
    /// proves nothing (an argument's sequence must run whole), and commons-codec's
    /// `readResults` crash after one `decode` was lost to the four-call sequence that
    /// inlined less.
    pub fn smaller(&self) -> Option<Limits> {
        let mut next = self.clone();
        if next.known_ends {
            next.known_ends = false;
        } else if next.unroll > 1 {
            next.unroll -= 1;
        } else if next.calls > 1 {
            next.calls -= 1;
        } else if next.inline_depth > 0 {
            next.inline_depth -= 1;
        } else {
            return None;
        }
        Some(next)
    }

    /// The step back up towards `top` that [`Limits::smaller`] took down; `None` at `top`.
    pub fn larger(&self, top: &Limits) -> Option<Limits> {
        let mut next = self.clone();
        if next.inline_depth < top.inline_depth {
            next.inline_depth += 1;
        } else if next.calls < top.calls {
            next.calls += 1;
        } else if next.unroll < top.unroll {
            next.unroll += 1;
        } else if !next.known_ends && top.known_ends {
            next.known_ends = true;
        } else {
            return None;
        }
        Some(next)
    }
}

/// A loop or labelled statement that `break` and `continue` can leave.
pub struct JumpFrame {
    /// The label, if any.
    pub label: Option<String>,
    /// True for loops (targets of unlabelled break/continue).
    pub is_loop: bool,
    /// States leaving by `break`.
    pub breaks: Vec<State>,
    /// States leaving by `continue`.
    pub continues: Vec<State>,
}

/// One inlined method activation.
pub struct Frame<'p> {
    /// The class whose code runs.
    pub class: &'p Class,
    /// The method whose code runs.
    pub method: &'p Method,
    /// The receiver, for instance methods and constructors.
    pub this: Option<Term>,
    /// Enclosing loops and labels.
    pub jumps: Vec<JumpFrame>,
    /// States leaving by `return`, with the returned value.
    pub returns: Vec<(State, Option<Val>)>,
    /// True when the code is the JDK model.
    pub library: bool,
    /// Where crashes inside library code are reported: the project line that called it.
    pub attribution: Option<(Span, String, String)>,
    /// True inside a `@Precondition` library method.
    pub precondition: bool,
    /// First line of the statement running in this frame (0 before the first one).
    pub statement_line: u32,
    /// The first and last line of the call that made this frame, in its caller (0 for
    /// the entry).
    pub called_at: (u32, u32),
}

/// A `try` whose handlers collect the states of exceptions raised in its body.
pub struct HandlerFrame {
    /// Caught types of each catch clause.
    pub catches: Vec<Vec<Type>>,
    /// States entering each catch clause, with the exception object.
    pub entries: Vec<Vec<(State, Term)>>,
}

/// A crash goal: the site, and the condition under which it is reached and fails.
pub struct Goal {
    /// Site id.
    pub site: String,
    /// Boolean term.
    pub term: Term,
    /// True when the goal covers only the paths through loops that end within the
    /// unrolling bound: later iterations (or paths after them) are not checked.
    pub bounded: bool,
    /// How many methods a test could call lie between the entry and the site's method
    /// (inlined project frames other than the first and the last that are not private).
    pub callers_between: usize,
}

/// The library call a trace shows its exception escaping, at the crash's line (`dsd
/// reproduce` of a trace whose top frames are a library's).
#[derive(Debug, Clone, Copy)]
pub struct LibraryCall<'p> {
    /// The trace's exception, which a call the model has no body for may throw there.
    pub exception: &'p str,
    /// The class of the library method the crash's frame called: a virtual call there with
    /// too many targets to follow runs its method ([`Lower::trace_callee`]).
    pub callee: &'p str,
    /// The crash's line.
    pub line: u32,
}

/// The lowering of one entry harness into SMT text and goals.
pub struct Lower<'p> {
    /// The program.
    pub p: &'p Program,
    /// Its hierarchy.
    pub h: &'p Hierarchy<'p>,
    /// Limits.
    pub limits: Limits,
    /// Commands emitted so far.
    pub smt: Smt,
    /// Dynamic type ids.
    pub types: TypeTable,
    /// Sites found (shared across entries).
    pub sites: BTreeMap<String, Site>,
    /// Goals for this entry.
    pub goals: Vec<Goal>,
    /// Inline stack.
    pub frames: Vec<Frame<'p>>,
    /// Handler stack across frames.
    pub handlers: Vec<HandlerFrame>,
    /// The states leaving by an exception that no handler of the inline stack catches, one
    /// collector per enclosing `try` with a `finally` (innermost last), across frames.
    pub escapes: Vec<Vec<State>>,
    /// Counter for fresh object ids (negative).
    pub allocs: i64,
    /// The class of each object the code allocates, by its id: a call on it runs that
    /// class's method.
    pub allocated: std::collections::HashMap<Term, &'p Class>,
    /// The classes a value joined from objects the code allocated, of more than one class,
    /// may be (an input the harness chose among its candidates): a call on it runs one of
    /// their methods, whatever other classes implement it.
    pub allocated_among: std::collections::HashMap<Term, Vec<&'p Class>>,
    /// The classes whose static initialiser the entry ran.
    pub initialised: std::collections::HashSet<String>,
    /// The object standing for each enum constant an input is, by enum and constant, when
    /// the entry did not run the enum's initialiser.
    pub enum_objects: std::collections::HashMap<(String, String), Term>,
    /// Source lines of project files, for site reports.
    pub lines: &'p dyn Fn(u32, u32) -> String,
    /// Interned string literals: their UTF-16 units to object ids.
    pub literals: std::collections::HashMap<String, i64>,
    /// True while the harness builds an input or makes its set-up call: that code must
    /// complete normally.
    pub setup: bool,
    /// Invariants inferred from the project's tests, if any.
    pub specs: Option<&'p invariants::InvariantsFile>,
    /// What each method may write, for calls that are not inlined.
    pub effects: &'p crate::effects::Effects,
    /// The parameter graph of the entry's package.
    pub graph: &'p crate::param_graph::ParamGraph<'p>,
    /// Sizes of the arrays the entry allocates: a test is more useful when they are small.
    pub allocation_sizes: Vec<Term>,
    /// The guards of the loop iterations checked beyond the unrolled ones
    /// ([`crate::accelerate`]): a test is more likely to crash when none is taken.
    pub beyond: Vec<Term>,
    /// The tables a static initialiser's loop filled past its unrolling, each with the
    /// counter from which its elements are forgotten.
    pub filled_tables: Vec<crate::accelerate::Filled>,
    /// For each element read of such a table, and each value of a map entry the JDK model
    /// forgot (`dsd.Intrinsics.forgotten`): whether it was read. A test is more likely to
    /// crash when none was (`1000 / SQUARES[i]` at `i = 0`, not past the unrolled
    /// iterations, where the element is any value; `a / codes.get(op)` with `op` the key
    /// of a remembered entry, not one the map may hold among those it forgot).
    pub forgotten_reads: Vec<Term>,
    /// The array objects whose contents are a copy from an offset, which states only its
    /// first elements ([`Lower::contents_from`]).
    pub copied_arrays: Vec<Term>,
    /// For each element read through an address the lowering lost: whether it read an
    /// element of a copy the query does not state. A test is more likely to crash when
    /// none did (a line cut from a text read past its second char is any chars).
    pub unstated_reads: Vec<Term>,
    /// The paths on which set-up code (building an input, a call made first) called a
    /// project method it could not inline: what that method checks is not in the formula,
    /// so a test is more likely to get past its set-up when none is taken.
    pub cut_in_setup: Vec<Term>,
    /// Pre-state heap arrays read or written by the entry.
    pub initial_used: std::collections::BTreeSet<String>,
    /// Array types the project casts to or tests with `instanceof`: candidate runtime
    /// types for inputs declared as `Object`.
    pub cast_targets: Vec<Type>,
    /// While the entry itself runs: the heap keys it may still read (its read set), so
    /// that a call which is not inlined forgets only those; `None` (everything) while the
    /// harness builds the inputs.
    pub relevant: Option<&'p std::collections::BTreeSet<String>>,
    /// `dsd reproduce`: each call the trace shows, from the one in the crash's caller out
    /// to the one in the entry; only crashes reached through calls on those lines are
    /// goals. Empty: every crash is.
    pub trace_calls: &'p [crate::TraceCall],
    /// `dsd reproduce`: models must follow the code exactly even where that costs the
    /// solver more than `dsd check` can spend on every site: input strings prefer
    /// printable ASCII (with it, commons-lang3's harder preludes got other models within
    /// the budget, and two errors were lost), and map keys are equal by value.
    pub focused: bool,
    /// `dsd reproduce` of a `ClassCastException`: the casts javac inserts where an element
    /// of a generic collection is read are crash sites (in `dsd check` a caller is taken to
    /// respect the type arguments), and the lists a harness fills may hold any objects.
    pub element_casts: bool,
    /// `dsd reproduce` of a trace whose exception escaped a library method called at the
    /// crash's line: that call, as the trace shows it.
    pub library_call: Option<LibraryCall<'p>>,
    /// Which preconditions of the entry its query names ([`crate::contract`]).
    pub contract_rules: crate::contract::Rules,
    /// Who may call the project's methods ([`crate::contract::Audience`]).
    pub audience: &'p crate::contract::Audience<'p>,
    /// The preconditions named so far: the entry's and those of the calls its harness
    /// makes to build inputs.
    pub contracts: Vec<crate::contract::Contract>,
    /// `dsd reproduce` beyond the project's usage: the inferred invariants are not assumed
    /// but named here, one Boolean each, for the solver to keep as many as it can; `None`:
    /// they are assumed.
    pub usage: Option<Vec<Term>>,
    /// Checks decided at lowering time: their failure condition folded to `false`.
    pub folded: usize,
    /// Literal lengths of the arrays the entry allocated, by object id.
    pub known_lengths: std::collections::HashMap<Term, Term>,
    /// The `parseInt` formulas stated, by chars heap, array and radix ([`Lower::number`]).
    pub numbers: std::collections::HashMap<(Term, Term, Term), crate::number::Parsed>,
    /// How the heap arrays were written, so that reads at known addresses fold.
    pub writes: crate::reads::Writes,
    /// Ranges of the integral terms known to be narrower than their type (see [`crate::range`]).
    pub ranges: std::collections::HashMap<Term, crate::range::Range>,
    /// Names the inferred invariants mention: fields they constrain after a call must be
    /// forgotten by it even when the entry never reads them.
    pub spec_names: &'p std::collections::HashSet<String>,
}

/// Name prefix of a fresh reference ([`Lower::fresh_value`]): `null` or an object above
/// [`OUTSIDE`].
pub const FRESH_OBJECT: &str = "o";

/// Object ids above this one are never allocated nor interned by the lowering: a fresh
/// reference is `null` or one of them.
pub const OUTSIDE: i64 = 1_000_000;

/// Key of an instance field's heap array.
pub fn field_key(class: &str, name: &str) -> String {
    format!("F.{class}.{name}")
}

/// Key of a static field.
pub fn static_key(class: &str, name: &str) -> String {
    format!("S.{class}.{name}")
}

/// Key of the contents heap for arrays with this element type.
pub fn array_key(element: &Type) -> String {
    format!("A.{}", element_kind(element))
}

/// The element family that shares one contents heap.
pub fn element_kind(element: &Type) -> &'static str {
    match element {
        Type::Boolean => "z",
        Type::Byte => "b",
        Type::Short => "s",
        Type::Char => "c",
        Type::Int => "i",
        Type::Long => "j",
        Type::Float => "f",
        Type::Double => "d",
        _ => "ref",
    }
}

impl<'p> Lower<'p> {
    /// The innermost frame.
    pub fn frame(&self) -> &Frame<'p> {
        self.frames
            .last()
            .expect("lowering always runs inside a frame")
    }

    /// Whether the innermost frame runs project code (not the JDK model's, and not the
    /// harness before any frame is entered).
    pub fn in_project_code(&self) -> bool {
        self.frames.last().is_some_and(|f| !f.library)
    }

    /// The innermost frame, mutably.
    pub fn frame_mut(&mut self) -> &mut Frame<'p> {
        self.frames
            .last_mut()
            .expect("lowering always runs inside a frame")
    }

    /// The current value of a heap key.
    pub fn heap(&mut self, st: &State, key: &str) -> Val {
        match st.heap.get(key) {
            Some(v) => v.clone(),
            None => self.initial_heap(key),
        }
    }

    /// Reads field array `heap` at object `obj` as a term named with `prefix`: the value
    /// the entry wrote there when the address is known ([`crate::reads`]).
    pub fn select_field(
        &mut self,
        prefix: &str,
        sort: &'static str,
        heap: &str,
        obj: &str,
    ) -> Term {
        let term = match self.writes.read_field(heap, obj) {
            crate::reads::Read::Known(value) => value,
            crate::reads::Read::From(array) => format!("(select {array} {obj})"),
        };
        self.name_read(prefix, sort, term)
    }

    /// Reads element `idx` of array `arr` in contents heap `heap`: the value the entry
    /// wrote or stated there when the address is known ([`crate::reads`]).
    pub fn select_element(
        &mut self,
        prefix: &str,
        sort: &'static str,
        heap: &str,
        arr: &str,
        idx: &str,
    ) -> Term {
        let term = match self.writes.read_element(heap, arr, idx) {
            Some(folded) => folded,
            None => {
                self.note_unstated_read(arr, idx);
                format!("(select (select {heap} {arr}) {idx})")
            }
        };
        self.name_read(prefix, sort, term)
    }

    /// Records whether the read of element `idx` of array `arr`, through an address the
    /// lowering lost, is of an element of a copy the query does not state
    /// ([`Lower::unstated_reads`]).
    fn note_unstated_read(&mut self, arr: &str, idx: &str) {
        let unstated: Vec<Term> = self
            .copied_arrays
            .iter()
            .map(|copy| {
                format!(
                    "(and (= {arr} {copy}) (bvsge {idx} {}))",
                    smt::int(crate::eval::COPY_STATED)
                )
            })
            .collect();
        if !unstated.is_empty() {
            let read = self.smt.define("ur", "Bool", smt::or(&unstated));
            self.unstated_reads.push(read);
        }
    }

    /// Names a value read from the heap, unless it is a literal: a literal object id
    /// stays one, so that what is known of that object (its length) is found by it.
    fn name_read(&mut self, prefix: &str, sort: &'static str, term: Term) -> Term {
        if crate::fold::is_literal(&term) {
            return term;
        }
        self.smt.define(prefix, sort, term)
    }

    /// States in the query that `(select array at)` is `value`, and remembers it so that
    /// reads there fold ([`crate::reads`]).
    pub fn state_value(&mut self, array: &str, at: &str, value: &str) {
        self.smt
            .assert(&format!("(= (select {array} {at}) {value})"));
        self.writes.state(array, at, value);
    }

    /// The pre-state value of a heap key, declared in the query when first used.
    pub fn initial_heap(&mut self, key: &str) -> Val {
        if !key.starts_with("S.") {
            self.initial_used.insert(key.to_string());
        }
        initial_value(key)
    }

    /// Declarations of the pre-state heap arrays the entry used.
    pub fn initial_declarations(&self) -> String {
        self.initial_used
            .iter()
            .map(|k| format!("(declare-const {} {})\n", smt::symbol(k), heap_sort(k)))
            .collect()
    }

    /// True when a call that is not inlined must give `key` a fresh value: the entry may
    /// read it later, or its value is read by the JDK model, an enclosing-instance link or an
    /// invariant.
    pub fn must_forget(&self, key: &str) -> bool {
        let Some(relevant) = self.relevant else {
            return true;
        };
        if relevant.contains(key) {
            return true;
        }
        let Some((class, field)) = key
            .strip_prefix("F.")
            .or_else(|| key.strip_prefix("S."))
            .and_then(|k| k.rsplit_once('.'))
        else {
            return false;
        };
        field == crate::eval::OUTER_FIELD
            || self.spec_names.contains(field)
            || self.is_jdk_class(class)
    }

    /// True for a class of the JDK model, or one the program does not define (the JDK's).
    pub fn is_jdk_class(&self, name: &str) -> bool {
        self.h.class(name).is_none_or(|c| c.library)
    }

    /// The length of an array object: its literal size when the entry allocated it with one,
    /// else `(alen a)`.
    pub fn array_length(&self, array: &str) -> Term {
        match self.known_lengths.get(array) {
            Some(len) => len.clone(),
            None => format!("(alen {array})"),
        }
    }

    /// The range of an integral term of type `ty`: a literal's value, the range recorded
    /// for the term, or every value of the type.
    pub fn range(&self, term: &str, ty: &Type) -> Option<Range> {
        let whole = Range::of_type(ty)?;
        if let Some((value, width)) = crate::fold::bv_literal(term) {
            let point = match ty {
                Type::Char => i128::from(value),
                _ => crate::fold::signed(value, width),
            };
            return Some(Range::point(point));
        }
        Some(self.ranges.get(term).copied().unwrap_or(whole))
    }

    /// Records the range of a new integral term of type `ty`, when it is narrower than the type's.
    pub fn record_range(&mut self, term: &str, range: Range, ty: &Type) {
        if Range::of_type(ty).is_some_and(|whole| range != whole) && !crate::fold::is_literal(term)
        {
            self.ranges.insert(term.to_string(), range);
        }
    }

    /// Whether the ranges of two integral terms of type `ty` decide the comparison `l op r`.
    pub fn decided(&self, op: BinaryOp, l: &str, r: &str, ty: &Type) -> Option<bool> {
        crate::range::compare(op, self.range(l, ty)?, self.range(r, ty)?)
    }

    /// The comparison `l op r` of two `int` terms, decided at lowering time when their
    /// ranges decide it.
    pub fn compare_ints(&self, op: BinaryOp, l: &str, r: &str) -> Term {
        match self.decided(op, l, r, &Type::Int) {
            Some(outcome) => outcome.to_string(),
            None => smt::int_compare(op, l, r),
        }
    }

    /// A fresh object id for an allocation (negative, distinct from inputs and null).
    pub fn alloc(&mut self) -> Term {
        self.allocs += 1;
        format!("(- {})", self.allocs)
    }

    /// Records a crash site of `kind` and its goal (reached and failing, and not caught in
    /// between); an uncaught failure goes on through the enclosing finally blocks
    /// ([`Lower::escape`]). Returns the state that continues when the check passes.
    pub fn check(&mut self, st: &mut State, fail: Term, kind: &'static Kind, span: Span) {
        if st.dead() {
            return;
        }
        if fail == "false" {
            self.folded += 1;
            return;
        }
        // Inside the JDK model only integer division and explicit throws are crashes
        // (at the calling line), and, reproducing a trace that the JDK's code threw, checks
        // of its exception (a bridge method's cast); its other operations are assumed to
        // behave.
        let library = self.frame().library;
        let attribution = self.frame().attribution.clone();
        let counted = kind == &kinds::ARITHMETIC
            || self
                .library_call
                .is_some_and(|c| c.exception == kind.exception());
        if self.setup || library && (attribution.is_none() || !counted) {
            st.assume(&mut self.smt, &smt::not(&fail));
            return;
        }
        let fail_def = self.smt.define("f", "Bool", fail);
        let goal = smt::and(&[st.reach.clone(), fail_def.clone()]);
        let goal = self.smt.define("g", "Bool", goal);
        let exc_ref = "0".to_string();
        // With a focus, a crash a handler catches is a goal too: the handler may throw it
        // again or wrap it in the exception a trace shows it as the cause of.
        let caught = self.route_to_handler(st, &goal, kind.exception(), &exc_ref);
        if !caught || self.focused {
            self.push_goal(kind.exception(), span, goal.clone(), st.bounded);
        }
        if !caught {
            self.escape(st, &goal);
        }
        st.assume(&mut self.smt, &smt::not(&fail_def));
    }

    /// True unless [`Lower::trace_calls`] names the lines of the calls that lead to a crash
    /// and the inlined project frames were entered through other lines (or are more or
    /// fewer): a crash reached through another call is not the trace's. A project frame
    /// entered through the JDK model (a lambda run by `forEach`) counts the line of the
    /// call into the model.
    fn on_trace_path(&self) -> bool {
        if self.trace_calls.is_empty() {
            return true;
        }
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut into_library: Option<(u32, u32)> = None;
        let mut outermost = true;
        for f in &self.frames {
            if f.library {
                if !outermost {
                    into_library.get_or_insert(f.called_at);
                }
                continue;
            }
            if !outermost {
                calls.push(into_library.take().unwrap_or(f.called_at));
            }
            outermost = false;
            into_library = None;
        }
        calls.len() == self.trace_calls.len()
            && calls
                .iter()
                .rev()
                .zip(self.trace_calls)
                .all(|(&(first, last), call)| {
                    call.line == 0 || (first <= call.line && call.line <= last)
                })
    }

    /// The class of the method the trace shows called by the call at `span` in the current
    /// frame, when that call is the one on the trace's line at this depth: in the crash's
    /// frame, the library method the trace's top frames are in.
    pub(crate) fn trace_callee(&self, span: Span) -> Option<&'p str> {
        let entered = self.frames.iter().filter(|f| !f.library).count();
        let on_line = |line: u32| line != 0 && span.line <= line && line <= span.end_line;
        match self.trace_calls.len().checked_sub(entered) {
            Some(index) => {
                let call = self.trace_calls.get(index)?;
                on_line(call.line).then_some(call.callee.as_str())
            }
            None if entered == self.trace_calls.len() + 1 => {
                let call = self.library_call?;
                on_line(call.line).then_some(call.callee)
            }
            None => None,
        }
    }

    /// Records the goal `term` (the path condition under which it fails) of the site of
    /// `exception` at `span` in the current frame; `bounded` when the path went through a
    /// loop cut at the unrolling bound.
    pub fn push_goal(&mut self, exception: &str, span: Span, term: Term, bounded: bool) {
        if !self.on_trace_path() {
            return;
        }
        let site = self.site(exception, span);
        let callers_between = self.callers_between();
        self.goals.push(Goal {
            site,
            term,
            bounded,
            callers_between,
        });
    }

    /// How many inlined project frames between the entry's and the current one run a
    /// method a client can call: its own entry is then the caller that checks the current
    /// method's sites in context. A private or package-private method between is no such
    /// caller: a client reaches the sites through the entry's method.
    pub fn callers_between(&self) -> usize {
        let project: Vec<&Frame> = self.frames.iter().filter(|f| !f.library).collect();
        match project.len() {
            0..=2 => 0,
            n => project[1..n - 1]
                .iter()
                .filter(|f| self.audience.internal(f.class, f.method).is_none())
                .count(),
        }
    }

    /// Sends an exception raised on `goal` to the innermost handler that certainly catches it.
    /// Returns false when no handler in the whole inline stack catches it.
    pub fn route_to_handler(
        &mut self,
        st: &State,
        goal: &Term,
        exception: &str,
        exc_ref: &Term,
    ) -> bool {
        let exc = Type::class(exception);
        for hf in self.handlers.iter_mut().rev() {
            for (i, types) in hf.catches.iter().enumerate() {
                if types.iter().any(|t| self.h.is_subtype(&exc, t)) {
                    let mut s = st.clone();
                    s.reach = goal.clone();
                    hf.entries[i].push((s, exc_ref.clone()));
                    return true;
                }
            }
        }
        false
    }

    /// Hands the state `st` restricted to `reach`, in which an exception no handler catches
    /// is leaving, to the innermost enclosing `finally`, which runs before the exception
    /// leaves the entry; without one the path ends here. Code that builds inputs must
    /// complete normally, so its exceptions end their paths at once.
    pub fn escape(&mut self, st: &State, reach: &Term) {
        if self.setup || reach == "false" {
            return;
        }
        if let Some(collector) = self.escapes.last_mut() {
            let mut s = st.clone();
            s.reach = reach.clone();
            collector.push(s);
        }
    }

    /// The id of the site for an exception at a span of the current code (or its caller,
    /// inside library code), registering it.
    pub fn site(&mut self, exception: &str, span: Span) -> String {
        let frame = self.frame();
        let (span, class, method) = match &frame.attribution {
            Some((s, c, m)) => (*s, c.clone(), m.clone()),
            None => (
                span,
                frame.class.name.clone(),
                format!("{}{}", frame.method.name, frame.method.descriptor),
            ),
        };
        let precondition = frame.precondition;
        let first_line = match (&frame.attribution, frame.statement_line) {
            (None, line) if line > 0 => line.min(span.line),
            _ => span.line,
        };
        let file = &self.p.files[span.file as usize];
        let id = format!(
            "{}:{}:{}:{}@{}.{}",
            file.rel,
            span.line,
            span.col,
            short(exception),
            class,
            method
        );
        if !self.sites.contains_key(&id) {
            let source_line = (self.lines)(span.file, span.line);
            self.sites.insert(
                id.clone(),
                Site {
                    id: id.clone(),
                    file: file.path.clone(),
                    rel: file.rel.clone(),
                    line: span.line,
                    first_line,
                    col: span.col,
                    end_line: span.end_line,
                    end_col: span.end_col,
                    exception: exception.to_string(),
                    class,
                    method,
                    source_line,
                    precondition,
                    bounded: false,
                },
            );
        }
        id
    }

    /// A fresh, unconstrained value of a type; references are `null` or an object not
    /// allocated here, of a subtype of `ty` (never `null` when `non_null`).
    pub fn fresh_value(&mut self, ty: &Type, non_null: bool) -> Val {
        let sort = smt::sort(ty);
        if ty.is_primitive() {
            return Val {
                term: self.smt.declare("v", sort),
                sort,
            };
        }
        let o = self.smt.declare(FRESH_OBJECT, "Int");
        let outside = format!("(> {o} {OUTSIDE})");
        if non_null {
            self.smt.assert(&outside);
        } else {
            self.smt.assert(&format!("(or (= {o} 0) {outside})"));
        }
        // Every object is an `Object`: saying so would cost a disjunction over every class
        // of the program (1,437 on commons-lang3) for nothing.
        let erased = ty.erasure();
        let pred = (erased != Type::object())
            .then(|| self.types.subtype_pred(&erased))
            .flatten();
        if let Some(pred) = pred {
            self.smt
                .assert(&format!("(=> (not (= {o} 0)) ({pred} (dtype {o})))"));
        }
        Val {
            term: o,
            sort: "Int",
        }
    }
}

/// The value of a heap key before the entry writes it: field and array heaps are free,
/// static fields start at their default value (class initialisation runs in the harness).
pub fn initial_value(key: &str) -> Val {
    if let Some(rest) = key.strip_prefix("S.") {
        let sort = static_sort(rest);
        let term = match sort {
            "Bool" => "false".to_string(),
            "Int" => "0".to_string(),
            s => {
                let w: u32 = s
                    .trim_start_matches("(_ BitVec ")
                    .trim_end_matches(')')
                    .parse()
                    .unwrap_or(32);
                smt::bv(0, w)
            }
        };
        return Val { term, sort };
    }
    Val {
        term: smt::symbol(key),
        sort: heap_sort(key),
    }
}

/// The sort of a heap key's array.
pub fn heap_sort(key: &str) -> &'static str {
    if let Some(kind) = key.strip_prefix("A.") {
        return match kind {
            "z" => "(Array Int (Array (_ BitVec 32) Bool))",
            "b" => "(Array Int (Array (_ BitVec 32) (_ BitVec 8)))",
            "s" | "c" => "(Array Int (Array (_ BitVec 32) (_ BitVec 16)))",
            "i" => "(Array Int (Array (_ BitVec 32) (_ BitVec 32)))",
            "j" => "(Array Int (Array (_ BitVec 32) (_ BitVec 64)))",
            "f" => "(Array Int (Array (_ BitVec 32) (_ BitVec 32)))",
            "d" => "(Array Int (Array (_ BitVec 32) (_ BitVec 64)))",
            _ => "(Array Int (Array (_ BitVec 32) Int))",
        };
    }
    FIELD_SORTS
        .with(|m| m.borrow().get(key).copied())
        .unwrap_or("(Array Int Int)")
}

fn static_sort(rest: &str) -> &'static str {
    FIELD_SORTS
        .with(|m| m.borrow().get(&format!("S.{rest}")).copied())
        .unwrap_or("Int")
}

thread_local! {
    /// Sorts of field heap keys registered by the current stage run.
    static FIELD_SORTS: std::cell::RefCell<std::collections::HashMap<String, &'static str>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Registers the sort of every field of the program, so heap keys know their sorts.
pub fn register_field_sorts(p: &Program) {
    FIELD_SORTS.with(|m| {
        let mut m = m.borrow_mut();
        for c in &p.classes {
            for f in &c.fields {
                let s = smt::sort(&f.ty.erasure());
                if f.modifiers.is_static {
                    m.insert(static_key(&c.name, &f.name), s);
                } else {
                    m.insert(field_key(&c.name, &f.name), array_of(s));
                }
            }
        }
    });
}

fn array_of(sort: &'static str) -> &'static str {
    match sort {
        "Bool" => "(Array Int Bool)",
        "(_ BitVec 8)" => "(Array Int (_ BitVec 8))",
        "(_ BitVec 16)" => "(Array Int (_ BitVec 16))",
        "(_ BitVec 32)" => "(Array Int (_ BitVec 32))",
        "(_ BitVec 64)" => "(Array Int (_ BitVec 64))",
        _ => "(Array Int Int)",
    }
}

/// The simple name of a class.
pub fn short(class: &str) -> &str {
    class.rsplit(['.', '$']).next().unwrap_or(class)
}
