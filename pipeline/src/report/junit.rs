//! The JUnit XML report, which CI servers (GitLab's test reports, Jenkins, Azure
//! Pipelines) show as a test suite: one test case per finding, named after its method and
//! crash kind. An error is a failed case, with the terminal's diagnostic as its text; a
//! note, and a finding a baseline or a suppression accounts for, is a skipped case whose
//! message says why; an unused suppression is a skipped case too. The XML follows the
//! schema JUnit's Ant task writes, which those servers read.

use crate::run::findings::{java_method, Finding, Findings, Level};
use std::fmt::Write as _;

/// Renders the findings as one `<testsuite>` named `dsd`.
pub fn render(findings: &Findings) -> String {
    let mut cases = String::new();
    let (mut failures, mut skipped) = (0, 0);
    for f in &findings.findings {
        let outcome = match (f.level, f.silenced()) {
            (Level::Error, false) => {
                failures += 1;
                failure(f)
            }
            _ => {
                skipped += 1;
                format!("      <skipped message=\"{}\"/>\n", escape(&skip_reason(f)))
            }
        };
        let _ = write!(
            cases,
            "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\">\n{outcome}    </testcase>\n",
            escape(&f.class),
            escape(&case_name(f)),
            escape(&f.file),
            f.line,
        );
    }
    for s in &findings.unused_suppressions {
        skipped += 1;
        let _ = write!(
            cases,
            "    <testcase classname=\"dsd.suppressions\" name=\"{}\" file=\"{}\" line=\"{}\">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
            escape(&format!("unused suppression at {}:{}", s.rel, s.line)),
            escape(&s.file),
            s.line,
            escape(&super::unused_suppression(s)),
        );
    }
    let tests = findings.findings.len() + findings.unused_suppressions.len();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dsd\" tests=\"{tests}\" failures=\"{failures}\" skipped=\"{skipped}\">\n  <testsuite name=\"dsd\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">\n{cases}  </testsuite>\n</testsuites>\n"
    )
}

/// `average(int): ArithmeticException at Stock.java:31`.
fn case_name(f: &Finding) -> String {
    let file = f.rel.rsplit('/').next().unwrap_or(&f.rel);
    format!(
        "{}: {} at {file}:{}",
        java_method(&f.class, &f.method),
        vcgen::kinds::simple_name(&f.exception),
        f.line
    )
}

/// The `<failure>` of an error: the headline as message, the terminal's diagnostic (the
/// line with a caret, the inputs, the reproducing test) as text.
fn failure(f: &Finding) -> String {
    format!(
        "      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
        escape(&f.exception),
        escape(&super::headline(f)),
        escape(&super::text::diagnostic(f, false))
    )
}

/// Why a finding that does not fail is skipped.
fn skip_reason(f: &Finding) -> String {
    if f.baselined {
        format!("baselined {}: {}", f.level.as_str(), super::headline(f))
    } else if let Some(by) = &f.suppressed {
        format!(
            "suppressed by {} (line {}): {}",
            by.text,
            by.line,
            super::headline(f)
        )
    } else {
        format!("note: {}: {}", super::headline(f), f.contract.line())
    }
}

/// Text as XML character data or an attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            c if (c as u32) < 0x20 && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_fails_and_a_note_is_skipped() {
        let findings = crate::report::tests::sample();
        let xml = render(&findings);
        assert!(
            xml.contains(
                "<testsuite name=\"dsd\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\">"
            ),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<testcase classname=\"bench.traps.Precision\" name=\"div(int, int): \
                 ArithmeticException at Precision.java:12\" file=\"src/bench/traps/Precision.java\" \
                 line=\"12\">"
            ),
            "{xml}"
        );
        assert!(
            xml.contains("<failure type=\"java.lang.ArithmeticException\" message=\"java.lang.ArithmeticException (division by zero) in div(int, int): / by zero\">"),
            "{xml}"
        );
        assert!(
            xml.contains("<skipped message=\"note: java.lang.NullPointerException"),
            "{xml}"
        );
    }

    #[test]
    fn silenced_findings_and_unused_suppressions_are_skipped() {
        let mut findings = crate::report::tests::sample();
        findings.findings[0].suppressed = Some(crate::report::tests::sample_suppression());
        findings.unused_suppressions = vec![crate::report::tests::sample_suppression()];
        let xml = render(&findings);
        assert!(xml.contains("tests=\"3\" failures=\"0\""), "{xml}");
        assert!(
            xml.contains("<skipped message=\"suppressed by // dsd:ignore (line 11): "),
            "{xml}"
        );
        assert!(
            xml.contains("name=\"unused suppression at bench/traps/Precision.java:11\""),
            "{xml}"
        );
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape("a < b && c > \"d\"\n'e'\u{1}"),
            "a &lt; b &amp;&amp; c &gt; &quot;d&quot;&#10;&apos;e&apos;"
        );
    }
}
