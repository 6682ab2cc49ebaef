//! The bundled example project: every crash it contains is found and proved by a test.

use dsd_tests::{check, check_in, copy_tree, dsd, root, work_dir, Reported};

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
    let capacity = run.report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| {
            f["line"] == 9
                && f["file"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("Stock.java"))
        })
        .expect("new Stock(-1)'s NegativeArraySizeException is reported");
    assert_eq!(
        (&capacity["level"], &capacity["contract"]["rule"]),
        (&"note".into(), &"precondition".into()),
        "a negative capacity breaks the convention that a length parameter is at least 0: {capacity}"
    );
    let tests = &run.report["findings"][0]["test"];
    assert!(tests.is_object(), "each finding names its reproducing test");
    the_readme_shows_the_real_output(&run.report, &src, &run.work);
    let never = check_in(&run.work, &src, &["--fail-on", "never"]).expect("cached rerun");
    assert_eq!(never.status, 0, "--fail-on never: status 0 with errors");
    assert_eq!(never.findings.len(), run.findings.len(), "the same report");
    let annotations = run.work.join("annotations.txt");
    let github: Vec<String> = [
        "--work-dir",
        &run.work.display().to_string(),
        "check",
        &src.display().to_string(),
        "--format",
        "github",
        "-o",
        &annotations.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(dsd(&github), Ok(1), "the same run, as GitHub annotations");
    let text = std::fs::read_to_string(&annotations).expect("annotations written");
    let errors = text
        .lines()
        .filter(|l| l.starts_with("::error file="))
        .count();
    assert_eq!(errors, want.len(), "one ::error per error:\n{text}");
    assert!(
        text.contains("::notice file="),
        "notes are notices:\n{text}"
    );
    let baseline = run.work.join("baseline.json");
    let baseline_arg = baseline.display().to_string();
    let adopted = check_in(&run.work, &src, &["--write-baseline", &baseline_arg]).expect("rerun");
    assert_eq!(
        adopted.status, 0,
        "a run that writes the baseline adopts its findings"
    );
    assert_eq!(adopted.report["summary"]["baselined"], run.findings.len());
    fingerprints_survive_lines_added_above(&src, &run.report, &baseline_arg);
    a_baseline_fails_only_on_new_findings(&src, &baseline_arg);
}

/// The example with one crash fixed and another's line edited, compared with the baseline
/// of the original: the edited one is new (status 1), both old ones are gone.
fn a_baseline_fails_only_on_new_findings(src: &std::path::Path, baseline: &str) {
    let edited = work_dir("example-edited").join("src");
    copy_tree(src, &edited);
    let stock = edited.join("example/inventory/Stock.java");
    let text = std::fs::read_to_string(&stock).expect("Stock.java");
    let text = text
        .replace(
            "return total / used;",
            "return used == 0 ? 0 : total / used;",
        )
        .replace("shelves[used++] = items;", "shelves[used++] = items + 0;");
    std::fs::write(&stock, text).expect("write");
    let run = check("example-edited-run", &edited, &["--baseline", baseline]);
    assert_eq!(run.status, 1, "the edited line's crash is new");
    let new: Vec<u32> = run.report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["baselined"] != true)
        .filter_map(|f| f["line"].as_u64().map(|l| l as u32))
        .collect();
    assert!(
        !new.is_empty() && new.iter().all(|&l| l == 14),
        "only the edited line's crashes are new: {new:?}"
    );
    let gone = run.report["gone"]
        .as_array()
        .expect("compared with the baseline");
    let mut gone_lines: Vec<u64> = gone.iter().filter_map(|k| k["line"].as_u64()).collect();
    gone_lines.sort_unstable();
    assert_eq!(run.report["summary"]["gone"], gone_lines.len());
    gone_lines.dedup();
    assert_eq!(
        gone_lines,
        [14, 31],
        "the fixed and the edited crashes are gone"
    );
}

/// The example with lines added at the top of a file: every finding moves down and keeps
/// its fingerprint.
fn fingerprints_survive_lines_added_above(
    src: &std::path::Path,
    before: &serde_json::Value,
    baseline: &str,
) {
    let moved = work_dir("example-moved").join("src");
    copy_tree(src, &moved);
    let stock = moved.join("example/inventory/Stock.java");
    let text = std::fs::read_to_string(&stock).expect("Stock.java");
    std::fs::write(&stock, format!("// a comment\n// and another\n{text}")).expect("write");
    let after = check("example-moved-run", &moved, &["--baseline", baseline]);
    assert_eq!(after.status, 0, "every finding moved is baselined");
    assert_eq!(after.report["summary"]["gone"], 0);
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

/// The diagnostic the README shows for `make example` is the one dsd prints, the paths
/// as `make example` names them (from the repository root, work dir
/// `target/example-work`).
fn the_readme_shows_the_real_output(
    report: &serde_json::Value,
    src: &std::path::Path,
    work: &std::path::Path,
) {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    let intro = "`make example` prints findings like this one, then a summary line:\n\n```\n";
    let start = readme.find(intro).expect("the README shows a finding") + intro.len();
    let shown = &readme[start..start + readme[start..].find("```").expect("block ends")];
    let finding = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| {
            f["rel"].as_str().is_some_and(|r| shown.contains(r))
                && shown.contains(&format!(":{}:", f["line"]))
        })
        .expect("the README's finding is found");
    let finding: pipeline::run::findings::Finding =
        serde_json::from_value(finding.clone()).expect("a finding");
    let printed = pipeline::report::text::diagnostic(&finding, false)
        .replace(
            &format!("{}/", src.display()),
            "examples/inventory/src/main/java/",
        )
        .replace(&format!("{}/", work.display()), "target/example-work/");
    assert_eq!(
        shown.trim_end(),
        printed.trim_end(),
        "README.md's sample output"
    );
}
