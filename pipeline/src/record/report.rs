//! What `dsd record` says: the command's run, then each recorded crash in the report of
//! `dsd reproduce` (per frame whether the best replay test reproduced it, the test kept),
//! as text or JSON; and the kept tests, which expect the crash's exception at its line.

use super::replay::{class_name, thrown, Replayed, Written};
use super::run::Ran;
use crate::cli::{RecordArgs, RecordMode, ReproduceFormat};
use crate::error::{Failure, EXIT_CLEAN, EXIT_FINDINGS};
use crate::reproduce::frames::{self, Located};
use crate::reproduce::output::{self, Report, TestFile, Tried};
use crate::reproduce::{rank, reached, Raised};
use crate::run::classify::ProjectClasses;
use frontend::ir::Program;
use invariants::record::capture::Crash;
use invariants::toolchain::Flavour;
use serde::Serialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use testgen::replay::{replay as render, Expected, Style};

/// The run besides the crashes.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The command as given.
    pub command: Vec<String>,
    /// How it ran.
    pub ran: Ran,
    /// `--mode`.
    #[serde(serialize_with = "mode_name")]
    pub mode: RecordMode,
    /// `--depth`.
    pub depth: u32,
    /// Methods and constructors recorded.
    pub instrumented: usize,
    /// Wall time of writing, compiling and running the replay tests, in seconds.
    pub replay_seconds: f64,
    /// How many of the command's JVMs met more distinct crashes than `--max-crashes`, and
    /// left the rest unrecorded.
    pub capped: usize,
    /// `--max-crashes`.
    #[serde(skip)]
    pub max_crashes: u32,
}

fn mode_name<S: serde::Serializer>(mode: &RecordMode, s: S) -> Result<S::Ok, S::Error> {
    use clap::ValueEnum;
    let name = mode.to_possible_value().map(|v| v.get_name().to_string());
    s.serialize_str(&name.unwrap_or_default())
}

