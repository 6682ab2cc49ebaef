//! Baselines: adopting dsd on a code base that already has findings. `dsd check
//! --write-baseline FILE` records every finding of a run by its fingerprint
//! ([`super::fingerprint`]); a later `dsd check --baseline FILE` lists the findings the
//! file knows as baselined, which do not change the exit status, and the ones it knows
//! that are no longer found as gone (fixed, or their line was edited).
//!
//! Example: a legacy project with 40 findings writes its baseline once; a change that
//! adds a division by a parameter fails the pre-merge gate with that one new error, and
//! the 40 stay listed, as baselined, until they are fixed.

use super::findings::{java_method, Finding, Findings};
use crate::error::Failure;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A finding as a baseline remembers it: its fingerprint, and enough to name it to a
/// person when it is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    /// The finding's fingerprint.
    pub fingerprint: String,
    /// Fully qualified exception class.
    pub exception: String,
    /// Source file below its source root (`com/acme/Stats.java`): a baseline is kept in
    /// the repository and read on other machines, from other folders.
    pub file: String,
    /// The method holding the crash, in Java terms: `mean(int[])`.
    pub method: String,
    /// The line it was found at, when the baseline was written.
    pub line: u32,
}

impl Known {
    /// What a baseline remembers of a finding: itself and each of its other sites, so a
    /// site that later becomes a finding of its own is still known.
    fn of(f: &Finding) -> Vec<Known> {
        let own = Known {
            fingerprint: f.fingerprint.clone(),
            exception: f.exception.clone(),
            file: f.rel.clone(),
            method: java_method(&f.class, &f.method),
            line: f.line,
        };
        let also = f.also.iter().map(|a| Known {
            fingerprint: a.fingerprint.clone(),
            exception: a.exception.clone(),
            file: a.rel.clone(),
            method: a.method.clone(),
            line: a.line,
        });
        std::iter::once(own).chain(also).collect()
    }
}

/// The baseline file.
#[derive(Debug, Serialize, Deserialize)]
struct BaselineFile {
    /// `dsd`.
    tool: String,
    /// The version of this file's layout.
    baseline: u32,
    /// The findings it knows.
    findings: Vec<Known>,
}

/// The layout version this build reads and writes.
const LAYOUT: u32 = 1;

/// Writes the baseline of `findings` to `path`; returns the findings it knows.
pub fn write(path: &Path, findings: &Findings) -> Result<Vec<Known>, Failure> {
    let file = BaselineFile {
        tool: "dsd".into(),
        baseline: LAYOUT,
        findings: findings.findings.iter().flat_map(Known::of).collect(),
    };
    let text = serde_json::to_string_pretty(&file)
        .map_err(|e| Failure::new(format!("writing the baseline: {e}")))?;
    frontend::files::write_atomic(path, text + "\n").map_err(|e| {
        Failure::new(format!(
            "cannot write the baseline to {}: {e}; check that the directory exists",
            path.display()
        ))
    })?;
    Ok(file.findings)
}

/// Reads the baseline at `path`.
pub fn read(path: &Path) -> Result<Vec<Known>, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::new(format!(
            "cannot read the baseline {}: {e}; write one with `dsd check --write-baseline {}`",
            path.display(),
            path.display()
        ))
    })?;
    let file: BaselineFile = serde_json::from_str(&text).map_err(|e| {
        Failure::new(format!(
            "{} is not a dsd baseline: {e}; write one with `dsd check --write-baseline`",
            path.display()
        ))
    })?;
    if file.tool != "dsd" || file.baseline != LAYOUT {
        return Err(Failure::new(format!(
            "{} is a baseline of layout {} of {}, and this dsd reads layout {LAYOUT} of dsd; \
             write it again with `dsd check --write-baseline`",
            path.display(),
            file.baseline,
            file.tool
        )));
    }
    Ok(file.findings)
}

/// Marks the findings `known` holds as baselined, and records in `findings` the known
/// ones no longer found (gone).
pub fn apply(known: &[Known], findings: &mut Findings) {
    for f in &mut findings.findings {
        f.baselined = known
            .iter()
            .any(|k| f.fingerprints().any(|own| own == k.fingerprint));
    }
    let gone = known
        .iter()
        .filter(|k| {
            !findings
                .findings
                .iter()
                .any(|f| f.fingerprints().any(|own| own == k.fingerprint))
        })
        .cloned()
        .collect();
    findings.gone = Some(gone);
}

/// In PR mode, keeps as gone only the known findings of the methods the change touched:
/// the others were not checked, so their absence says nothing.
pub fn only_gone_from(checked: &[vcgen::ChangedMethod], findings: &mut Findings) {
    let methods: Vec<(&str, String)> = checked
        .iter()
        .map(|m| (m.rel.as_str(), java_method(&m.class, &m.method)))
        .collect();
    if let Some(gone) = &mut findings.gone {
        gone.retain(|k| {
            methods
                .iter()
                .any(|(rel, method)| *rel == k.file && *method == k.method)
        });
    }
}

/// A known finding of a baseline, for tests of the reports.
#[cfg(test)]
pub(crate) fn sample_known() -> Known {
    Known {
        fingerprint: "00000000000000ff:0".into(),
        exception: "java.lang.ArithmeticException".into(),
        file: "bench/traps/Gone.java".into(),
        method: "ratio(int, int)".into(),
        line: 9,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;
    use crate::run::fingerprint;

    fn fingerprinted() -> Findings {
        let mut findings = sample();
        fingerprint::assign(&mut findings.findings);
        findings
    }

    #[test]
    fn a_baseline_marks_what_it_knows_and_lists_what_is_gone() {
        let path = std::env::temp_dir().join(format!("dsd-baseline-{}.json", std::process::id()));
        let old = fingerprinted();
        let written = write(&path, &old).unwrap();
        let known = read(&path).unwrap();
        assert_eq!(known, written, "what was written is read back");
        assert_eq!(known.len(), 2);
        assert_eq!(known[0].method, "div(int, int)");
        let mut now = fingerprinted();
        now.findings.remove(1);
        let mut added = now.findings[0].clone();
        added.source_line = "\treturn y / x;".into();
        now.findings.push(added);
        fingerprint::assign(&mut now.findings);
        apply(&known, &mut now);
        let baselined: Vec<bool> = now.findings.iter().map(|f| f.baselined).collect();
        assert_eq!(baselined, [true, false], "the edited line is new");
        let gone = now.gone.as_ref().expect("compared with a baseline");
        assert_eq!(gone.len(), 1);
        assert_eq!(gone[0].exception, "java.lang.NullPointerException");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_that_is_no_baseline_is_refused_in_one_line() {
        let path =
            std::env::temp_dir().join(format!("dsd-not-baseline-{}.json", std::process::id()));
        std::fs::write(&path, "{\"runs\": []}").unwrap();
        let err = read(&path).unwrap_err();
        assert!(err.0.contains("is not a dsd baseline"), "{}", err.0);
        assert!(!err.0.contains('\n'));
        std::fs::remove_file(&path).unwrap();
        let err = read(&path).unwrap_err();
        assert!(err.0.contains("cannot read the baseline"), "{}", err.0);
    }
}
