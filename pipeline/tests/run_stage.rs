//! Runs the real run stage (javac, the runner, the JVM) over a tiny project in a temp work dir.

use invariants::toolchain::{test_java25, Jdk};
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

    public static void write(String path) throws java.io.IOException {
        java.nio.file.Files.write(java.nio.file.Paths.get(path), new byte[] {1});
    }

    public static void tempFile() throws java.io.IOException {
        java.io.File.createTempFile("dsd", ".tmp");
    }

    public static void connect(int port) throws java.io.IOException {
        new java.net.Socket("127.0.0.1", port).close();
    }

    public static void exec() throws java.io.IOException {
        new ProcessBuilder("true").start();
    }

    public static void forkBomb() {
        while (true) {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(600_000);
                } catch (InterruptedException e) {
                    return;
                }
            });
            t.setDaemon(true);
            t.start();
        }
    }

    public static int oneThread(int y) throws InterruptedException {
        int[] box = new int[1];
        Thread t = new Thread(() -> box[0] = 1);
        t.start();
        t.join();
        return div(box[0], y);
    }

    public static void halt() {
        Runtime.getRuntime().halt(5);
    }

    public static int interruptAll(int y) throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t != Thread.currentThread()) {
                t.interrupt();
            }
        }
        Thread.sleep(100);
        return div(1, y);
    }

    public static int quietQuit() {
        try {
            System.exit(1);
        } catch (SecurityException e) {
            return 1;
        }
        return 0;
    }
}
"#;

/// The generated tests; `OUTSIDE` stands for a path outside the work directory, `PORT` for a
/// port on which the machine listens.
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
    @org.junit.Test public void escape() throws Exception { Calc.write("OUTSIDE"); }
    @org.junit.Test public void inside() throws Exception { Calc.write("inside.txt"); Calc.tempFile(); }
    @org.junit.Test public void connect() throws Exception { Calc.connect(PORT); }
    @org.junit.Test public void exec() throws Exception { Calc.exec(); }
    @org.junit.Test public void forkBomb() { Calc.forkBomb(); }
    @org.junit.Test public void afterBomb() throws Exception { Calc.oneThread(0); }
    @org.junit.Test public void halt() { Calc.halt(); }
    @org.junit.Test public void quietQuit() { Calc.quietQuit(); }
    @org.junit.Test public void interrupter() throws Exception { Calc.interruptAll(0); }
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
    runs_tests_in_a_real_jvm(Jdk::default());
}

/// The same tests, compiled by the default JDK's javac (17), run on the JDK 25 runtime
/// `.ci/install-jdk25` installs, which has no security manager.
#[test]
fn runs_tests_on_jdk_25_surviving_hangs_and_exits() {
    runs_tests_in_a_real_jvm(Jdk {
        home: None,
        test_java: Some(test_java25().unwrap_or_else(|e| panic!("{e}"))),
        release: None,
    });
}

#[track_caller]
fn runs_tests_in_a_real_jvm(jdk: Jdk) {
    let root = temp_dir();
    let work = root.join("work");
    let source = root.join("src/demo/Calc.java");
    let outside = root.join("outside.txt");
    write(&source, CALC);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    write(
        &work.join("tests/demo/Calc_DsdTest.java"),
        &TEST
            .replace("OUTSIDE", &outside.display().to_string())
            .replace("PORT", &port.to_string()),
    );
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
        test("escape", "spin", calc), test("inside", "spin", calc), test("connect", "spin", calc),
        test("exec", "spin", calc), test("forkBomb", "spin", calc), test("afterBomb", "div", calc),
        test("halt", "spin", calc), test("quietQuit", "spin", calc),
        test("interrupter", "div", calc),
    ]});
    write(&work.join("tests/index.json"), &index.to_string());

    let summary = run_stage(
        &work,
        &Options {
            test_timeout: Duration::from_secs(1),
            jdk: jdk.clone(),
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
    let result = |m: &str| results.iter().find(|r| r.method == m).unwrap();
    assert_eq!(results.len(), 18);
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
    assert_eq!(outcome("quit"), Some(Outcome::Exit));
    assert_eq!(
        result("quit").message.as_deref(),
        Some("dsd sandbox: System.exit(7) is not allowed")
    );
    assert!(result("quit")
        .frames
        .iter()
        .any(|f| f.class == "demo.Calc" && f.method == "quit"));
    assert_eq!(outcome("afterQuit"), Some(Outcome::Exception));
    assert_eq!(outcome("t"), Some(Outcome::Error));
    sandbox_holds(&results, &work, &outside, port);
    drop(listener);

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
        (18, 5, 11, 1, 0, 1),
        "a refused exit is refuted; the test javac rejects is counted as not compiled"
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
        ("java.lang.ArithmeticException", 7, 4)
    );
    assert_eq!(findings[0].level, Level::Error);
    assert_eq!(
        (findings[1].exception.as_str(), findings[1].line),
        ("java.lang.AssertionError", 26)
    );
    assert!(work.join("results/findings.json").is_file());
    assert_eq!(summary.jvms, 2, "only the hang restarts the JVM");

    watchdog_kills_a_silent_jvm(&work, &jdk);
    tests_are_shared_out_over_jvms(&work, &jdk);
    let _ = std::fs::remove_dir_all(&root);
}

