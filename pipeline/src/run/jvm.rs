//! Drives the runner JVM: starts it in dsd's sandbox and restarts it after a hang or a crash so
//! that no other result is lost.

use super::results::{Outcome, TestResult};
use super::runner::RUNNER_CLASS;
use crate::error::Failure;
use invariants::sandbox::Sandbox;
use invariants::supervise::{supervise, End};
use invariants::toolchain::class_path;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A test to run: binary class name and method name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestId {
    /// Binary name of the test class.
    pub class: String,
    /// Test method name.
    pub method: String,
}

/// How to start the runner JVM.
#[derive(Clone)]
pub struct JvmConfig {
    /// The `java` launcher.
    pub java: PathBuf,
    /// Options that load the project's patches of JDK modules (`--patch-module` and the
    /// access they need); empty for most projects.
    pub module_options: Vec<std::ffi::OsString>,
    /// Class path of the runner itself: its directory plus JUnit.
    pub runner_classpath: Vec<PathBuf>,
    /// Class path of the code under test: project classes plus test classes.
    pub test_classpath: Vec<PathBuf>,
    /// Per-test timeout.
    pub timeout: Duration,
    /// A JVM that writes no result for this long is killed.
    pub watchdog: Duration,
    /// Directory for the test list and the results of one JVM run. Absolute. Its folder
    /// `files` is the JVM's working directory and the only place where the code under test
    /// may write; it is emptied when a run starts.
    pub scratch: PathBuf,
    /// File that receives the JVM's own stdout and stderr.
    pub log: PathBuf,
    /// dsd's agent jar, which the JVM loads (`invariants::sandbox::agent`).
    pub agent: PathBuf,
}

impl JvmConfig {
    /// The watchdog period for a per-test timeout: twice the timeout plus 5 s for JVM start.
    pub fn watchdog_for(timeout: Duration) -> Duration {
        timeout * 2 + Duration::from_secs(5)
    }

    /// The sandbox of the tests: they may write below `scratch/files`, their temporary folder
    /// is `scratch/files/tmp`; the runner writes its results in `scratch/out`.
    pub fn sandbox(&self) -> Sandbox {
        Sandbox {
            writable: vec![self.files()],
            tmp: self.files().join("tmp"),
            runner_output: vec![self.out()],
            agent: self.agent.clone(),
        }
    }

    /// The configuration of the `n`th of several JVMs run side by side: the scratch folder
    /// `scratch/n`, the log with `-n` after its name.
    pub fn part(&self, n: usize) -> JvmConfig {
        let stem = self.log.file_stem().unwrap_or_default().to_string_lossy();
        let log = match self.log.extension() {
            Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
            None => format!("{stem}-{n}"),
        };
        JvmConfig {
            scratch: self.scratch.join(n.to_string()),
            log: self.log.with_file_name(log),
            ..self.clone()
        }
    }

    /// The tests' working directory, where they may write.
    fn files(&self) -> PathBuf {
        self.scratch.join("files")
    }

    /// The runner's folder for its results.
    fn out(&self) -> PathBuf {
        self.scratch.join("out")
    }
}

/// The least number of tests worth a JVM of their own: starting one costs about half a
/// second, running a test about a millisecond.
pub const MIN_TESTS_PER_JVM: usize = 100;

/// Runs all tests in up to `parallel` JVMs side by side and returns one result per test, in
/// the order of `tests`, and the number of JVMs started. Test `i` runs in the JVM `i mod k`, so
/// that a class of slow tests is shared out rather than holding up one JVM; each JVM has a
/// scratch folder and a log of its own ([`JvmConfig::part`]). Every test gets a class loader
/// of its own, so which JVM runs it changes nothing the project's code can see. On
/// commons-codec's 2,003 tests, the 17 s they take in one JVM are shared by two.
/// `on_progress` receives the number of tests finished so far, in all JVMs together.
pub fn run_parallel(
    config: &JvmConfig,
    tests: &[TestId],
    parallel: usize,
    on_progress: &(dyn Fn(usize) + Sync),
) -> Result<(Vec<TestResult>, usize), Failure> {
    let k = parallel.min(tests.len() / MIN_TESTS_PER_JVM).max(1);
    if k == 1 {
        return run_all(config, tests, on_progress);
    }
    let done: Vec<AtomicUsize> = (0..k).map(|_| AtomicUsize::new(0)).collect();
    let parts: Vec<Result<(Vec<TestResult>, usize), Failure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..k)
            .map(|part| {
                let config = config.part(part + 1);
                let share: Vec<TestId> = tests.iter().skip(part).step_by(k).cloned().collect();
                let done = &done;
                scope.spawn(move || {
                    run_all(&config, &share, &|n| {
                        done[part].store(n, Ordering::Relaxed);
                        on_progress(done.iter().map(|d| d.load(Ordering::Relaxed)).sum());
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Failure::new("a test JVM's thread failed")))
            })
            .collect()
    });
    let mut shares = Vec::with_capacity(k);
    let mut jvms = 0;
    for part in parts {
        let (results, started) = part?;
        shares.push(results.into_iter());
        jvms += started;
    }
    let mut results = Vec::with_capacity(tests.len());
    for i in 0..tests.len() {
        results.extend(shares[i % k].next());
    }
    Ok((results, jvms))
}

