//! `dsd check --emit-tests DIR`: the run's findings kept in the project's test tree as
//! regression tests (written by [`testgen::keep_tests`]), one per finding that no
//! suppression covers, for the JUnit `--junit` names or the project's tests use
//! ([`junit`]). Baselined findings are kept too: the crash is still there.

pub mod junit;

use crate::error::Failure;
use crate::report::plural;
use crate::run::findings::{java_member, Finding, Findings};
use invariants::toolchain::Flavour;
use std::path::{Path, PathBuf};
use testgen::{Keep, Kept};

/// Refuses, before any stage runs, a `--emit-tests` folder dsd cannot use: a file, or a
/// folder whose Java files the next `dsd check` of `sources` would read as the project's
/// own code.
pub fn check_folder(dir: &Path, sources: &[PathBuf], work: &Path) -> Result<(), Failure> {
    if dir.is_file() {
        return Err(Failure::new(format!(
            "--emit-tests {}: it is a file; name the folder of the project's test sources, \
             such as src/test/java",
            dir.display()
        )));
    }
    match frontend::reading_root(sources, dir, frontend::SourceSet::Main, Some(work)) {
        Some(root) => Err(Failure::new(format!(
            "--emit-tests {}: dsd check {} would read the tests written there as the \
             project's code; name a test source folder, such as src/test/java",
            dir.display(),
            root.display()
        ))),
        None => Ok(()),
    }
}

/// Writes the tests of `findings` below `dir` for `junit` from the plans in `work`, and
/// says what it wrote.
pub fn emit_tests(
    work: &Path,
    findings: &Findings,
    dir: &Path,
    junit: Flavour,
) -> Result<Kept, Failure> {
    let keeps: Vec<Keep> = findings
        .findings
        .iter()
        .filter(|f| f.suppressed.is_none())
        .map(keep)
        .collect();
    let kept = testgen::keep_tests(work, &keeps, junit, dir)?;
    crate::progress::say(&format!(
        "dsd emit-tests: {} in {} (JUnit {}) below {}",
        plural(kept.tests, "test"),
        plural(kept.classes, "class"),
        junit.number(),
        dir.display()
    ));
    Ok(kept)
}

/// What the kept test of `finding` needs to know.
fn keep(finding: &Finding) -> Keep {
    Keep {
        test_class: finding.test.class.clone(),
        test_method: finding.test.method.clone(),
        exception: finding.exception.clone(),
        kind: vcgen::kinds::for_class(&finding.exception)
            .summary()
            .to_string(),
        level: finding.level.as_str().to_string(),
        rel: finding.rel.clone(),
        line: finding.line,
        statement: finding.source_line.clone(),
        method: java_member(&finding.class, &finding.method),
        kept_class: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_the_next_parse_would_read_or_a_file_is_refused() {
        let root = std::env::temp_dir().join(format!("dsd-emit-folder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("src/main/java/p")).unwrap();
        std::fs::write(root.join("src/main/java/p/A.java"), "package p; class A {}").unwrap();
        let sources = [root.clone()];
        let work = root.join(".dsd");
        assert_eq!(
            check_folder(&root.join("src/test/java"), &sources, &work),
            Ok(())
        );
        let read = check_folder(&root.join("kept"), &sources, &work).unwrap_err();
        assert!(
            read.0.ends_with(&format!(
                "kept: dsd check {} would read the tests written there as the project's code; \
                 name a test source folder, such as src/test/java",
                root.display()
            )),
            "{read}"
        );
        let file = check_folder(&root.join("src/main/java/p/A.java"), &sources, &work);
        assert!(file.unwrap_err().0.contains("A.java: it is a file"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
