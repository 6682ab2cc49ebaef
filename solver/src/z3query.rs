//! Solving one query with Z3 and reading its models back through the input plans.

use crate::budget::{self, Budget, Effort};
use crate::cex::{FieldValue, Model, Status, Value};
use frontend::ir::Type;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use vcgen::{Harness, Plan, Query};
use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{DeclKind, SatResult, Solver};

mod shorten;

/// Longest string or primitive array read back from a model: as long as an input may be.
const MAX_ELEMENTS: i64 = vcgen::INPUT_LENGTH_MAX as i64;

/// The result of solving one query.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Solved {
    /// Outcome.
    pub status: Status,
    /// Reason for unknown.
    pub reason: Option<String>,
    /// Models found.
    pub models: Vec<Model>,
}

/// A solver holding one prelude (an entry variant's formula), ready to check its goals.
///
/// Z3 4.8 does not always survive a cancelled check: after `check-sat-assuming` timed out
/// early, every later check of the same solver answered `sat` with models that violate
/// thousands of the prelude's assertions (commons-lang3, `ExtendedMessageFormat`). Every
/// model of a solver that has left a check undecided is therefore checked against the
/// assertions before it is read, and a solver that gave a false model is replaced by a
/// freshly loaded one. (Asserting each goal in a scope
/// of its own instead of assuming it avoided the failure, but made the arithmetic of
/// commons-lang3's `Fraction` take twice the time and memory.)
pub struct Prelude<'t> {
    text: &'t str,
    solver: Option<Solver>,
    parsed: bool,
    /// The solver has left a check undecided, so its models are checked.
    suspect: bool,
    /// The solver has finished a check, so it has internalized the prelude.
    warm: bool,
}

impl<'t> Prelude<'t> {
    /// Parses a prelude's SMT-LIB text into a fresh solver.
    pub fn load(text: &'t str) -> Prelude<'t> {
        let solver = solver_of(text);
        Prelude {
            text,
            parsed: parsed(&solver, text),
            solver: Some(solver),
            suspect: false,
            warm: false,
        }
    }

    /// Checks one goal of the prelude, giving up after the effort's `timeout_ms`, for up to
    /// its `max_models` distinct models. The goal is first checked against the whole
    /// prelude, incrementally, for an [`incremental_budget`]; when that is not enough and
    /// the effort allows it, the rest of the time goes to a fresh solver holding only the
    /// slice of the goal and the preferences (`slice` gives the text of the slice of some
    /// constants), with the goal asserted so that Z3 can simplify the formula before it
    /// searches.
    /// Preferences in `required` must hold, not merely be preferred.
    pub fn solve(
        &mut self,
        harness: &Harness,
        query: &Query,
        required: &[String],
        effort: Effort,
        slice: &dyn Fn(&[&str]) -> String,
    ) -> Solved {
        let Effort {
            max_models,
            timeout_ms,
            slice: may_slice,
        } = effort;
        if !self.parsed {
            return Solved::unknown(Some("the prelude does not parse".into()));
        }
        let text = self.text;
        let solver = self.solver.get_or_insert_with(|| solver_of(text));
        let base: Vec<Bool> = std::iter::once(query.goal.as_str())
            .chain(required.iter().map(String::as_str))
            .map(Bool::new_const)
            .collect();
        let mut checks = Checks::new(solver, self.suspect);
        let first = budget::incremental_budget(timeout_ms, self.warm);
        let outcome = match checks.check(&base, first) {
            Checked::Sat(model) => Ok(refine(
                &mut checks,
                model,
                &base,
                Wanted::all(&harness.preferences),
                harness,
                max_models,
                timeout_ms,
            )),
            Checked::Unsat => Ok(Solved::unsat()),
            Checked::Unknown => Err(reason_unknown(solver)),
        };
        let spent = checks.last_units;
        self.suspect = checks.suspect;
        self.warm = true;
        if checks.false_model {
            self.solver = None;
            self.suspect = false;
            self.warm = false;
        }
        let reason = match outcome {
            Ok(solved) => return solved,
            Err(reason) => reason,
        };
        let left = budget::units(timeout_ms).saturating_sub(spent);
        if left < budget::MIN_UNITS || !may_slice {
            return Solved::unknown(reason);
        }
        let mut roots = vec![query.goal.as_str()];
        roots.extend(harness.solver_symbols());
        solve_slice(
            &slice(&roots),
            harness,
            query,
            required,
            max_models,
            timeout_ms,
            left,
        )
    }
}

/// Checks one goal in a fresh solver holding only its slice, the goal asserted, with
/// `left` units of work; models are refined within the short budget of `timeout_ms`. A
/// goal that reaches its slice is nearly always satisfiable (on samples of commons-lang3
/// and commons-codec, 123 of 126), so the slice is first checked with the preferences
/// asserted too, with half the work: a preferred model then costs one check instead of
/// two, each from nothing in a fresh solver. A sequence's goal gives that check all its
/// work: the preferences narrow its calls' inputs, and without them its goals took longer
/// (a ring buffer's `get` after four calls: 1.1 million units against 5.1 million alone;
/// `NibblePacker.finish` after three: 1.9 million against 3.6 million). Only when that
/// is unsatisfiable is the goal checked alone, and then with one preference less at most.
/// The `required` preferences are asserted with the goal.
fn solve_slice(
    slice: &str,
    harness: &Harness,
    query: &Query,
    required: &[String],
    max_models: u32,
    timeout_ms: u32,
    left: u64,
) -> Solved {
    let text: String = std::iter::once(&query.goal)
        .chain(required)
        .map(|b| format!("(assert {b})\n"))
        .fold(slice.to_string(), |text, assertion| text + &assertion);
    let share = match harness.is_sequence() {
        true => left,
        false => left / 2,
    };
    let relaxed = match solve_preferred(&text, harness, max_models, timeout_ms, share) {
        Ok(solved) => return solved,
        Err(relaxed) => relaxed,
    };
    let left = left.saturating_sub(relaxed.spent);
    if left < budget::MIN_UNITS {
        return Solved::unknown(Some(TIMEOUT.into()));
    }
    let Some(solver) = slice_solver(&text) else {
        return Solved::unknown(Some(SLICE_UNPARSED.into()));
    };
    let mut checks = Checks::of_slice(&solver, &text);
    match checks.check(&[], left) {
        Checked::Sat(model) => refine(
            &mut checks,
            model,
            &[],
            Wanted {
                preferences: &harness.preferences[relaxed.wanted..],
                clash: relaxed.clash,
            },
            harness,
            max_models,
            timeout_ms,
        ),
        Checked::Unsat => Solved::unsat(),
        Checked::Unknown if checks.false_model => Solved::unknown(Some(FALSE_MODEL.into())),
        Checked::Unknown => Solved::unknown(reason_unknown(&solver)),
    }
}

/// Checks a goal's slice `text` with the harness's preferences asserted, with `units` of
/// work: `Ok` with its models when satisfiable, with the reason when the slice does not
/// parse or the check ran out of work, else `Err` with what the check of the goal alone
/// should leave out. A goal whose preferred check runs out is given up: without the
/// preferences it rarely gets further with the other half of the work (commons-lang3,
/// with 2 s: of 158 goals, 141 ran out again, 3 were unsatisfiable and 14 satisfiable,
/// whose tests gave one note no other goal gave, for 199 s of the 617 s spent in checks).
///
/// A sequence's preferences for fewer calls are left out: a goal that reaches a sequence
/// needs its calls, so with them the check was unsatisfiable and the goal was checked
/// alone, which took longer ([`solve_slice`]). Its model is shortened to the calls the
/// crash needs instead (`refine`).
fn solve_preferred(
    text: &str,
    harness: &Harness,
    max_models: u32,
    timeout_ms: u32,
    units: u64,
) -> Result<Solved, Relaxed> {
    // Beyond usage, the goal alone comes first: the invariants it breaks are chosen then.
    if harness.preferences.is_empty() || !harness.usage.is_empty() {
        return Err(Relaxed {
            wanted: 0,
            clash: false,
            spent: 0,
        });
    }
    // They come first, the least important.
    let calls = harness
        .preferences
        .iter()
        .filter(|p| p.starts_with(vcgen::CALLS_PREFERENCE))
        .count();
    let asserted: String = harness.preferences[calls..]
        .iter()
        .map(|p| format!("(assert {p})\n"))
        .collect();
    let preferred = format!("{text}{asserted}");
    let Some(solver) = slice_solver(&preferred) else {
        return Ok(Solved::unknown(Some(SLICE_UNPARSED.into())));
    };
    let mut checks = Checks::of_slice(&solver, &preferred);
    let checked = checks.check(&[], units);
    let spent = checks.last_units;
    match checked {
        Checked::Sat(model) if calls > 0 => Ok(refine(
            &mut checks,
            model,
            &[],
            Wanted::all(&harness.preferences),
            harness,
            max_models,
            timeout_ms,
        )),
        Checked::Sat(model) => Ok(Solved {
            status: Status::Sat,
            reason: None,
            models: models(
                &mut checks,
                harness,
                model,
                &[],
                max_models,
                &mut Budget::new(timeout_ms),
            ),
        }),
        Checked::Unsat => Err(Relaxed {
            wanted: calls,
            clash: true,
            spent,
        }),
        Checked::Unknown if checks.false_model => Err(Relaxed {
            wanted: harness.preferences.len(),
            clash: false,
            spent,
        }),
        Checked::Unknown => Ok(Solved::unknown(reason_unknown(&solver))),
    }
}

/// What a goal's check with all preferences left to the check of the goal alone.
struct Relaxed {
    /// The index in the harness's preferences of the first one still wanted: after the
    /// preferences for fewer calls, or after all of them when the check's model did not
    /// satisfy the formula.
    wanted: usize,
    /// Whether the preferences still wanted do not hold all together (the check was
    /// unsatisfiable).
    clash: bool,
    /// The units it spent.
    spent: u64,
}

/// The preferences a goal's model should meet, the least important first.
struct Wanted<'h> {
    preferences: &'h [String],
    /// They are known not to hold all together: the first try leaves out the least
    /// important.
    clash: bool,
}

