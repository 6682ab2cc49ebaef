//! The bundled example project: every crash it contains is found and proved by a test.

use dsd_tests::{check, check_in, root, Reported};

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
}
