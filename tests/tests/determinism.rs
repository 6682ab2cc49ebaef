//! Two fresh runs on the same input give the same queries, the same solver answers and
//! models, and the same findings, whichever solver thread finishes first.

use dsd_tests::{check, root, Run};
use std::collections::BTreeMap;
use std::path::Path;

/// Every counterexample file of a run, without the time it took.
fn answers(run: &Run) -> BTreeMap<String, serde_json::Value> {
    let dir = run.work.join("cex");
    std::fs::read_dir(&dir)
        .expect("cex/ written")
        .flatten()
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).expect("read cex");
            let mut cex: serde_json::Value = serde_json::from_str(&text).expect("cex is JSON");
            cex.as_object_mut().expect("an object").remove("millis");
            (e.file_name().to_string_lossy().into_owned(), cex)
        })
        .collect()
}

fn read(work: &Path, file: &str) -> String {
    std::fs::read_to_string(work.join(file)).expect("stage file written")
}

#[test]
fn two_runs_give_the_same_queries_answers_and_findings() {
    let src = root().join("tests/fixtures/objects");
    let jobs = ["--jobs", "2"];
    let first = check("determinism-1", &src, &jobs);
    let second = check("determinism-2", &src, &jobs);
    assert_eq!(
        read(&first.work, "vc/queries.json"),
        read(&second.work, "vc/queries.json")
    );
    let (a, b) = (answers(&first), answers(&second));
    assert!(a.len() > 20, "{} queries", a.len());
    for (query, cex) in &a {
        assert_eq!(Some(cex), b.get(query), "{query}");
    }
    assert_eq!(a.len(), b.len());
    let summary = |run: &Run| {
        let mut s = run.report["summary"].clone();
        s.as_object_mut().expect("an object").remove("stages");
        s
    };
    assert_eq!(summary(&first), summary(&second));
    let queries = first.report["summary"]["queries"].as_u64();
    assert_eq!(Some(a.len() as u64), queries, "every query has one answer");
    assert!(!first.findings.is_empty());
    assert_eq!(first.findings, second.findings);
}