impl<'h> Wanted<'h> {
    /// All of `preferences`, not known to clash.
    fn all(preferences: &'h [String]) -> Self {
        Wanted {
            preferences,
            clash: false,
        }
    }
}

/// A fresh solver holding a slice's text, unless the text does not parse.
fn slice_solver(text: &str) -> Option<Solver> {
    let solver = solver_of(text);
    parsed(&solver, text).then_some(solver)
}

/// Why a goal whose slice does not parse is unknown.
const SLICE_UNPARSED: &str = "the goal's slice does not parse";

/// Why a goal that used up its work is unknown.
const TIMEOUT: &str = "timeout: the goal used up the work its --timeout stands for";

/// Why a goal whose only model was false is unknown.
const FALSE_MODEL: &str = "the solver's model does not satisfy the formula";

/// The answer of one check.
enum Checked {
    /// Satisfiable, with a model that makes no assertion false.
    Sat(z3::Model),
    Unsat,
    /// Timed out, or the solver's model was false.
    Unknown,
}

/// The checks of one solver, each with its own timeout; remembers whether the solver
/// gave a false model (it must then be replaced).
struct Checks<'s> {
    solver: &'s Solver,
    /// The text `solver` was loaded from, when it is a goal's slice.
    slice: Option<&'s str>,
    false_model: bool,
    /// The solver has left a check undecided: its models are checked before they are read.
    suspect: bool,
    /// The units of work the last check spent.
    last_units: u64,
}

impl<'s> Checks<'s> {
    /// The checks of `solver`; `suspect` when it has already left a check undecided.
    fn new(solver: &'s Solver, suspect: bool) -> Self {
        Checks {
            solver,
            slice: None,
            false_model: false,
            suspect,
            last_units: 0,
        }
    }

    /// The checks of a fresh solver loaded from a goal's slice, `text`.
    fn of_slice(solver: &'s Solver, text: &'s str) -> Self {
        Checks {
            slice: Some(text),
            ..Checks::new(solver, false)
        }
    }

    /// Checks the formula with `prefs` (the goal and preferred inputs) true, with at most
    /// `units` of work. A slice is checked again in a fresh solver with them asserted: a Z3
    /// solver that never saw an assumption solves with its whole-formula tactics, and
    /// assuming them in the slice's own solver cost half a second per goal (commons-lang3).
    fn check_preferred(&mut self, prefs: &[Bool], units: u64) -> Checked {
        let Some(text) = self.slice else {
            return self.check(prefs, units);
        };
        let solver = solver_of(text);
        for p in prefs {
            solver.assert(p);
        }
        let mut fresh = Checks::new(&solver, false);
        let checked = fresh.check(&[], units);
        self.last_units = fresh.last_units;
        checked
    }

    /// Checks as [`Checks::check_preferred`] does, with at most `units` of the work `budget`
    /// has left, and spends what it took; `None` when too little is left for a check.
    fn check_within(&mut self, prefs: &[Bool], budget: &mut Budget, units: u64) -> Option<Checked> {
        let left = budget.left()?;
        let checked = self.check_preferred(prefs, left.min(units));
        budget.spend(self.last_units);
        Some(checked)
    }

    /// Checks as [`Checks::check_preferred`] does, with `assumed` as assumptions; also
    /// returns the unsatisfiable core among them when the check is unsatisfiable.
    fn check_core(&mut self, assumed: &[Bool], units: u64) -> (Checked, Vec<Bool>) {
        let fresh_solver = self.slice.map(solver_of);
        let solver = fresh_solver.as_ref().unwrap_or(self.solver);
        let mut checks = Checks {
            solver,
            slice: None,
            false_model: false,
            suspect: self.suspect && fresh_solver.is_none(),
            last_units: 0,
        };
        let checked = checks.check(assumed, units);
        self.last_units = checks.last_units;
        let core = match checked {
            Checked::Unsat => solver.get_unsat_core(),
            _ => Vec::new(),
        };
        (checked, core)
    }

