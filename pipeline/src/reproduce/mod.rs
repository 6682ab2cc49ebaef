//! `dsd reproduce TRACE [SRC...]`: a JUnit test that raises the crash of a pasted stack
//! trace, with the trace's frames 1..K matching in class, method and line (the criterion
//! of EvoCrash and Botsing).
//!
//! The trace is parsed ([`trace`]) and its frames located in the program model
//! ([`frames`]). The crash is the innermost cause's top project frame; the entries are the
//! frames a test can call, the deepest first in the report (or frame K alone with
//! `--frame K`). vcgen checks only the sites of the trace's exception at that line
//! ([`vcgen::Focus`]), through those entries, inlining calls as deep as the frames go;
//! then the solve, testgen and run stages as for `dsd check`. Of the tests run, the one
//! whose stack matches the most leading frames of the trace is kept below
//! `WORK/reproduce/`, as `--emit-tests` keeps a finding's, with the trace in a comment
//! ([`output`]).

pub mod frames;
pub mod output;
pub mod trace;
mod usage;

use crate::cli::{ReproduceArgs, RunArgs, VcgenArgs};
use crate::error::{Failure, EXIT_CLEAN, EXIT_FINDINGS};
use crate::run::classify::{self, ProjectClasses};
use crate::run::results::{Frame, Outcome, TestResult};
use crate::stages::Stages;
use frames::Located;
use output::{Report, Tried};
use std::path::{Path, PathBuf};
use std::time::Instant;
use trace::TraceFrame;

/// Runs `dsd reproduce`; returns 0 when the crash was reproduced, 1 when not.
pub fn reproduce(
    stages: &mut Stages,
    work: &Path,
    args: &ReproduceArgs,
    sources: &[PathBuf],
) -> Result<i32, Failure> {
    let start = Instant::now();
    let shown = args.trace.display();
    let text = std::fs::read_to_string(&args.trace)
        .map_err(|e| Failure::new(format!("cannot read the trace {shown}: {e}")))?;
    let parsed = trace::parse(&text).map_err(|e| match e.line {
        0 => Failure::new(format!("{shown}: {}", e.message)),
        line => Failure::new(format!("{shown}:{line}: {}", e.message)),
    })?;
    let thrown = parsed.pick(args.cause).ok_or_else(|| {
        Failure::new(format!(
            "--cause {}: the trace {shown} has {} (0 is the top one)",
            args.cause.unwrap_or_default(),
            crate::report::plural(parsed.chain.len(), "exception")
        ))
    })?;
    let classpath = crate::cli::classpath_entries(args.classpath.as_deref())?;
    stages.parse(sources, &classpath)?;
    if args.tests.is_empty() {
        stages.forget_invariants()?;
    } else {
        stages.infer(sources, &args.tests, &classpath)?;
    }
    let program = frontend::read_program(work)?;
    let entries = vcgen::entry_methods(&program);
    let located = frames::locate(&program, &entries, &thrown.frames);
    let chosen = choose(&thrown.frames, &located, args.frame, &shown.to_string())?;
    let mut report = Report::new(&args.trace, thrown, &located, chosen.target);
    if chosen.entries.is_empty() {
        report.note = Some(
            "no project frame of the trace is a method a test can call (public or \
             package-visible, in a class a test can name)"
                .to_string(),
        );
        return output::finish(report, args, start);
    }
    let line = thrown.frames[chosen.top].line.ok_or_else(|| {
        Failure::new(format!(
            "{shown}: frame {} `{}` gives no line, so its crash site is unknown",
            chosen.top + 1,
            thrown.frames[chosen.top]
        ))
    })?;
    let project = ProjectClasses::from_program(&program, std::iter::empty::<&str>());
    let junit = args
        .junit
        .unwrap_or_else(|| crate::emit::junit::project_junit(&args.tests, sources, work));
    let search = Search {
        work,
        args,
        deadline: start + args.budget,
        begun: std::cell::Cell::new(false),
        chosen: &chosen,
        line,
        thrown,
        project: &project,
        junit,
        trace: (&text, &output::test_class_name(&args.trace)),
    };
    search.run(stages, &mut report, false)?;
    let goal = chosen.goal();
    if !args.tests.is_empty() && report.reached <= goal {
        search.run(stages, &mut report, true)?;
    }
    if let Some(test) = report.test.clone().filter(|_| !args.tests.is_empty()) {
        usage::judge(
            &mut report,
            &located,
            (sources, args),
            (work, &stages.jdk),
            junit,
            &test,
        )?;
    }
    if let (Some(test), Some(dir)) = (&mut report.test, &args.emit_tests) {
        output::emit(&output::reproduce_dir(work), test, dir)?;
    }
    output::finish(report, args, start)
}

