//! The replay tests of the recorded crashes: written one per captured frame, compiled
//! against the uninstrumented project (`WORK/record/replay/`), and run in dsd's sandbox as
//! `dsd run` runs generated tests.

use crate::cli::RecordArgs;
use crate::error::Failure;
use crate::reproduce::trace::{self, Thrown, TraceFrame};
use crate::run::jvm::{self, TestId};
use crate::run::results::{Outcome, TestResult};
use crate::run::test_compile::{self, Layout, LeftOut};
use crate::run::{compile_project, runner, test_jvm, tools, ProjectBuild};
use frontend::ir::Program;
use invariants::javac::absolute;
use invariants::record::capture::{Crash, Frame};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use testgen::replay::{replay as render, Style};
use testgen::TestCase;

/// One replay test: which frame of which crash it calls.
#[derive(Debug, Clone)]
pub struct Written {
    /// The crash, an index into the crashes.
    pub crash: usize,
    /// The captured frame it replays, an index into the crash's frames.
    pub frame: usize,
    /// The trace's frame of that call, an index into the crash's trace.
    pub trace_index: usize,
    /// The test as the run stage knows tests.
    pub test: TestCase,
    /// What it could not rebuild as captured.
    pub notes: Vec<String>,
}

/// The replay tests and how they ended.
pub struct Replayed {
    /// Every test written.
    pub tests: Vec<Written>,
    /// Each run test's result, by class and method.
    pub results: HashMap<(String, String), TestResult>,
}

/// The recorded exception of `crash` with its trace; an error names the trace file's line.
pub fn thrown(crash: &Crash) -> Result<Thrown, Failure> {
    let path = crash.dir.join("trace.txt");
    let parsed = trace::parse(&crash.trace)
        .map_err(|e| Failure::new(format!("{}:{}: {}", path.display(), e.line, e.message)))?;
    parsed
        .pick(Some(0))
        .cloned()
        .ok_or_else(|| Failure::new(format!("{}: no exception", path.display())))
}

/// The trace frame of each captured frame (both the method that threw first), in order:
/// `None` for a captured frame the trace does not show.
pub fn trace_indices(frames: &[Frame], trace: &[TraceFrame]) -> Vec<Option<usize>> {
    let mut next = 0;
    frames
        .iter()
        .map(|f| {
            let found = (next..trace.len())
                .find(|&i| trace[i].class == f.class && trace[i].method == f.method)?;
            next = found + 1;
            Some(found)
        })
        .collect()
}

/// The simple name of a replay class: the class's simple name (nested with `_`), then
/// `Crash<N>` and `suffix`.
pub fn class_name(class: &str, crash: usize, suffix: &str) -> String {
    let simple = class.rsplit('.').next().unwrap_or(class).replace('$', "_");
    format!("{simple}Crash{}{suffix}", crash + 1)
}

/// Writes, compiles and runs the replay tests of `crashes`.
pub fn replay(
    work: &Path,
    program: &Program,
    crashes: &[Crash],
    classpath: &[PathBuf],
    args: &RecordArgs,
    jdk: &invariants::toolchain::Jdk,
) -> Result<Replayed, Failure> {
    let dir = work.join("record").join("replay");
    frontend::files::clear_dir(&dir).map_err(Failure::new)?;
    let mut tests = Vec::new();
    for (c, crash) in crashes.iter().enumerate() {
        let thrown = thrown(crash)?;
        for (f, index) in trace_indices(&crash.frames, &thrown.frames)
            .into_iter()
            .enumerate()
        {
            let (Some(trace_index), frame) = (index, &crash.frames[f]) else {
                continue;
            };
            let simple = class_name(&frame.class, c, &format!("Frame{}Test", trace_index + 1));
            let Some(written) = render(program, frame, &simple, &Style::Run) else {
                continue;
            };
            let rel = format!(
                "record/replay/tests/{}.java",
                written.class.replace('.', "/")
            );
            let path = work.join(&rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| Failure::new(format!("{}: {e}", parent.display())))?;
            }
            std::fs::write(&path, &written.source)
                .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
            tests.push(Written {
                crash: c,
                frame: f,
                trace_index,
                test: TestCase {
                    class: written.class,
                    method: written.method,
                    file: rel,
                    line: written.line,
                    site: String::new(),
                    inputs: Vec::new(),
                    null_input: false,
                    reflection: written.reflection,
                    observed: false,
                    route: vcgen::Route::Direct,
                    contract: Default::default(),
                },
                notes: written.notes,
            });
        }
    }
    let results = if tests.is_empty() {
        HashMap::new()
    } else {
        compile_and_run(work, &dir, program, (classpath, jdk), &tests, args)?
    };
    Ok(Replayed { tests, results })
}