    /// Checks the solver's assertions under the assumptions `extra` with at most `units` of
    /// work. A model is read only when no assumption is false in it, nor, once the solver is
    /// suspect, any assertion (about 30 ms for a 1 MB prelude): equations between arrays
    /// evaluate to a comparison of lambdas rather than to `true`, so only a `false`
    /// rejects it.
    fn check(&mut self, extra: &[Bool], units: u64) -> Checked {
        let before = budget::work_done(self.solver);
        let result =
            budget::with_work_limit(self.solver, units, || self.solver.check_assumptions(extra));
        self.last_units = budget::work_done(self.solver).saturating_sub(before);
        match result {
            SatResult::Sat => match self.solver.get_model() {
                Some(model)
                    if holds_all(&model, extra) && (!self.suspect || self.satisfies(&model)) =>
                {
                    Checked::Sat(model)
                }
                _ => {
                    self.false_model = true;
                    Checked::Unknown
                }
            },
            SatResult::Unsat => Checked::Unsat,
            SatResult::Unknown => {
                self.suspect = true;
                Checked::Unknown
            }
        }
    }

    /// Whether no assertion of the solver is false in `model`.
    fn satisfies(&self, model: &z3::Model) -> bool {
        holds_all(model, &self.solver.get_assertions())
    }
}

/// Whether no formula of `formulas` is false in `model`. A formula is first evaluated in
/// the model as it is, and only when that leaves it open with its missing symbols
/// completed: completion is what costs. Each completed evaluation of an element of a
/// 2,048-entry table took 4 ms (commons-codec's `PureJavaCrc32`: 8 s per model for its
/// 2,994 assertions), and every one of them was decided without it (0.15 s).
fn holds_all(model: &z3::Model, formulas: &[Bool]) -> bool {
    formulas.iter().all(|b| {
        let value = |complete| model.eval(b, complete).and_then(|v| v.as_bool());
        match value(false) {
            Some(known) => known,
            None => value(true) != Some(false),
        }
    })
}

impl Solved {
    fn unsat() -> Solved {
        Solved {
            status: Status::Unsat,
            reason: None,
            models: Vec::new(),
        }
    }

    /// A goal left undecided, and why.
    pub fn unknown(reason: Option<String>) -> Solved {
        Solved {
            status: Status::Unknown,
            reason,
            models: Vec::new(),
        }
    }
}

/// A fresh solver holding SMT-LIB `text`.
fn solver_of(text: &str) -> Solver {
    let solver = Solver::new();
    solver.from_string(text);
    solver
}

/// Whether SMT-LIB text went into a solver: Z3 reports parse errors only by asserting
/// nothing.
fn parsed(solver: &Solver, text: &str) -> bool {
    !(solver.get_assertions().is_empty() && text.contains("(assert"))
}

/// Sets Z3 up for dsd's formulas, once per solver process. Arrays never occur in a
/// disequality (vcgen equates heap arrays only in definitions, and blocking clauses name
/// scalar inputs), so Z3's extensionality axioms for arrays are never needed: without
/// them, the goals of samples of commons-lang3 (40 and 80 preludes) took 25–30% less
/// time with the same unsatisfiable answers and fewer undecided ones. Relevancy
/// propagation is off: a prelude is a chain of definitions whose atoms all matter to the
/// goal, so tracking which are relevant is overhead (on a sixth of commons-lang3's
/// preludes, 661: 53.1 s to 47.5 s and 397 MB to 294 MB, medians of four runs taken in
/// turn). Nor does Z3 add its dynamic equality axioms between bit-vector terms: the
/// same sample took 3.9% less time without them (47.2 s to 45.4 s, every one of four
/// runs taken in turn faster).
pub fn configure() {
    z3::set_global_param("smt.array.extensional", "false");
    z3::set_global_param("smt.relevancy", "0");
    z3::set_global_param("smt.bv.eq_axioms", "false");
}

/// Makes Z3's checks give up once the memory it holds, over all contexts of the process,
/// exceeds `mb` megabytes. Z3 4.8 reads `memory_high_watermark` in bytes (its help says
/// megabytes); its SMT core checks the mark between search steps and answers unknown.
pub fn limit_memory(mb: u32) {
    let bytes = u64::from(mb) * 1024 * 1024;
    let bytes = u32::try_from(bytes).unwrap_or(u32::MAX);
    z3::set_global_param("memory_high_watermark", &bytes.to_string());
}

/// Why the last check of `solver` was undecided, in the user's terms.
fn reason_unknown(solver: &Solver) -> Option<String> {
    let reason = solver.get_reason_unknown()?;
    Some(
        if reason.contains("memout") || reason.contains("out of memory") {
            MEMORY_OUT.into()
        } else if budget::ran_out(&reason) {
            TIMEOUT.into()
        } else {
            reason
        },
    )
}

/// Why a goal whose check ran out of memory is unknown.
pub(crate) const MEMORY_OUT: &str = "the solver reached its memory limit (--solver-memory)";

/// The models of a goal found satisfiable (with `first`) under `base`. The preferences
/// still wanted (`wanted`, the least important first) and further models only refine it:
/// they share one [`short_budget`], and the first model stands when the budget runs out. A
/// first model that already meets every preference needs no check for them; otherwise the
/// least important preferences are dropped until the rest hold, then each one dropped is
/// taken back when the goal holds with it, the most important first. A check for
/// preferences gets twice the work the first model took (at least [`PREFERENCE_MIN_MS`]'s,
/// at most half the budget): it is the same formula with more constraints, and on
/// commons-lang3 (shard 1/8) those of slices that took over 600 ms ran out the whole budget
/// for 14 of 17 goals. A sequence's calls are shortened first ([`shorten`]), from the same
/// budget ([`budget::refinement_budget`]: a sequence's is a plain goal's; a budget for
/// shortening besides cost commons-codec 17 s of solver time in a pair, on sequences whose
/// tests the JVM refuted), and its preferences then assume them, with the counts of its
/// calls made again, each as small as the goal allows ([`shorten::fewest_repeats`]).
fn refine(
    checks: &mut Checks,
    first: z3::Model,
    base: &[Bool],
    wanted: Wanted,
    harness: &Harness,
    max_models: u32,
    timeout_ms: u32,
) -> Solved {
    let preferences = wanted.preferences;
    let refinement_ms = budget::refinement_budget(timeout_ms, harness.is_sequence());
    let mut budget = Budget::of_ms(refinement_ms);
    let (base, first) = keep_usage(checks, base, first, &harness.usage, &mut budget);
    let preference_units = checks
        .last_units
        .saturating_mul(2)
        .max(budget::units(PREFERENCE_MIN_MS))
        .min(budget::units(refinement_ms / 2));
    // A sequence's calls are fixed first: the preferences for fewer calls then say nothing.
    let (base, first, preferences) = match shorten::Steps::of(harness) {
        Some(steps) => {
            let (choices, model) =
                shorten::shorten(checks, &steps, &base, first, &mut budget, preference_units);
            let rest: Vec<&String> = preferences
                .iter()
                .filter(|p| !p.starts_with(vcgen::CALLS_PREFERENCE))
                .collect();
            ([base, choices].concat(), model, rest)
        }
        None => (base, first, preferences.iter().collect()),
    };
    let (counts, first) =
        shorten::fewest_repeats(checks, harness, &base, first, &mut budget, preference_units);
    let base = [base, counts].concat();
    let base = base.as_slice();
    let prefs: Vec<Bool> = preferences
        .iter()
        .map(|p| Bool::new_const(p.as_str()))
        .collect();
    let mut current = first;
    // The least important preferences are dropped until the rest hold together.
    let kept_from = match prefs.iter().all(|p| meets(&current, p)) {
        true => Some(0),
        false => {
            let descent = Descent {
                base,
                prefs: &prefs,
                first_try: usize::from(wanted.clash),
                units: preference_units,
            };
            descent.run(checks, &mut current, &mut budget)
        }
    };
    let mut kept = Kept {
        assumptions: base.to_vec(),
        model: current,
    };
    if let Some(start) = kept_from {
        kept.assumptions.extend(prefs[start..].iter().cloned());
        // Those dropped together may still hold one by one, the most important first: a
        // crash that needs one input `null` keeps the others small (commons-codec's
        // `Caverphone` with its encoder `null` was given a string of 4,096 characters). The
        // one dropped last clashes with those kept. Then a preference for all inputs that
        // does not hold may still hold for most of them, input by input (its parts): after
        // the wholes, so that each whole gets its turn within the budget first.
        let last = start.checked_sub(1).map(|i| preferences[i].as_str());
        let mut unmet: Vec<&str> = last.into_iter().collect();
        let mut going = true;
        let dropped = prefs[..start.saturating_sub(1)].iter().zip(&preferences);
        for (p, name) in dropped.rev() {
            match kept.add(checks, p, &mut budget, preference_units) {
                Some(true) => {}
                Some(false) => unmet.push(name),
                None => {
                    going = false;
                    break;
                }
            }
        }
        let parts = unmet
            .into_iter()
            .filter(|_| going)
            .filter_map(|name| parts_of(checks.solver, name, harness.parts.get(name)?))
            .flatten();
        for part in parts {
            if kept
                .add(checks, &part, &mut budget, preference_units)
                .is_none()
            {
                break;
            }
        }
    }
    Solved {
        status: Status::Sat,
        reason: None,
        models: models(
            checks,
            harness,
            kept.model,
            &kept.assumptions,
            max_models,
            &mut budget,
        ),
    }
}

