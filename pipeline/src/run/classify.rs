//! Deciding whether a test reproduced its crash site: the exception and the top project frame.

use super::results::{Frame, Outcome, TestResult};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use vcgen::Site;

/// What a test's result says about its site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The predicted exception was thrown with the site as the top project frame.
    Confirmed,
    /// The test passed, threw something else, threw somewhere else, or tried to end the JVM.
    Refuted,
    /// The test did not finish in time.
    Timeout,
    /// The test could not be run.
    Error,
}

/// The project's top-level classes, to tell project frames from JDK, JUnit and test frames.
#[derive(Debug, Clone, Default)]
pub struct ProjectClasses {
    top_level: HashSet<String>,
}

impl ProjectClasses {
    /// The project classes among `classes` (binary names), minus the generated test classes.
    pub fn new<'a>(
        classes: impl IntoIterator<Item = &'a str>,
        test_classes: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let mut top_level: HashSet<String> = classes
            .into_iter()
            .map(|c| top_level_of(c).to_string())
            .collect();
        for test in test_classes {
            top_level.remove(top_level_of(test));
        }
        ProjectClasses { top_level }
    }

    /// The project classes of a program model (those with `library == false`).
    pub fn from_program<'a>(
        program: &'a frontend::ir::Program,
        test_classes: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let classes = program
            .classes
            .iter()
            .filter(|c| !c.library)
            .map(|c| c.name.as_str());
        ProjectClasses::new(classes, test_classes)
    }

    /// True when a frame's class belongs to the project; lambda proxy classes never do.
    pub fn contains(&self, frame_class: &str) -> bool {
        !frame_class.contains("$$Lambda") && self.top_level.contains(top_level_of(frame_class))
    }
}

/// The top-level class of a binary name: `a.b.Outer$Inner$1` becomes `a.b.Outer`.
fn top_level_of(class: &str) -> &str {
    class.split('$').next().unwrap_or(class)
}

/// The package of a binary class name, empty for the default package.
fn package_of(class: &str) -> &str {
    top_level_of(class)
        .rsplit_once('.')
        .map_or("", |(package, _)| package)
}

/// The innermost frame that lies in project code.
pub fn top_project_frame<'a>(frames: &'a [Frame], project: &ProjectClasses) -> Option<&'a Frame> {
    frames.iter().find(|f| project.contains(&f.class))
}

/// True when a frame points at the site: same file base name and package, and a line of
/// the site's statement up to the site's own line (javac gives an operation on a
/// continuation line the line of its statement).
pub fn frame_matches(frame: &Frame, site: &Site) -> bool {
    let site_file = Path::new(&site.rel).file_name().and_then(|n| n.to_str());
    // 0: a site table written before statements were tracked, so only the site's line.
    let first = match site.first_line {
        0 => site.line,
        line => line.min(site.line),
    };
    site_file.is_some()
        && frame.file.as_deref() == site_file
        && (i64::from(first)..=i64::from(site.line)).contains(&frame.line)
        && package_of(&frame.class) == package_of(&site.class)
}

/// Classifies one result against the site its test targets (`None` when the site is unknown).
pub fn classify(result: &TestResult, site: Option<&Site>, project: &ProjectClasses) -> Verdict {
    match result.outcome {
        Outcome::Timeout => return Verdict::Timeout,
        Outcome::Error => return Verdict::Error,
        Outcome::Pass | Outcome::Exit => return Verdict::Refuted,
        Outcome::Exception => {}
    }
    let Some(site) = site else {
        return Verdict::Refuted;
    };
    if result.exception.as_deref() != Some(site.exception.as_str()) {
        return Verdict::Refuted;
    }
    match top_project_frame(&result.frames, project) {
        Some(frame) if frame_matches(frame, site) => Verdict::Confirmed,
        _ => Verdict::Refuted,
    }
}

/// The crash sites of the project, by the base name of their file, to find the site a test
/// crashed at when it is not the one it targeted.
pub struct SitesByFile<'a> {
    by_file: HashMap<&'a str, Vec<&'a Site>>,
}

