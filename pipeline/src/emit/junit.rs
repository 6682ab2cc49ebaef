//! Which JUnit the tests `--emit-tests` writes are for when `--junit` does not say: the
//! one the project's tests use.

use invariants::toolchain::Flavour;
use std::path::{Path, PathBuf};

/// The build files looked for above the source roots.
const BUILD_FILES: &[&str] = &["pom.xml", "build.gradle", "build.gradle.kts"];

/// The JUnit the project's tests use: what the test sources `tests` (`--tests`) name,
/// JUnit 5 if any names it; else what the nearest build file above a source root in
/// `sources` that names a JUnit declares; else JUnit 5.
pub fn project_junit(tests: &[PathBuf], sources: &[PathBuf], work: &Path) -> Flavour {
    let files = frontend::collect_sources(tests, frontend::SourceSet::Tests, Some(work))
        .unwrap_or_default();
    let used: Vec<Flavour> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(&f.path).ok())
        .filter_map(|text| Flavour::used_by(&text))
        .collect();
    for flavour in [Flavour::JUnit5, Flavour::JUnit4] {
        if used.contains(&flavour) {
            return flavour;
        }
    }
    sources
        .iter()
        .filter_map(|root| std::fs::canonicalize(root).ok())
        .find_map(|root| {
            root.ancestors()
                .flat_map(|folder| BUILD_FILES.iter().map(move |name| folder.join(name)))
                .filter_map(|file| std::fs::read_to_string(file).ok())
                .find_map(|text| declared(&text))
        })
        .unwrap_or(Flavour::JUnit5)
}

/// The JUnit a Maven or Gradle build file declares a dependency on, if any.
fn declared(build: &str) -> Option<Flavour> {
    const FIVE: &[&str] = &[
        "junit-jupiter",
        "junit-bom",
        "org.junit.platform",
        "useJUnitPlatform",
    ];
    if FIVE.iter().any(|m| build.contains(m)) {
        Some(Flavour::JUnit5)
    } else if build.contains("junit") {
        Some(Flavour::JUnit4)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh project folder with `files` (path, text); returns its root.
    fn project(files: &[(&str, &str)]) -> crate::test_support::TempTree {
        crate::test_support::tree("junit", files)
    }

    const MAIN: (&str, &str) = ("src/main/java/p/A.java", "package p; class A {}");
    const FOUR: &str =
        "<dependency><groupId>junit</groupId><artifactId>junit</artifactId></dependency>";
    const FIVE: &str = "testImplementation 'org.junit.jupiter:junit-jupiter:5.10.0'";

    #[track_caller]
    fn check(files: &[(&str, &str)], with_tests: bool, expect: Flavour) {
        let root = project(files);
        let tests = if with_tests {
            vec![root.join("src/test/java")]
        } else {
            Vec::new()
        };
        let got = project_junit(&tests, &[root.join("src/main/java")], &root.join(".dsd"));
        assert_eq!(got, expect);
    }

    #[test]
    fn the_tests_decide_first() {
        let four = ("src/test/java/p/ATest.java", "import org.junit.Test;");
        let five = (
            "src/test/java/p/BTest.java",
            "import org.junit.jupiter.api.Test;",
        );
        check(&[MAIN, four, ("pom.xml", FIVE)], true, Flavour::JUnit4);
        check(&[MAIN, four, five], true, Flavour::JUnit5);
        check(&[MAIN, four], false, Flavour::JUnit5);
    }

    #[test]
    fn else_the_build_file_above_the_sources_decides() {
        check(&[MAIN, ("pom.xml", FOUR)], false, Flavour::JUnit4);
        check(&[MAIN, ("build.gradle", FIVE)], false, Flavour::JUnit5);
        let helper = ("src/test/java/p/Util.java", "class Util {}");
        check(
            &[MAIN, helper, ("build.gradle.kts", FOUR)],
            true,
            Flavour::JUnit4,
        );
    }

    #[test]
    fn else_junit_5() {
        check(&[MAIN, ("pom.xml", "<project/>")], false, Flavour::JUnit5);
        check(&[MAIN], false, Flavour::JUnit5);
    }
}