/// The parts of the preference `whole`, one per input, from its definition
/// `(= whole (and ...))` among `solver`'s assertions: the conjunction of `counts[k]`
/// conjuncts for input k, in order. `None` when the definition is not there, or not as
/// `counts` says.
fn parts_of(solver: &Solver, whole: &str, counts: &[usize]) -> Option<Vec<Bool>> {
    let definition = solver.get_assertions().into_iter().find_map(|a| {
        let decl = a.safe_decl().ok()?;
        let [name, term] = <[Dynamic; 2]>::try_from(a.children()).ok()?;
        let named = name.safe_decl().ok()?.name() == whole;
        (decl.kind() == DeclKind::EQ && named).then_some(term)
    })?;
    if definition.safe_decl().ok()?.kind() != DeclKind::AND {
        return None;
    }
    let conjuncts: Vec<Bool> = definition
        .children()
        .iter()
        .map(Dynamic::as_bool)
        .collect::<Option<_>>()?;
    if conjuncts.len() != counts.iter().sum::<usize>() {
        return None;
    }
    let mut rest = conjuncts.as_slice();
    let parts = counts.iter().map(|&count| {
        let (part, after) = rest.split_at(count);
        rest = after;
        Bool::and(part)
    });
    Some(parts.collect())
}

/// The preferences a model is known to meet beside the goal, and that model.
struct Kept {
    assumptions: Vec<Bool>,
    model: z3::Model,
}

impl Kept {
    /// Assumes `p` too when the goal still holds with it (a check with `units` of the work
    /// `budget` has left, unless the model meets it): whether it does, or `None` when the
    /// check or the budget ran out, so that no further check is worth it.
    fn add(
        &mut self,
        checks: &mut Checks,
        p: &Bool,
        budget: &mut Budget,
        units: u64,
    ) -> Option<bool> {
        if meets(&self.model, p) {
            self.assumptions.push(p.clone());
            return Some(true);
        }
        let candidate: Vec<Bool> = self.assumptions.iter().chain([p]).cloned().collect();
        match checks.check_within(&candidate, budget, units)? {
            Checked::Sat(model) => {
                self.assumptions = candidate;
                self.model = model;
                Some(true)
            }
            Checked::Unsat => Some(false),
            Checked::Unknown => None,
        }
    }
}

/// The search for a model that meets the most important preferences: the least important
/// are dropped until the rest hold.
struct Descent<'a> {
    base: &'a [Bool],
    /// The least important first.
    prefs: &'a [Bool],
    /// How many of the least important the first check leaves out (one when they are known
    /// to clash).
    first_try: usize,
    /// The work each check may take.
    units: u64,
}

impl Descent<'_> {
    /// The index of the first preference kept (`prefs.len()` when none holds), its model
    /// in `current`; `None` when a check or `budget` ran out.
    fn run(
        &self,
        checks: &mut Checks,
        current: &mut z3::Model,
        budget: &mut Budget,
    ) -> Option<usize> {
        for start in self.first_try..self.prefs.len() {
            let candidate: Vec<Bool> = self
                .base
                .iter()
                .chain(&self.prefs[start..])
                .cloned()
                .collect();
            match checks.check_within(&candidate, budget, self.units)? {
                Checked::Sat(model) => {
                    *current = model;
                    return Some(start);
                }
                Checked::Unsat => {}
                Checked::Unknown => return None,
            }
        }
        Some(self.prefs.len())
    }
}

/// Whether the preference `p` holds in `model`.
fn meets(model: &z3::Model, p: &Bool) -> bool {
    model.eval(p, true).and_then(|v| v.as_bool()) == Some(true)
}

/// Most checks that look for the observed invariants a model beyond usage can keep.
const USAGE_CHECKS: usize = 12;

/// `dsd reproduce` beyond the project's usage: the goal's assumptions `base` with as many
/// of the invariants `usage` as the goal lets hold, and a model of them (else `base` and
/// `first`). Every invariant is assumed, and those in the unsatisfiable core of a check
/// are dropped until the check is satisfiable; then each dropped one is taken back when
/// the goal still holds with it. The model breaks few invariants, the ones the crash needs.
fn keep_usage(
    checks: &mut Checks,
    base: &[Bool],
    first: z3::Model,
    usage: &[String],
    budget: &mut Budget,
) -> (Vec<Bool>, z3::Model) {
    let mut kept: Vec<Bool> = usage.iter().map(|u| Bool::new_const(u.as_str())).collect();
    let mut dropped: Vec<Bool> = Vec::new();
    let mut tries = USAGE_CHECKS;
    let mut check = |checks: &mut Checks, kept: &[Bool]| {
        let units = budget.left().filter(|_| tries > 0)?;
        tries -= 1;
        let assumed: Vec<Bool> = base.iter().chain(kept).cloned().collect();
        let (checked, core) = checks.check_core(&assumed, units);
        budget.spend(checks.last_units);
        Some((checked, core))
    };
    let mut current = loop {
        if kept.is_empty() {
            return (base.to_vec(), first);
        }
        match check(checks, &kept) {
            Some((Checked::Sat(model), _)) => break model,
            Some((Checked::Unsat, core)) => {
                let core: Vec<String> = core.iter().map(Bool::to_string).collect();
                let (out, rest): (Vec<Bool>, Vec<Bool>) = kept
                    .into_iter()
                    .partition(|k| core.contains(&k.to_string()));
                if out.is_empty() {
                    return (base.to_vec(), first);
                }
                kept = rest;
                dropped.extend(out);
            }
            _ => return (base.to_vec(), first),
        }
    };
    for candidate in dropped {
        let holds = holds_all(&current, std::slice::from_ref(&candidate));
        kept.push(candidate);
        if holds {
            continue;
        }
        match check(checks, &kept) {
            Some((Checked::Sat(model), _)) => current = model,
            _ => {
                kept.pop();
            }
        }
    }
    (base.iter().chain(&kept).cloned().collect(), current)
}

