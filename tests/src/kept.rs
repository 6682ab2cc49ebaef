//! Kept tests on the JVM: compile the tests dsd wrote against a project and JUnit, and run
//! them with JUnit 5's console launcher or JUnit 4's runner.

use invariants::toolchain::{self, Tools};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles the kept tests below `kept` against `project` and JUnit alone.
pub fn compile_kept(tools: &Tools, kept: &Path, project: &Path) -> PathBuf {
    let out = kept.with_extension("classes");
    let _ = std::fs::remove_dir_all(&out);
    let mut classpath = vec![project.to_path_buf()];
    classpath.extend(tools.junit.iter().cloned());
    let javac = Command::new(&tools.javac)
        .arg("-Werror")
        .arg("-d")
        .arg(&out)
        .arg("-cp")
        .arg(toolchain::class_path(&classpath).expect("class path"))
        .args(java_files(kept))
        .output()
        .expect("run javac");
    assert!(
        javac.status.success(),
        "the kept tests compile without a warning:\n{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    out
}

/// Runs the JUnit 5 tests in `tests` against `project`: whether all passed, and the output.
pub fn junit5(tools: &Tools, tests: &Path, project: &Path) -> (bool, String) {
    let classpath = [tests.to_path_buf(), project.to_path_buf()];
    let console = Command::new(&tools.java)
        .arg("-jar")
        .arg(&tools.junit[0])
        .arg("--disable-banner")
        .arg("--disable-ansi-colors")
        .arg("--details=tree")
        .arg("-cp")
        .arg(toolchain::class_path(&classpath).expect("class path"))
        .arg("--scan-classpath")
        .arg(tests)
        .output()
        .expect("run the JUnit console launcher");
    output(&console)
}

/// Runs the JUnit 4 test `classes` in `tests` against `project`: whether all passed, and
/// the output.
pub fn junit4(tools: &Tools, tests: &Path, project: &Path, classes: &[String]) -> (bool, String) {
    let mut classpath = vec![tests.to_path_buf(), project.to_path_buf()];
    classpath.extend(tools.junit.iter().cloned());
    let core = Command::new(&tools.java)
        .arg("-cp")
        .arg(toolchain::class_path(&classpath).expect("class path"))
        .arg("org.junit.runner.JUnitCore")
        .args(classes)
        .output()
        .expect("run JUnitCore");
    output(&core)
}

/// Whether a finished tool run succeeded, and what it printed.
pub fn output(run: &std::process::Output) -> (bool, String) {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    (run.status.success(), text)
}

/// The `.java` files below `dir`, sorted.
pub fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "java") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Compiles the Java sources below `src` into `classes`, which it returns.
pub fn compile_sources(tools: &Tools, src: &Path, classes: &Path) -> PathBuf {
    let status = Command::new(&tools.javac)
        .arg("-d")
        .arg(classes)
        .args(java_files(src))
        .status()
        .expect("run javac");
    assert!(status.success(), "{} compiles", src.display());
    classes.to_path_buf()
}
