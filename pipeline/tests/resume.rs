//! A `dsd check` killed at any moment (SIGKILL) and run again finishes with the findings
//! of a run that was never interrupted.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The fixture project: ten crashes of integer arithmetic.
fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/arith")
}

/// `dsd --work-dir WORK check FIXTURE --format json -o WORK/report.json`.
fn check(work: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dsd"));
    command
        .arg("--work-dir")
        .arg(work)
        .arg("check")
        .arg(fixture())
        .args(["--format", "json", "-o"])
        .arg(work.join("report.json"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// (file, line, exception, level) of every finding of a JSON report.
fn findings(report: &Path) -> BTreeSet<(String, u64, String, String)> {
    let text = std::fs::read_to_string(report).expect("the report is written");
    let report: serde_json::Value = serde_json::from_str(&text).expect("the report is JSON");
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["rel"].as_str().unwrap_or_default().to_string(),
                f["line"].as_u64().unwrap_or_default(),
                f["exception"].as_str().unwrap_or_default().to_string(),
                f["level"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_run_killed_at_any_moment_finishes_with_the_same_findings_when_run_again() {
    let base = std::env::temp_dir().join(format!("dsd-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (whole, killed) = (base.join("whole"), base.join("killed"));

    let status = check(&whole).status().expect("dsd runs");
    assert_eq!(status.code(), Some(1), "the fixture's crashes are errors");
    let expected = findings(&whole.join("report.json"));
    assert!(expected.len() >= 5, "{expected:?}");

    // Killed while parsing, solving, compiling and running tests, each time in the same
    // work dir, so every run starts from what the one before left.
    for ms in [50, 300, 1000, 2500, 4500] {
        let mut child = check(&killed).spawn().expect("dsd runs");
        std::thread::sleep(Duration::from_millis(ms));
        let _ = child.kill();
        let _ = child.wait();
    }
    let status = check(&killed).status().expect("dsd runs");
    assert_eq!(status.code(), Some(1));
    assert_eq!(findings(&killed.join("report.json")), expected);
    let _ = std::fs::remove_dir_all(&base);
}