/// One recorded crash in the report.
#[derive(Debug, Clone, Serialize)]
struct CrashReport {
    /// Its folder below `WORK/record/`.
    dir: PathBuf,
    /// The thread it happened on.
    thread: String,
    /// Whether its exception escaped: ended its thread or failed a test.
    escaped: bool,
    /// How many frames were captured.
    captured: usize,
    /// What the replay tests could not rebuild as captured.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
    /// The frames and the kept test, as `dsd reproduce` reports them.
    #[serde(flatten)]
    report: Report,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
struct RecordReport {
    #[serde(flatten)]
    summary: Summary,
    /// Crashes recorded.
    recorded: usize,
    /// Crashes a test replayed.
    replayed: usize,
    crashes: Vec<CrashReport>,
}

/// Judges every crash's tests, keeps the best, prints or writes the report; returns the
/// exit status.
pub fn finish(
    work: &Path,
    program: &Program,
    crashes: &[Crash],
    replayed: Replayed,
    summary: Summary,
    junit: Flavour,
    args: &RecordArgs,
) -> Result<i32, Failure> {
    let kept_dir = work.join("record").join("kept");
    frontend::files::clear_dir(&kept_dir).map_err(Failure::new)?;
    let project = ProjectClasses::from_program(
        program,
        replayed.tests.iter().map(|t| t.test.class.as_str()),
    );
    let entries = vcgen::entry_methods(program);
    let mut reports = Vec::new();
    for (c, crash) in crashes.iter().enumerate() {
        let thrown = thrown(crash)?;
        let mut located = frames::locate(program, &entries, &thrown.frames);
        let tests: Vec<&Written> = replayed.tests.iter().filter(|t| t.crash == c).collect();
        for t in &tests {
            if let Located::Method { callable, .. } = &mut located[t.trace_index] {
                *callable = true;
            }
        }
        let trace_file = crash.dir.join("trace.txt");
        let mut report = Report::new(&trace_file, &thrown, &located, None);
        let top = located
            .iter()
            .position(|l| !matches!(l, Located::Library))
            .unwrap_or(0);
        let mut best: Option<(usize, Raised, &Written)> = None;
        for t in &tests {
            let key = (t.test.class.clone(), t.test.method.clone());
            let Some(result) = replayed.results.get(&key).cloned() else {
                continue;
            };
            let raised = Raised::of(result, &thrown.exception, t.test.reflection);
            let n = raised
                .as_ref()
                .map_or(0, |r| reached(&thrown.frames, top, r.frames(), &project));
            let Some(raised) = raised.filter(|_| n > t.trace_index) else {
                let tried = match n {
                    0 => Tried::NoCrash { tests: 1 },
                    reached => Tried::OtherStack { reached },
                };
                report.frames[t.trace_index].tried = Some(tried);
                continue;
            };
            if best
                .as_ref()
                .is_none_or(|(m, b, _)| rank(n, &raised) > rank(*m, b))
            {
                best = Some((n, raised, t));
            }
        }
        let mut notes: Vec<String> = tests.iter().flat_map(|t| t.notes.clone()).collect();
        notes.dedup();
        if let Some((n, raised, t)) = best {
            report.reached(n);
            let expected = Expected {
                exception: thrown.exception.clone(),
                class: thrown.frames[top].class.clone(),
                method: thrown.frames[top].method.clone(),
                line: thrown.frames[top].line.unwrap_or(0),
            };
            let mut test = keep(program, crash, c, t, junit, expected, &kept_dir)?;
            test.reflection = raised.reflection;
            if let Some(dir) = &args.emit_tests {
                output::emit(&kept_dir, &mut test, dir)?;
            }
            report.test = Some(test);
            report.reproduced = true;
        } else {
            report.note = Some(not_replayed(crash, &tests, args.depth));
        }
        reports.push(CrashReport {
            dir: crash.dir.clone(),
            thread: crash.thread.clone(),
            escaped: crash.escaped,
            captured: crash.frames.len(),
            notes,
            report,
        });
    }
    let replayed = reports.iter().filter(|r| r.report.reproduced).count();
    let whole = RecordReport {
        summary,
        recorded: reports.len(),
        replayed,
        crashes: reports,
    };
    let text = match args.format {
        ReproduceFormat::Text => text(&whole),
        ReproduceFormat::Json => {
            serde_json::to_string_pretty(&whole)
                .map_err(|e| Failure::new(format!("rendering the report: {e}")))?
                + "\n"
        }
    };
    crate::cli::write_report(args.output.as_deref(), &text)?;
    Ok(if whole.replayed == whole.recorded {
        EXIT_CLEAN
    } else {
        EXIT_FINDINGS
    })
}

/// Why no test replayed a crash.
fn not_replayed(crash: &Crash, tests: &[&Written], depth: u32) -> String {
    if crash.frames.is_empty() {
        return "no frame was captured: the exception escaped no recorded method".into();
    }
    if tests.is_empty() {
        return "no captured frame could be written as a test".into();
    }
    if let Some(class) = tests
        .iter()
        .find_map(|t| crash.frames[t.frame].opaque_class())
    {
        return format!(
            "no replay test raised it; the call had a {class}, which the recorder does not \
             look into, and the test passes null in its place"
        );
    }
    let live = tests.iter().any(|t| crash.frames[t.frame].has_live());
    if live {
        format!(
            "no replay test raised it; the calls' state was copied to --depth {depth} and \
             deeper objects were read as they were at the crash, which the method may have \
             changed: a larger --depth copies them at the call"
        )
    } else {
        "no replay test raised it with the recorded frames".into()
    }
}

/// Writes the test `t` again as a kept test below `dir`, expecting `expected`.
fn keep(
    program: &Program,
    crash: &Crash,
    c: usize,
    t: &Written,
    junit: Flavour,
    expected: Expected,
    dir: &Path,
) -> Result<TestFile, Failure> {
    let frame = &crash.frames[t.frame];
    let simple = class_name(&frame.class, c, "Test");
    let written =
        render(program, frame, &simple, &Style::Kept(junit, expected)).ok_or_else(|| {
            Failure::new(format!("{}: the frame cannot be kept", crash.dir.display()))
        })?;
    let path = dir.join(format!("{}.java", written.class.replace('.', "/")));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Failure::new(format!("{}: {e}", parent.display())))?;
    }
    std::fs::write(&path, &written.source)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    Ok(TestFile {
        path,
        class: written.class,
        method: written.method,
        emitted: None,
        reflection: written.reflection,
    })
}