/// What the search for a reproducing test works with.
struct Search<'a> {
    work: &'a Path,
    args: &'a ReproduceArgs,
    /// When `--budget` is spent: no frame is tried after it (but the first), nor a retry
    /// begun.
    deadline: Instant,
    /// Whether a frame was tried yet.
    begun: std::cell::Cell<bool>,
    chosen: &'a Chosen,
    /// The crash's line.
    line: u32,
    thrown: &'a trace::Thrown,
    project: &'a ProjectClasses,
    junit: invariants::toolchain::Flavour,
    /// The trace's text and the kept test's class name.
    trace: (&'a str, &'a str),
}

impl Search<'_> {
    /// Tries the entries, the deepest first, a shallower one only when no test yet reached
    /// its frame; keeps a test in `report` as soon as it is the best, while the work dir
    /// holds its plan. `beyond_usage`: the project's invariants are kept only where the
    /// crash allows ([`vcgen::Focus::beyond_usage`]).
    fn run(
        &self,
        stages: &mut Stages,
        report: &mut Report,
        beyond_usage: bool,
    ) -> Result<(), Failure> {
        let chosen = self.chosen;
        let goal = chosen.goal();
        for (index, key) in chosen.entries.iter().rev() {
            if report.reached > *index {
                break;
            }
            let first = !self.begun.replace(true);
            if !first && Instant::now() >= self.deadline {
                let budget = self.args.budget.as_secs_f64();
                report.frames[*index]
                    .tried
                    .get_or_insert(Tried::OutOfTime { budget });
                continue;
            }
            crate::progress::say(&format!(
                "dsd reproduce: frame {} `{}`{}: looking for inputs that reach the crash \
                 through it",
                index + 1,
                self.thrown.frames[*index],
                if beyond_usage {
                    ", outside the project's usage"
                } else {
                    ""
                }
            ));
            let (tried, outcome) = attempt(stages, self, (*index, key), beyond_usage, first)?;
            let scored: Vec<(usize, Raised)> = tried
                .into_iter()
                .map(|r| {
                    let n = reached(&self.thrown.frames, chosen.top, r.frames(), self.project);
                    (n, r)
                })
                .collect();
            let deepest = scored.iter().map(|(n, _)| *n).max();
            if deepest.is_none_or(|n| n <= *index) {
                let outcome = match deepest {
                    Some(reached) => Tried::OtherStack { reached },
                    None => outcome,
                };
                report.frames[*index].tried.get_or_insert(outcome);
            }
            let found = scored
                .into_iter()
                .filter(|(n, _)| *n > chosen.top.max(report.reached))
                .max_by_key(|(n, r)| rank(*n, r));
            let Some((depth, raised)) = found else {
                continue;
            };
            report.reached(depth);
            if depth > goal {
                let site = crash_site(self.work, raised.frames(), self.project)?;
                report.test = Some(output::write_test(
                    self.work,
                    &raised.result,
                    &site,
                    self.junit,
                    self.trace,
                )?);
            }
        }
        Ok(())
    }
}

/// The order of the tests that raised the trace's exception, the best last: the deepest
/// (`reached` frames matched), then one that builds its state without reflection (a crash the
/// calls made again reach also gets reflection's test), then the shortest stack.
pub(crate) fn rank(reached: usize, raised: &Raised) -> (usize, bool, std::cmp::Reverse<usize>) {
    (
        reached,
        !raised.reflection,
        std::cmp::Reverse(raised.frames().len()),
    )
}

