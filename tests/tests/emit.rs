//! `dsd check --emit-tests`: the tests kept in the project compile and pass with only
//! JUnit and the project's classes on the class path, for JUnit 5 and JUnit 4; once a
//! crash is fixed its test fails and says why; a file dsd did not write stops it before it
//! writes anything; docs/emit-tests.md shows a kept test as dsd writes it.

use dsd_tests::kept::{compile_kept, compile_sources, java_files, junit4, junit5};
use dsd_tests::{check, check_in, copy_tree, root, work_dir};
use invariants::toolchain::{self, Flavour};
use std::path::{Path, PathBuf};

#[test]
fn kept_tests_pass_while_the_crashes_are_there_and_fail_once_one_is_fixed() {
    let src = root().join("examples/inventory/src/main/java");
    let five = work_dir("emit-kept-5");
    let run = check(
        "emit",
        &src,
        &["--emit-tests", &five.display().to_string(), "--junit", "5"],
    );
    assert_eq!(run.status, 1, "the example has errors");
    let findings = run.findings.len();
    let kept = java_files(&five);
    let names: Vec<String> = kept.iter().map(|f| file_name(f)).collect();
    assert_eq!(
        names,
        [
            "DsdReflection.java",
            "LabelsDsdTest.java",
            "StockDsdTest.java"
        ],
        "one class per class under test, and the helpers its notes need"
    );
    assert_eq!(test_count(&kept), findings, "one test per finding");
    let labels = read(&five.join("example/inventory/LabelsDsdTest.java"));
    assert!(
        !labels.contains("DsdReflection"),
        "no finding of Labels needs reflection:\n{labels}"
    );
    the_docs_show_a_kept_test(&read(&five.join("example/inventory/StockDsdTest.java")));

    let project = run.work.join("classes");
    let tools5 = toolchain::locate(Flavour::JUnit5, &Default::default()).expect("JUnit 5");
    let tests5 = compile_kept(&tools5, &five, &project);
    let (passed, out) = junit5(&tools5, &tests5, &project);
    assert!(passed, "every kept JUnit 5 test passes:\n{out}");
    assert!(
        out.contains(&format!("[{findings:>10} tests successful")),
        "{out}"
    );

    let four = work_dir("emit-kept-4");
    let again = check_in(
        &run.work,
        &src,
        &["--emit-tests", &four.display().to_string(), "--junit", "4"],
    )
    .expect("the same run, kept for JUnit 4");
    assert_eq!(again.findings.len(), findings);
    let tools4 = toolchain::locate(Flavour::JUnit4, &Default::default()).expect("JUnit 4");
    let tests4 = compile_kept(&tools4, &four, &project);
    let classes4 = test_classes(&four);
    let (passed, out) = junit4(&tools4, &tests4, &project, &classes4);
    assert!(passed, "every kept JUnit 4 test passes:\n{out}");
    assert!(out.contains(&format!("OK ({findings} tests)")), "{out}");

    let fixed = fixed_project(&src);
    let (passed, out) = junit5(&tools5, &tests5, &fixed);
    assert!(!passed, "the fixed crash's test fails:\n{out}");
    assert!(out.contains("[         1 tests failed"), "{out}");
    assert!(
        out.contains("average_throwsArithmeticException()")
            && out.contains(
                "the division by zero at Stock.java:31 no longer happens; if it was fixed, \
                 delete this test ==> Expected java.lang.ArithmeticException to be thrown, but \
                 nothing was thrown."
            ),
        "{out}"
    );
    let (passed, out) = junit4(&tools4, &tests4, &fixed, &classes4);
    assert!(!passed, "the fixed crash's JUnit 4 test fails:\n{out}");
    assert!(
        out.contains("average_throwsArithmeticException(example.inventory.StockDsdTest)")
            && out.contains("Expected exception: java.lang.ArithmeticException")
            && out.contains(&format!("Tests run: {findings},  Failures: 1")),
        "{out}"
    );

    a_file_dsd_did_not_write_stops_it_before_it_writes(&run.work, &src, &five);
}

/// A kept class edited by hand beside one the project wrote itself: dsd refuses in one
/// line, naming the project's file, and leaves both as they are.
fn a_file_dsd_did_not_write_stops_it_before_it_writes(work: &Path, src: &Path, kept: &Path) {
    let stock = kept.join("example/inventory/StockDsdTest.java");
    let edited = format!("{}// an edit\n", read(&stock));
    std::fs::write(&stock, &edited).expect("edit");
    let labels = kept.join("example/inventory/LabelsDsdTest.java");
    let own = "package example.inventory;\n\nclass LabelsDsdTest {}\n";
    std::fs::write(&labels, own).expect("write");
    let error = check_in(
        work,
        src,
        &["--emit-tests", &kept.display().to_string(), "--junit", "5"],
    )
    .err()
    .expect("dsd refuses");
    assert_eq!(
        error,
        format!(
            "--emit-tests: {} exists and was not written by dsd (its first line is not dsd's \
             marker); move or rename it, or name another folder with --emit-tests",
            labels.display()
        )
    );
    assert_eq!(read(&stock), edited, "nothing was written");
    assert_eq!(read(&labels), own);
}

/// The kept test docs/emit-tests.md shows: the start of a class dsd wrote and its tests,
/// each part of the page's block (parts are separated by `    ...` lines) as it is in the
/// file.
fn the_docs_show_a_kept_test(written: &str) {
    let page = read(&root().join("docs/emit-tests.md"));
    let intro = "`src/test/java/example/inventory/StockDsdTest.java`, which begins:\n\n```java\n";
    let start = page
        .find(intro)
        .expect("docs/emit-tests.md shows a kept test")
        + intro.len();
    let shown = &page[start..start + page[start..].find("```").expect("block ends")];
    let mut rest = written;
    for part in shown.split("    ...\n") {
        let at = rest.find(part).unwrap_or_else(|| {
            panic!("docs/emit-tests.md's kept test:\n{part}\nis not in:\n{written}")
        });
        rest = &rest[at + part.len()..];
    }
}

/// The example with the division by zero at `Stock.java:31` guarded, compiled.
fn fixed_project(src: &Path) -> PathBuf {
    let dir = work_dir("emit-fixed");
    copy_tree(src, &dir.join("src"));
    let stock = dir.join("src/example/inventory/Stock.java");
    let text = read(&stock);
    assert!(text.contains("return total / used;"));
    std::fs::write(
        &stock,
        text.replace(
            "return total / used;",
            "return used == 0 ? 0 : total / used;",
        ),
    )
    .expect("fix");
    let tools = toolchain::locate(Flavour::JUnit4, &Default::default()).expect("a JDK");
    compile_sources(&tools, &dir.join("src"), &dir.join("classes"))
}

/// The binary names of the test classes below `kept`.
fn test_classes(kept: &Path) -> Vec<String> {
    java_files(kept)
        .iter()
        .filter(|f| file_name(f).ends_with("DsdTest.java"))
        .map(|f| {
            let rel = f.strip_prefix(kept).expect("below the folder");
            let rel = rel.with_extension("").display().to_string();
            rel.replace('/', ".")
        })
        .collect()
}

/// The `@Test` methods of `files`.
fn test_count(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|f| read(f).lines().filter(|l| l.trim() == "@Test").count())
        .sum()
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
