//! Solves the queries in `vc/` with Z3 and writes Java-level counterexamples to `cex/`.
//!
//! Queries are grouped by prelude (one entry variant's formula): the part of each prelude
//! that its goals still to be solved depend on (their [`slice`]) is parsed once into its
//! own solver and the goals are checked as assumptions, incrementally. Preludes are
//! solved as if in the order vcgen wrote them (an entry's constructor variants before
//! call chains, reflection last), whatever the number of threads ([`schedule`]); a query
//! with a model settles its site for the later queries of the same or a later rank, and
//! so are the queries of a site the solver already timed out on twice (see [`ledger`]).
//! Checks are limited in work rather than time ([`budget`]), so that two runs give the
//! same answers.
//! Each query asks first for inputs that are non-null and small, then relaxes those
//! preferences, and then for up to `models` distinct models, all of that within one
//! short budget. Every prelude gets a fresh Z3 context. After [`PRELUDE_TIMEOUTS`]
//! timeout in one prelude its remaining goals get the short budget too: the goals of a
//! formula that has defeated Z3 once rarely yield to the full timeout later
//! (commons-lang3, shard 1 of 8: 95 unsat, 8 sat and 20 more timeouts after the second,
//! 130 s of solver time; over the whole project, in two runs, the goals after the first
//! timeout took 42 s and 54 s of solver time beyond the short budget, and no finding came
//! of them); after [`PRELUDE_SLICE_TIMEOUTS`] they get only the incremental check. A
//! goal the incremental solver cannot decide within an eighth of the timeout goes to a
//! fresh solver holding only its slice ([`slice`]). A sequence harness, the last natural
//! one, gets the [`budget::sequence_budget`] for every goal (two fifths of the timeout),
//! and after [`SEQUENCE_TIMEOUTS`] timeout its remaining goals are not asked. It had the
//! short budget: on commons-lang3, `--sequence 4`, its goals took 54 s of solver time
//! with the full budget, 29 s with the short one and 24.5 s with the short one and the
//! giving up, the same findings each time; but a stream codec's crashes that need three
//! or four calls (a buffer dropped once read out and then written at the end of the
//! input; a position past the end after chunked writes) took 0.5–0.8 s each and were
//! reported only as reflection notes. Tried and
//! dropped: sending a prelude's goals straight to their slices once two in a row went
//! there (commons-lang3, with other work on the machine: unsat goals cost 1,899 s
//! instead of 1,322 s, because most goals of such a prelude are still decided
//! incrementally in milliseconds).
//! Z3 runs in solver processes ([`worker`], a fresh one for each entry, started through
//! [`Options::worker`]) whose memory is bounded: a goal that needs more, or whose process
//! dies or overruns its timeout, is unknown, and the next goal gets a fresh process
//! ([`pool`]). commons-lang3's `Fraction` (48 goals over 64-bit arithmetic) took 5.9 GB
//! and 48 s in one process with two threads; in two processes of 768 MB, 12 s with the
//! same answers, the largest process at 0.8 GB.
//! Unknown results (timeouts, memory) are recorded and counted, never fatal.

mod budget;
pub mod cex;
mod cpu_time;
mod ledger;
mod memo;
mod pool;
mod schedule;
mod slice;
#[cfg(test)]
mod test_support;
mod worker;
mod z3query;

use budget::Effort;
pub use cex::{Cex, FieldValue, Model, Status, Value};
use ledger::{Ask, Found, Ledger};
pub use pool::WorkerCommand;
use pool::{PreludeRef, Worker};
use schedule::Schedule;
pub use worker::serve;

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;
use vcgen::Prelude;

/// Settings of the solve stage.
#[derive(Debug, Clone)]
pub struct Options {
    /// Per-query timeout in milliseconds, counted in Z3's work ([`budget`]).
    pub timeout_ms: u32,
    /// Most distinct models asked for per site.
    pub models: u32,
    /// Worker threads.
    pub threads: usize,
    /// How to start a solver process ([`serve`]); one runs per thread at a time, a fresh
    /// one for each entry, with a fresh Z3 context per prelude (terms of earlier preludes
    /// would otherwise pile up and slow down every later model).
    pub worker: WorkerCommand,
    /// When the stage must end, if it must: a goal still being solved then is given up and
    /// those not yet asked are not asked, both unknown with the reason [`OUT_OF_TIME`].
    pub deadline: Option<Instant>,
}

/// Why a goal is unknown when the stage's [`Options::deadline`] passed before it was
/// answered.
pub const OUT_OF_TIME: &str = "the time for the whole solve ran out";