/// A test that raised the trace's exception: itself, or as a cause of its own exception (a
/// trace's innermost cause, which a method on the way wrapped, is a cause in the test of
/// the outer method too).
pub(crate) struct Raised {
    /// The test's result as the runner wrote it.
    pub(crate) result: TestResult,
    /// Which of its causes is the trace's exception (0: its own exception).
    depth: usize,
    /// Whether the test sets state by reflection.
    pub(crate) reflection: bool,
}

impl Raised {
    /// The frames of the trace's exception in the test.
    pub(crate) fn frames(&self) -> &[Frame] {
        match self.depth {
            0 => &self.result.frames,
            d => &self.result.causes[d - 1].frames,
        }
    }

    /// `result` as a raise of `exception`, if it or one of its causes is of that class.
    pub(crate) fn of(result: TestResult, exception: &str, reflection: bool) -> Option<Raised> {
        if result.outcome != Outcome::Exception {
            return None;
        }
        let depth = if result.exception.as_deref() == Some(exception) {
            0
        } else {
            1 + result
                .causes
                .iter()
                .position(|c| c.exception == exception)?
        };
        Some(Raised {
            result,
            depth,
            reflection,
        })
    }
}

/// Runs the stages from vcgen to run with the trace's crash as the focus and the method of
/// frame `index` as the only entry, the project's invariants assumed, or with
/// `beyond_usage` kept where the crash allows; returns the results of the tests that threw
/// the trace's exception, each with whether its test sets state by reflection, and what
/// the try came to when none did. Every solve ends when the budget is spent, but the
/// `first` frame's first, so that every search answers something.
fn attempt(
    stages: &mut Stages,
    search: &Search,
    (index, key): (usize, &frames::MethodKey),
    beyond_usage: bool,
    first: bool,
) -> Result<(Vec<Raised>, Tried), Failure> {
    let Search {
        work,
        args,
        chosen,
        line,
        thrown,
        ..
    } = *search;
    let (class, name, descriptor) = &chosen.crash;
    let focus = vcgen::Focus {
        entries: vec![key.clone()],
        class: class.clone(),
        method: format!("{name}{descriptor}"),
        line,
        exception: thrown.exception.clone(),
        recursion: recursion(&thrown.frames[chosen.top..=index]).max(1),
        calls: trace_calls(&thrown.frames, &chosen.project, chosen.top, index),
        beyond_usage,
        library_callee: chosen
            .top
            .checked_sub(1)
            .map(|below| thrown.frames[below].class.clone()),
    };
    // The trace's frames are inlined, and below the crash's frame as deep as `dsd check`
    // inlines: a crash under a recursive descent needs both.
    let between = u32::try_from(index - chosen.top).unwrap_or(u32::MAX);
    let vcgen_args = VcgenArgs {
        inline_depth: args
            .vcgen
            .inline_depth
            .max(between)
            .saturating_add(args.vcgen.inline_depth),
        ..args.vcgen.clone()
    };
    let vc = stages.vcgen(&vcgen_args, None, Some(focus.clone()))?;
    if vc.queries == 0 {
        return Ok((Vec::new(), Tried::NoSite));
    }
    let run_args = RunArgs {
        test_timeout: args.test_timeout,
        classpath: args.classpath.clone(),
        exit: crate::cli::ExitArgs {
            fail_on: crate::cli::FailOn::Never,
        },
    };
    let mut solve = args.solve.clone();
    let mut tries_left = TRIES;
    loop {
        let began = Instant::now();
        let deadline = (!first || tries_left < TRIES).then_some(search.deadline);
        let solved = stages.solve(&solve, deadline)?;
        let retry = Retry::after(&solved, vcgen_args.unroll);
        // The next try is begun only if, at its share of this one's time, it would end
        // within the budget.
        let next_try = began.elapsed() * retry.cost();
        stages.testgen()?;
        stages.run(&run_args)?;
        let results = crate::run::read_results(&work.join("results").join("results.jsonl"))?;
        let outcome = match (solved.sat, solved.unknown) {
            _ if solved.cut > 0 => Tried::CutShort {
                budget: args.budget.as_secs_f64(),
            },
            (0, 0) => Tried::Unsatisfiable,
            (0, _) => Tried::TimedOut,
            _ => Tried::NoCrash {
                tests: results.len(),
            },
        };
        let written = testgen::read_index(work)?;
        let reflection = |r: &TestResult| {
            written
                .tests
                .iter()
                .any(|t| t.reflection && t.class == r.class && t.method == r.method)
        };
        let same: Vec<Raised> = results
            .into_iter()
            .filter_map(|r| {
                let by_reflection = reflection(&r);
                Raised::of(r, &thrown.exception, by_reflection)
            })
            .collect();
        tries_left -= 1;
        let settled = solved.sat + solved.unknown == 0;
        let too_late = Instant::now() + next_try > search.deadline;
        if !same.is_empty() || tries_left == 0 || settled || too_late {
            return Ok((same, outcome));
        }
        match retry {
            Retry::LongerTimeout => {
                crate::progress::say(&format!(
                    "dsd reproduce: frame {}: no test threw it, solving again with {} times \
                     the timeout",
                    index + 1,
                    RETRY_PATIENCE
                ));
                solve.timeout *= RETRY_PATIENCE;
            }
            Retry::SmallerLoops => {
                crate::progress::say(&format!(
                    "dsd reproduce: frame {}: the solver reached its memory limit, solving \
                     again with each loop unrolled once (--unroll 1)",
                    index + 1,
                ));
                let smaller = VcgenArgs {
                    unroll: 1,
                    ..vcgen_args.clone()
                };
                stages.vcgen(&smaller, None, Some(focus.clone()))?;
            }
        }
    }
}

