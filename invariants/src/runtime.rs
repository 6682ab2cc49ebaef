//! The Java code the infer stage needs at run time, shipped as source and compiled with the
//! project: the recorder, the test runners and the sandbox they install.

use crate::toolchain::Flavour;
use std::path::{Path, PathBuf};

/// The recorder, which instrumented code calls.
const RECORDER: &str = include_str!("../java/DsdRecorder.java");
/// Progress reporting and the hang watchdog shared by the runners.
const PROGRESS: &str = include_str!("../java/DsdProgress.java");
/// The JUnit 4 runner.
const JUNIT4_RUNNER: &str = include_str!("../java/DsdJUnit4Runner.java");
/// The JUnit 5 runner.
const JUNIT5_RUNNER: &str = include_str!("../java/DsdJUnit5Runner.java");

/// The runner's main class for a flavour of JUnit.
pub fn runner_class(flavour: Flavour) -> &'static str {
    match flavour {
        Flavour::JUnit4 => "dsd.recorder.DsdJUnit4Runner",
        Flavour::JUnit5 => "dsd.recorder.DsdJUnit5Runner",
    }
}

/// Writes the recorder, the runner for `flavour` and the sandbox below `dir`; returns the files
/// written.
pub fn write(dir: &Path, flavour: Flavour) -> Result<Vec<PathBuf>, String> {
    let pkg = dir.join("dsd").join("recorder");
    std::fs::create_dir_all(&pkg).map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;
    let runner = match flavour {
        Flavour::JUnit4 => ("DsdJUnit4Runner.java", JUNIT4_RUNNER),
        Flavour::JUnit5 => ("DsdJUnit5Runner.java", JUNIT5_RUNNER),
    };
    let mut out = Vec::new();
    for (name, text) in [
        ("DsdRecorder.java", RECORDER),
        ("DsdProgress.java", PROGRESS),
        runner,
    ] {
        let path = pkg.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        out.push(path);
    }
    out.push(crate::sandbox::write_source(dir)?);
    Ok(out)
}

/// The recorder of `dsd record`, which instrumented code calls.
const CRASH_RECORDER: &str = include_str!("../java/DsdCrashRecorder.java");
/// The Java agent of `dsd record` for commands other than `java`.
const RECORD_AGENT: &str = include_str!("../java/DsdRecordAgent.java");
/// The JDK objects the recorder of `dsd record` keeps as data.
const JDK_VALUES: &str = include_str!("../java/DsdJdkValues.java");

/// The JUnit Platform listener of `dsd record`, compiled apart, against JUnit 5.
const TEST_LISTENER: &str = include_str!("../java/DsdTestListener.java");

/// Writes the JUnit Platform listener of `dsd record` (`dsd.listener.DsdTestListener`) below
/// the source root `dir`; returns the file written.
pub fn write_test_listener(dir: &Path) -> Result<PathBuf, String> {
    let pkg = dir.join("dsd").join("listener");
    std::fs::create_dir_all(&pkg).map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;
    let path = pkg.join("DsdTestListener.java");
    std::fs::write(&path, TEST_LISTENER)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// The JSON writing that the test runner (`pipeline`) and the crash recorder share.
const JSON: &str = include_str!("../java/DsdJson.java");

/// The source of `dsd.json.DsdJson` below the source root `dir`.
fn json_path(dir: &Path) -> PathBuf {
    dir.join("dsd").join("json").join("DsdJson.java")
}

/// Writes `dsd.json.DsdJson`, the JSON writing of the Java dsd ships, below the source root
/// `dir`; returns the file written.
pub fn write_json(dir: &Path) -> Result<PathBuf, String> {
    let path = json_path(dir);
    if let Some(pkg) = path.parent() {
        std::fs::create_dir_all(pkg)
            .map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;
    }
    std::fs::write(&path, JSON).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// True when `dir` holds the current source of `dsd.json.DsdJson` (as [`write_json`] writes
/// it).
pub fn json_is_current(dir: &Path) -> bool {
    std::fs::read_to_string(json_path(dir)).is_ok_and(|s| s == JSON)
}

/// Writes the recorder of `dsd record`, its agent and the JSON writing it uses below the
/// source root `dir`; returns the files written.
pub fn write_crash_recorder(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let pkg = dir.join("dsd").join("recorder");
    std::fs::create_dir_all(&pkg).map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;
    let mut out = vec![write_json(dir)?];
    for (name, text) in [
        ("DsdCrashRecorder.java", CRASH_RECORDER),
        ("DsdRecordAgent.java", RECORD_AGENT),
        ("DsdJdkValues.java", JDK_VALUES),
    ] {
        let path = pkg.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        out.push(path);
    }
    Ok(out)
}