/// Counts reported by the solve stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct SolveSummary {
    /// Queries read.
    pub queries: usize,
    /// Queries with at least one model.
    pub sat: usize,
    /// Queries proved unsatisfiable (the site cannot crash under the model).
    pub unsat: usize,
    /// Queries the solver gave up on (timeout or incompleteness).
    pub unknown: usize,
    /// Models written.
    pub models: usize,
    /// Of the unknown queries, those given up because the stage's deadline passed
    /// ([`Options::deadline`]): the stage did not finish its work.
    #[serde(default)]
    pub cut: usize,
    /// Of the unknown queries, those given up because the solver reached its memory limit
    /// (`--solver-memory`): a longer timeout does not answer them, a smaller formula may.
    #[serde(default)]
    pub memory_out: usize,
    /// Of the queries asked, those answered as the last solve stage answered them (the
    /// same formula, asked the same way: [`memo`]) rather than by the solver.
    #[serde(default)]
    pub reused: usize,
}

/// An error that stops the solve stage.
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// The Z3 this build runs, as Z3 names itself (`Z3 5.4.1.0`): another Z3 answers and
/// counts its work otherwise, so it is part of the solve stage's options and of the
/// memo's identity of the solver (docs/z3.md).
pub fn z3_version() -> &'static str {
    z3::full_version()
}

/// Reads every counterexample file of a work directory, in query order.
pub fn read_cexes(work_dir: &Path) -> Result<Vec<Cex>, Error> {
    let dir = work_dir.join("cex");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| Error(format!("{}: {e}; run `dsd solve` first", dir.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(p).map_err(|e| Error(format!("{}: {e}", p.display())))?;
            serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", p.display())))
        })
        .collect()
}

/// Timeouts in one prelude after which its remaining goals get only the short budget.
pub const PRELUDE_TIMEOUTS: u32 = 1;

/// Timeouts in one prelude after which its remaining goals get only the incremental check:
/// a goal that the prelude's own solver cannot decide is not sent to its slice (on
/// commons-lang3, with 2 s, the slices of those goals took 70 s of the 617 s spent in
/// checks, and none of their models gave a finding no other goal gave).
pub const PRELUDE_SLICE_TIMEOUTS: u32 = 2;

/// Timeouts in the prelude of a sequence harness after which its remaining goals are not
/// asked: its formula copies the chosen methods' bodies once per call, and where one goal
/// runs out of work the others do too (commons-lang3, `--sequence 4`: `StrBuilder`'s
/// sequences ran out on 50 goals, 20 s of solver time, and decided none of its sites).
pub const SEQUENCE_TIMEOUTS: u32 = 1;

/// Why a goal of a sequence harness is not asked after [`SEQUENCE_TIMEOUTS`].
const SEQUENCE_GIVEN_UP: &str = "another goal of this sequence harness used up its work";