impl<'a> SitesByFile<'a> {
    /// Indexes `sites`.
    pub fn new(sites: &'a [Site]) -> Self {
        let mut by_file: HashMap<&str, Vec<&Site>> = HashMap::new();
        for site in sites {
            if let Some(name) = Path::new(&site.rel).file_name().and_then(|n| n.to_str()) {
                by_file.entry(name).or_default().push(site);
            }
        }
        SitesByFile { by_file }
    }

    /// The site a test that did not reproduce its own crashed at instead: a crash site of
    /// the exception it threw at its top project frame. The crash is real (the test shows
    /// it), only elsewhere than predicted: the test went one call deeper, or an earlier
    /// operation failed first. An explicit `throw` is never a crash site, so an exception
    /// the project throws on purpose is not taken.
    pub fn crashed_at(&self, result: &TestResult, project: &ProjectClasses) -> Option<&'a Site> {
        if result.outcome != Outcome::Exception {
            return None;
        }
        let exception = result.exception.as_deref()?;
        let frame = top_project_frame(&result.frames, project)?;
        self.by_file
            .get(frame.file.as_deref()?)?
            .iter()
            .find(|s| s.exception == exception && frame_matches(frame, s))
            .copied()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn site(exception: &str, line: u32) -> Site {
        Site {
            id: format!("bench/traps/Precision.java:{line}:18:Div@bench.traps.Precision.div(II)I"),
            file: "src/bench/traps/Precision.java".into(),
            rel: "bench/traps/Precision.java".into(),
            line,
            first_line: line,
            col: 18,
            end_line: line,
            end_col: 19,
            exception: exception.into(),
            class: "bench.traps.Precision".into(),
            method: "div(II)I".into(),
            source_line: "        return x / y;".into(),
            precondition: false,
            bounded: false,
        }
    }

    pub(crate) fn frame(class: &str, file: &str, line: i64) -> Frame {
        Frame {
            class: class.into(),
            method: "m".into(),
            file: Some(file.into()),
            line,
        }
    }

    pub(crate) fn thrown(exception: &str, frames: Vec<Frame>) -> TestResult {
        TestResult {
            class: "bench.traps.Precision_DsdTest".into(),
            method: "test0".into(),
            outcome: Outcome::Exception,
            exception: Some(exception.into()),
            message: Some("/ by zero".into()),
            frames,
            causes: Vec::new(),
            millis: 1,
        }
    }

    pub(crate) fn project() -> ProjectClasses {
        ProjectClasses::new(
            [
                "bench.traps.Precision",
                "bench.traps.Precision$Inner",
                "other.Precision",
            ],
            ["bench.traps.Precision_DsdTest"],
        )
    }

    const AE: &str = "java.lang.ArithmeticException";

