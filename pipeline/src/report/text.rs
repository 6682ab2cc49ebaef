//! The terminal report: one compiler-style diagnostic per finding, a warning per method
//! analysed only in part, then the summary line.

use super::Summary;
use crate::run::findings::{java_method, Bounded, Finding, Findings};
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use std::fmt::Write as _;

/// Renders all findings followed by the summary line; with `colour`, in the terminal's
/// colours.
pub fn render(findings: &Findings, summary: &Summary, colour: bool) -> String {
    let mut out = String::new();
    for finding in findings.findings.iter().filter(|f| !f.silenced()) {
        out.push_str(&diagnostic(finding, colour));
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
    for n in &findings.not_checked {
        let _ = writeln!(
            out,
            "{}:{}: warning: not checked: {}",
            n.file, n.line, n.reason
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

/// One finding as a compiler-style diagnostic (annotate-snippets, as rustc and ruff render
/// theirs): the crash kind and method, the source line with the failing operation
/// underlined and labelled with what the JVM threw, then the inputs and the reproducing
/// test. With
/// `colour`, the terminal's colours mark the level and the span.
pub fn diagnostic(f: &Finding, colour: bool) -> String {
    let kind = vcgen::kinds::for_class(&f.exception);
    let level = match f.level {
        crate::run::findings::Level::Error => Level::ERROR,
        crate::run::findings::Level::Note => Level::NOTE,
    };
    let title = format!("{} in {}", kind.summary(), java_method(&f.class, &f.method));
    let line = f.source_line.trim_end();
    let span = operation_span(line, f);
    let id = vcgen::kinds::simple_name(&f.exception);
    let thrown = match f.message.as_deref().filter(|m| !m.is_empty()) {
        Some(message) => format!("{}: {message}", f.exception),
        None => f.exception.clone(),
    };
    let mut details = vec![(f.level.as_str(), f.contract.line())];
    if !f.test.inputs.is_empty() {
        details.push(("inputs", f.test.inputs.join(", ")));
    }
    if !f.also.is_empty() {
        details.push(("same cause at", super::also_sites(f)));
    }
    let mut reproduced = format!("{}:{} ({})", f.test.file, f.test.line, f.test.short_name());
    if f.tests > 1 {
        let _ = write!(reproduced, ", {} tests in all", f.tests);
    }
    details.push(("reproduced by", reproduced));
    let mut group = level.primary_title(title.as_str()).id(id).element(
        Snippet::source(line)
            .line_start(f.line as usize)
            .path(f.file.as_str())
            .annotation(AnnotationKind::Primary.span(span).label(thrown.as_str())),
    );
    for (name, text) in &details {
        group = group.element(Level::NOTE.with_name(Some(*name)).message(text.as_str()));
    }
    let renderer = if colour {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = renderer.render(&[group]);
    out.push('\n');
    out
}

/// The byte range of `line` that the finding's operation covers: from its column to its
/// end when it ends on the same line, else to the end of the line; one character when
/// the end is unknown.
fn operation_span(line: &str, f: &Finding) -> std::ops::Range<usize> {
    let boundary = |at: usize| {
        let mut at = at.min(line.len());
        while !line.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = boundary((f.col.max(1) - 1) as usize);
    let end = if f.end_line == f.line && f.end_col > f.col {
        boundary((f.end_col - 1) as usize)
    } else if f.end_line > f.line {
        line.len()
    } else {
        line[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8())
    };
    start..end.max(start)
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
        let text = render(&findings, &summary, false);
        assert!(
            text.contains("12 |     return x / y;"),
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
        let text = render(&findings, &Summary::new(&findings, 3, 4), false);
        assert!(!text.contains("12 |     return x / y;"), "{text}");
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
        let text = render(&findings, &Summary::new(&findings, 12, 14), false);
        let expected = "\
error[ArithmeticException]: division by zero in div(int, int)
  --> src/bench/traps/Precision.java:12:11
   |
12 |     return x / y;
   |              ^ java.lang.ArithmeticException: / by zero
   |
   = error: a bug: within the contract of Precision.div(int, int)
   = inputs: x = 0, y = 0
   = reproduced by: .dsd/tests/bench/traps/Precision_DsdTest.java:14 (Precision_DsdTest.div0), 2 tests in all

note[NullPointerException]: null dereference in div(int, int)
  --> src/bench/traps/Precision.java:20:5
   |
20 |     s.length();
   |     ^^^^^^^^^^ java.lang.NullPointerException: / by zero
   |
   = note: a null passed straight in
";
        assert!(text.starts_with(expected), "{text}");
        assert!(text.ends_with("2 findings (1 error, 1 note)\n"));
        let coloured = diagnostic(&findings.findings[0], true);
        assert!(coloured.contains("\u{1b}["), "colours: {coloured:?}");
        assert_eq!(
            crate::report::without_colour(&coloured),
            diagnostic(&findings.findings[0], false)
        );
    }

    #[test]
    fn a_method_analysed_in_part_is_a_warning_before_the_summary() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 12, 14), false);
        let warning = "src/bench/traps/Big.java:3:5: warning: Big.f(int[], int) was analysed \
                       only in part: its formula outgrew 4 MB\n\ndsd: ";
        assert!(text.contains(warning), "{text}");
    }

    #[test]
    fn sites_checked_to_the_unrolling_bound_are_counted_before_the_summary() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 12, 14), false);
        let note = "dsd: note: 1 crash site without a finding was checked only through loops \
                    that end within the unrolling bound (--unroll): a crash that needs more \
                    iterations there may be missed; the JSON report lists them as `bounded`\n\
                    dsd: 12 sites";
        assert!(text.contains(note), "{text}");
    }

    #[test]
    fn the_span_stays_in_the_line_and_on_character_boundaries() {
        let mut f = crate::report::tests::sample().findings[0].clone();
        assert_eq!(
            operation_span("\treturn x / y;", &f),
            10..11,
            "the operator"
        );
        (f.col, f.end_line, f.end_col) = (9, 12, 99);
        assert_eq!(operation_span("ab", &f), 2..2, "past the end");
        (f.col, f.end_col) = (2, 0);
        assert_eq!(operation_span("é = 1", &f), 0..2, "one whole character");
        (f.col, f.end_line) = (1, 13);
        assert_eq!(operation_span("a(b,", &f), 0..4, "to the end of the line");
    }
}
