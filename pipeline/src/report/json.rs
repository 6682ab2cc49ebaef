//! The JSON report: the findings plus the summary, one document.

use super::Summary;
use crate::run::findings::{Finding, Findings};
use serde::Serialize;

/// The JSON report document.
#[derive(Serialize)]
struct Report<'a> {
    tool: &'static str,
    version: &'static str,
    findings: &'a [Finding],
    summary: &'a Summary,
}

/// Renders the JSON report, pretty-printed.
pub fn render(findings: &Findings, summary: &Summary) -> Result<String, serde_json::Error> {
    let report = Report {
        tool: "dsd",
        version: env!("CARGO_PKG_VERSION"),
        findings: &findings.findings,
        summary,
    };
    serde_json::to_string_pretty(&report).map(|s| s + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_findings_and_summary() {
        let findings = crate::report::tests::sample();
        let text = render(&findings, &Summary::new(&findings, 3, 4)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["findings"].as_array().map(Vec::len), Some(2));
        assert_eq!(v["findings"][0]["level"], "error");
        assert_eq!(v["summary"]["sites"], 3);
        assert_eq!(v["summary"]["tests"]["confirmed"], 3);
    }
}