/// Solves the goals of one prelude in `worker`, skipping sites the ledger says need no more
/// work; the prelude is not even loaded when every one of its sites is skipped.
fn solve_prelude(
    work_dir: &Path,
    group: &Prelude,
    options: &Options,
    ledger: &Ledger,
    worker: &mut Worker,
) -> Vec<Cex> {
    let path = vcgen::prelude_path(work_dir, &group.id);
    let harness = &group.harness;
    let entry = format!(
        "{}.{}{}",
        harness.entry.class, harness.entry.method, harness.entry.descriptor
    );
    // A site's id ends with the method holding it.
    let own_site = format!("@{entry}");
    let mut timeouts = 0;
    let mut out = Vec::new();
    for (i, q) in group.queries.iter().enumerate() {
        let start = Instant::now();
        let mut cex = Cex {
            query: q.id.clone(),
            site: q.site.clone(),
            entry: harness.entry.clone(),
            chain: harness.chain.clone(),
            route: harness.route,
            observed: harness.observed,
            internal: harness.internal.clone(),
            internal_receiver: harness.internal_receiver.clone(),
            null_safe: harness.null_safe.clone(),
            status: cex::Status::Skipped,
            reason: None,
            millis: 0,
            models: Vec::new(),
        };
        let asker = |q: &vcgen::Query| ledger::Asker {
            rank: q.rank,
            entry: &entry,
            own: q.site.ends_with(&own_site),
            natural: harness.route != vcgen::Route::Reflection,
            own_entry_decides: q.own_entry_decides,
            prepares_argument: harness.prepares_argument(),
            extrapolated: harness.chain.iter().any(|c| c.repeated.is_some()),
            internal_receiver: harness.internal_receiver.is_some(),
        };
        let ask = ledger.ask(&q.site, asker(q));
        if let Ask::Skip(skip) = ask {
            cex.reason = Some(skip.reason());
        } else if options.deadline.is_some_and(|d| Instant::now() >= d) {
            cex.status = cex::Status::Unknown;
            cex.reason = Some(OUT_OF_TIME.into());
        } else if harness.is_sequence() && timeouts >= SEQUENCE_TIMEOUTS {
            cex.reason = Some(SEQUENCE_GIVEN_UP.into());
        } else {
            // A second look at a callee's site through a caller gets the short budget and
            // one model: the callee's own entry had the full ones (on commons-lang3, with
            // the full ones, the goals of callees' sites took 518 s of solver time, 104 s
            // of it in timeouts). A sequence gets a budget of its own (`sequence_budget`).
            // A look within its contract at a site another entry crashes outside its own is a
            // second look too.
            let second_look = q.through_caller || matches!(ask, Ask::WithinContract);
            let timeout_ms = if timeouts >= PRELUDE_TIMEOUTS || second_look {
                budget::short_budget(options.timeout_ms)
            } else if harness.is_sequence() {
                budget::sequence_budget(options.timeout_ms)
            } else {
                options.timeout_ms
            };
            let effort = Effort {
                max_models: if second_look { 1 } else { options.models },
                timeout_ms,
                slice: timeouts < PRELUDE_SLICE_TIMEOUTS,
            };
            let goals = || {
                let later = group.queries[i + 1..]
                    .iter()
                    .filter(|later| !matches!(ledger.ask(&later.site, asker(later)), Ask::Skip(_)));
                std::iter::once(q)
                    .chain(later)
                    .map(|g| g.goal.clone())
                    .collect()
            };
            let prelude = PreludeRef {
                id: &group.id,
                path: &path,
                harness,
                goals: &goals,
            };
            let required = required_preferences(&ask, harness);
            let solved = worker.solve(&prelude, q, &required, effort);
            if solved.status == cex::Status::Unknown {
                timeouts += 1;
            }
            cex.status = solved.status;
            cex.reason = solved.reason;
            cex.models = solved.models;
            // A null-argument model of a private helper's site settles it for every entry,
            // as it did before callers were asked: those entries are its only callers.
            let asks_callers = q.through_caller || q.site.ends_with(&own_site);
            let found = match cex.status {
                cex::Status::Sat
                    if asks_callers && null_passed_in(&q.site, harness, &cex.models) =>
                {
                    Found::NullModel
                }
                cex::Status::Sat if outside_contract(harness, &cex.models) => Found::ContractModel,
                // Built as no client can: another harness of the entry may build it so.
                cex::Status::Sat if harness.internal_receiver.is_some() => Found::NoteModel,
                cex::Status::Sat => Found::Model,
                cex::Status::Unknown => Found::Timeout,
                _ => Found::Nothing,
            };
            if found != Found::Timeout || timeout_counts(effort.slice, harness.is_sequence()) {
                ledger.record(&q.site, asker(q), found);
            }
        }
        cex.millis = start.elapsed().as_millis() as u64;
        out.push(cex);
    }
    out
}

/// The preferences of `harness` that a model of a goal asked as `ask` must meet. Inputs
/// without `null` when the ledger asks for them, and within the entry's contract (another
/// note would add nothing: on commons-codec, asking every entry that shares a hash
/// function's sites for any model took more solver time than the rest of the contract
/// rules). And set-up that ran whole when the
/// harness prepares an argument: its calls pass the argument to whole methods
/// (commons-codec's `encode(b, 0, 1, context)`), which a formula too large leaves out with
/// their effects unknown, so such a model proves nothing (without this, 37 goals of
/// commons-codec's encoders were satisfiable only that way, 37 s of solver time, every
/// test refuted by the JVM). A receiver's sequence keeps it a preference: required, the
/// `NibblePacker` fixture's confirmed error was not found.
fn required_preferences(ask: &Ask, harness: &vcgen::Harness) -> Vec<String> {
    let mut required = Vec::new();
    if matches!(ask, Ask::NonNull) {
        required.push(vcgen::NONNULL_PREFERENCE.to_string());
    }
    if matches!(ask, Ask::WithinContract) {
        required.extend(harness.contracts.iter().map(|c| c.symbol.clone()));
    }
    let whole = vcgen::WHOLE_PREFERENCE.to_string();
    if harness.prepares_argument() && harness.preferences.contains(&whole) {
        required.push(whole);
    }
    required
}