/// Reads `current`, then blocks it and asks for another, up to `max_models` or until
/// `budget` runs out; the blocking clauses live in a scope popped at the end.
/// How many times the model read by `reader` makes each call of `harness`'s chain again
/// (none for a call it does not make: `made`); empty when it makes none again.
fn repeated_counts(harness: &Harness, made: &[bool], reader: &Reader) -> Vec<u32> {
    let counts: Vec<u32> = harness
        .chain
        .iter()
        .zip(made)
        .map(|(c, &made)| match (&c.repeated, made) {
            (Some(sym), true) => u32::try_from(reader.bits(sym)).unwrap_or(u32::MAX),
            _ => 0,
        })
        .collect();
    match counts.iter().all(|&r| r == 0) {
        true => Vec::new(),
        false => counts,
    }
}

fn models(
    checks: &mut Checks,
    harness: &Harness,
    current: z3::Model,
    assumptions: &[Bool],
    max_models: u32,
    budget: &mut Budget,
) -> Vec<Model> {
    let mut models = Vec::new();
    let mut current = Some(current);
    checks.solver.push();
    // Distinct input symbols can still render as the same Java values: bound the tries.
    for _ in 0..max_models * 3 {
        let Some(m) = current.take() else { break };
        let reader = Reader::new(&m);
        let made: Vec<bool> = harness
            .chain
            .iter()
            .map(|c| {
                c.when
                    .as_ref()
                    .is_none_or(|w| reader.int(&w.step) == i64::from(w.option))
            })
            .collect();
        let mut model = Model {
            receiver: harness.receiver.as_ref().map(|p| reader.value(p)),
            args: harness.args.iter().map(|p| reader.value(p)).collect(),
            chain: harness
                .chain
                .iter()
                .zip(&made)
                .map(|(c, &made)| match made {
                    true => c.args.iter().map(|p| reader.value(p)).collect(),
                    false => Vec::new(),
                })
                .collect(),
            repeated: repeated_counts(harness, &made, &reader),
            made: match made.iter().all(|&m| m) {
                true => Vec::new(),
                false => made,
            },
            statics: harness.statics.iter().map(|f| reader.field(f)).collect(),
            fields: harness.fields.iter().map(|f| reader.field(f)).collect(),
        };
        reader.build_aliased(&mut model, harness);
        model.drop_unshared();
        let block = reader.blocking_clause(&harness.inputs);
        if !models.contains(&model) {
            models.push(model);
        }
        if models.len() as u32 >= max_models {
            break;
        }
        let (Some(b), Some(units)) = (block, budget.left()) else {
            break;
        };
        checks.solver.assert(b.not());
        let checked = checks.check(assumptions, units.min(budget::units(FURTHER_MODEL_MS)));
        budget.spend(checks.last_units);
        if let Checked::Sat(next) = checked {
            current = Some(next);
        }
    }
    checks.solver.pop(1);
    models
}

/// The least time a check for preferred inputs gets.
const PREFERENCE_MIN_MS: u32 = 250;

/// The longest check for a further model of a satisfiable goal. Further models are
/// second chances for a site whose first test is refuted; most come in milliseconds, and
/// the ones that do not are not worth a second each.
const FURTHER_MODEL_MS: u32 = 100;

/// Reads symbols' values out of a model.
struct Reader<'m> {
    model: &'m z3::Model,
    consts: HashMap<String, Dynamic>,
    /// The scalar symbols read so far: what the values read depend on.
    read: RefCell<HashSet<String>>,
}

impl<'m> Reader<'m> {
    fn new(model: &'m z3::Model) -> Self {
        let mut consts = HashMap::new();
        for d in model.iter() {
            if d.arity() == 0 {
                consts.insert(unquote(&d.name()), d.apply(&[]));
            }
        }
        Reader {
            model,
            consts,
            read: RefCell::default(),
        }
    }

    fn get(&self, sym: &str) -> Option<Dynamic> {
        let name = unquote(sym);
        let c = self.consts.get(&name)?;
        self.read.borrow_mut().insert(name);
        self.model.eval(c, true)
    }

    fn bits(&self, sym: &str) -> u64 {
        self.get(sym)
            .and_then(|v| v.as_bv())
            .and_then(|b| b.as_u64())
            .unwrap_or(0)
    }

    fn int(&self, sym: &str) -> i64 {
        self.get(sym)
            .and_then(|v| v.as_int())
            .and_then(|i| i.as_i64())
            .unwrap_or(0)
    }

    fn value(&self, plan: &Plan) -> Value {
        match plan {
            Plan::Primitive { ty, sym } => self.primitive(ty, sym),
            Plan::Null => Value::Null,
            Plan::Unread => Value::Unread,
            Plan::String { len, chars } => {
                let n = (self.bits(len) as u32 as i32 as i64).clamp(0, MAX_ELEMENTS);
                let units = (0..n).map(|i| self.element(chars, i) as u16).collect();
                Value::String { units }
            }
            Plan::Array { ty, len, elems } => {
                let n = (self.bits(len) as u32 as i32 as i64).clamp(0, MAX_ELEMENTS);
                let elem = ty.element().cloned().unwrap_or(Type::Int);
                let elements = (0..n)
                    .map(|i| self.array_element(&elem, elems, i))
                    .collect();
                Value::Array {
                    ty: ty.clone(),
                    elements,
                }
            }
            Plan::RefArray { ty, len, elems } => {
                let n = (self.bits(len) as u32 as i32 as usize).min(elems.len());
                Value::Array {
                    ty: ty.clone(),
                    elements: elems[..n].iter().map(|p| self.value(p)).collect(),
                }
            }
            Plan::Choice { sym, options } => {
                let i = self.int(sym).clamp(0, options.len() as i64 - 1) as usize;
                self.value(&options[i])
            }
            Plan::New {
                class,
                descriptor,
                args,
                outer,
            } => Value::New {
                class: class.clone(),
                descriptor: descriptor.clone(),
                args: args.iter().map(|a| self.value(a)).collect(),
                outer: outer.as_ref().map(|o| Box::new(self.value(o))),
            },
            Plan::Call {
                class,
                method,
                descriptor,
                args,
            } => Value::Call {
                class: class.clone(),
                method: method.clone(),
                descriptor: descriptor.clone(),
                args: args.iter().map(|a| self.value(a)).collect(),
            },
            Plan::Constant { class, name } => Value::Constant {
                class: class.clone(),
                name: name.clone(),
            },
            Plan::ClassLiteral { ty } => Value::ClassLiteral { ty: ty.clone() },
            Plan::Boxed { class, value } => Value::Boxed {
                class: class.clone(),
                value: Box::new(self.value(value)),
            },
            Plan::Alias { input } => Value::Alias { input: *input },
            Plan::Slot { slot, of } => Value::Shared {
                slot: *slot,
                value: Box::new(self.value(of)),
            },
            Plan::Reflect { class, fields } => Value::Reflect {
                class: class.clone(),
                fields: fields.iter().map(|f| self.field(f)).collect(),
            },
        }
    }

