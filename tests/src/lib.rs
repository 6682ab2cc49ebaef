//! Helpers for the end-to-end tests: run `dsd check` in-process on a Java source tree and
//! compare its findings with the expectations written in the fixtures' comments.
//!
//! A fixture line ending in `// expect ExceptionName` must be reported at level error,
//! `// note ExceptionName` at level note, and `// safe` must not be reported at all;
//! `// proved` is safe and the solver must prove it: no generated test may target it;
//! `// usage ExceptionName` marks a crash only inputs outside the project's own tests
//! reach: reported without `--tests`, not reported with them; `// observed ExceptionName`
//! marks a crash on a `null` the project's tests pass often enough: a note without
//! `--tests`, an error with them.

pub mod kept;

use clap::CommandFactory;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One finding of the JSON report: where, what, and at which level.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Reported {
    /// File name (no directories).
    pub file: String,
    /// Line.
    pub line: u32,
    /// Simple exception name.
    pub exception: String,
    /// `error` or `note`.
    pub level: String,
}

/// The outcome of one `dsd check` run.
pub struct Run {
    /// Exit status.
    pub status: i32,
    /// Findings of the JSON report.
    pub findings: Vec<Reported>,
    /// The whole JSON report.
    pub report: serde_json::Value,
    /// The work directory.
    pub work: PathBuf,
}

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh work directory under the target directory, named after the test.
pub fn work_dir(name: &str) -> PathBuf {
    let dir = root().join("target").join("e2e").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create work dir");
    dir
}

/// Copies the folder tree `from` to `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// Runs `dsd check SRC --format json` plus extra arguments, in-process, in a fresh work
/// directory named after the test; panics when dsd stops with an error.
pub fn check(name: &str, src: &Path, extra: &[&str]) -> Run {
    check_in(&work_dir(name), src, extra).unwrap_or_else(|e| panic!("dsd check failed: {e}"))
}

/// The `java` of the JDK 25 runtime that `.ci/install-jdk25` installs (or the one in
/// `DSD_TEST_JAVA25_HOME`): the tests on JDK 25 fail, saying so, where it is missing.
pub fn java_25() -> PathBuf {
    invariants::toolchain::test_java25().unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `dsd --work-dir WORK check SRC --format json` plus extra arguments, in-process; the
/// message of the error that stopped it, if one did.
pub fn check_in(work: &Path, src: &Path, extra: &[&str]) -> Result<Run, String> {
    let (status, report) = json_report(work, &["check", &src.display().to_string()], extra)?;
    Ok(Run {
        status,
        findings: reported(&report),
        report,
        work: work.to_path_buf(),
    })
}

/// Runs `dsd --work-dir WORK COMMAND... --format json -o WORK/report.json EXTRA...`
/// in-process: its exit status and the JSON report it wrote, or the message of the error
/// that stopped it.
pub fn json_report(
    work: &Path,
    command: &[&str],
    extra: &[&str],
) -> Result<(i32, serde_json::Value), String> {
    let out = work.join("report.json");
    let out_text = out.display().to_string();
    let work_text = work.display().to_string();
    let args: Vec<String> = ["--work-dir", &work_text]
        .into_iter()
        .chain(command.iter().copied())
        .chain(["--format", "json", "-o", &out_text])
        .chain(extra.iter().copied())
        .map(String::from)
        .collect();
    let status = dsd(&args)?;
    let text = std::fs::read_to_string(&out).expect("report written");
    Ok((status, serde_json::from_str(&text).expect("report is JSON")))
}

/// Runs `dsd ARGS` in-process, with the settings of `--config` or the nearest dsd.toml, on
/// the deep stack the binary runs on: its exit status, or
/// the message of the error that stopped it. Its solver processes run `solver-worker`,
/// since this test binary cannot serve as one.
pub fn dsd(args: &[String]) -> Result<i32, String> {
    std::env::set_var(pipeline::stages::SOLVER_WORKER_ENV, solver_worker());
    let argv = std::iter::once("dsd".to_string()).chain(args.iter().cloned());
    let matches = pipeline::cli::Cli::command().get_matches_from(argv);
    let cli = pipeline::cli::configured(&matches).map_err(|e| e.0)?;
    frontend::deep::spawn(|| pipeline::cli::execute(&cli)).map_err(|e| e.0)
}

/// This package's `solver-worker` binary, which cargo builds next to the `deps` folder
/// holding the integration test binaries.
fn solver_worker() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/PROFILE/deps");
    dir.join(format!("solver-worker{}", std::env::consts::EXE_SUFFIX))
}