/// Whether a timeout counts toward giving its site up for the other harnesses
/// ([`ledger::MAX_TIMEOUTS`]). Not for a goal kept from its slice, which did not have its
/// chance (commons-codec: two notes of `Base16` came from a later constructor's harness);
/// nor in a sequence harness, whose formula copies the chosen methods' bodies once per
/// call, so its running out says that formula is hard, not the site's (commons-lang3:
/// `StrBuilder.append(StrBuilder)`'s receiver and argument sequences both ran out at line
/// 810, and its reflection harness, which has a note there in 21 ms, was never asked).
fn timeout_counts(sliced: bool, sequence: bool) -> bool {
    sliced && !sequence
}

/// True when every model crashes the `NullPointerException` site `site` only with a
/// `null` among the inputs of an entry whose observed usage does not allow it, nor its
/// documentation ([`Model::undocumented_null`]): the crash is a note, a caller's contract
/// broken rather than a bug shown.
fn null_passed_in(site: &str, harness: &vcgen::Harness, models: &[Model]) -> bool {
    site.contains(":NullPointerException@")
        && !harness.observed
        && models
            .iter()
            .all(|m| m.undocumented_null(&harness.null_safe))
}

/// True when every model is a crash outside the entry's contract: no client can call the
/// entry so ([`vcgen::Harness::internal`]), or each model breaks one of its documented or
/// conventional preconditions. Such a crash is a note; a caller may still cause it.
fn outside_contract(harness: &vcgen::Harness, models: &[Model]) -> bool {
    harness.internal.is_some() || models.iter().all(|m| !m.broken.is_empty())
}

/// Reads `vc/` and writes `cex/` in `work_dir`, one file per query as soon as its prelude is
/// solved (so an interrupted run leaves the results it has); `progress` is told how many
/// preludes of how many are done.
pub fn solve_stage(
    work_dir: &Path,
    options: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<SolveSummary, Error> {
    let index = vcgen::read_queries(work_dir).map_err(|e| Error(e.to_string()))?;
    let groups = index.preludes;
    let dir = work_dir.join("cex");
    frontend::files::clear_dir(&dir).map_err(Error)?;
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error(format!("cannot create {}: {e}", dir.display())))?;
    let ledger = Ledger::default();
    let memo_file = memo::memo_path(work_dir);
    let memo = memo::Memo::load(&memo_file, memo::solver_identity(&options.worker));
    let total = groups.len();
    let schedule = Schedule::new(&groups);
    let summary = Mutex::new(Ok(SolveSummary::default()));
    let done = Mutex::new(0usize);
    progress(0, total);
    let record = |cexes: &[Cex]| {
        let written = write_cexes(&dir, cexes);
        if let Ok(mut s) = summary.lock() {
            match (s.as_mut(), written) {
                (Ok(s), Ok(())) => s.count(cexes),
                (Ok(_), Err(e)) => *s = Err(e),
                (Err(_), _) => {}
            }
        }
        if let Ok(mut d) = done.lock() {
            *d += 1;
            progress(*d, total);
        }
    };
    let threads = options.threads.max(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(unit) = schedule.next() {
                    let mut worker = Worker::new(&options.worker)
                        .until(options.deadline)
                        .remembering(&memo);
                    for group in &groups[unit.preludes()] {
                        record(&solve_prelude(
                            work_dir,
                            group,
                            options,
                            &ledger,
                            &mut worker,
                        ));
                        if let Some(why) = worker.cannot_start() {
                            if let Ok(mut s) = summary.lock() {
                                *s = Err(Error(format!(
                                    "{why}; no query can be solved (a dsd binary replaced \
                                     while it ran: run it again)"
                                )));
                            }
                            schedule.stop();
                            return;
                        }
                    }
                }
            });
        }
    });
    memo.save(&memo_file);
    let mut summary = summary
        .into_inner()
        .map_err(|_| Error("a solver thread failed".into()))??;
    summary.reused = memo.hits();
    Ok(summary)
}