/// Runs all tests, in order, restarting the JVM as often as needed; returns one result per test.
/// `on_progress` receives the number of tests finished so far. Also returns the number of JVMs
/// started.
pub fn run_all(
    config: &JvmConfig,
    tests: &[TestId],
    on_progress: &dyn Fn(usize),
) -> Result<(Vec<TestResult>, usize), Failure> {
    std::fs::create_dir_all(&config.scratch).map_err(|e| io_failure(&config.scratch, e))?;
    let _ = std::fs::remove_file(&config.log);
    // What tests of an earlier run wrote must not change what these see; a file they made
    // undeletable stays.
    let _ = std::fs::remove_dir_all(config.files());
    let mut results: Vec<TestResult> = Vec::with_capacity(tests.len());
    let mut jvms = 0;
    while results.len() < tests.len() {
        let remaining = &tests[results.len()..];
        jvms += 1;
        let (got, end) = run_once(config, remaining, &|n| on_progress(results.len() + n))?;
        if got.len() > remaining.len() {
            return Err(Failure::new(format!(
                "the test runner reported {} results for {} tests; see {}",
                got.len(),
                remaining.len(),
                config.log.display()
            )));
        }
        for (result, test) in got.iter().zip(remaining) {
            if result.class != test.class || result.method != test.method {
                return Err(Failure::new(format!(
                    "the test runner reported {}.{} where {}.{} was expected; see {}",
                    result.class,
                    result.method,
                    test.class,
                    test.method,
                    config.log.display()
                )));
            }
        }
        let done = got.len();
        let last_timed_out = got.last().is_some_and(|r| r.outcome == Outcome::Timeout);
        results.extend(got);
        if done == remaining.len() || (last_timed_out && matches!(end, End::Exited(_))) {
            continue;
        }
        let test = &remaining[done];
        let lost = match end {
            End::Lost(e) => {
                return Err(Failure::new(format!("cannot wait for the test JVM: {e}")));
            }
            End::Killed => TestResult::synthetic(
                &test.class,
                &test.method,
                Outcome::Timeout,
                format!(
                    "JVM killed by the watchdog after {:.1} s without a result",
                    config.watchdog.as_secs_f64()
                ),
            ),
            End::Exited(status) => {
                if !results_path(config).exists() {
                    let log = std::fs::read_to_string(&config.log).unwrap_or_default();
                    return Err(Failure::new(format!(
                        "the test runner JVM did not start ({status}): {}; see {}",
                        start_failure(&log),
                        config.log.display()
                    )));
                }
                TestResult::synthetic(
                    &test.class,
                    &test.method,
                    Outcome::Error,
                    format!("JVM exited ({status})"),
                )
            }
        };
        results.push(lost);
        on_progress(results.len());
    }
    Ok((results, jvms))
}

/// Why a JVM stopped before it ran a test, in one line from what it printed: the error it
/// gave and its cause (`NoSuchMethodError: 'int java.lang.Integer.numberOfLeadingZeros(int)'`
/// when a project class replaced the JDK's), or what to check when it printed none.
fn start_failure(log: &str) -> String {
    let lines: Vec<&str> = log
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let lower = log.to_lowercase();
    let security = lower.contains("securitymanager") || lower.contains("security manager");
    let error = lines.iter().position(|l| {
        l.starts_with("Error") || l.starts_with("Exception in thread") || l.contains("Error:")
    });
    let said = error.map(|at| {
        let first = lines[at];
        match lines.get(at + 1).filter(|next| !next.starts_with("at ")) {
            Some(next) if first.ends_with("VM") || first.ends_with(':') => {
                format!("{first}: {next}")
            }
            _ => first.to_string(),
        }
    });
    match (said, security) {
        (Some(said), false) => said,
        (Some(said), true) => format!(
            "{said} (without bubblewrap, the tests run under a security manager, which needs \
             a JDK from 17 to 23; install bubblewrap)"
        ),
        (None, true) => "without bubblewrap, the tests run under a security manager, which \
                         needs a JDK from 17 to 23; install bubblewrap"
            .into(),
        (None, false) => "it printed no error; check that `java` is a working JDK".into(),
    }
}

fn results_path(config: &JvmConfig) -> PathBuf {
    config.out().join("current.jsonl")
}

fn io_failure(path: &Path, e: std::io::Error) -> Failure {
    Failure::new(format!("{}: {e}", path.display()))
}

