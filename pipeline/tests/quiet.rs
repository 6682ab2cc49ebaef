//! `--quiet`: the report and nothing else; without it, stderr says how the run went.

use std::path::Path;
use std::process::Command;

/// `dsd --work-dir WORK check FIXTURE --format json -o WORK/report.json` plus `extra`: its
/// exit status and stderr.
fn check(work: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/arith");
    let out = Command::new(env!("CARGO_BIN_EXE_dsd"))
        .arg("--work-dir")
        .arg(work)
        .arg("check")
        .arg(fixture)
        .args(["--format", "json", "-o"])
        .arg(work.join("report.json"))
        .args(extra)
        .output()
        .expect("dsd runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn quiet_prints_nothing_but_the_report() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quiet");
    let _ = std::fs::remove_dir_all(&work);
    let (status, stderr) = check(&work, &["--quiet"]);
    assert_eq!(
        status,
        Some(1),
        "the fixture's crashes are errors: {stderr}"
    );
    assert_eq!(stderr, "", "nothing on stderr");
    let report = std::fs::read_to_string(work.join("report.json")).expect("report written");
    assert!(report.contains("\"findings\""));
    let (status, stderr) = check(&work, &[]);
    assert_eq!(status, Some(1));
    assert!(
        stderr.contains("dsd parse: ") && stderr.contains("(unchanged, skipped)"),
        "{stderr}"
    );
    assert!(
        stderr.lines().last().unwrap_or("").starts_with("dsd: "),
        "{stderr}"
    );
}