/// Writes one `cex/QUERY.json` per counterexample.
fn write_cexes(dir: &Path, cexes: &[Cex]) -> Result<(), Error> {
    for c in cexes {
        let path = dir.join(format!("{}.json", c.query));
        let json = serde_json::to_string_pretty(c).map_err(|e| Error(e.to_string()))?;
        frontend::files::write_atomic(&path, json)
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

impl SolveSummary {
    /// Adds the outcomes of some solved queries.
    fn count(&mut self, cexes: &[Cex]) {
        for c in cexes {
            self.queries += 1;
            match c.status {
                cex::Status::Sat => self.sat += 1,
                cex::Status::Unsat => self.unsat += 1,
                cex::Status::Unknown => {
                    self.unknown += 1;
                    self.cut += usize::from(c.reason.as_deref() == Some(OUT_OF_TIME));
                    self.memory_out +=
                        usize::from(c.reason.as_deref() == Some(z3query::MEMORY_OUT));
                }
                cex::Status::Skipped => {}
            }
            self.models += c.models.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{required_preferences, timeout_counts, Ask};
    use vcgen::{ChainCall, Made};

    /// A prelude of two goals, `q1` and `q2`.
    fn two_goals() -> vcgen::Prelude {
        let query = |id: &str| vcgen::Query {
            id: id.into(),
            goal: format!("goal!{id}"),
            site: format!("s{id}"),
            rank: 0,
            own_entry_decides: false,
            through_caller: false,
        };
        vcgen::Prelude {
            id: "p1".into(),
            harness: crate::test_support::harness(),
            queries: vec![query("q1"), query("q2")],
        }
    }

    /// The summary of solving [`two_goals`] with solver processes run by `script` (a shell
    /// script speaking the worker's protocol) until `deadline`, and why a process could not
    /// start, if one could not.
    fn solved_by(
        script: &str,
        deadline: Option<std::time::Instant>,
    ) -> (crate::SolveSummary, Option<String>) {
        let worker = crate::WorkerCommand {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            env: Vec::new(),
        };
        let options = crate::Options {
            timeout_ms: 1000,
            models: 1,
            threads: 1,
            worker,
            deadline,
        };
        let mut worker = crate::Worker::new(&options.worker).until(options.deadline);
        let dir = std::env::temp_dir();
        let ledger = crate::Ledger::default();
        let cexes = super::solve_prelude(&dir, &two_goals(), &options, &ledger, &mut worker);
        let mut summary = crate::SolveSummary::default();
        summary.count(&cexes);
        (summary, worker.cannot_start().map(str::to_owned))
    }

    #[test]
    fn goals_not_asked_by_the_stages_end_are_unknown_and_counted_as_cut() {
        // A process that dies on any goal; it is never started.
        let (summary, cannot_start) = solved_by("exit 3", Some(std::time::Instant::now()));
        assert_eq!((summary.unknown, summary.cut), (2, 2));
        assert_eq!(cannot_start, None, "no process was started");
    }

    #[test]
    fn goals_given_up_at_the_memory_limit_are_counted_apart() {
        let memory = serde_json::json!({
            "status": "unknown",
            "reason": crate::z3query::MEMORY_OUT,
            "models": [],
        });
        let script = format!("read load; while read goal; do echo '{memory}'; done");
        let (summary, _) = solved_by(&script, None);
        assert_eq!(
            (summary.unknown, summary.memory_out, summary.cut),
            (2, 2, 0)
        );
    }

    #[test]
    fn an_argument_prepared_by_calls_must_be_prepared_by_whole_calls() {
        let call = |passes| ChainCall {
            class: "demo.Codec".into(),
            method: "encode".into(),
            descriptor: "([BLdemo/Codec$Context;)V".into(),
            is_static: false,
            args: Vec::new(),
            when: Some(Made {
                step: "in!step1".into(),
                option: 0,
            }),
            repeated: None,
            on: None,
            passes,
        };
        let mut harness = crate::test_support::harness();
        harness.preferences = vec!["pref!calls1".into(), vcgen::WHOLE_PREFERENCE.into()];
        harness.chain = vec![call(None)];
        assert!(
            required_preferences(&Ask::Solve, &harness).is_empty(),
            "a receiver's sequence only prefers it"
        );
        assert_eq!(
            required_preferences(&Ask::NonNull, &harness),
            [vcgen::NONNULL_PREFERENCE]
        );
        harness.chain = vec![call(Some(1))];
        assert_eq!(
            required_preferences(&Ask::Solve, &harness),
            [vcgen::WHOLE_PREFERENCE]
        );
    }

    #[test]
    fn a_timeout_gives_a_site_up_only_when_the_goal_and_its_harness_were_plain() {
        assert!(timeout_counts(true, false));
        assert!(!timeout_counts(false, false), "a goal kept from its slice");
        assert!(
            !timeout_counts(true, true),
            "a sequence's formula is its own"
        );
    }
}
