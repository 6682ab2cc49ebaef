//! Compiling the instrumented project with its tests, and running the tests.
//!
//! All test classes run in one JVM, one after the other, through the runner shipped with the
//! recorder. The runner writes its progress to a file; when a test hangs its watchdog flushes
//! the samples of the finished tests and ends the JVM, and a new JVM continues with the next
//! class. The JVMs run in dsd's [`sandbox`](crate::sandbox): a test that calls `System.exit`,
//! writes outside the work directory, opens a socket or starts a process gets a
//! `SecurityException` and fails; a JVM that ends early for another reason costs only the class
//! it was running.

use crate::javac;
use crate::sandbox::Sandbox;
use crate::supervise::{supervise, End};
use crate::toolchain;
use crate::Error;
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Compiler errors quoted in a failure message.
const MAX_ERRORS: usize = 15;

/// Compiles `files`, in the encoding `encoding` (UTF-8 when `None`), into `out` with
/// `classpath`; on failure returns the compiler's complaints and the files they are about.
pub fn compile(
    tools: &crate::toolchain::Tools,
    classpath: &[PathBuf],
    files: &[PathBuf],
    out: &Path,
    scratch: &Path,
    encoding: Option<&str>,
) -> Result<(), (String, Vec<PathBuf>)> {
    let compilation = javac::Compilation {
        javac: &tools.javac,
        sources: files,
        classpath,
        out_dir: out,
        argfile: &scratch.join("javac-files.txt"),
        patched: None,
        encoding,
        target: crate::toolchain::feature_release(&tools.java),
        release: tools.release,
    };
    match javac::compile(&compilation) {
        Ok(()) => Ok(()),
        Err(javac::JavacError::Io(e)) => Err((e, Vec::new())),
        Err(javac::JavacError::Failed(text)) => {
            let mut culprits = javac::files_with_errors(&text);
            culprits.sort();
            Err((javac::first_errors(&text, MAX_ERRORS).join("\n"), culprits))
        }
    }
}

/// How to run the tests.
pub struct RunConfig<'a> {
    /// The `java` launcher.
    pub java: &'a Path,
    /// Everything the tests need: classes, resources, JUnit, extra jars.
    pub classpath: Vec<PathBuf>,
    /// The runner's main class.
    pub runner: &'a str,
    /// Per-test timeout.
    pub timeout: Duration,
    /// Directory for the class lists, progress files and JVM logs.
    pub scratch: &'a Path,
    /// Directory that receives one trace file per JVM.
    pub traces: &'a Path,
    /// Working directory of the JVMs (the project's root, where tests expect to run).
    pub cwd: &'a Path,
    /// Number of program points (ids are below it), for the recorder's sampling.
    pub ppts: usize,
    /// Where the tests may write.
    pub sandbox: Sandbox,
}

/// What running the tests did.
#[derive(Debug, Clone, Default)]
pub struct RunStats {
    /// Tests run.
    pub tests: u64,
    /// Tests that failed (their samples are dropped).
    pub failed: u64,
    /// Classes whose run ended the JVM: a hang or an early exit.
    pub lost: Vec<String>,
    /// JVMs started.
    pub jvms: usize,
    /// Wall time of all JVMs.
    pub seconds: f64,
}

/// Runs the test classes, restarting the JVM after a hang.
pub fn run_tests(config: &RunConfig, classes: &[String]) -> Result<RunStats, Error> {
    let start = Instant::now();
    let mut stats = RunStats::default();
    let mut next = 0;
    while next < classes.len() {
        let jvm = stats.jvms;
        stats.jvms += 1;
        let (done, progressed) = run_jvm(config, &classes[next..], jvm, &mut stats)?;
        if !progressed {
            let log = config.scratch.join(format!("jvm-{jvm}.log"));
            let tail = std::fs::read_to_string(&log).unwrap_or_default();
            let tail: Vec<&str> = tail.lines().take(MAX_ERRORS).collect();
            return Err(Error(format!(
                "the test runner JVM ended before running a test class; its output ({}):\n{}",
                log.display(),
                tail.join("\n")
            )));
        }
        next += done;
    }
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(stats)
}

