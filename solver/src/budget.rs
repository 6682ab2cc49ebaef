//! How much work each check of a goal may take, counted in Z3's resource units (its
//! `rlimit`) rather than in time, so that a goal's answer and models do not depend on the
//! machine's speed or load.
//!
//! With wall-clock timeouts, a goal near its limit was decided in one run and undecided
//! in the next, and every later check of the same solver (whose state the undecided
//! check had changed) could give another model: on commons-lang3, three of 111 errors
//! differed between two runs on the same machine. Z3 counts its steps per context; a
//! check given a resource limit stops after that many more and answers unknown ("max.
//! resource limit exceeded"), the same on every machine.
//!
//! `--timeout` stays in seconds and is turned into units at [`units_per_ms`]. How long a
//! unit takes depends on the formula: on a sixth of commons-lang3's preludes (3,511 checks)
//! the checks of 20 ms or more ran at 2,000 to 13,000 units per millisecond (medians: 7,000
//! for satisfiable goals, 3,400 for unsatisfiable ones, 8,900 for those that ran out of
//! time). At 6,000 units a millisecond and a limit of twice as much time (now three times,
//! [`TIME_FACTOR`]), the checks that run out do so on units, bar formulas Z3 works on
//! without counting. On that sample the solve took 0.92 of the time it took with wall-clock
//! timeouts (medians of four runs taken in turn), with the same satisfiable sites; on the
//! whole of commons-lang3, 183 s instead of 229–235 s.
//!
//! That limit of time is on the CPU clock of the thread that checks ([`crate::cpu_time`]),
//! not the wall clock, which a busy machine slows: commons-codec's solve beside three busy
//! loops on two cores gave 44 of 7,236 answers other than alone with the wall clock, and
//! none with the CPU clock. A busy machine still slows a thread's work somewhat (the
//! same solve took 14% more CPU time), and the limit is three times, not twice, what the
//! units stand for: on commons-lang3, with twice, 14 of the 2,078 checks of 20 ms or more
//! that Z3 finished had used over two thirds of their time, and a solve beside a build
//! gave other models for two goals of `ArrayUtils`; with three times, a solve beside three
//! busy loops gave the answers of a quiet one but for two `Fraction` goals (which end by
//! memory or by the time backstop either way), at the same cost on a quiet machine
//! (commons-lang3 and commons-codec: the same answers but for those `Fraction` goals).
//!
//! `--timeout` is 2 s by default (12 million units). With 5 s, on commons-lang3 4 of the
//! 1,210 satisfiable goals were decided only past 2 s of work, and the tests of 3 of them
//! were all refuted (the fourth gave a note); the 17 undecided goals that had the whole
//! 5 s took 128 s of the 880 s of solver time. With 2 s: commons-lang3 5 min 41 s
//! against 7 min 34 s (solve 287 s against 391 s), 131 errors against 130 (other models:
//! one more crash found, one reported at the other operation of its line), 472 notes
//! against 470; commons-codec 1 min 47 s against 2 min 4 s, the same 133 errors, 239
//! notes against 242 (all `Rule`'s: two goals of its joins need 4–5 s, and a third
//! got another model, which did not crash).

use crate::cpu_time;
use serde::{Deserialize, Serialize};
use z3::{Params, Solver};

/// What one goal may get: its models, its work, and whether it may go on to its slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    /// Most distinct models wanted.
    pub max_models: u32,
    /// The goal's timeout, in milliseconds of work.
    pub timeout_ms: u32,
    /// Whether a goal the incremental solver cannot decide goes on to a fresh solver holding
    /// only its slice; if not, it is undecided.
    pub slice: bool,
}

/// Z3 4.8's resource units that stand for a millisecond of `--timeout`.
pub const UNITS_PER_MS_Z3_4: u64 = 6_000;

/// Z3 5's resource units that stand for a millisecond of `--timeout`. Z3 5.4.1 counts
/// fewer units a millisecond than 4.8.12 (medians of the checks of 20 ms or more: 4,743
/// against 7,095 on commons-lang3, 5,033 against 6,406 on commons-codec) and needs more of
/// them for the same answers: at 6,000 it left 93 of commons-codec's goals undecided
/// against 4.8.12's 67, at 9,000 48 (bench/results/2026-12-08-z3-5.md).
pub const UNITS_PER_MS_Z3_5: u64 = 9_000;

/// The resource units that stand for a millisecond of `--timeout` in the Z3 this build runs
/// ([`crate::z3_version`]): a unit is not the same work in both.
pub fn units_per_ms() -> u64 {
    static RATE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *RATE.get_or_init(|| rate_of(crate::z3_version()))
}

/// The resource units that stand for a millisecond in the Z3 named `full_version`.
fn rate_of(full_version: &str) -> u64 {
    match z3_major(full_version) {
        Some(0..=4) => UNITS_PER_MS_Z3_4,
        _ => UNITS_PER_MS_Z3_5,
    }
}

