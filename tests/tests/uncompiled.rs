//! One generated test that javac rejects costs only itself: it is removed, reported with
//! javac's message, and every other test of its class still runs.

use dsd_tests::{dsd, root, work_dir};

#[test]
fn a_test_that_does_not_compile_is_removed_and_reported_alone() {
    let src = root().join("tests/fixtures/arith");
    let work = work_dir("uncompiled");
    let w = work.display().to_string();
    let src = src.display().to_string();
    for stage in [
        vec!["parse", src.as_str()],
        vec!["vcgen"],
        vec!["solve", "--jobs", "1"],
        vec!["testgen"],
    ] {
        let mut args = vec!["--work-dir", w.as_str()];
        args.extend(stage);
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        assert_eq!(dsd(&args), Ok(0));
    }
    let index: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(work.join("tests/index.json")).expect("index"),
    )
    .expect("index is JSON");
    let victim = &index["tests"][0];
    let file = work.join(victim["file"].as_str().expect("file"));
    let class_tests = index["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .filter(|t| t["file"] == victim["file"])
        .count();
    assert!(class_tests > 1, "the class holds other tests too");
    let decl = victim["line"].as_u64().expect("line") as usize;
    let text = std::fs::read_to_string(&file).expect("test source");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.insert(decl, "        int broken = \"not an int\";".into());
    std::fs::write(&file, lines.join("\n")).expect("write test source");

    let run: Vec<String> = ["--work-dir", w.as_str(), "run"].map(String::from).to_vec();
    assert!(
        dsd(&run).is_ok(),
        "the run stage survives a test that does not compile"
    );

    let findings: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(work.join("results/findings.json")).expect("findings"),
    )
    .expect("findings are JSON");
    let removed = findings["uncompiled"].as_array().expect("uncompiled list");
    assert_eq!(
        removed.len(),
        1,
        "only the broken test is removed: {removed:?}"
    );
    assert_eq!(removed[0]["test"]["method"], victim["method"]);
    assert_eq!(removed[0]["site"], victim["site"]);
    assert!(removed[0]["message"]
        .as_str()
        .expect("message")
        .contains("incompatible types"));
    assert_eq!(findings["counts"]["uncompiled"], 1);
    assert_eq!(findings["counts"]["errors"], 0, "every other test ran");
    let results = std::fs::read_to_string(work.join("results/results.jsonl")).expect("results");
    let line = results
        .lines()
        .find(|l| l.contains(victim["method"].as_str().expect("method")))
        .expect("the removed test has a result line");
    assert!(line.contains("test does not compile"), "{line}");
    let ran_in_class = results
        .lines()
        .filter(|l| l.contains(victim["class"].as_str().expect("class")))
        .filter(|l| !l.contains("test does not compile"))
        .count();
    assert_eq!(ran_in_class, class_tests - 1);
}
