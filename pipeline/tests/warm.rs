//! A warm work directory is found by its contents: copied to another path and named by a
//! relative path instead of an absolute one, it still skips every unchanged stage.

use std::path::Path;
use std::process::Command;

/// `dsd --work-dir WORK check SRC --format json -o WORK/report.json`, run in `cwd` (`WORK`
/// may be relative to it): its exit status, stderr and report.
fn check(cwd: &Path, work: &Path, source: &Path) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dsd"))
        .current_dir(cwd)
        .arg("--work-dir")
        .arg(work)
        .arg("check")
        .arg(source)
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

/// The fixture both tests check.
fn arith() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/arith")
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
    let (status, stderr, report) = check(&root, &root.join("first"), &arith());
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
    let (again, stderr, copied) = check(&root, Path::new("moved/copy"), &arith());
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

/// The numbers on the solve stage's line: the goals the solver decided and those answered
/// as the last solve answered them.
fn solved_and_reused(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("dsd solve: ") && !l.contains("preludes ("))
        .unwrap_or_else(|| panic!("a solve line: {stderr}"));
    let count = |word: &str| {
        line.split([',', ':', ';'])
            .find_map(|part| part.trim().strip_suffix(word)?.trim().parse().ok())
            .unwrap_or(0)
    };
    let decided = count(" sat") + count(" unsat") + count(" unknown");
    let reused = line
        .split("; ")
        .find_map(|part| part.split_once(" answered as by the last solve"))
        .map_or(0, |(n, _)| n.parse().expect("a count"));
    (decided, reused)
}

#[test]
fn a_one_line_edit_is_solved_again_only_where_the_formulas_changed() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("warm-edit");
    let _ = std::fs::remove_dir_all(&root);
    copy_tree(&arith(), &root.join("src"));
    let work = root.join("work");
    let (_, stderr, report) = check(&root, &work, &root.join("src"));
    let before = findings(&report);
    let (decided, reused) = solved_and_reused(&stderr);
    assert_eq!(reused, 0, "a cold run: {stderr}");

    let file = root.join("src/fix/Arith.java");
    let text = std::fs::read_to_string(&file).expect("the fixture");
    let edited = text.replacen(
        "int[] table = new int[128];",
        "int[] table = new int[127];",
        1,
    );
    assert_ne!(edited, text, "the line to edit is there");
    std::fs::write(&file, edited).expect("edited");
    let (_, stderr, report) = check(&root, &work, &root.join("src"));
    let after = findings(&report);
    let (decided_again, reused) = solved_and_reused(&stderr);
    assert_eq!(decided_again, decided, "{stderr}");
    assert!(
        reused > 0 && reused < decided,
        "only the edited method's goals are solved again: {stderr}"
    );
    assert_eq!(after, before, "the same findings");
}