/// Compiles the project and the tests below `dir` and runs them; a test javac rejects gets
/// an `error` result naming javac's message.
fn compile_and_run(
    work: &Path,
    dir: &Path,
    program: &Program,
    (classpath, jdk): (&[PathBuf], &invariants::toolchain::Jdk),
    tests: &[Written],
    args: &RecordArgs,
) -> Result<HashMap<(String, String), TestResult>, Failure> {
    let tools = tools::locate(jdk)?;
    let libraries: Vec<PathBuf> = classpath.iter().map(|p| absolute(p)).collect();
    let layout = Layout::below(dir);
    let (patches, left_out) = compile_project(&ProjectBuild {
        tools: &tools,
        program,
        libraries: &libraries,
        classes_dir: &layout.classes,
        patch_dir: &layout.patches,
        results_dir: dir,
    })?;
    let build = layout.tests(work, &tools, &libraries, &patches, dir);
    let cases: Vec<TestCase> = tests.iter().map(|t| t.test.clone()).collect();
    let compiled = test_compile::compile_tests(&build, &cases, &LeftOut::new(program, &left_out))?;
    let mut results = HashMap::new();
    for rejected in compiled.rejected {
        let t = &rejected.test;
        let message = format!("the replay test does not compile: {}", rejected.message);
        let r = TestResult::synthetic(&t.class, &t.method, Outcome::Error, message);
        results.insert((t.class.clone(), t.method.clone()), r);
    }
    let ids: Vec<TestId> = cases
        .iter()
        .filter(|t| !results.contains_key(&(t.class.clone(), t.method.clone())))
        .filter(|t| !compiled.cut.contains(&(t.class.clone(), t.method.clone())))
        .map(|t| TestId {
            class: t.class.clone(),
            method: t.method.clone(),
        })
        .collect();
    if ids.is_empty() {
        return Ok(results);
    }
    let runner_dir = runner::prepare(&tools, work)?;
    let config = test_jvm(&build, program, &runner_dir, args.test_timeout);
    let (ran, _) = jvm::run_parallel(&config, &ids, 1, &|_| {})?;
    for r in ran {
        results.insert((r.class.clone(), r.method.clone()), r);
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use invariants::record::capture::Value;

    fn frame(class: &str, method: &str) -> Frame {
        Frame {
            class: class.into(),
            method: method.into(),
            descriptor: "()V".into(),
            receiver: Value::Null,
            args: Vec::new(),
        }
    }

    fn at(class: &str, method: &str) -> TraceFrame {
        TraceFrame {
            class: class.into(),
            method: method.into(),
            file: None,
            line: Some(1),
        }
    }

    #[test]
    fn captured_frames_find_their_trace_frames_in_order() {
        let trace = [
            at("java.lang.Integer", "parseInt"),
            at("p.A", "item"),
            at("p.A", "lambda$list$0"),
            at("java.util.ArrayList", "forEach"),
            at("p.A", "list"),
            at("p.A", "item"),
            at("p.Main", "main"),
        ];
        let frames = [
            frame("p.A", "item"),
            frame("p.A", "list"),
            frame("p.A", "item"),
            frame("p.B", "hidden"),
        ];
        assert_eq!(
            trace_indices(&frames, &trace),
            [Some(1), Some(4), Some(5), None]
        );
        assert_eq!(
            class_name("p.Outer$In", 0, "Frame2Test"),
            "Outer_InCrash1Frame2Test"
        );
    }
}
