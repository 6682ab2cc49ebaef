//! The project's own tests run in dsd's sandbox, with JUnit 4 and with JUnit 5: a test that
//! writes outside the work directory or calls `System.exit` fails alone (its samples dropped),
//! the JVM goes on, and a test that writes a temporary file passes; on the default JDK (17)
//! and on the JDK 25 runtime (`.ci/install-jdk25`), which has no security manager.

use invariants::toolchain::{test_java25, Jdk};
use invariants::{infer_stage, read_invariants, Options};
use std::path::{Path, PathBuf};
use std::time::Duration;

const CALC: &str = r#"package demo;

public class Calc {
    public static int half(int x) {
        return x / 2;
    }
}
"#;

/// The tests, for either JUnit: `TEST` is the annotation's class, `OUTSIDE` a path outside the
/// work directory.
const TESTS: &str = r#"package demo;

import TEST;

public class CalcTest {
    @Test
    public void exits() {
        Calc.half(-10);
        System.exit(2);
    }

    @Test
    public void writesOutside() throws Exception {
        Calc.half(-20);
        java.nio.file.Files.write(java.nio.file.Paths.get("OUTSIDE"), new byte[] {1});
    }

    @Test
    public void writesATemporaryFile() throws Exception {
        java.io.File f = java.io.File.createTempFile("dsd-infer", ".txt");
        java.nio.file.Files.write(f.toPath(), new byte[] {1});
        if (Calc.half(4) != 2) {
            throw new AssertionError("half");
        }
    }
}
"#;

const LAST: &str = r#"package demo;

import TEST;

public class ZLastTest {
    @Test
    public void runsAfterTheExit() {
        if (Calc.half(8) != 4) {
            throw new AssertionError("half");
        }
    }
}
"#;

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs the infer stage over the project with tests for `annotation` and checks the sandbox.
#[track_caller]
fn sandboxed(name: &str, annotation: &str, jar: &str, jdk: Jdk) {
    if which::which("javac").is_err() || !Path::new("/usr/share/java").join(jar).exists() {
        eprintln!("skipped: javac or {jar} missing (apt-get install openjdk-17-jdk-headless junit4 junit5)");
        return;
    }
    let root = std::env::temp_dir().join(format!("dsd-infer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let outside = root.join("outside.txt");
    let outside_text = outside.display().to_string();
    write(&root, "src/main/java/demo/Calc.java", CALC);
    let tests = TESTS
        .replace("TEST", annotation)
        .replace("OUTSIDE", &outside_text);
    write(&root, "src/test/java/demo/CalcTest.java", &tests);
    write(
        &root,
        "src/test/java/demo/ZLastTest.java",
        &LAST.replace("TEST", annotation),
    );
    let work = root.join("work");
    let options = Options {
        sources: vec![root.join("src/main/java")],
        tests: vec![root.join("src/test/java")],
        classpath: Vec::<PathBuf>::new(),
        test_timeout: Duration::from_secs(20),
        encoding: None,
        jdk,
    };
    let summary = infer_stage(&work, &options).unwrap();
    assert_eq!(
        (summary.tests, summary.failed, summary.jvms),
        (4, 2, 1),
        "the exiting and the writing test fail, in the one JVM: {summary:?}"
    );
    assert!(summary.lost.is_empty(), "{summary:?}");
    assert!(!outside.exists(), "a test wrote outside the work directory");
    let progress = std::fs::read_to_string(work.join("infer/progress-0.txt")).unwrap();
    let write_refused = match invariants::sandbox::namespace::isolation() {
        invariants::sandbox::namespace::Isolation::Bubblewrap(_) => {
            format!("java.nio.file.FileSystemException: {outside_text}: Read-only file system")
        }
        _ => format!("java.lang.SecurityException: dsd sandbox: writing {outside_text}"),
    };
    for refusal in [
        "java.lang.SecurityException: dsd sandbox: System.exit(2) is not allowed".to_string(),
        write_refused,
    ] {
        assert!(progress.contains(&refusal), "{refusal} in {progress}");
    }
    let temp: Vec<_> = std::fs::read_dir(work.join("infer/tmp"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("dsd-infer"))
        .collect();
    assert_eq!(
        temp.len(),
        1,
        "the temporary file lies in the work directory"
    );
    let file = read_invariants(&work).unwrap().unwrap();
    let half = file.method("demo.Calc", "half", "(I)I").unwrap();
    assert_eq!(
        half.entry_samples, 2,
        "only the passing tests' calls (4, 8) are samples"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn junit4_tests_run_in_the_sandbox() {
    sandboxed("junit4", "org.junit.Test", "junit4.jar", Jdk::default());
}

#[test]
fn junit5_tests_run_in_the_sandbox() {
    sandboxed(
        "junit5",
        "org.junit.jupiter.api.Test",
        "junit-platform-console-standalone.jar",
        Jdk::default(),
    );
}

#[test]
fn junit4_tests_run_in_the_sandbox_on_jdk_25() {
    sandboxed("junit4-25", "org.junit.Test", "junit4.jar", jdk_25());
}

#[test]
fn junit5_tests_run_in_the_sandbox_on_jdk_25() {
    sandboxed(
        "junit5-25",
        "org.junit.jupiter.api.Test",
        "junit-platform-console-standalone.jar",
        jdk_25(),
    );
}

/// The JDK 25 runtime for the tests ([`test_java25`]); the tests fail, saying so, where it
/// is missing.
fn jdk_25() -> Jdk {
    Jdk {
        home: None,
        test_java: Some(test_java25().unwrap_or_else(|e| panic!("{e}"))),
        release: None,
    }
}