    /// An alias may name an object the harness built in an option the model did not
    /// choose: that object is built where the first such alias stands.
    fn build_aliased(&self, model: &mut Model, harness: &Harness) {
        let mut plans: HashMap<usize, &Plan> = HashMap::new();
        let mut todo: Vec<&Plan> = harness
            .statics
            .iter()
            .map(|f| &f.value)
            .chain(harness.receiver.iter())
            .chain(harness.fields.iter().map(|f| &f.value))
            .chain(harness.chain.iter().flat_map(|c| c.args.iter()))
            .chain(harness.args.iter())
            .collect();
        while let Some(p) = todo.pop() {
            match p {
                Plan::Slot { slot, of } => {
                    plans.insert(*slot, p);
                    todo.push(of);
                }
                Plan::Choice { options, .. } => todo.extend(options.iter()),
                Plan::RefArray { elems, .. } => todo.extend(elems.iter()),
                Plan::New { args, outer, .. } => {
                    todo.extend(args.iter());
                    todo.extend(outer.iter().map(|o| o.as_ref()));
                }
                Plan::Call { args, .. } => todo.extend(args.iter()),
                Plan::Boxed { value, .. } => todo.push(value),
                Plan::Reflect { fields, .. } => todo.extend(fields.iter().map(|f| &f.value)),
                _ => {}
            }
        }
        let mut built = std::collections::BTreeSet::new();
        let mut todo = model.values_mut();
        while let Some(v) = todo.pop() {
            if let Value::Shared { slot, .. } = v {
                built.insert(*slot);
            }
            todo.extend(v.children_mut());
        }
        let mut todo = model.values_mut();
        todo.reverse();
        while let Some(v) = todo.pop() {
            if let Value::Alias { input } = v {
                if let Some(plan) = plans.get(input).filter(|_| built.insert(*input)) {
                    *v = self.value(plan);
                }
            }
            let mut children = v.children_mut();
            children.reverse();
            todo.extend(children);
        }
    }

    fn field(&self, f: &vcgen::FieldPlan) -> FieldValue {
        FieldValue {
            class: f.class.clone(),
            name: f.name.clone(),
            ty: f.ty.clone(),
            value: self.value(&f.value),
        }
    }

    fn primitive(&self, ty: &Type, sym: &str) -> Value {
        match ty {
            Type::Boolean => Value::Boolean {
                value: self
                    .get(sym)
                    .and_then(|v| v.as_bool())
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false),
            },
            Type::Float => Value::Float {
                bits: self.bits(sym) as u32,
            },
            Type::Double => Value::Double {
                bits: self.bits(sym),
            },
            t => Value::Integral {
                ty: t.clone(),
                value: signed(self.bits(sym), t),
            },
        }
    }

    fn select(&self, array_sym: &str, index: i64) -> Option<Dynamic> {
        let arr = self.consts.get(&unquote(array_sym))?.as_array()?;
        let v = arr.select(&BV::from_i64(index, 32));
        self.model.eval(&v, true)
    }

    fn element(&self, array_sym: &str, index: i64) -> u64 {
        self.select(array_sym, index)
            .and_then(|v| v.as_bv())
            .and_then(|b| b.as_u64())
            .unwrap_or(0)
    }

    fn array_element(&self, elem: &Type, array_sym: &str, index: i64) -> Value {
        let v = self.select(array_sym, index);
        match elem {
            Type::Boolean => Value::Boolean {
                value: v
                    .and_then(|v| v.as_bool())
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false),
            },
            Type::Float | Type::Double => {
                let bits = v
                    .and_then(|v| v.as_float())
                    .map(|f| float_bits(self.model, &f))
                    .unwrap_or(0);
                if *elem == Type::Float {
                    Value::Float { bits: bits as u32 }
                } else {
                    Value::Double { bits }
                }
            }
            t => {
                let bits = v
                    .and_then(|v| v.as_bv())
                    .and_then(|b| b.as_u64())
                    .unwrap_or(0);
                Value::Integral {
                    ty: t.clone(),
                    value: signed(bits, t),
                }
            }
        }
    }

    /// `(and (= s v) ...)` over the scalar input symbols the values read depend on, to
    /// exclude every model that would be written as the same test. An input the values do
    /// not show (the length of an array in an option not chosen, a field of an object that
    /// is `null`) is left out: blocking it too let the next model differ only there, and on
    /// commons-lang3 over a quarter of the satisfiable goals spent all nine tries on models
    /// written as the same three tests.
    fn blocking_clause(&self, inputs: &[String]) -> Option<Bool> {
        let read = self.read.borrow();
        let mut parts = Vec::new();
        for sym in inputs
            .iter()
            .map(|s| unquote(s))
            .filter(|s| read.contains(s))
        {
            let Some(c) = self.consts.get(&sym) else {
                continue;
            };
            let Some(v) = self.model.eval(c, true) else {
                continue;
            };
            parts.push(c.safe_eq(&v).ok()?);
        }
        if parts.is_empty() {
            return None;
        }
        let refs: Vec<&Bool> = parts.iter().collect();
        Some(Bool::and(&refs))
    }
}

/// The IEEE bits of a floating-point model value.
fn float_bits(model: &z3::Model, f: &z3::ast::Float) -> u64 {
    model
        .eval(&f.to_ieee_bv(), true)
        .and_then(|b| b.as_u64())
        .unwrap_or(0)
}

/// Sign-extends a model's bits to the type's value (chars stay unsigned).
fn signed(bits: u64, ty: &Type) -> i64 {
    match ty {
        Type::Byte => bits as u8 as i8 as i64,
        Type::Short => bits as u16 as i16 as i64,
        Type::Char => bits as u16 as i64,
        Type::Int => bits as u32 as i32 as i64,
        _ => bits as i64,
    }
}

