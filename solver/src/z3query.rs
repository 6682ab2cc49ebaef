//! Solving one query with Z3 and reading its models back through the input plans.

use crate::budget::{self, Budget, Effort};
use crate::cex::{Model, Status};
use checks::{parsed, slice_solver, solver_of, Checked, Checks};
use refine::{models, refine};
use vcgen::{Harness, Query};
use z3::ast::Bool;
use z3::Solver;

mod checks;
mod lengths;
mod reader;
mod refine;
mod shorten;

/// Longest string or primitive array read back from a model: as long as an input may be.
const MAX_ELEMENTS: i64 = vcgen::INPUT_LENGTH_MAX as i64;

/// The result of solving one query.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
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
        if left < budget::min_units() || !may_slice {
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
    if left < budget::min_units() {
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
        Checked::Sat(model) if calls > 0 || !harness.contracts.is_empty() => Ok(refine(
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

/// Why a goal whose slice does not parse is unknown.
const SLICE_UNPARSED: &str = "the goal's slice does not parse";

/// Why a goal that used up its work is unknown.
const TIMEOUT: &str = "timeout: the goal used up the work its --timeout stands for";

/// Why a goal whose only model was false is unknown.
const FALSE_MODEL: &str = "the solver's model does not satisfy the formula";

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

#[cfg(test)]
mod tests;
