//! GitHub Actions workflow commands: one `::error` or `::notice` line per finding, which
//! a workflow run shows as an annotation on the crashing line of the pull request.
//!
//! Example: `::error file=src/Stats.java,line=12,col=16,title=ArithmeticException::…`.
//! Findings a baseline knows or a suppression covers get no annotation: they are not what
//! the change brought. An unused suppression is a `::notice` on its line.

use crate::run::findings::{Finding, Findings, Level, SuppressionRef};

/// Renders the annotations, one line each.
pub fn render(findings: &Findings) -> String {
    findings
        .findings
        .iter()
        .filter(|f| !f.silenced())
        .map(|f| annotation(f) + "\n")
        .chain(
            findings
                .unused_suppressions
                .iter()
                .map(|s| unused(s) + "\n"),
        )
        .collect()
}

/// An unused suppression as a notice on its line.
fn unused(s: &SuppressionRef) -> String {
    format!(
        "::notice file={},line={},title=unused suppression::{}",
        property(&s.file),
        s.line,
        data(&super::unused_suppression(s))
    )
}

/// One finding as a workflow command.
fn annotation(f: &Finding) -> String {
    let command = match f.level {
        Level::Error => "error",
        Level::Note => "notice",
    };
    let mut message = super::headline(f);
    message.push_str(&format!("\n{}: {}", f.level.as_str(), f.contract.line()));
    if !f.also.is_empty() {
        message.push_str(&format!("\nsame cause at {}", super::also_sites(f)));
    }
    if !f.test.inputs.is_empty() {
        message.push_str(&format!("\ninputs: {}", f.test.inputs.join(", ")));
    }
    message.push_str(&format!("\nreproduced by {}:{}", f.test.file, f.test.line));
    format!(
        "::{command} file={},line={},col={},title={}::{}",
        property(&f.file),
        f.line,
        f.col,
        property(vcgen::kinds::simple_name(&f.exception)),
        data(&message)
    )
}

/// A command's message escaped as GitHub reads it back.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value escaped as GitHub reads it back.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_annotation_per_new_finding_with_its_place_and_level() {
        let mut findings = crate::report::tests::sample();
        let text = render(&findings);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(
            lines[0].starts_with(
                "::error file=src/bench/traps/Precision.java,line=12,col=11,\
                 title=ArithmeticException::java.lang.ArithmeticException"
            ),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains(
            "in div(int, int): / by zero%0Aerror: a bug: within the contract of \
             Precision.div(int, int)%0Ainputs: x = 0, y = 0%0A"
        ));
        assert!(lines[1].starts_with("::notice file="), "{}", lines[1]);
        findings.findings[1].baselined = true;
        assert_eq!(
            render(&findings).lines().count(),
            1,
            "a baselined finding is known"
        );
        findings.findings[1].baselined = false;
        findings.findings[0].suppressed = Some(crate::report::tests::sample_suppression());
        let text = render(&findings);
        assert_eq!(text.lines().count(), 1, "a suppressed finding is known");
        assert!(text.starts_with("::notice"), "{text}");
        findings.unused_suppressions = vec![crate::report::tests::sample_suppression()];
        let text = render(&findings);
        assert!(
            text.lines().last().unwrap_or("").starts_with(
                "::notice file=src/bench/traps/Precision.java,line=11,title=unused suppression::"
            ),
            "{text}"
        );
    }

    #[test]
    fn properties_and_messages_are_escaped() {
        assert_eq!(property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(data("x\ny: 50%"), "x%0Ay: 50%25");
    }
}