/// The major version in Z3's name for itself (`Z3 5.4.1.0`).
fn z3_major(full_version: &str) -> Option<u32> {
    let number = full_version.split_whitespace().last()?;
    number.split('.').next()?.parse().ok()
}

/// The work `ms` milliseconds of `--timeout` stand for.
pub fn units(ms: u32) -> u64 {
    u64::from(ms) * units_per_ms()
}

/// Below this much work (20 ms), a check is not worth starting.
pub fn min_units() -> u64 {
    units(20)
}

/// The units Z3 has spent so far in the context `solver` belongs to (every solver of a
/// context shares one count).
pub fn work_done(solver: &Solver) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(d)) => d as u64,
        None => 0,
    }
}

/// How many times the CPU time a check's units stand for it may take before it is stopped
/// anyway ([`cpu_time::interrupt_after`]). Most checks run out of units first; the
/// exceptions are formulas whose time goes where Z3 hardly counts, such as bit-blasting
/// 64-bit multiplications and divisions while it internalizes them: one goal of
/// commons-lang3's `Fraction.add` took 13 s for 1.1 million units (85 per millisecond).
pub const TIME_FACTOR: u64 = 3;

/// Runs `check`, a check of `solver`, with at most `units` more units of work, or
/// [`TIME_FACTOR`] times the CPU time they stand for.
pub fn with_work_limit<T>(solver: &Solver, units: u64, check: impl FnOnce() -> T) -> T {
    let ms = units.saturating_mul(TIME_FACTOR).div_ceil(units_per_ms());
    limited(solver, units, ms, check)
}

/// Runs `check` with at most `units` more units of work or `ms` milliseconds of CPU time,
/// whichever comes first.
fn limited<T>(solver: &Solver, units: u64, ms: u64, check: impl FnOnce() -> T) -> T {
    let mut params = Params::new();
    params.set_u32("rlimit", u32::try_from(units.max(1)).unwrap_or(u32::MAX));
    solver.set_params(&params);
    cpu_time::interrupt_after(solver.get_context().handle(), ms.max(1), check)
}

/// Whether Z3's reason for an unknown answer is one of the limits [`with_work_limit`] set
/// (Z3 4.8 says "canceled" when the resource limit stops its SMT core, "max. resource
/// limit exceeded" elsewhere, and "interrupted" when the time is up; nothing else cancels
/// a check).
pub fn ran_out(reason: &str) -> bool {
    reason.contains("resource limit") || reason == "canceled" || reason == "interrupted"
}

/// The work a goal gets against its whole prelude before it goes to its slice: an eighth
/// of the query's, at most 250 ms's, or the [`short_budget`] for the first check of a
/// solver (`warm` is false), which internalizes the whole prelude first: on a sample of
/// commons-lang3, half of the goals that ran out of the 250 ms were the first of their
/// solver, and each went on to a slice solver that started from nothing again.
///
/// It was a twentieth (100 ms of the default 2 s). In the one-call-first harness of an
/// encoder fed in chunks whose line separator overruns its buffer two calls in (the
/// `LineEncoder` fixture), the goal before the separator's (a write the group's room
/// check makes safe) ran out of its twentieth, then of its 1.6 s slice, and the goals
/// after a timeout get the short budget, so the crash went to a reflection note. With an
/// eighth, the incremental solver proves that goal in 93 ms and finds the crash in 100 ms;
/// commons-lang3 and commons-codec gave the same errors (136 and 136) and notes within
/// one, solve 280.1 s against 281.4 s and 90.4 s against 95.6 s.
pub fn incremental_budget(timeout_ms: u32, warm: bool) -> u64 {
    if warm {
        units((timeout_ms / 8).clamp(1, 250))
    } else {
        units(short_budget(timeout_ms))
    }
}

/// The short budget, in milliseconds of `--timeout`: a fifth of the query's, at most a
/// second. A satisfiable goal spends it on preferred inputs and further models, all
/// checks together.
pub fn short_budget(timeout_ms: u32) -> u32 {
    (timeout_ms / 5).clamp(1, 1000)
}

/// The budget of a goal in a sequence harness, in milliseconds of `--timeout`: twice the
/// [`short_budget`], two fifths of the query's. A stream codec's crashes after three or
/// four calls took 0.5–0.8 s of work each, so the short budget left them to reflection
/// notes; the full budget proved commons-lang3's `StrBuilder` goals unsatisfiable one by
/// one instead of giving its harnesses up (sequence goals 18 s to 49 s of solver time, the
/// run 219.8 s to 244.5 s in a pair), and commons-codec's `readResults` gained one error
/// the JVM confirmed; this budget cost commons-lang3 10 s of solver time (in three pairs,
/// 228.8 s to 228.9 s, 228.3 s to 235.9 s, 233.8 s to 252.0 s, the last with every other
/// harness slower too) and found no fewer errors on either project.
pub fn sequence_budget(timeout_ms: u32) -> u32 {
    2 * short_budget(timeout_ms)
}

