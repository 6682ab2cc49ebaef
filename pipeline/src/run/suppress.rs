//! Findings that a suppression written in the source covers (`@SuppressWarnings("dsd")`
//! on a declaration, `// dsd:ignore` on a line; the frontend reads them): they are listed
//! as suppressed and do not change the exit status. A suppression that covers no finding
//! is reported as a note, so that suppressions do not outlive the crash they were for and
//! hide the next one on their lines.

use super::findings::{Findings, SuppressionRef};
use frontend::ir::Suppression;

/// Marks the findings that `suppressions` cover and lists the suppressions that cover none.
pub fn apply(suppressions: &[Suppression], findings: &mut Findings) {
    let mut used = vec![false; suppressions.len()];
    for finding in &mut findings.findings {
        let mut covering = suppressions
            .iter()
            .enumerate()
            .filter(|(_, s)| s.covers(&finding.rel, finding.line, &finding.exception))
            .peekable();
        finding.suppressed = covering.peek().map(|(_, s)| reference(s));
        for (i, _) in covering {
            used[i] = true;
        }
    }
    findings.unused_suppressions = suppressions
        .iter()
        .zip(used)
        .filter(|(_, used)| !used)
        .map(|(s, _)| reference(s))
        .collect();
}

fn reference(s: &Suppression) -> SuppressionRef {
    SuppressionRef {
        rel: s.rel.clone(),
        file: s.file.clone(),
        line: s.line,
        text: s.text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::findings::Level;

    fn suppression(lines: (u32, u32), kinds: &[&str], text: &str) -> Suppression {
        Suppression {
            file: "src/bench/traps/Precision.java".into(),
            rel: "bench/traps/Precision.java".into(),
            line: lines.0,
            lines,
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            text: text.into(),
        }
    }

    #[test]
    fn covered_findings_are_suppressed_and_do_not_fail() {
        let mut findings = crate::report::tests::sample();
        let lines: Vec<(u32, String)> = findings
            .findings
            .iter()
            .map(|f| (f.line, f.exception.clone()))
            .collect();
        assert_eq!(findings.failing(Level::Error), 1);
        let on_error_line = suppression((lines[0].0, lines[0].0), &[], "// dsd:ignore");
        let wrong_kind = suppression(
            (1, 100),
            &["ClassCastException"],
            "@SuppressWarnings(\"dsd:ClassCastException\")",
        );
        apply(&[on_error_line, wrong_kind], &mut findings);
        let first = findings.findings[0]
            .suppressed
            .as_ref()
            .expect("suppressed");
        assert_eq!(first.text, "// dsd:ignore");
        assert!(findings.findings[1].suppressed.is_none());
        assert_eq!(findings.failing(Level::Error), 0, "the suppressed error");
        assert_eq!(
            findings
                .unused_suppressions
                .iter()
                .map(|s| s.text.as_str())
                .collect::<Vec<_>>(),
            ["@SuppressWarnings(\"dsd:ClassCastException\")"],
            "a suppression of a kind that is not found there is unused"
        );
        assert_eq!(
            findings.failing(Level::Note),
            findings.count(Level::Note) + 1,
            "an unused suppression is a note"
        );
    }
}
