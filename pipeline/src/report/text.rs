//! The terminal report: one compiler-style diagnostic per finding, a warning per method
//! analysed only in part, then the summary line.

use super::Summary;
use crate::run::findings::{java_method, Bounded, Finding, Findings};
use std::fmt::Write as _;

/// Renders all findings followed by the summary line.
pub fn render(findings: &Findings, summary: &Summary) -> String {
    let mut out = String::new();
    for finding in findings.findings.iter().filter(|f| !f.silenced()) {
        out.push_str(&diagnostic(finding));
        out.push('\n');
    }
    for f in findings.findings.iter().filter(|f| f.baselined) {
        let _ = writeln!(
            out,
            "{}:{}:{}: baselined {}: {} in {}",
            f.file,
            f.line,
            f.col,
            f.level.as_str(),
            f.exception,
            java_method(&f.class, &f.method)
        );
    }
    for (f, by) in findings
        .findings
        .iter()
        .filter(|f| !f.baselined)
        .filter_map(|f| Some((f, f.suppressed.as_ref()?)))
    {
        let _ = writeln!(
            out,
            "{}:{}:{}: suppressed {}: {} in {}, by {} (line {})",
            f.file,
            f.line,
            f.col,
            f.level.as_str(),
            f.exception,
            java_method(&f.class, &f.method),
            by.text,
            by.line
        );
    }
    for s in &findings.unused_suppressions {
        let _ = writeln!(
            out,
            "{}:{}: note: {}",
            s.file,
            s.line,
            super::unused_suppression(s)
        );
    }
    for k in findings.gone.iter().flatten() {
        let _ = writeln!(
            out,
            "{}: gone since the baseline: {} in {} (line {} then)",
            k.file, k.exception, k.method, k.line
        );
    }
    for partial in &findings.partial {
        out.push_str(&partial.warning());
        out.push_str("\n\n");
    }
    if let Some(note) = Bounded::note(findings.bounded.len()) {
        out.push_str(&note);
        out.push('\n');
    }
    out.push_str(&summary.line());
    out.push('\n');
    out
}

/// One finding as a diagnostic with the source line and a caret under the column.
pub fn diagnostic(f: &Finding) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}:{}:{}: {}: {} ({})",
        f.file,
        f.line,
        f.col,
        f.level.as_str(),
        f.exception,
        vcgen::kinds::for_class(&f.exception).summary()
    );
    let number = f.line.to_string();
    let pad = " ".repeat(number.len());
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{number} | {}", f.source_line.trim_end());
    let _ = writeln!(out, "{pad} | {}^", caret_indent(&f.source_line, f.col));
    if let Some(message) = f.message.as_deref().filter(|m| !m.is_empty()) {
        let _ = writeln!(out, "  message: {message}");
    }
    if !f.test.inputs.is_empty() {
        let _ = writeln!(out, "  inputs: {}", f.test.inputs.join(", "));
    }
    let _ = write!(
        out,
        "  reproduced by: {}:{} ({})",
        f.test.file,
        f.test.line,
        f.test.short_name()
    );
    if f.tests > 1 {
        let _ = write!(out, ", {} tests in all", f.tests);
    }
    out.push('\n');
    out
}

/// Whitespace that puts a caret under byte column `col` (from 1), keeping tabs as tabs.
fn caret_indent(line: &str, col: u32) -> String {
    let end = (col.max(1) - 1) as usize;
    line.char_indices()
        .take_while(|(i, _)| *i < end)
        .map(|(_, c)| if c == '\t' { '\t' } else { ' ' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baselined_findings_take_one_line_and_gone_ones_are_listed() {
        let mut findings = crate::report::tests::sample();
        findings.findings[1].baselined = true;
        findings.gone = Some(vec![crate::run::baseline::sample_known()]);
        let summary = Summary::new(&findings, 3, 4);
        let text = render(&findings, &summary);
        assert!(
            text.contains("12 | \treturn x / y;"),
            "the new one in full:\n{text}"
        );
        assert!(
            text.contains(
                ":20:5: baselined note: java.lang.NullPointerException in div(int, int)\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "bench/traps/Gone.java: gone since the baseline: java.lang.ArithmeticException in \
             ratio(int, int) (line 9 then)"
            ),
            "{text}"
        );
        assert!(text.contains("; 1 baselined, 1 gone"), "{text}");
    }

    #[test]
    fn suppressed_findings_take_one_line_and_unused_suppressions_are_notes() {
        let mut findings = crate::report::tests::sample();
        findings.findings[0].suppressed = Some(crate::report::tests::sample_suppression());
        findings.unused_suppressions = vec![crate::report::tests::sample_suppression()];
        let text = render(&findings, &Summary::new(&findings, 3, 4));
        assert!(!text.contains("12 | \treturn x / y;"), "{text}");
        assert!(
            text.contains(
                ":12:11: suppressed error: java.lang.ArithmeticException in div(int, int), by \
                 // dsd:ignore (line 11)\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "src/bench/traps/Precision.java:11: note: unused suppression: `// dsd:ignore` \
                 covers no finding"
            ),
            "{text}"
        );
        assert!(
            text.contains("; 1 suppressed; 1 unused suppression\n"),
            "{text}"
        );
    }

    #[test]
    fn renders_like_a_compiler_diagnostic() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 12, 14));
        let expected = "src/bench/traps/Precision.java:12:11: error: java.lang.ArithmeticException (division by zero)\n   \
                        |\n12 | \treturn x / y;\n   | \t         ^\n  message: / by zero\n  inputs: x = 0, y = 0\n  \
                        reproduced by: .dsd/tests/bench/traps/Precision_DsdTest.java:14 (Precision_DsdTest.div0), 2 tests in all\n\n";
        assert!(text.starts_with(expected), "{text}");
        assert!(text.contains("src/bench/traps/Precision.java:20:5: note: java.lang.NullPointerException (null dereference)"));
        assert!(text.ends_with("2 findings (1 error, 1 note)\n"));
    }

    #[test]
    fn a_method_analysed_in_part_is_a_warning_before_the_summary() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 12, 14));
        let warning = "src/bench/traps/Big.java:3:5: warning: Big.f(int[], int) was analysed \
                       only in part: its formula outgrew 4 MB\n\ndsd: ";
        assert!(text.contains(warning), "{text}");
    }

    #[test]
    fn sites_checked_to_the_unrolling_bound_are_counted_before_the_summary() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 12, 14));
        let note = "dsd: note: 1 crash site without a finding was checked only through loops \
                    that end within the unrolling bound (--unroll): a crash that needs more \
                    iterations there may be missed; the JSON report lists them as `bounded`\n\
                    dsd: 12 sites";
        assert!(text.contains(note), "{text}");
    }

    #[test]
    fn caret_handles_columns_past_the_end_and_unicode() {
        assert_eq!(caret_indent("ab", 9), "  ");
        assert_eq!(caret_indent("é = 1", 4), "  ");
        assert_eq!(caret_indent("x", 0), "");
    }
}