/// The budget, in milliseconds of work, for the preferred inputs and further models of a
/// satisfiable goal checked with `timeout_ms`: its [`short_budget`]. A sequence's goal was
/// checked with a [`sequence_budget`] of its own; its refinement gets what a plain goal's
/// gets, the short budget of the whole timeout (half its own), which shortening its calls
/// shares: with a fifth of its own, the scratch stream codec's tests kept no-op calls and
/// values such as `readResults(new byte[4032], 3809, 2048)`.
pub fn refinement_budget(timeout_ms: u32, sequence: bool) -> u32 {
    match sequence {
        true => timeout_ms / 2,
        false => short_budget(timeout_ms),
    }
}

/// The work left for refining a satisfiable goal's model (a [`short_budget`], or a
/// [`refinement_budget`]).
pub struct Budget {
    left: u64,
}

impl Budget {
    /// The short budget of a query with `timeout_ms`.
    pub fn new(timeout_ms: u32) -> Budget {
        Budget::of_ms(short_budget(timeout_ms))
    }

    /// A budget of `ms` milliseconds' work.
    pub fn of_ms(ms: u32) -> Budget {
        Budget { left: units(ms) }
    }

    /// Units left, when worth a check.
    pub fn left(&self) -> Option<u64> {
        (self.left >= min_units()).then_some(self.left)
    }

    /// Takes `units` a check spent off what is left.
    pub fn spend(&mut self, units: u64) {
        self.left = self.left.saturating_sub(units);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::SatResult;

    /// Two factors of a 32-bit prime above one: unsatisfiable, and Z3 bit-blasts and
    /// searches at length before it knows.
    const FACTORS: &str = "(declare-const x (_ BitVec 32))(declare-const y (_ BitVec 32))
        (assert (= (bvmul x y) #x7fffffff))(assert (bvugt x #x00000001))
        (assert (bvugt y #x00000001))(assert (bvult x #x0000ffff))(assert (bvult y #x0000ffff))";

    #[test]
    fn a_check_stops_after_its_units_the_same_way_every_time() {
        let run = || {
            let solver = Solver::new();
            solver.from_string(FACTORS);
            let before = work_done(&solver);
            let result = limited(&solver, units(50), 60_000, || solver.check());
            let reason = solver.get_reason_unknown().unwrap_or_default();
            (result, reason, work_done(&solver) - before)
        };
        let (result, reason, spent) = run();
        assert_eq!(result, SatResult::Unknown);
        assert!(ran_out(&reason), "{reason}");
        assert!((units(50)..units(51)).contains(&spent), "{spent}");
        let again = run();
        assert_eq!(
            (again.0, again.2),
            (result, spent),
            "the same work, the same answer"
        );
    }

    #[test]
    fn a_check_that_z3_does_not_count_stops_on_its_cpu_time_and_the_next_runs() {
        let solver = Solver::new();
        solver.from_string(FACTORS);
        let start = std::time::Instant::now();
        let result = limited(&solver, u64::MAX, 100, || solver.check());
        let reason = solver.get_reason_unknown().unwrap_or_default();
        assert_eq!(result, SatResult::Unknown);
        assert!(ran_out(&reason), "{reason}");
        assert!(start.elapsed() >= std::time::Duration::from_millis(100));
        assert_eq!(
            limited(&solver, units(60_000), 60_000, || solver.check()),
            SatResult::Unsat,
            "the interrupt is over with its check"
        );
    }

    #[test]
    fn the_rate_of_units_follows_the_major_version_of_the_z3_that_runs() {
        assert_eq!(z3_major("Z3 4.8.12.0"), Some(4));
        assert_eq!(z3_major("Z3 5.4.1.0"), Some(5));
        assert_eq!(z3_major("no number"), None);
        assert_eq!(rate_of("Z3 4.8.12.0"), UNITS_PER_MS_Z3_4);
        assert_eq!(rate_of("Z3 5.4.1.0"), UNITS_PER_MS_Z3_5);
        assert_eq!(units_per_ms(), rate_of(crate::z3_version()));
        assert_eq!(min_units(), 20 * units_per_ms());
    }

    #[test]
    fn a_sequence_gets_more_than_the_short_budget_and_less_than_the_timeout() {
        assert_eq!(short_budget(2000), 400);
        assert_eq!(sequence_budget(2000), 800);
        assert_eq!(
            sequence_budget(10_000),
            2000,
            "twice the short budget's cap"
        );
        assert_eq!(
            refinement_budget(sequence_budget(2000), true),
            refinement_budget(2000, false),
            "a sequence's refinement gets what a plain goal's gets"
        );
    }
}