/// How many times the focus's queries are solved: again, when no test threw the trace's
/// exception and the solver did not prove every goal unreachable ([`Retry`]).
const TRIES: u32 = 2;

/// How many times the solver's timeout the second try gets: the preferred inputs (short,
/// printable strings) of a deep recursion take Z3 longer than `dsd check`'s budget.
const RETRY_PATIENCE: u32 = 5;

/// How the second try differs from the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Retry {
    /// The same formulas, [`RETRY_PATIENCE`] times the timeout.
    LongerTimeout,
    /// Formulas with each loop unrolled once: a goal given up at the solver's memory limit
    /// is not answered by more time, and the smaller formula often fits (floating-point loops
    /// unrolled five times, whose bit-blasting fills the memory in seconds).
    SmallerLoops,
}

impl Retry {
    /// The retry the first try's `solved` calls for, its formulas made with loops unrolled
    /// `unroll` times.
    fn after(solved: &solver::SolveSummary, unroll: u32) -> Retry {
        if solved.memory_out > 0 && unroll > 1 {
            Retry::SmallerLoops
        } else {
            Retry::LongerTimeout
        }
    }

    /// How many times the first try's time the retry is expected to take at most.
    fn cost(self) -> u32 {
        match self {
            Retry::LongerTimeout => RETRY_PATIENCE,
            Retry::SmallerLoops => 1,
        }
    }
}

/// How many times the most repeated method of `frames` calls itself again (0 without
/// recursion): `parse` → `term` → `parse` is one.
fn recursion(frames: &[TraceFrame]) -> u32 {
    let mut counts: std::collections::HashMap<(&str, &str), u32> = Default::default();
    for f in frames {
        *counts.entry((&f.class, &f.method)).or_default() += 1;
    }
    counts.into_values().max().unwrap_or(1).saturating_sub(1)
}

/// Each call the trace shows from the crash's frame `top` out to frame `entry` (indices):
/// in each project frame (`project`) above the crash's, its line (0 for a frame without
/// one) and the class of the frame below, which it entered.
fn trace_calls(
    frames: &[TraceFrame],
    project: &[bool],
    top: usize,
    entry: usize,
) -> Vec<vcgen::TraceCall> {
    (top + 1..=entry)
        .filter(|&i| project[i])
        .map(|i| vcgen::TraceCall {
            line: frames[i].line.unwrap_or(0),
            callee: frames[i - 1].class.clone(),
        })
        .collect()
}

/// The frames the reproduction aims at.
struct Chosen {
    /// Index of the crashing frame: the top project frame.
    top: usize,
    /// The method of the crashing frame.
    crash: frames::MethodKey,
    /// `--frame K`, as an index.
    target: Option<usize>,
    /// The frames whose methods are the entries, by index.
    entries: Vec<(usize, frames::MethodKey)>,
    /// Whether each frame is the project's.
    project: Vec<bool>,
}

