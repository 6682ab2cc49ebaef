//! The last report of a work directory (`WORK/last-report.json`, the JSON report `dsd
//! check` wrote last), which `dsd report` renders again in any format, running nothing.

use super::json::{self, Report};
use super::Summary;
use crate::error::Failure;
use crate::run::findings::Findings;
use std::path::{Path, PathBuf};

/// The file in the work directory that holds the last report.
pub const FILE: &str = "last-report.json";

/// Where the last report of `work` is kept.
pub fn path(work: &Path) -> PathBuf {
    work.join(FILE)
}

/// Keeps the report of a `dsd check` in `work` for `dsd report`.
pub fn save(work: &Path, findings: &Findings, summary: &Summary) -> Result<(), Failure> {
    let path = path(work);
    let text = json::render(findings, summary)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    frontend::files::write_atomic(&path, text)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// The findings and summary of the last `dsd check` in `work`; without its report (the
/// stages were run one by one), the run stage's `results/findings.json` with the counts of
/// `vc/sites.json`.
pub fn load(work: &Path) -> Result<(Findings, Summary), Failure> {
    let last = path(work);
    if last.is_file() {
        let text = std::fs::read_to_string(&last)
            .map_err(|e| Failure::new(format!("cannot read {}: {e}", last.display())))?;
        let report: Report = serde_json::from_str(&text).map_err(|e| {
            Failure::new(format!(
                "{} is not a report dsd wrote: {e}; run `dsd check` again",
                last.display()
            ))
        })?;
        return Ok(from_report(report));
    }
    let results = work.join("results").join("findings.json");
    let text = std::fs::read_to_string(&results).map_err(|e| {
        Failure::new(format!(
            "{} holds no finished run ({}: {e}); run `dsd check` with --work-dir {} first",
            work.display(),
            results.display(),
            work.display()
        ))
    })?;
    let findings: Findings = serde_json::from_str(&text)
        .map_err(|e| Failure::new(format!("{}: {e}", results.display())))?;
    let sites = vcgen::read_sites(work).map_or(0, |t| t.sites.len());
    let summary = Summary::new(&findings, sites, solved_queries(work));
    Ok((findings, summary))
}

/// The queries the solve stage answered in `work`: one `cex/qNNNNN.json` each.
fn solved_queries(work: &Path) -> usize {
    std::fs::read_dir(work.join("cex")).map_or(0, |dir| {
        dir.flatten()
            .filter(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.starts_with('q') && name.ends_with(".json")
            })
            .count()
    })
}

/// The findings and summary a JSON report holds.
pub fn from_report(report: Report) -> (Findings, Summary) {
    let findings = Findings {
        findings: report.findings,
        counts: report.summary.tests.clone(),
        uncompiled: report.uncompiled,
        partial: report.partial,
        bounded: report.bounded,
        gone: report.gone,
        unused_suppressions: report.unused_suppressions,
        not_checked: report.not_checked,
    };
    (findings, report.summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_report_reads_back_whole() {
        let work = std::env::temp_dir().join(format!("dsd-saved-{}", std::process::id()));
        std::fs::create_dir_all(&work).unwrap();
        let findings = crate::report::tests::sample();
        let mut summary = Summary::new(&findings, 3, 4);
        summary.settings.push(super::super::Setting {
            name: "unroll".into(),
            value: "5".into(),
        });
        save(&work, &findings, &summary).unwrap();
        let (read, read_summary) = load(&work).unwrap();
        assert_eq!(read, findings);
        assert_eq!(read_summary, summary);
        let _ = std::fs::remove_dir_all(work);
    }
}
