//! The bundled example project: every crash it contains is found and proved by a test.

use dsd_tests::{check, check_in, copy_tree, root, work_dir, Reported};

#[test]
fn finds_every_crash_in_the_example_project() {
    let src = root().join("examples/inventory/src/main/java");
    let run = check("example", &src, &[]);
    assert_eq!(run.status, 1, "findings at level error give exit status 1");
    let got: Vec<(String, u32, String)> = run
        .findings
        .iter()
        .filter(|f| f.level == "error")
        .map(|f: &Reported| (f.file.clone(), f.line, f.exception.clone()))
        .collect();
    let want = [
        ("Labels.java", 13, "StringIndexOutOfBoundsException"),
        ("Labels.java", 21, "ArrayIndexOutOfBoundsException"),
        ("Labels.java", 26, "ArithmeticException"),
        ("Stock.java", 9, "NegativeArraySizeException"),
        ("Stock.java", 14, "ArrayIndexOutOfBoundsException"),
        ("Stock.java", 31, "ArithmeticException"),
    ];
    for (file, line, exc) in want {
        assert!(
            got.contains(&(file.to_string(), line, exc.to_string())),
            "missing {file}:{line} {exc} in {got:?}"
        );
    }
    assert_eq!(got.len(), want.len(), "no other errors: {got:?}");
    let tests = &run.report["findings"][0]["test"];
    assert!(tests.is_object(), "each finding names its reproducing test");
    let never = check_in(&run.work, &src, &["--fail-on", "never"]).expect("cached rerun");
    assert_eq!(never.status, 0, "--fail-on never: status 0 with errors");
    assert_eq!(never.findings.len(), run.findings.len(), "the same report");
    fingerprints_survive_lines_added_above(&src, &run.report);
}

/// The example with lines added at the top of a file: every finding moves down and keeps
/// its fingerprint.
fn fingerprints_survive_lines_added_above(src: &std::path::Path, before: &serde_json::Value) {
    let moved = work_dir("example-moved").join("src");
    copy_tree(src, &moved);
    let stock = moved.join("example/inventory/Stock.java");
    let text = std::fs::read_to_string(&stock).expect("Stock.java");
    std::fs::write(&stock, format!("// a comment\n// and another\n{text}")).expect("write");
    let after = check("example-moved-run", &moved, &[]);
    let prints = |report: &serde_json::Value| {
        let mut all: Vec<String> = report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| {
                f["fingerprint"]
                    .as_str()
                    .expect("a fingerprint")
                    .to_string()
            })
            .collect();
        all.sort();
        all
    };
    let (was, now) = (prints(before), prints(&after.report));
    assert!(was.iter().all(|f| !f.is_empty()), "{was:?}");
    assert_eq!(now, was, "the same fingerprints after the lines moved");
    let lines = |report: &serde_json::Value| {
        report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| {
                f["file"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("Stock.java"))
            })
            .map(|f| f["line"].as_u64().expect("line"))
            .collect::<Vec<_>>()
    };
    let shifted: Vec<u64> = lines(before).iter().map(|l| l + 2).collect();
    assert!(!shifted.is_empty(), "Stock.java has findings");
    assert_eq!(
        lines(&after.report),
        shifted,
        "Stock's findings moved two lines down"
    );
}