impl Chosen {
    /// The frame (an index) a test must reach down to for the crash to count as
    /// reproduced: `--frame K`, else the shallowest frame a test can call.
    fn goal(&self) -> usize {
        self.target.unwrap_or(self.entries[0].0)
    }
}

/// The crashing frame and the entries: with `frame` (from 1), that frame alone; else every
/// frame a test can call above the first one that does not fit this version of the code.
fn choose(
    frames: &[TraceFrame],
    located: &[Located],
    frame: Option<usize>,
    shown: &str,
) -> Result<Chosen, Failure> {
    let top = located
        .iter()
        .position(|l| !matches!(l, Located::Library))
        .ok_or_else(|| {
            Failure::new(format!(
                "{shown}: no frame is in the project's sources; name the folders that hold the \
                 classes of its frames"
            ))
        })?;
    let fits = located
        .iter()
        .position(|l| matches!(l, Located::Mismatch(_)))
        .unwrap_or(located.len());
    let Located::Method { key: crash, .. } = &located[top] else {
        let why = match &located[top] {
            Located::Mismatch(why) => why.as_str(),
            _ => "it does not fit this version of the code",
        };
        return Err(Failure::new(format!(
            "{shown}: frame {} `{}`: {why}",
            top + 1,
            frames[top]
        )));
    };
    let crash = crash.clone();
    let project = located
        .iter()
        .map(|l| !matches!(l, Located::Library))
        .collect();
    let callable = |i: usize| match &located[i] {
        Located::Method {
            key,
            callable: true,
        } => Some((i, key.clone())),
        _ => None,
    };
    let Some(k) = frame else {
        return Ok(Chosen {
            top,
            crash,
            target: None,
            entries: (top..fits).filter_map(callable).collect(),
            project,
        });
    };
    let i = k.wrapping_sub(1);
    let problem = match located.get(i) {
        None => Some(format!("the trace has {} frames", frames.len())),
        Some(_) if i < top => Some(format!(
            "it is above the crash's top project frame {}",
            top + 1
        )),
        Some(Located::Library) => Some("it is not the project's".to_string()),
        Some(Located::Mismatch(why)) => Some(why.clone()),
        Some(_) if i > fits => Some(format!("frame {} does not fit this version", fits + 1)),
        Some(Located::Method {
            callable: false, ..
        }) => Some(
            "no test can call its method (private, or in a class a test cannot name)".to_string(),
        ),
        Some(_) => None,
    };
    match problem {
        Some(why) => Err(Failure::new(format!(
            "--frame {k}: cannot aim at frame {k} of {shown}: {why}"
        ))),
        None => Ok(Chosen {
            top,
            crash,
            target: Some(i),
            entries: callable(i).into_iter().collect(),
            project,
        }),
    }
}

/// How many leading frames of `trace` a test's `frames` match: the library frames above the
/// crash (`top` of them) when the crash's frame matches, then each frame in class and
/// method, and in line for the project's.
pub(crate) fn reached(
    trace: &[TraceFrame],
    top: usize,
    frames: &[crate::run::results::Frame],
    project: &ProjectClasses,
) -> usize {
    let Some(start) = frames.iter().position(|f| project.contains(&f.class)) else {
        return 0;
    };
    let matching = trace[top..]
        .iter()
        .zip(&frames[start..])
        .take_while(|(t, f)| {
            t.class == f.class
                && t.method == f.method
                && (!project.contains(&t.class) || t.line.is_none_or(|l| i64::from(l) == f.line))
        })
        .count();
    match matching {
        0 => 0,
        n => top + n,
    }
}

/// The site of `vc/sites.json` the test crashed at: the top project frame of `frames`, the
/// stack of the trace's exception in the test.
fn crash_site(
    work: &Path,
    frames: &[Frame],
    project: &ProjectClasses,
) -> Result<vcgen::Site, Failure> {
    let table = vcgen::read_sites(work)?;
    let frame = classify::top_project_frame(frames, project);
    table
        .sites
        .iter()
        .find(|s| frame.is_some_and(|f| classify::frame_matches(f, s)))
        .or(table.sites.first())
        .cloned()
        .ok_or_else(|| Failure::new("vc/sites.json lists no crash site for the trace"))
}

