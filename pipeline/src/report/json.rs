//! The JSON report: the findings plus the summary, one document.

use super::Summary;
use crate::run::baseline::Known;
use crate::run::findings::{
    Bounded, Finding, Findings, NotChecked, Partial, SuppressionRef, Uncompiled,
};
use serde::{Deserialize, Serialize};

/// The JSON report document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// `dsd`.
    pub tool: String,
    /// The version of dsd that wrote it.
    pub version: String,
    /// The layout of the document, [`SCHEMA`].
    #[serde(default)]
    pub schema: u32,
    /// The findings, in source order.
    pub findings: Vec<Finding>,
    /// Generated tests javac rejected, each with the site it targeted and javac's message.
    #[serde(default)]
    pub uncompiled: Vec<Uncompiled>,
    /// Methods analysed only in part, each with the reason.
    #[serde(default)]
    pub partial: Vec<Partial>,
    /// Crash sites without a finding that were checked only through loops that end within
    /// the unrolling bound.
    #[serde(default)]
    pub bounded: Vec<Bounded>,
    /// When the run was compared with a baseline, the findings it knows that were not found
    /// again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone: Option<Vec<Known>>,
    /// Suppressions written in the source that cover no finding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unused_suppressions: Vec<SuppressionRef>,
    /// Project files, or declarations in them, whose crashes were not checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_checked: Vec<NotChecked>,
    /// The counts and stage times.
    pub summary: Summary,
}

/// The layout of the JSON report: it grows by one when a field changes meaning or goes
/// away (new fields do not change it), so that a script can check what it reads.
pub const SCHEMA: u32 = 1;

/// Renders the JSON report, pretty-printed.
pub fn render(findings: &Findings, summary: &Summary) -> Result<String, serde_json::Error> {
    let report = Report {
        tool: "dsd".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        schema: SCHEMA,
        findings: findings.findings.clone(),
        uncompiled: findings.uncompiled.clone(),
        partial: findings.partial.clone(),
        bounded: findings.bounded.clone(),
        gone: findings.gone.clone(),
        unused_suppressions: findings.unused_suppressions.clone(),
        not_checked: findings.not_checked.clone(),
        summary: summary.clone(),
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
        assert_eq!(v["schema"], SCHEMA);
        assert_eq!(v["findings"][0]["level"], "error");
        assert_eq!(v["summary"]["sites"], 3);
        assert_eq!(v["summary"]["tests"]["confirmed"], 3);
    }
}