/// One JVM over `classes`; returns how many classes it got through (the one it died in
/// included) and whether it started any.
fn run_jvm(
    config: &RunConfig,
    classes: &[String],
    jvm: usize,
    stats: &mut RunStats,
) -> Result<(usize, bool), Error> {
    let io = |what: String, e: std::io::Error| Error(format!("{what}: {e}"));
    let list = config.scratch.join(format!("classes-{jvm}.txt"));
    std::fs::write(&list, classes.join("\n") + "\n")
        .map_err(|e| io(format!("cannot write {}", list.display()), e))?;
    let progress = config.scratch.join(format!("progress-{jvm}.txt"));
    File::create(&progress).map_err(|e| io(format!("cannot create {}", progress.display()), e))?;
    let log_path = config.scratch.join(format!("jvm-{jvm}.log"));
    let log = File::create(&log_path)
        .map_err(|e| io(format!("cannot create {}", log_path.display()), e))?;
    let log2 = log
        .try_clone()
        .map_err(|e| io(format!("cannot reopen {}", log_path.display()), e))?;
    let trace = config.traces.join(format!("trace-{jvm}.tsv"));
    let mut trace_prop = OsString::from("-Ddsd.trace=");
    trace_prop.push(&trace);
    let mut child = config
        .sandbox
        .jvm(config.java)
        .map_err(|e| {
            io(
                format!("cannot prepare {}", config.sandbox.tmp.display()),
                e,
            )
        })?
        .arg("-cp")
        .arg(toolchain::class_path(&config.classpath)?)
        .arg(trace_prop)
        .arg(format!("-Ddsd.ppts={}", config.ppts))
        .arg("-Djava.awt.headless=true")
        .arg(config.runner)
        .arg(config.timeout.as_millis().to_string())
        .arg(&list)
        .arg(&progress)
        .current_dir(config.cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(log2))
        .spawn()
        .map_err(|e| io(format!("cannot start {}", config.java.display()), e))?;
    let idle_limit = config.timeout * 2 + Duration::from_secs(30);
    let mut text = String::new();
    let end = supervise(&mut child, idle_limit, || {
        let now = std::fs::read_to_string(&progress).unwrap_or_default();
        let progressed = now.len() > text.len();
        if progressed {
            text = now;
        }
        Ok::<bool, Error>(progressed)
    })?;
    if let End::Lost(e) = end {
        return Err(io("cannot wait for the test JVM".into(), e));
    }
    Ok(account(&text, stats))
}

/// Reads a progress file into the stats; returns the classes gone through and whether any
/// started.
fn account(progress: &str, stats: &mut RunStats) -> (usize, bool) {
    let mut done = 0;
    let mut open: Option<String> = None;
    for line in progress.lines() {
        let mut words = line.split(' ');
        match words.next() {
            Some("START") => open = words.next().map(String::from),
            Some("DONE") => {
                let _class = words.next();
                let run: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
                let failed: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
                stats.tests += run;
                stats.failed += failed;
                done += 1;
                open = None;
            }
            _ => {}
        }
    }
    let started = done > 0 || open.is_some();
    if let Some(class) = open {
        stats.lost.push(class);
        done += 1;
    }
    (done, started)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_accounts_for_lost_classes() {
        let mut stats = RunStats::default();
        let text = "START a.A\nDONE a.A 3 1\nSTART a.B\nHANG a.B slow\n";
        assert_eq!(account(text, &mut stats), (2, true));
        assert_eq!((stats.tests, stats.failed), (3, 1));
        assert_eq!(stats.lost, vec!["a.B"]);
        assert_eq!(account("", &mut RunStats::default()), (0, false));
    }
}