/// Starts one JVM over `tests` and collects the results it writes until it exits or hangs.
fn run_once(
    config: &JvmConfig,
    tests: &[TestId],
    on_progress: &dyn Fn(usize),
) -> Result<(Vec<TestResult>, End), Failure> {
    let list = config.scratch.join("tests.txt");
    let mut text = String::new();
    for t in tests {
        text.push_str(&t.class);
        text.push('\t');
        text.push_str(&t.method);
        text.push('\n');
    }
    std::fs::write(&list, text).map_err(|e| io_failure(&list, e))?;
    let results = results_path(config);
    std::fs::create_dir_all(config.out()).map_err(|e| io_failure(&config.out(), e))?;
    if results.exists() {
        std::fs::remove_file(&results).map_err(|e| io_failure(&results, e))?;
    }
    let mut child = spawn(config, &list, &results)?;
    let mut reader = LineReader::default();
    let end = supervise(&mut child, config.watchdog, || {
        let before = reader.results.len();
        reader.poll(&results)?;
        let progressed = reader.results.len() > before;
        if progressed {
            on_progress(reader.results.len());
        }
        Ok::<bool, Failure>(progressed)
    })?;
    Ok((reader.results, end))
}

fn spawn(config: &JvmConfig, list: &Path, results: &Path) -> Result<Child, Failure> {
    let join = |paths: &[PathBuf]| class_path(paths).map_err(|e| Failure::new(e.0));
    let log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.log)
        .map_err(|e| io_failure(&config.log, e))?;
    let log_err = log.try_clone().map_err(|e| io_failure(&config.log, e))?;
    let sandbox = config.sandbox();
    sandbox
        .jvm(&config.java)
        .map_err(|e| io_failure(&sandbox.tmp, e))?
        .arg("-XX:+UseSerialGC")
        .arg("-XX:TieredStopAtLevel=1")
        .args(&config.module_options)
        .arg("-cp")
        .arg(join(&config.runner_classpath)?)
        .arg(RUNNER_CLASS)
        .arg("--results")
        .arg(results)
        .arg("--classpath")
        .arg(join(&config.test_classpath)?)
        .arg("--timeout-ms")
        .arg(config.timeout.as_millis().max(1).to_string())
        .arg("--tests")
        .arg(list)
        .current_dir(config.files())
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log_err)
        .spawn()
        .map_err(|e| Failure::new(format!("cannot start {}: {e}", config.java.display())))
}

/// Reads complete lines appended to the results file since the last poll.
#[derive(Default)]
struct LineReader {
    file: Option<File>,
    pending: Vec<u8>,
    results: Vec<TestResult>,
}

impl LineReader {
    fn poll(&mut self, path: &Path) -> Result<(), Failure> {
        if self.file.is_none() {
            match File::open(path) {
                Ok(f) => self.file = Some(f),
                Err(_) => return Ok(()),
            }
        }
        if let Some(file) = self.file.as_mut() {
            file.read_to_end(&mut self.pending)
                .map_err(|e| io_failure(path, e))?;
        }
        while let Some(newline) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=newline).collect();
            let text = String::from_utf8_lossy(&line);
            let result: TestResult = serde_json::from_str(text.trim_end()).map_err(|e| {
                Failure::new(format!(
                    "{}: malformed runner output ({e}): {}",
                    path.display(),
                    text.trim_end()
                ))
            })?;
            self.results.push(result);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::start_failure;

    #[test]
    fn a_failed_start_is_told_by_its_error_and_cause() {
        let log = "Compiler intrinsic is defined for method [java.lang.Integer.intValue()I]\n\
                   Error occurred during initialization of VM\n\
                   java.lang.NoSuchMethodError: 'int java.lang.Integer.numberOfLeadingZeros(int)'\n\
                   \tat java.util.HashMap.tableSizeFor(java.base/HashMap.java:378)\n";
        assert_eq!(
            start_failure(log),
            "Error occurred during initialization of VM: java.lang.NoSuchMethodError: \
             'int java.lang.Integer.numberOfLeadingZeros(int)'"
        );
    }

    #[test]
    fn a_missing_security_manager_is_named_only_when_the_jvm_says_so() {
        let log = "Exception in thread \"main\" java.lang.UnsupportedOperationException: \
                   Setting a Security Manager is not supported\n\
                   \tat java.lang.System.setSecurityManager(System.java:416)\n";
        let said = start_failure(log);
        assert!(said.starts_with("Exception in thread"), "{said}");
        assert!(said.contains("JDK from 17 to 23"), "{said}");
        let log = "Error: Could not find or load main class dsd.Runner\n\
                   Caused by: java.lang.ClassNotFoundException: dsd.Runner\n";
        let said = start_failure(log);
        assert_eq!(said, "Error: Could not find or load main class dsd.Runner");
        assert!(start_failure("").contains("no error"));
    }
}