fn unquote(s: &str) -> String {
    s.trim_start_matches('|').trim_end_matches('|').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::ir::Type;
    use std::collections::BTreeMap;
    use vcgen::{Entry, Route};

    fn query(goal: &str) -> Query {
        Query {
            id: "q1".into(),
            goal: goal.into(),
            site: "s".into(),
            rank: 0,
            own_entry_decides: false,
            through_caller: false,
        }
    }

    fn harness(args: Vec<Plan>, inputs: &[&str]) -> Harness {
        Harness {
            entry: Entry {
                class: "C".into(),
                method: "m".into(),
                descriptor: "(I[I)V".into(),
                is_static: true,
                params: vec![],
            },
            receiver: None,
            args,
            chain: Vec::new(),
            statics: Vec::new(),
            fields: Vec::new(),
            route: Route::Direct,
            preferences: vec!["pref!small".into()],
            parts: Default::default(),
            usage: Vec::new(),
            inputs: inputs.iter().map(|s| s.to_string()).collect(),
            symbols: BTreeMap::new(),
            observed: false,
        }
    }

    /// A harness whose arguments are the `int` inputs `names`.
    fn int_harness(names: &[&str]) -> Harness {
        let plans = names
            .iter()
            .map(|name| Plan::Primitive {
                ty: Type::Int,
                sym: name.to_string(),
            })
            .collect();
        harness(plans, names)
    }

    /// The `int` arguments of a satisfiable goal's first model.
    fn int_args(solved: &Solved) -> Vec<i64> {
        assert_eq!(solved.status, Status::Sat);
        solved.models[0]
            .args
            .iter()
            .map(|v| match v {
                Value::Integral { value, .. } => *value,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    /// `goal` of `prelude` solved both ways: in the prelude's incremental solver, and in a
    /// fresh solver holding its slice (the goal's and the harness's symbols).
    fn solved_both_ways(prelude: &str, harness: &Harness, goal: &str) -> [Solved; 2] {
        let slice = |roots: &[&str]| crate::slice::Slicer::new(prelude).slice(roots);
        let incremental =
            Prelude::load(prelude).solve(harness, &query(goal), &[], effort(1, 5000), &slice);
        let roots: Vec<&str> = std::iter::once(goal)
            .chain(harness.solver_symbols())
            .collect();
        let sliced = solve_slice(
            &slice(&roots),
            harness,
            &query(goal),
            &[],
            1,
            5000,
            budget::units(5000),
        );
        [incremental, sliced]
    }

    const PRELUDE: &str = "
        (declare-const x (_ BitVec 32))
        (declare-const len (_ BitVec 32))
        (declare-const elems (Array (_ BitVec 32) (_ BitVec 32)))
        (declare-const pref!small Bool)
        (assert (= pref!small (and (bvsle x #x00000064) (bvsge x #xffffff9c))))
        (declare-const goal!0 Bool)
        (assert (= goal!0 (and (bvsgt x #x00000000) (= len #x00000002) (= (select elems #x00000001) x))))
        (declare-const goal!1 Bool)
        (assert (= goal!1 (and (bvsgt x #x00000000) (bvslt x #x00000000))))
        (declare-const pref!big Bool)
        (assert (= pref!big (bvsgt x #x000003e8)))
        (declare-const goal!2 Bool)
        (assert (= goal!2 (bvslt x #x00000005)))";

    /// What a goal may get: `max_models` models, `timeout_ms` of work, its slice too.
    fn effort(max_models: u32, timeout_ms: u32) -> Effort {
        Effort {
            max_models,
            timeout_ms,
            slice: true,
        }
    }

    /// The slice of some constants of [`PRELUDE`].
    fn whole(roots: &[&str]) -> String {
        crate::slice::Slicer::new(PRELUDE).slice(roots)
    }

    #[test]
    fn a_required_preference_must_hold() {
        let mut prelude = Prelude::load(PRELUDE);
        let mut harness = int_harness(&["x"]);
        harness.preferences = vec!["pref!big".into()];
        let required = ["pref!big".to_string()];
        let solved = prelude.solve(
            &harness,
            &query("goal!0"),
            &required,
            effort(1, 5000),
            &whole,
        );
        assert_eq!(solved.status, Status::Sat);
        let Value::Integral { value: x, .. } = solved.models[0].args[0] else {
            panic!("x is an int")
        };
        assert!(x > 1000, "the required preference holds: {x}");
        let solved = prelude.solve(
            &harness,
            &query("goal!2"),
            &required,
            effort(1, 5000),
            &whole,
        );
        assert_eq!(
            solved.status,
            Status::Unsat,
            "a goal the requirement rules out is unsat, not relaxed"
        );
    }

    #[test]
    fn a_preference_dropped_beside_one_the_goal_breaks_still_holds_alone() {
        // goal!3 needs y == 0, so `pref!ynonzero` never holds; `pref!seven`, the less
        // important, was dropped first and with it lost, though it holds beside the goal.
        let prelude = format!(
            "{PRELUDE}
            (declare-const y (_ BitVec 32))
            (declare-const pref!seven Bool)
            (assert (= pref!seven (= x #x00000007)))
            (declare-const pref!ynonzero Bool)
            (assert (= pref!ynonzero (not (= y #x00000000))))
            (declare-const goal!3 Bool)
            (assert (= goal!3 (and (= y #x00000000) (bvsge x #x00000005))))"
        );
        let mut harness = int_harness(&["x", "y"]);
        harness.preferences = vec!["pref!seven".into(), "pref!ynonzero".into()];
        let [incremental, sliced] = solved_both_ways(&prelude, &harness, "goal!3");
        assert_eq!(int_args(&incremental), [7, 0], "in the prelude's solver");
        assert_eq!(int_args(&sliced), [7, 0], "in the slice's solver");
    }

    #[test]
    fn a_preference_for_all_inputs_still_holds_for_those_the_goal_leaves_free() {
        // goal!4 needs x large, so `pref!both` never holds; its conjunct for y still does.
        let prelude = format!(
            "{PRELUDE}
            (declare-const y (_ BitVec 32))
            (declare-const pref!both Bool)
            (assert (= pref!both (and (= x #x00000007) (= y #x00000007))))
            (declare-const goal!4 Bool)
            (assert (= goal!4 (bvsgt x #x000003e8)))"
        );
        let mut harness = int_harness(&["x", "y"]);
        harness.preferences = vec!["pref!both".into()];
        harness.parts = BTreeMap::from([("pref!both".to_string(), vec![1, 1])]);
        let [incremental, sliced] = solved_both_ways(&prelude, &harness, "goal!4");
        assert_eq!(int_args(&incremental)[1], 7, "in the prelude's solver");
        assert_eq!(int_args(&sliced)[1], 7, "in the slice's solver");
    }

    #[test]
    fn beyond_usage_a_model_breaks_only_the_invariants_its_goal_needs_broken() {
        // goal!2 wants x < 5; usage says x >= 50, len == 2 and len >= 1.
        let prelude = format!(
            "{PRELUDE}
            (declare-const usage!0 Bool)
            (assert (= usage!0 (bvsge x #x00000032)))
            (declare-const usage!1 Bool)
            (assert (= usage!1 (= len #x00000002)))
            (declare-const usage!2 Bool)
            (assert (= usage!2 (bvsge len #x00000001)))"
        );
        let slice = |roots: &[&str]| crate::slice::Slicer::new(&prelude).slice(roots);
        let mut harness = int_harness(&["x", "len"]);
        harness.usage = vec!["usage!0".into(), "usage!1".into(), "usage!2".into()];
        let mut loaded = Prelude::load(&prelude);
        let solved = loaded.solve(&harness, &query("goal!2"), &[], effort(1, 5000), &slice);
        let values = int_args(&solved);
        assert!(values[0] < 5, "the goal holds: {values:?}");
        assert_eq!(values[1], 2, "the invariants over len are kept: {values:?}");
    }

    #[test]
    fn reads_models_back_through_the_plans() {
        let mut prelude = Prelude::load(PRELUDE);
        let plans = vec![
            Plan::Primitive {
                ty: Type::Int,
                sym: "x".into(),
            },
            Plan::Array {
                ty: Type::Array(Box::new(Type::Int)),
                len: "len".into(),
                elems: "elems".into(),
            },
        ];
        let solved = prelude.solve(
            &harness(plans, &["x", "len"]),
            &query("goal!0"),
            &[],
            effort(3, 5000),
            &whole,
        );
        assert_eq!(solved.status, Status::Sat);
        assert_eq!(solved.models.len(), 3, "three distinct models");
        for m in &solved.models {
            let Value::Integral { value: x, .. } = m.args[0] else {
                panic!("x is an int")
            };
            assert!((1..=100).contains(&x), "small preferred: {x}");
            let Value::Array { elements, .. } = &m.args[1] else {
                panic!("an array")
            };
            assert_eq!(elements.len(), 2);
            assert_eq!(
                elements[1],
                Value::Integral {
                    ty: Type::Int,
                    value: x
                }
            );
        }
    }

    #[test]
    fn a_goal_is_solved_from_its_slice_alone() {
        let h = int_harness(&["x"]);
        let sliced = |goal: &str| {
            solve_slice(
                &whole(&[goal, "pref!small"]),
                &h,
                &query(goal),
                &[],
                2,
                5000,
                budget::units(5000),
            )
        };
        let sat = sliced("goal!0");
        assert_eq!(sat.status, Status::Sat);
        assert_eq!(sat.models.len(), 2);
        for m in &sat.models {
            let Value::Integral { value: x, .. } = m.args[0] else {
                panic!("x is an int")
            };
            assert!((1..=100).contains(&x), "positive, small preferred: {x}");
        }
        let unsat = sliced("goal!1");
        assert_eq!(unsat.status, Status::Unsat);
    }

    #[test]
    fn a_goal_whose_preferred_slice_runs_out_is_given_up() {
        // Without the preference the goal holds for x = 0; with it, only for two factors
        // of a prime, which Z3 searches at length before it knows there are none.
        let text = "
            (declare-const x (_ BitVec 32))
            (declare-const y (_ BitVec 32))
            (declare-const pref!small Bool)
            (assert (= pref!small (bvugt x #x00000001)))
            (declare-const goal!0 Bool)
            (assert (= goal!0 (or (= x #x00000000)
                (and (= (bvmul x y) #x7fffffff) (bvugt y #x00000001)
                     (bvult x #x0000ffff) (bvult y #x0000ffff)))))
            (assert goal!0)";
        let solved = solve_slice(
            text,
            &int_harness(&["x"]),
            &query("goal!0"),
            &[],
            1,
            100,
            budget::units(200),
        );
        assert_eq!(
            solved.status,
            Status::Unknown,
            "not checked again without x > 1"
        );
        assert_eq!(solved.reason.as_deref(), Some(TIMEOUT));
    }

    #[test]
    fn a_short_timeout_still_leaves_time_for_preferences() {
        let mut prelude = Prelude::load(PRELUDE);
        let mut harness = int_harness(&["x"]);
        harness.preferences = vec!["pref!small".into()];
        // A 1 s timeout leaves 100 ms for a check for preferences, less than its minimum.
        let solved = prelude.solve(&harness, &query("goal!0"), &[], effort(1, 1000), &whole);
        assert_eq!(solved.status, Status::Sat);
        assert_eq!(solved.models.len(), 1);
    }

    #[test]
    fn a_further_model_must_differ_in_what_its_test_shows() {
        // The argument is null in every model of the goal; the length of the array the
        // other option would build is free, and writes nothing into the test.
        let text = "
            (declare-const c Int)
            (declare-const len (_ BitVec 32))
            (declare-const elems (Array (_ BitVec 32) (_ BitVec 32)))
            (assert (and (>= c 0) (<= c 1)))
            (declare-const goal!0 Bool)
            (assert (= goal!0 (= c 0)))";
        let plan = Plan::Choice {
            sym: "c".into(),
            options: vec![
                Plan::Null,
                Plan::Array {
                    ty: Type::Array(Box::new(Type::Int)),
                    len: "len".into(),
                    elems: "elems".into(),
                },
            ],
        };
        let solver = solver_of(text);
        let goal = Bool::new_const("goal!0");
        let Checked::Sat(model) = Checks::new(&solver, false).check(&[goal], budget::units(1000))
        else {
            panic!("the goal is satisfiable")
        };
        let reader = Reader::new(&model);
        assert_eq!(reader.value(&plan), Value::Null);
        let block = reader
            .blocking_clause(&["c".to_string(), "len".to_string()])
            .expect("the choice was read")
            .to_string();
        assert!(block.contains('c') && !block.contains("len"), "{block}");
    }

    #[test]
    fn an_impossible_goal_is_unsat() {
        let mut prelude = Prelude::load(PRELUDE);
        let solved = prelude.solve(
            &harness(Vec::new(), &[]),
            &query("goal!1"),
            &[],
            effort(3, 5000),
            &whole,
        );
        assert_eq!(solved.status, Status::Unsat);
        assert!(solved.models.is_empty());
    }

    #[test]
    fn a_model_that_makes_an_assertion_false_is_not_read() {
        let other = Solver::new();
        other.from_string("(declare-const x Int)(assert (= x 1))");
        assert_eq!(other.check(), SatResult::Sat);
        let wrong = other.get_model().unwrap();
        let solver = Solver::new();
        solver.from_string("(declare-const x Int)(assert (> x 5))");
        let mut checks = Checks::new(&solver, true);
        assert!(!checks.satisfies(&wrong), "x = 1 makes (> x 5) false");
        let Checked::Sat(model) = checks.check(&[], budget::units(1000)) else {
            panic!("the formula is satisfiable");
        };
        assert!(checks.satisfies(&model));
        assert!(!checks.false_model);
    }

    #[test]
    fn a_slice_meets_its_preferences_in_a_fresh_solver() {
        let text =
            "(declare-const x Int)(declare-const p Bool)(assert (= p (= x 7)))(assert (> x 5))";
        let solver = Solver::new();
        solver.from_string(text);
        let mut checks = Checks::of_slice(&solver, text);
        assert!(matches!(
            checks.check(&[], budget::units(1000)),
            Checked::Sat(_)
        ));
        let Checked::Sat(model) =
            checks.check_preferred(&[Bool::new_const("p")], budget::units(1000))
        else {
            panic!("x = 7 meets the preference");
        };
        let x = model.eval(&z3::ast::Int::new_const("x"), true).unwrap();
        assert_eq!(x.as_i64(), Some(7));
        assert!(
            solver.get_assertions().len() == 2,
            "the slice's own solver is unchanged"
        );
    }

    #[test]
    fn a_model_with_equal_arrays_is_read() {
        let solver = Solver::new();
        solver.from_string(
            "(declare-const a (Array Int Int))(declare-const b (Array Int Int))
             (assert (= b (store a 0 1)))(assert (= (select b 0) 1))",
        );
        let mut checks = Checks::new(&solver, true);
        assert!(matches!(
            checks.check(&[], budget::units(1000)),
            Checked::Sat(_)
        ));
        assert!(!checks.false_model);
    }

    #[test]
    fn a_prelude_that_does_not_parse_is_unknown() {
        let mut prelude = Prelude::load("(assert (= y 1))");
        let solved = prelude.solve(
            &harness(Vec::new(), &[]),
            &query("goal!0"),
            &[],
            effort(1, 5000),
            &whole,
        );
        assert_eq!(solved.status, Status::Unknown);
    }
}