    #[test]
    fn confirms_exception_at_the_site() {
        let r = thrown(
            AE,
            vec![
                frame("bench.traps.Precision", "Precision.java", 12),
                frame("bench.traps.Precision_DsdTest", "Precision_DsdTest.java", 9),
            ],
        );
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Confirmed
        );
    }

    #[test]
    fn a_crash_at_another_site_is_that_site() {
        let sites = [
            site(AE, 12),
            site(AE, 20),
            site("java.lang.NullPointerException", 30),
        ];
        let by_file = SitesByFile::new(&sites);
        let deeper = thrown(
            AE,
            vec![
                frame("bench.traps.Precision", "Precision.java", 20),
                frame("bench.traps.Precision", "Precision.java", 12),
            ],
        );
        assert_eq!(
            by_file.crashed_at(&deeper, &project()).map(|s| s.line),
            Some(20)
        );
        // No site of that exception there (an explicit throw, or another kind): nothing.
        let thrown_on_purpose = thrown(
            AE,
            vec![frame("bench.traps.Precision", "Precision.java", 30)],
        );
        assert!(by_file.crashed_at(&thrown_on_purpose, &project()).is_none());
        let mut passed = deeper.clone();
        passed.outcome = Outcome::Pass;
        assert!(by_file.crashed_at(&passed, &project()).is_none());
    }

    #[test]
    fn skips_jdk_frames_and_matches_inner_classes() {
        let r = thrown(
            AE,
            vec![
                frame("java.lang.Math", "Math.java", 900),
                frame("bench.traps.Precision$Inner", "Precision.java", 12),
                frame(
                    "bench.traps.Precision$$Lambda$14/0x0000000800c03000",
                    "Precision.java",
                    40,
                ),
            ],
        );
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Confirmed
        );
    }

    #[test]
    fn refutes_another_line_exception_or_package() {
        let other_line = thrown(
            AE,
            vec![frame("bench.traps.Precision", "Precision.java", 13)],
        );
        assert_eq!(
            classify(&other_line, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
        let other_exception = thrown(
            "java.lang.NullPointerException",
            vec![frame("bench.traps.Precision", "Precision.java", 12)],
        );
        assert_eq!(
            classify(&other_exception, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
        let other_package = thrown(AE, vec![frame("other.Precision", "Precision.java", 12)]);
        assert_eq!(
            classify(&other_package, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
    }

    #[test]
    fn a_continuation_line_matches_its_statement_lines_only() {
        let mut spanning = site(AE, 12);
        spanning.first_line = 10;
        for (line, verdict) in [
            (9, Verdict::Refuted),
            (10, Verdict::Confirmed),
            (12, Verdict::Confirmed),
            (13, Verdict::Refuted),
        ] {
            let r = thrown(
                AE,
                vec![frame("bench.traps.Precision", "Precision.java", line)],
            );
            assert_eq!(
                classify(&r, Some(&spanning), &project()),
                verdict,
                "line {line}"
            );
        }
    }

    #[test]
    fn a_site_without_a_statement_line_matches_its_own_line_only() {
        let mut old = site(AE, 12);
        old.first_line = 0;
        for (line, verdict) in [(11, Verdict::Refuted), (12, Verdict::Confirmed)] {
            let r = thrown(
                AE,
                vec![frame("bench.traps.Precision", "Precision.java", line)],
            );
            assert_eq!(classify(&r, Some(&old), &project()), verdict, "line {line}");
        }
    }

    #[test]
    fn test_frames_are_not_project_frames() {
        let r = thrown(
            AE,
            vec![frame("bench.traps.Precision_DsdTest", "Precision.java", 12)],
        );
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
    }

    #[test]
    fn only_the_top_project_frame_counts() {
        let r = thrown(
            AE,
            vec![
                frame("bench.traps.Precision", "Precision.java", 30),
                frame("bench.traps.Precision", "Precision.java", 12),
            ],
        );
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
    }

    #[test]
    fn passes_timeouts_errors_and_unknown_sites() {
        let mut r = thrown(
            AE,
            vec![frame("bench.traps.Precision", "Precision.java", 12)],
        );
        assert_eq!(classify(&r, None, &project()), Verdict::Refuted);
        r.outcome = Outcome::Pass;
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Refuted
        );
        r.outcome = Outcome::Timeout;
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Timeout
        );
        r.outcome = Outcome::Error;
        assert_eq!(
            classify(&r, Some(&site(AE, 12)), &project()),
            Verdict::Error
        );
    }

    #[test]
    fn an_exit_is_refuted_even_with_the_predicted_exception_at_the_site() {
        let mut r = thrown(
            "java.lang.SecurityException",
            vec![frame("bench.traps.Precision", "Precision.java", 12)],
        );
        r.outcome = Outcome::Exit;
        let site = site("java.lang.SecurityException", 12);
        assert_eq!(classify(&r, Some(&site), &project()), Verdict::Refuted);
    }

    #[test]
    fn default_package_frames_match() {
        let mut s = site(AE, 3);
        s.rel = "Calc.java".into();
        s.class = "Calc".into();
        let r = thrown(AE, vec![frame("Calc", "Calc.java", 3)]);
        assert_eq!(
            classify(&r, Some(&s), &ProjectClasses::new(["Calc"], [])),
            Verdict::Confirmed
        );
    }
}
