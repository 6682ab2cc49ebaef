//! `dsd rule`: a crash kind's docs on stdout, from any folder, without a work directory.

use std::path::Path;
use std::process::{Command, Output};

/// `dsd rule ARGS...` run in an empty folder of its own.
fn rule(name: &str, args: &[&str]) -> Output {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the folder");
    let out = Command::new(env!("CARGO_BIN_EXE_dsd"))
        .current_dir(&dir)
        .arg("rule")
        .args(args)
        .output()
        .expect("dsd runs");
    assert!(
        !dir.join(".dsd").exists(),
        "dsd rule writes no work directory"
    );
    out
}

#[test]
fn a_kind_is_printed_by_its_name() {
    let out = rule("rule-one", &["ArithmeticException"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(
            "# ArithmeticException\n\n`java.lang.ArithmeticException`: division by zero.\n"
        ),
        "{stdout}"
    );
    for section in [
        "## What it does\n",
        "## Why is this bad?\n",
        "## Example\n```java\n",
        "return total / count; // count == 0 throws",
        "## How to fix it\n",
        "## Level\n",
    ] {
        assert!(stdout.contains(section), "{section}: {stdout}");
    }
}

#[test]
fn all_kinds_are_printed_and_an_unknown_one_is_refused() {
    let out = rule("rule-all", &["--all"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    let titles = stdout.lines().filter(|l| l.starts_with("# ")).count();
    assert_eq!(titles, vcgen::kinds::ALL.len(), "{stdout}");
    let out = rule("rule-unknown", &["Overflow"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("`Overflow` is not a crash kind; the kinds are ArithmeticException, "),
        "{stderr}"
    );
}
