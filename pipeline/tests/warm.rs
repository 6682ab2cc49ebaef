//! A warm work directory is found by its contents: copied to another path and named by a
//! relative path instead of an absolute one, it still skips every unchanged stage.

use std::path::Path;
use std::process::Command;

/// `dsd --work-dir WORK check FIXTURE --format json -o WORK/report.json`, run in `cwd`: its
/// exit status, stderr and report.
fn check(cwd: &Path, work: &Path) -> (Option<i32>, String, String) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/arith");
    let out = Command::new(env!("CARGO_BIN_EXE_dsd"))
        .current_dir(cwd)
        .arg("--work-dir")
        .arg(work)
        .arg("check")
        .arg(fixture)
        .args(["--format", "json", "-o"])
        .arg(cwd.join(work).join("report.json"))
        .output()
        .expect("dsd runs");
    let report = std::fs::read_to_string(cwd.join(work).join("report.json")).unwrap_or_default();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        report,
    )
}

/// Copies the files below `from` to `to`; the copies get new modification times.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for entry in std::fs::read_dir(from).expect("listed") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copied");
        }
    }
}

/// The findings of a JSON report, without the paths that name its work directory.
fn findings(report: &str) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_str(report).expect("a JSON report");
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| format!("{} {}", f["site"], f["level"]))
        .collect()
}

#[test]
fn a_work_directory_copied_to_another_path_skips_every_unchanged_stage() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("warm");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("dir");
    let (status, stderr, report) = check(&root, &root.join("first"));
    assert_eq!(
        status,
        Some(1),
        "the fixture's crashes are errors: {stderr}"
    );
    assert!(
        !stderr.contains("unchanged, skipped"),
        "a cold run: {stderr}"
    );

    copy_tree(&root.join("first"), &root.join("moved").join("copy"));
    let (again, stderr, copied) = check(&root, Path::new("moved/copy"));
    assert_eq!(again, status, "{stderr}");
    for stage in ["parse", "vcgen", "solve", "testgen", "run"] {
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&format!("dsd {stage}: "))
                    && l.ends_with("(unchanged, skipped)")),
            "{stage} is skipped: {stderr}"
        );
    }
    assert_eq!(findings(&copied), findings(&report));
    assert!(!findings(&report).is_empty());
}