/// The exit status of a finished reproduction.
pub(crate) fn exit_status(reproduced: bool) -> i32 {
    if reproduced {
        EXIT_CLEAN
    } else {
        EXIT_FINDINGS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::results::Frame;

    fn trace_frame(class: &str, method: &str, line: u32) -> TraceFrame {
        TraceFrame {
            class: class.into(),
            method: method.into(),
            file: None,
            line: Some(line),
        }
    }

    fn run_frame(class: &str, method: &str, line: i64) -> Frame {
        Frame {
            class: class.into(),
            method: method.into(),
            file: None,
            line,
        }
    }

    #[test]
    fn frames_match_from_the_crash_down_in_class_method_and_line() {
        let project = ProjectClasses::new(["a.Calc"], std::iter::empty::<&str>());
        let trace = [
            trace_frame("java.lang.String", "charAt", 1517),
            trace_frame("a.Calc", "atom", 46),
            trace_frame("a.Calc", "product", 32),
            trace_frame("a.Calc", "eval", 14),
        ];
        let test = |frames: &[Frame]| reached(&trace, 1, frames, &project);
        let jdk = run_frame("java.lang.String", "charAt", 1600);
        let atom = run_frame("a.Calc", "atom", 46);
        let product = run_frame("a.Calc", "product", 32);
        let junit = run_frame("a.Calc_DsdTest", "test1", 9);
        assert_eq!(
            test(&[jdk.clone(), atom.clone(), product.clone(), junit.clone()]),
            3
        );
        assert_eq!(test(&[atom.clone(), junit.clone()]), 2);
        assert_eq!(test(&[run_frame("a.Calc", "atom", 47), product]), 0);
        assert_eq!(test(&[junit]), 0);
    }

    #[test]
    fn recursion_counts_a_method_s_repeats_and_trace_calls_the_project_s_frames() {
        let frames = [
            trace_frame("java.lang.Integer", "parseInt", 614),
            trace_frame("a.Nest", "item", 25),
            trace_frame("a.Nest", "list", 32),
            trace_frame("a.Nest", "item", 19),
            trace_frame("a.Nest", "list", 32),
            trace_frame("a.Nest", "item", 19),
            trace_frame("a.Nest", "sum", 13),
        ];
        assert_eq!(recursion(&frames[1..]), 2);
        assert_eq!(recursion(&frames[5..]), 0);
        let mut project = vec![true; frames.len()];
        project[0] = false;
        let lines = |project: &[bool], entry| -> Vec<u32> {
            let calls = trace_calls(&frames, project, 1, entry);
            calls.iter().map(|c| c.line).collect()
        };
        assert_eq!(lines(&project, 6), [32, 19, 32, 19, 13]);
        let calls = trace_calls(&frames, &project, 1, 2);
        let entered: Vec<&str> = calls.iter().map(|c| c.callee.as_str()).collect();
        assert_eq!(
            entered,
            ["a.Nest"],
            "the class of the frame each call entered"
        );
        assert_eq!(lines(&project, 1), Vec::<u32>::new());
        project[3] = false;
        assert_eq!(lines(&project, 4), [32, 32]);
    }

    #[test]
    fn the_exit_status_says_whether_it_was_reproduced() {
        assert_eq!(exit_status(true), 0);
        assert_eq!(exit_status(false), 1);
    }

    #[test]
    fn a_try_given_up_at_the_memory_limit_is_followed_by_one_with_smaller_loops() {
        let timed_out = solver::SolveSummary {
            queries: 2,
            unknown: 2,
            ..Default::default()
        };
        assert_eq!(Retry::after(&timed_out, 5), Retry::LongerTimeout);
        let memory_out = solver::SolveSummary {
            memory_out: 1,
            ..timed_out
        };
        assert_eq!(Retry::after(&memory_out, 5), Retry::SmallerLoops);
        assert_eq!(
            Retry::after(&memory_out, 1),
            Retry::LongerTimeout,
            "loops unrolled once are as small as they get"
        );
    }
}
