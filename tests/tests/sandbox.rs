//! Generated tests run in a sandbox: a tested method that writes outside the work directory,
//! ends the JVM or allocates without end costs only its own test, and the run still reports
//! the fixture's real crash; on the default JDK (17) and on the JDK 25 runtime, which has no
//! security manager.

use dsd_tests::{check, java_25, mismatches, not_compiled_or_run, root, Run};
use std::path::Path;

/// The JDK the generated tests run on.
#[derive(Clone, Copy)]
enum On {
    /// The JDK of `javac`.
    Default,
    /// The JDK 25 runtime (`--test-java`).
    Jdk25,
}

/// Runs `dsd check` on `tests/fixtures/sandbox/NAME`, checks the fixture's expectations and
/// that every test ran; returns the run.
#[track_caller]
fn sandboxed(name: &str, on: On) -> Run {
    let src = root().join("tests/fixtures/sandbox").join(name);
    let run = match on {
        On::Default => check(&format!("sandbox-{name}"), &src, &[]),
        On::Jdk25 => {
            let java = java_25().display().to_string();
            check(&format!("sandbox-{name}-25"), &src, &["--test-java", &java])
        }
    };
    let problems = mismatches(&run, &src, false);
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
    assert_eq!(
        not_compiled_or_run(&run),
        (0, 0),
        "{name}: every generated test compiled and ran to an outcome of its own"
    );
    run
}

/// The result lines of the run, in the order the tests ran.
fn results(run: &Run) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(run.work.join("results/results.jsonl")).expect("results");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a result is JSON"))
        .collect()
}

/// The result of the generated test for the method `method`; it must not have run last, so
/// that the tests after it show the JVM went on.
#[track_caller]
fn result_of<'a>(results: &'a [serde_json::Value], method: &str) -> &'a serde_json::Value {
    let position = results
        .iter()
        .position(|r| {
            r["method"]
                .as_str()
                .is_some_and(|m| m.starts_with(&format!("{method}_")))
        })
        .unwrap_or_else(|| panic!("no test was generated for {method}: {results:?}"));
    assert!(
        position + 1 < results.len(),
        "tests ran after the one for {method}"
    );
    &results[position]
}

#[test]
fn a_write_outside_the_work_directory_is_refused() {
    a_write_outside_the_work_directory_is_refused_on(On::Default);
}

#[test]
fn a_write_outside_the_work_directory_is_refused_on_jdk_25() {
    a_write_outside_the_work_directory_is_refused_on(On::Jdk25);
}

#[track_caller]
fn a_write_outside_the_work_directory_is_refused_on(on: On) {
    let escape = Path::new("/tmp/dsd-sandbox-escape.txt");
    let _ = std::fs::remove_file(escape);
    let run = sandboxed("escape", on);
    assert!(
        !escape.exists(),
        "the tested method wrote {}",
        escape.display()
    );
    let results = results(&run);
    let write = result_of(&results, "logThenDivide");
    assert_eq!(write["outcome"], "exception");
    let (exception, message) = match invariants::sandbox::namespace::isolation() {
        invariants::sandbox::namespace::Isolation::Bubblewrap(_) => (
            "java.nio.file.FileSystemException",
            "/tmp/dsd-sandbox-escape.txt: Read-only file system",
        ),
        _ => (
            "java.lang.SecurityException",
            "writing /tmp/dsd-sandbox-escape.txt",
        ),
    };
    assert_eq!(write["exception"], exception);
    assert!(
        write["message"]
            .as_str()
            .is_some_and(|m| m.contains(message)),
        "{write}"
    );
}

#[test]
fn system_exit_ends_only_its_test() {
    system_exit_ends_only_its_test_on(On::Default);
}

#[test]
fn system_exit_ends_only_its_test_on_jdk_25() {
    system_exit_ends_only_its_test_on(On::Jdk25);
}

#[track_caller]
fn system_exit_ends_only_its_test_on(on: On) {
    let run = sandboxed("exit", on);
    let results = results(&run);
    let exit = result_of(&results, "stop");
    assert_eq!(exit["outcome"], "exit");
    assert_eq!(
        exit["message"], "dsd sandbox: System.exit(3) is not allowed",
        "{exit}"
    );
    assert_eq!(
        run.report["summary"]["tests"]["refuted"], 1,
        "{}",
        run.report
    );
}

#[test]
fn allocating_without_end_ends_in_an_out_of_memory_error_within_the_timeout() {
    allocating_without_end_ends_in_an_out_of_memory_error_on(On::Default);
}

#[test]
fn allocating_without_end_ends_in_an_out_of_memory_error_within_the_timeout_on_jdk_25() {
    allocating_without_end_ends_in_an_out_of_memory_error_on(On::Jdk25);
}

#[track_caller]
fn allocating_without_end_ends_in_an_out_of_memory_error_on(on: On) {
    let run = sandboxed("hog", on);
    let results = results(&run);
    let hog = result_of(&results, "fill");
    assert_eq!(hog["outcome"], "exception");
    assert_eq!(hog["exception"], "java.lang.OutOfMemoryError");
    let millis = hog["millis"].as_u64().expect("millis");
    assert!(millis < 10_000, "the heap limit ended it in {millis} ms");
    assert_eq!(
        run.report["summary"]["tests"]["timeouts"], 0,
        "{}",
        run.report
    );
}
