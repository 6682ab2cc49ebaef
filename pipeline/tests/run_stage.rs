//! Runs the real run stage (javac, the runner, the JVM) over a tiny project in a temp work dir.

use pipeline::run::findings::Level;
use pipeline::run::jvm::{self, JvmConfig, TestId};
use pipeline::run::results::{Outcome, TestResult};
use pipeline::run::{run_stage, tools, Options};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

const CALC: &str = r#"package demo;

public class Calc {
    static int calls;

    public static int div(int x, int y) {
        return x / y;
    }

    public static int once() {
        calls++;
        if (calls > 1) throw new IllegalStateException("static state leaked");
        return calls;
    }

    public static void spin() {
        while (true) { }
    }

    public static void quit() {
        System.out.println("bye");
        System.exit(7);
    }

    public static void check(int x) {
        assert x > 0 : "x must be positive";
    }
}
"#;

const TEST: &str = r#"package demo;

public class Calc_DsdTest {
    @org.junit.Test public void div0() { Calc.div(1, 0); }
    @org.junit.Test public void divOk() { Calc.div(4, 2); }
    @org.junit.Test public void onceA() { Calc.once(); }
    @org.junit.Test public void onceB() { Calc.once(); }
    @org.junit.Test public void spin() { Calc.spin(); }
    @org.junit.Test public void afterSpin() { Calc.div(2, 0); }
    @org.junit.Test public void quit() { Calc.quit(); }
    @org.junit.Test public void afterQuit() { Calc.check(0); }
}
"#;

const BROKEN: &str = "package demo;\npublic class Broken_DsdTest {\n    @org.junit.Test public void t() { Calc.nope(); }\n}\n";

fn temp_dir() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("dsd-run-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn site(id: &str, file: &Path, line: u32, exception: &str) -> serde_json::Value {
    json!({"id": id, "file": file, "rel": "demo/Calc.java", "line": line, "col": 18, "exception": exception,
           "class": "demo.Calc", "method": "m()V", "source_line": "x"})
}

fn test(method: &str, site: &str, file: &str) -> serde_json::Value {
    json!({"class": if file.contains("Broken") { "demo.Broken_DsdTest" } else { "demo.Calc_DsdTest" },
           "method": method, "file": file, "line": 4, "site": site, "inputs": ["x = 1"],
           "null_input": false, "reflection": false})
}