/// The findings of a JSON report, with the other sites a finding lists for its cause
/// (`also`) each as a finding of its level.
pub fn reported(report: &serde_json::Value) -> Vec<Reported> {
    let file_of = |rel: &serde_json::Value| {
        Path::new(rel.as_str().unwrap_or(""))
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let simple = |e: &serde_json::Value| {
        e.as_str()
            .unwrap_or("")
            .rsplit('.')
            .next()
            .unwrap_or("")
            .to_string()
    };
    let mut out = Vec::new();
    for f in report["findings"].as_array().into_iter().flatten() {
        let level = f["level"].as_str().unwrap_or("").to_string();
        out.push(Reported {
            file: file_of(&f["rel"]),
            line: f["line"].as_u64().unwrap_or(0) as u32,
            exception: simple(&f["exception"]),
            level: level.clone(),
        });
        for a in f["also"].as_array().into_iter().flatten() {
            out.push(Reported {
                file: file_of(&a["rel"]),
                line: a["line"].as_u64().unwrap_or(0) as u32,
                exception: simple(&a["exception"]),
                level: level.clone(),
            });
        }
    }
    out
}

/// How many generated tests of a run javac rejected, and how many could not run.
pub fn not_compiled_or_run(run: &Run) -> (u64, u64) {
    let tests = &run.report["summary"]["tests"];
    (
        tests["uncompiled"].as_u64().unwrap_or(0),
        tests["errors"].as_u64().unwrap_or(0),
    )
}

/// Expectations read from fixture comments: (file, line, exception or "", level, "safe" or
/// "proved").
pub fn expectations(src: &Path) -> BTreeSet<Reported> {
    let mut out = BTreeSet::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).expect("read fixture dir").flatten() {
                stack.push(e.path());
            }
            continue;
        }
        if p.extension().is_none_or(|e| e != "java") {
            continue;
        }
        let file = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bytes = std::fs::read(&p).expect("read fixture");
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            let Some((_, marker)) = line.rsplit_once("// ") else {
                continue;
            };
            let words: Vec<&str> = marker.split_whitespace().collect();
            let (level, exception) = match words.as_slice() {
                ["expect", e, ..] => ("error", *e),
                ["note", e, ..] => ("note", *e),
                ["safe", ..] => ("safe", ""),
                ["proved", ..] => ("proved", ""),
                ["usage", e, ..] => ("usage", *e),
                ["observed", e, ..] => ("observed", *e),
                _ => continue,
            };
            out.insert(Reported {
                file: file.clone(),
                line: i as u32 + 1,
                exception: exception.into(),
                level: level.into(),
            });
        }
    }
    out
}

/// The crash site (source file, line) of every test in the run's `tests/index.json`.
fn generated_tests(work: &Path) -> Vec<(String, u32)> {
    let text = std::fs::read_to_string(work.join("tests").join("index.json")).unwrap_or_default();
    let index: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    index["tests"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| {
            let mut parts = t["site"].as_str()?.split(':');
            let file = format!("/{}", parts.next()?);
            Some((file, parts.next()?.parse().ok()?))
        })
        .collect()
}

/// Checks a run against a fixture's expectations; returns the list of mismatches.
/// `with_tests` says whether invariants from the project's tests were assumed.
pub fn mismatches(run: &Run, src: &Path, with_tests: bool) -> Vec<String> {
    let expected = expectations(src);
    let generated = generated_tests(&run.work);
    let mut problems = Vec::new();
    for e in &expected {
        let on_line: Vec<&Reported> = run
            .findings
            .iter()
            .filter(|f| f.file == e.file && f.line == e.line)
            .collect();
        if e.level == "proved" {
            for (test, line) in &generated {
                if test.ends_with(&format!("/{}", e.file)) && *line == e.line {
                    problems.push(format!(
                        "{}:{}: a test was generated for a line the solver should prove safe",
                        e.file, e.line
                    ));
                }
            }
        }
        let level = match (e.level.as_str(), with_tests) {
            ("usage", true) | ("proved", _) => "safe",
            ("usage", false) => "error",
            ("observed", true) => "error",
            ("observed", false) => "note",
            (l, _) => l,
        };
        match level {
            "safe" => {
                for f in on_line.iter().filter(|f| f.level == "error") {
                    problems.push(format!(
                        "{}:{}: reported {} on a safe line",
                        f.file, f.line, f.exception
                    ));
                }
            }
            level => {
                if !on_line
                    .iter()
                    .any(|f| f.exception == e.exception && f.level == level)
                {
                    problems.push(format!(
                        "{}:{}: expected {} at level {level}, got {:?}",
                        e.file, e.line, e.exception, on_line
                    ));
                }
            }
        }
    }
    for f in run.findings.iter().filter(|f| f.level == "error") {
        if !expected
            .iter()
            .any(|e| e.file == f.file && e.line == f.line)
        {
            problems.push(format!(
                "{}:{}: unexpected {} ({})",
                f.file, f.line, f.exception, f.level
            ));
        }
    }
    problems
}

/// Compiles the library sources of the `library` fixture into `dir/units.jar`.
pub fn library_jar(dir: &Path) -> PathBuf {
    let tools = pipeline::run::tools::locate(&Default::default()).expect("a JDK");
    let classes = dir.join("lib-classes");
    std::fs::create_dir_all(&classes).expect("create dir");
    let source = root().join("tests/fixtures/library/lib/fix/lib/Units.java");
    let javac = Command::new(&tools.javac)
        .arg("-d")
        .arg(&classes)
        .arg(&source)
        .status()
        .expect("run javac");
    assert!(javac.success(), "javac compiles the library");
    let jar_path = dir.join("units.jar");
    let jar = Command::new(tools.javac.with_file_name("jar"))
        .arg("cf")
        .arg(&jar_path)
        .arg("-C")
        .arg(&classes)
        .arg(".")
        .status()
        .expect("run jar");
    assert!(jar.success(), "jar packs the library");
    jar_path
}
