//! `dsd record [SRC...] -- COMMAND...` (ReCrash): runs the command with the project's
//! methods recorded, then replays each crash it met by unit tests.
//!
//! The project is parsed, a copy of its sources instrumented and compiled
//! ([`invariants::record`]), and the command run against it ([`run`]): its output passes
//! through, its exit status is reported. Every crash the recorder wrote below
//! `WORK/record/` gets a JUnit test per captured frame, the method that threw first, each
//! rebuilding the frame's receiver and arguments and calling its method
//! ([`testgen::replay`]); the tests are compiled against the uninstrumented project and run
//! in dsd's sandbox ([`replay`]), matched against the crash's trace and ranked as `dsd
//! reproduce` matches and ranks, and the best kept ([`report`]).

mod replay;
mod report;
mod run;

use crate::cli::{RecordArgs, RecordMode};
use crate::error::Failure;
use crate::stages::Stages;
use invariants::record::{self as recording, capture, Mode};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The classes second chance records, kept across runs: `WORK/record/second-chance.txt`.
fn second_chance_file(work: &Path) -> PathBuf {
    recording::record_dir(work).join("second-chance.txt")
}

/// Runs `dsd record`; returns 0 when every recorded crash was replayed, 1 when one was not.
pub fn record(
    stages: &mut Stages,
    work: &Path,
    args: &RecordArgs,
    sources: &[PathBuf],
) -> Result<i32, Failure> {
    let rewritten = run::rewritten(work, args)?;
    let classpath = crate::cli::classpath_entries(args.classpath.as_deref())?;
    stages.parse(sources, &classpath)?;
    let program = frontend::read_program(work)?;
    let mode = mode(work, &program, args.mode)?;
    clear_crashes(work)?;
    crate::progress::say("dsd record: instrumenting a copy of the project");
    let build = recording::build(
        work,
        &program,
        &recording::Options {
            mode: mode.clone(),
            classpath: &classpath,
            jdk: &stages.jdk,
        },
    )
    .map_err(|e| Failure::new(e.0))?;
    let ran = run::run(args, &rewritten)?;
    let mut crashes = Vec::new();
    for dir in capture::crash_dirs(&recording::record_dir(work)) {
        crashes.push(capture::read_crash(&dir).map_err(|e| Failure::new(e.0))?);
    }
    crate::progress::say(&format!(
        "dsd record: {}; replaying them",
        crate::report::plural(crashes.len(), "crash")
    ));
    let start = Instant::now();
    let replayed = replay::replay(work, &program, &crashes, &classpath, args, &stages.jdk)?;
    let replay_seconds = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    let junit = args
        .junit
        .unwrap_or_else(|| crate::emit::junit::project_junit(&[], sources, work));
    let summary = report::Summary {
        command: args.command.clone(),
        ran,
        mode: args.mode,
        depth: args.depth,
        instrumented: build.instrumented,
        replay_seconds,
        capped: capture::capped_files(&recording::record_dir(work)).len(),
        max_crashes: args.max_crashes,
    };
    report::finish(work, &program, &crashes, replayed, summary, junit, args)
}

/// The mode of the build for `--mode`: second chance reads the classes of the failures
/// recorded earlier (crashes that escaped; and the classes it recorded before), and refuses
/// to run without any.
fn mode(work: &Path, program: &frontend::ir::Program, mode: RecordMode) -> Result<Mode, Failure> {
    match mode {
        RecordMode::All => Ok(Mode::All),
        RecordMode::NonTrivial => Ok(Mode::NonTrivial),
        RecordMode::SecondChance => {
            let mut classes: BTreeSet<String> =
                recording::crashed_classes(work, program).map_err(|e| Failure::new(e.0))?;
            let file = second_chance_file(work);
            if let Ok(text) = std::fs::read_to_string(&file) {
                classes.extend(text.lines().filter(|l| !l.is_empty()).map(String::from));
            }
            if classes.is_empty() {
                return Err(Failure::new(format!(
                    "--mode second-chance records the classes of earlier failures (crashes that \
                     ended their thread or failed a test), and {} holds none; run `dsd record \
                     --mode all` (or non-trivial) once first, on a run that fails",
                    recording::record_dir(work).display()
                )));
            }
            let text: String = classes.iter().map(|c| format!("{c}\n")).collect();
            std::fs::create_dir_all(recording::record_dir(work))
                .and_then(|_| std::fs::write(&file, text))
                .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?;
            Ok(Mode::Classes(classes))
        }
    }
}

/// Removes the crashes of an earlier run from `WORK/record/`, and its marks of JVMs that
/// met more crashes than they wrote.
fn clear_crashes(work: &Path) -> Result<(), Failure> {
    let record = recording::record_dir(work);
    for dir in capture::crash_dirs(&record) {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| Failure::new(format!("cannot remove {}: {e}", dir.display())))?;
    }
    for file in capture::capped_files(&record) {
        std::fs::remove_file(&file)
            .map_err(|e| Failure::new(format!("cannot remove {}: {e}", file.display())))?;
    }
    Ok(())
}
