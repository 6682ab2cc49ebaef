//! PR mode: `--changed-since REV` checks and reports only the methods a change touched.

use dsd_tests::{check_in, copy_tree, root, work_dir};
use std::path::Path;
use std::process::Command;

/// Runs `git ARGS` in `dir`, which must succeed.
fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=dsd", "-c", "user.email=dsd@example.com"])
        .args(args)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

#[test]
fn only_the_changed_and_the_new_methods_are_reported() {
    let base = work_dir("changed-since");
    let repo = base.join("repo");
    let _ = std::fs::remove_dir_all(&repo);
    let src = repo.join("src");
    copy_tree(&root().join("tests/fixtures/arith"), &src);
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "base"]);
    let arith = src.join("fix/Arith.java");
    let text = std::fs::read_to_string(&arith).expect("read");
    let edited = text.replace("return 1000L / (a - b);", "return 2000L / (a - b);");
    assert_ne!(text, edited, "the fixture has the line the test edits");
    std::fs::write(&arith, edited).expect("write");
    std::fs::write(
        src.join("fix/Fresh.java"),
        "package fix;\n\npublic class Fresh {\n    public static int tenth(int x) {\n        \
         return 10 / x;\n    }\n}\n",
    )
    .expect("write");
    let run = check_in(&base.join("work"), &src, &["--changed-since", "HEAD"])
        .unwrap_or_else(|e| panic!("PR mode: {e}"));
    let mut found: Vec<String> = run
        .findings
        .iter()
        .map(|f| format!("{}:{} {}", f.file, f.line, f.exception))
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            "Arith.java:115 ArithmeticException",
            "Fresh.java:5 ArithmeticException"
        ],
        "the edited method and the untracked file, nothing else of Arith's dozen crashes"
    );
    assert_eq!(run.status, 1);

    let error = check_in(
        &base.join("work"),
        &src,
        &["--changed-since", "no-such-branch"],
    )
    .err()
    .expect("a revision that is not there stops dsd");
    assert!(
        error.starts_with("--changed-since no-such-branch: no such commit in"),
        "{error}"
    );
    let outside = std::env::temp_dir().join(format!("dsd-changed-{}", std::process::id()));
    copy_tree(&root().join("tests/fixtures/arith"), &outside);
    let error = check_in(&base.join("work2"), &outside, &["--changed-since", "HEAD"])
        .err()
        .expect("sources outside git stop dsd");
    assert!(error.contains("is not in a git repository"), "{error}");
    let _ = std::fs::remove_dir_all(&outside);
}