/// The report as text.
fn text(r: &RecordReport) -> String {
    let s = &r.summary;
    let mut out = format!("dsd record: `{}` ", s.command.join(" "));
    match s.ran.status {
        Some(code) => {
            let _ = write!(out, "exited with status {code}");
        }
        None => out.push_str("was ended by a signal"),
    }
    let _ = write!(out, " in {:.2} s", s.ran.seconds);
    if let (Some(plain), Some(overhead)) = (s.ran.uninstrumented_seconds, s.ran.overhead()) {
        let _ = write!(out, " ({plain:.2} s unrecorded: overhead {overhead:+.0} %)");
    }
    let _ = writeln!(
        out,
        "; {} recorded to depth {}",
        crate::report::plural(s.instrumented, "method"),
        s.depth
    );
    for (i, c) in r.crashes.iter().enumerate() {
        let _ = writeln!(
            out,
            "\ncrash {} of {}, thread \"{}\", {}{} captured:",
            i + 1,
            r.recorded,
            c.thread,
            if c.escaped { "escaped, " } else { "" },
            crate::report::plural(c.captured, "frame")
        );
        out.push_str(&c.report.text());
        for note in &c.notes {
            let _ = writeln!(out, "note: {note}");
        }
    }
    if s.capped > 0 {
        let _ = writeln!(
            out,
            "\nnote: {} of the command met more than {} distinct crashes and recorded only \
             those; --max-crashes N records more",
            crate::report::plural(s.capped, "JVM"),
            s.max_crashes
        );
    }
    let _ = writeln!(
        out,
        "\n{} recorded, {} replayed",
        crate::report::plural(r.recorded, "crash"),
        r.replayed
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproduce::trace;

    use invariants::record::capture::Value;

    fn crash(frames: usize, live: bool) -> Crash {
        use invariants::record::capture::Frame;
        let receiver = Value::Object {
            class: "p.Ledger".into(),
            id: 1,
            fields: Vec::new(),
            live,
        };
        Crash {
            dir: PathBuf::from("w/record/crash-1-1"),
            trace: String::new(),
            thread: "main".into(),
            depth: 1,
            escaped: false,
            frames: (0..frames)
                .map(|_| Frame {
                    class: "p.Ledger".into(),
                    method: "settle".into(),
                    descriptor: "()I".into(),
                    receiver: receiver.clone(),
                    args: Vec::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn the_report_says_how_the_command_ran_and_why_a_crash_was_not_replayed() {
        let thrown = trace::parse(
            "java.lang.ArithmeticException: / by zero\n\tat p.Ledger.settle(Ledger.java:16)\n",
        )
        .unwrap()
        .chain
        .remove(0);
        let located = [Located::Method {
            key: ("p.Ledger".into(), "settle".into(), "()I".into()),
            callable: true,
        }];
        let mut report = Report::new(Path::new("t.txt"), &thrown, &located, None);
        let written = Written {
            crash: 0,
            frame: 0,
            trace_index: 0,
            test: testgen::TestCase {
                class: "p.LedgerCrash1Frame1Test".into(),
                method: "replaySettle".into(),
                file: String::new(),
                line: 1,
                site: String::new(),
                inputs: Vec::new(),
                null_input: false,
                reflection: false,
                observed: false,
                route: vcgen::Route::Direct,
                contract: Default::default(),
            },
            notes: Vec::new(),
        };
        report.note = Some(not_replayed(&crash(1, true), &[&written], 1));
        let whole = RecordReport {
            summary: Summary {
                command: vec!["java".into(), "Main".into()],
                ran: Ran {
                    status: Some(1),
                    seconds: 0.5,
                    uninstrumented_seconds: Some(0.25),
                },
                mode: RecordMode::All,
                depth: 1,
                instrumented: 3,
                replay_seconds: 1.5,
                capped: 1,
                max_crashes: 100,
            },
            recorded: 1,
            replayed: 0,
            crashes: vec![CrashReport {
                dir: PathBuf::from("w/record/crash-1-1"),
                thread: "main".into(),
                escaped: true,
                captured: 1,
                notes: vec!["a java.lang.Thread could not be captured".into()],
                report,
            }],
        };
        let text = text(&whole);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "dsd record: `java Main` exited with status 1 in 0.50 s (0.25 s unrecorded: \
             overhead +100 %); 3 methods recorded to depth 1"
        );
        assert_eq!(
            lines[2],
            "crash 1 of 1, thread \"main\", escaped, 1 frame captured:"
        );
        assert!(
            text.contains("a larger --depth copies them at the call"),
            "{text}"
        );
        assert!(text.contains("note: a java.lang.Thread could not be captured"));
        assert!(
            text.contains(
                "note: 1 JVM of the command met more than 100 distinct crashes and recorded \
                 only those; --max-crashes N records more"
            ),
            "{text}"
        );
        assert!(text.ends_with("1 crash recorded, 0 replayed\n"), "{text}");
        assert_eq!(
            not_replayed(&crash(1, false), &[&written], 1),
            "no replay test raised it with the recorded frames"
        );
        assert!(not_replayed(&crash(0, false), &[], 1).starts_with("no frame was captured"));
        let mut opaque = crash(1, false);
        opaque.frames[0].args.push(Value::Opaque {
            class: "java.lang.Thread".into(),
            id: 2,
        });
        assert_eq!(
            not_replayed(&opaque, &[&written], 1),
            "no replay test raised it; the call had a java.lang.Thread, which the recorder \
             does not look into, and the test passes null in its place"
        );
    }
}