#[test]
fn runs_tests_in_a_real_jvm_surviving_hangs_and_exits() {
    let root = temp_dir();
    let work = root.join("work");
    let source = root.join("src/demo/Calc.java");
    write(&source, CALC);
    write(&work.join("tests/demo/Calc_DsdTest.java"), TEST);
    write(&work.join("tests/demo/Broken_DsdTest.java"), BROKEN);
    let class = json!({"name": "demo.Calc", "simple_name": "Calc", "kind": "class", "modifiers": {"public": true},
        "superclass": null, "outer": null, "fields": [], "methods": [], "file": 0,
        "span": {"file": 0, "line": 3, "col": 1, "end_line": 28, "end_col": 2}});
    let program = json!({"files": [{"path": source, "rel": "demo/Calc.java", "package": "demo", "library": false}],
        "classes": [class], "diagnostics": []});
    write(&work.join("ir/program.json"), &program.to_string());
    let sites = json!({"sites": [
        site("div", &source, 7, "java.lang.ArithmeticException"),
        site("once", &source, 12, "java.lang.IllegalStateException"),
        site("spin", &source, 17, "java.lang.NullPointerException"),
        site("assert", &source, 26, "java.lang.AssertionError"),
    ]});
    write(&work.join("vc/sites.json"), &sites.to_string());
    let calc = "tests/demo/Calc_DsdTest.java";
    let index = json!({"tests": [
        test("div0", "div", calc), test("divOk", "div", calc), test("onceA", "once", calc),
        test("onceB", "once", calc), test("spin", "spin", calc), test("afterSpin", "div", calc),
        test("quit", "spin", calc), test("afterQuit", "assert", calc),
        test("t", "div", "tests/demo/Broken_DsdTest.java"),
    ]});
    write(&work.join("tests/index.json"), &index.to_string());

    let summary = run_stage(
        &work,
        &Options {
            test_timeout: Duration::from_secs(1),
            ..Options::default()
        },
    )
    .unwrap();

    let lines = std::fs::read_to_string(work.join("results/results.jsonl")).unwrap();
    let results: Vec<TestResult> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let outcome = |m: &str| results.iter().find(|r| r.method == m).map(|r| r.outcome);
    assert_eq!(results.len(), 9);
    let div0 = results.iter().find(|r| r.method == "div0").unwrap();
    assert_eq!(
        div0.exception.as_deref(),
        Some("java.lang.ArithmeticException")
    );
    assert_eq!(
        (div0.frames[0].class.as_str(), div0.frames[0].line),
        ("demo.Calc", 7)
    );
    assert_eq!(div0.frames[0].file.as_deref(), Some("Calc.java"));
    assert_eq!(outcome("onceA"), Some(Outcome::Pass));
    assert_eq!(
        outcome("onceB"),
        Some(Outcome::Pass),
        "static state must be reset between tests"
    );
    assert_eq!(outcome("spin"), Some(Outcome::Timeout));
    assert_eq!(outcome("afterSpin"), Some(Outcome::Exception));
    assert_eq!(outcome("quit"), Some(Outcome::Error));
    assert_eq!(outcome("afterQuit"), Some(Outcome::Exception));
    assert_eq!(outcome("t"), Some(Outcome::Error));

    let counts = &summary.findings.counts;
    assert_eq!(
        (
            counts.tests,
            counts.confirmed,
            counts.refuted,
            counts.timeouts,
            counts.errors,
            counts.uncompiled
        ),
        (9, 3, 3, 1, 1, 1),
        "the JVM's exit is an error; the test javac rejects is counted as not compiled"
    );
    let removed = &summary.findings.uncompiled;
    assert_eq!(removed.len(), 1);
    assert_eq!(removed[0].test.method, "t");
    assert!(removed[0].message.contains("cannot find symbol"));
    let findings = &summary.findings.findings;
    assert_eq!(findings.len(), 2);
    assert_eq!(
        (
            findings[0].exception.as_str(),
            findings[0].line,
            findings[0].tests
        ),
        ("java.lang.ArithmeticException", 7, 2)
    );
    assert_eq!(findings[0].level, Level::Error);
    assert_eq!(
        (findings[1].exception.as_str(), findings[1].line),
        ("java.lang.AssertionError", 26)
    );
    assert!(work.join("results/findings.json").is_file());
    assert_eq!(summary.jvms, 3);

    watchdog_kills_a_silent_jvm(&work);
    let _ = std::fs::remove_dir_all(&root);
}

/// With a per-test timeout the runner never reaches, the Rust-side watchdog ends the hang.
fn watchdog_kills_a_silent_jvm(work: &Path) {
    let tools = tools::locate().unwrap();
    let mut runner_classpath = vec![work.join("runner")];
    runner_classpath.extend(tools.junit.iter().cloned());
    let config = JvmConfig {
        java: tools.java.clone(),
        runner_classpath,
        test_classpath: vec![work.join("classes"), work.join("test-classes")],
        timeout: Duration::from_secs(60),
        watchdog: Duration::from_millis(700),
        scratch: work.join("watchdog"),
        log: work.join("watchdog.log"),
    };
    let id = |m: &str| TestId {
        class: "demo.Calc_DsdTest".into(),
        method: m.into(),
    };
    let (results, jvms) = jvm::run_all(&config, &[id("spin"), id("div0")], &|_| {}).unwrap();
    assert_eq!(results[0].outcome, Outcome::Timeout);
    assert!(results[0]
        .message
        .as_deref()
        .unwrap_or("")
        .contains("watchdog"));
    assert_eq!(
        results[1].exception.as_deref(),
        Some("java.lang.ArithmeticException")
    );
    assert_eq!(jvms, 2);
}