/// What the sandbox refused (or allowed) the tests, each of which ran in the JVM that went on.
/// Files and the network are kept in by the namespaces, which the machines that run these tests
/// must have (`.ci/install` installs bubblewrap), or with `DSD_SANDBOX=off` by the security
/// manager; the rest by dsd's agent.
fn sandbox_holds(results: &[TestResult], work: &Path, outside: &Path, port: u16) {
    let result = |m: &str| results.iter().find(|r| r.method == m).unwrap();
    let thrown = |m: &str, exception: &str, what: &str| {
        let r = result(m);
        assert_eq!(
            (r.outcome, r.exception.as_deref()),
            (Outcome::Exception, Some(exception)),
            "{m}: {r:?}"
        );
        let message = r.message.as_deref().unwrap_or("");
        assert!(message.contains(what), "{m}: {message}");
    };
    let refused = |m: &str, what: &str| thrown(m, "java.lang.SecurityException", what);
    let off = std::env::var_os("DSD_SANDBOX").is_some_and(|v| v == "off");
    let namespaces = matches!(
        invariants::sandbox::namespace::isolation(),
        invariants::sandbox::namespace::Isolation::Bubblewrap(_)
    );
    assert!(
        namespaces || off,
        "bwrap cannot isolate the test JVMs here: {:?}; install bubblewrap (.ci/install) or set DSD_SANDBOX=off",
        invariants::sandbox::namespace::isolation()
    );
    if namespaces {
        thrown(
            "escape",
            "java.nio.file.FileSystemException",
            "Read-only file system",
        );
        // The machine's loopback is not the namespace's: nothing listens there.
        thrown("connect", "java.net.ConnectException", "Connection refused");
    } else {
        refused("escape", "only the work directory is writable");
        refused("connect", &format!("network access (127.0.0.1:{port})"));
    }
    assert!(!outside.exists(), "a test wrote outside the work directory");
    assert_eq!(result("inside").outcome, Outcome::Pass);
    let files = work.join("results/jvm/files");
    assert!(files.join("inside.txt").is_file());
    let temp: Vec<_> = std::fs::read_dir(files.join("tmp"))
        .unwrap()
        .flatten()
        .collect();
    assert!(
        temp.iter()
            .any(|e| e.file_name().to_string_lossy().starts_with("dsd")),
        "the temporary folder lies in the work directory"
    );
    refused("exec", "starting a process");
    refused("forkBomb", "starting more than 256 threads");
    assert_eq!(
        result("afterBomb").exception.as_deref(),
        Some("java.lang.ArithmeticException"),
        "the next test may start threads again"
    );
    assert_eq!(result("halt").outcome, Outcome::Exit);
    assert_eq!(
        result("halt").message.as_deref(),
        Some("dsd sandbox: Runtime.halt(5) is not allowed")
    );
    assert_eq!(
        result("quietQuit").outcome,
        Outcome::Exit,
        "an exit stays the outcome when the code under test catches its refusal"
    );
    assert_eq!(
        result("interrupter").exception.as_deref(),
        Some("java.lang.ArithmeticException"),
        "interrupting the runner's thread does not end its wait for the test"
    );
}

/// A runner JVM over the demo's classes and tests, compiled in `work` by the run stage, with
/// its scratch folder and log named `name`.
fn jvm_config(
    work: &Path,
    jdk: &Jdk,
    name: &str,
    timeout: Duration,
    watchdog: Duration,
) -> JvmConfig {
    let tools = tools::locate(jdk).unwrap();
    let mut runner_classpath = vec![work.join("runner")];
    runner_classpath.extend(tools.junit.iter().cloned());
    JvmConfig {
        java: tools.java.clone(),
        module_options: Vec::new(),
        runner_classpath,
        test_classpath: vec![work.join("classes"), work.join("test-classes")],
        timeout,
        watchdog,
        scratch: work.join(name),
        log: work.join(format!("{name}.log")),
        agent: invariants::sandbox::agent::jar(&work.join("runner")),
    }
}

/// With a per-test timeout the runner never reaches, the Rust-side watchdog ends the hang.
fn watchdog_kills_a_silent_jvm(work: &Path, jdk: &Jdk) {
    let config = jvm_config(
        work,
        jdk,
        "watchdog",
        Duration::from_secs(60),
        Duration::from_millis(700),
    );
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

/// Tests run in several JVMs come back in their own order with the results one JVM gives,
/// each JVM with a log of its own.
fn tests_are_shared_out_over_jvms(work: &Path, jdk: &Jdk) {
    let config = jvm_config(
        work,
        jdk,
        "parallel",
        Duration::from_secs(10),
        Duration::from_secs(30),
    );
    let methods = ["div0", "divOk", "onceB"];
    let ids: Vec<TestId> = (0..2 * jvm::MIN_TESTS_PER_JVM + 1)
        .map(|i| TestId {
            class: "demo.Calc_DsdTest".into(),
            method: methods[i % 3].into(),
        })
        .collect();
    let most = std::sync::atomic::AtomicUsize::new(0);
    let (results, jvms) = jvm::run_parallel(&config, &ids, 3, &|n| {
        most.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(
        jvms,
        2,
        "at most one JVM per {} tests",
        jvm::MIN_TESTS_PER_JVM
    );
    assert_eq!(most.into_inner(), ids.len());
    assert_eq!(results.len(), ids.len());
    for (id, result) in ids.iter().zip(&results) {
        assert_eq!(result.method, id.method);
        let expected = if id.method == "div0" {
            Outcome::Exception
        } else {
            Outcome::Pass
        };
        assert_eq!(result.outcome, expected, "{}", id.method);
    }
    assert!(work.join("parallel-1.log").is_file() && work.join("parallel-2.log").is_file());
}
