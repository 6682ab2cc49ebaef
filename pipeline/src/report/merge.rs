//! `dsd merge`: the reports of the shards of one run (`dsd check --shard I/N`) combined into
//! the report of the whole run.
//!
//! Findings of one crash (same exception, file and line) from several shards become one, as
//! the run stage groups them: the lowest level, the shortest reproducing test of that level,
//! the tests summed; findings are in source order. The summary's counts and stage times are
//! summed, a site that several shards hold counted once. Reports must come from this version
//! of dsd, be of one format, and be either the shards `1/N` to `N/N` of one run, each once,
//! or whole runs (merged as they are).

use super::sarif::UNUSED_SUPPRESSION;
use super::{json, sarif, Format, StageTime, Summary};
use crate::error::Failure;
use crate::run::baseline::Known;
use crate::run::findings::{Bounded, Counts, Finding, Findings, Level};
use crate::run::fingerprint;
use serde_json::Value;
use std::collections::btree_map::{BTreeMap, Entry};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use vcgen::Shard;

/// The merged report, rendered.
#[derive(Debug)]
pub struct Merged {
    /// The report in the format asked for.
    pub text: String,
    /// Findings at level error that no baseline knows.
    pub errors: usize,
    /// Findings at level note that no baseline knows.
    pub notes: usize,
    /// The summary line, when the reports have a summary (JSON).
    pub summary_line: Option<String>,
}

/// Merges the reports in `paths` into one report in `format` (default: the reports' format),
/// a text one in colour when `colour`.
pub fn merge(paths: &[PathBuf], format: Option<Format>, colour: bool) -> Result<Merged, Failure> {
    let reports = paths
        .iter()
        .map(|p| read(p).map(|r| (p.as_path(), r)))
        .collect::<Result<Vec<_>, _>>()?;
    check_versions(&reports)?;
    check_shards(&reports)?;
    let (first_path, first) = reports
        .first()
        .ok_or_else(|| Failure::new("dsd merge needs at least one report"))?;
    if let Some((path, other)) = reports
        .iter()
        .find(|(_, r)| r.is_sarif() != first.is_sarif())
    {
        return Err(Failure::new(format!(
            "{} is {} but {} is {}; merge reports of one format",
            first_path.display(),
            first.kind(),
            path.display(),
            other.kind()
        )));
    }
    let jsons: Vec<json::Report> = reports
        .iter()
        .filter_map(|(_, r)| match r {
            Report::Json(j) => Some(j.as_ref().clone()),
            Report::Sarif(_) => None,
        })
        .collect();
    if !jsons.is_empty() {
        return merge_json(&jsons, format.unwrap_or(Format::Json), colour);
    }
    if format.is_some_and(|f| f != Format::Sarif) {
        return Err(Failure::new(
            "SARIF logs lack the source lines and counts that text and JSON reports show; merge \
             the JSON reports (dsd check --format json) to get text or JSON",
        ));
    }
    let logs: Vec<&Value> = reports
        .iter()
        .filter_map(|(_, r)| match r {
            Report::Sarif(v) => Some(v),
            Report::Json(_) => None,
        })
        .collect();
    merge_sarif(&logs)
}

/// One report read from a file.
enum Report {
    /// A JSON report (`--format json`), boxed: it is much larger than a SARIF value.
    Json(Box<json::Report>),
    /// A SARIF log (`--format sarif`).
    Sarif(Value),
}

impl Report {
    fn is_sarif(&self) -> bool {
        matches!(self, Report::Sarif(_))
    }

    fn kind(&self) -> &'static str {
        match self {
            Report::Json(_) => "a JSON report",
            Report::Sarif(_) => "a SARIF log",
        }
    }

    /// The tool and version that wrote the report.
    fn writer(&self) -> (String, String) {
        match self {
            Report::Json(j) => (j.tool.clone(), j.version.clone()),
            Report::Sarif(v) => {
                let driver = &v["runs"][0]["tool"]["driver"];
                let text = |v: &Value| v.as_str().unwrap_or("?").to_string();
                (text(&driver["name"]), text(&driver["version"]))
            }
        }
    }

    /// The shard the report holds, as written in it.
    fn shard(&self) -> Option<&str> {
        match self {
            Report::Json(j) => j.summary.shard.as_deref(),
            Report::Sarif(v) => v["runs"][0]["properties"][sarif::SHARD_PROPERTY].as_str(),
        }
    }
}

/// Reads a JSON report or a SARIF log.
fn read(path: &Path) -> Result<Report, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::new(format!(
            "cannot read the report {}: {e}; pass the files `dsd check -o` wrote",
            path.display()
        ))
    })?;
    let not_a_report = |why: String| {
        Failure::new(format!(
            "{} is not a report of dsd ({why}); pass files written by dsd check --format json \
             or --format sarif",
            path.display()
        ))
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| not_a_report(e.to_string()))?;
    if value.get("runs").is_some() {
        let runs = value["runs"].as_array().map_or(0, Vec::len);
        if runs != 1 || !value["runs"][0]["results"].is_array() {
            return Err(not_a_report(format!(
                "a SARIF log with {runs} runs; dsd writes one"
            )));
        }
        return Ok(Report::Sarif(value));
    }
    serde_json::from_value(value)
        .map(|r| Report::Json(Box::new(r)))
        .map_err(|e| not_a_report(e.to_string()))
}

/// Every report must be written by this version of dsd.
fn check_versions(reports: &[(&Path, Report)]) -> Result<(), Failure> {
    for (path, report) in reports {
        let (tool, version) = report.writer();
        if tool != "dsd" {
            return Err(Failure::new(format!(
                "{} was written by {tool}, not dsd; dsd merge combines dsd's own reports",
                path.display()
            )));
        }
        if version != env!("CARGO_PKG_VERSION") {
            return Err(Failure::new(format!(
                "{} was written by dsd {version}, this is dsd {}; merge with the dsd that wrote \
                 the reports",
                path.display(),
                env!("CARGO_PKG_VERSION")
            )));
        }
    }
    Ok(())
}

/// Either no report is a shard, or the reports are the shards 1/N to N/N, each once.
fn check_shards(reports: &[(&Path, Report)]) -> Result<(), Failure> {
    let mut shards: Vec<(&Path, Shard)> = Vec::new();
    for (path, report) in reports {
        match report.shard() {
            Some(text) => {
                let shard: Shard = text.parse().map_err(|e| {
                    Failure::new(format!("{}: {e}; the report is damaged", path.display()))
                })?;
                shards.push((path, shard));
            }
            None if reports.iter().any(|(_, r)| r.shard().is_some()) => {
                return Err(Failure::new(format!(
                    "{} is the report of a whole run, the others are shards; merge the reports \
                     of the shards of one run",
                    path.display()
                )))
            }
            None => {}
        }
    }
    let Some(&(first_path, first)) = shards.first() else {
        return Ok(());
    };
    for (i, (path, shard)) in shards.iter().enumerate() {
        if shard.count() != first.count() {
            return Err(Failure::new(format!(
                "{} is shard {shard} but {} is shard {first}; merge the shards of one run",
                path.display(),
                first_path.display()
            )));
        }
        if let Some((twin, _)) = shards[..i].iter().find(|(_, s)| s == shard) {
            return Err(Failure::new(format!(
                "{} and {} are both shard {shard}; pass each shard's report once",
                twin.display(),
                path.display()
            )));
        }
    }
    for index in 1..=first.count() {
        if !shards.iter().any(|(_, s)| s.index() == index) {
            return Err(Failure::new(format!(
                "the report of shard {index}/{} is missing; merge the reports of all {} shards \
                 (dsd check --shard I/{} for I = 1..{})",
                first.count(),
                first.count(),
                first.count(),
                first.count()
            )));
        }
    }
    Ok(())
}

/// What merging needs of a finding, in either format.
trait Mergeable {
    /// File, line, column and exception: the order of findings in a report.
    fn place(&self) -> (String, u32, u32, String);
    /// Level first, then the size of the inputs: the smaller, the better the reproduction.
    fn rank(&self) -> (Level, usize);
    /// Tests that reproduced the crash.
    fn tests(&self) -> usize;
    /// Sets the number of tests that reproduced the crash.
    fn set_tests(&mut self, tests: usize);
}

/// Findings of one crash (exception, file, line) become one: the best ranked, with the tests
/// of all; in source order.
fn combine<T: Mergeable>(items: Vec<T>) -> Vec<T> {
    let mut groups: BTreeMap<(String, String, u32), (T, usize)> = BTreeMap::new();
    for item in items {
        let (file, line, _, exception) = item.place();
        let tests = item.tests();
        match groups.entry((exception, file, line)) {
            Entry::Vacant(e) => {
                e.insert((item, tests));
            }
            Entry::Occupied(mut e) => {
                let (best, total) = e.get_mut();
                *total += tests;
                if item.rank() < best.rank() {
                    *best = item;
                }
            }
        }
    }
    let mut merged: Vec<T> = groups
        .into_values()
        .map(|(mut item, tests)| {
            item.set_tests(tests);
            item
        })
        .collect();
    merged.sort_by_key(Mergeable::place);
    merged
}

impl Mergeable for Finding {
    fn place(&self) -> (String, u32, u32, String) {
        (
            self.file.clone(),
            self.line,
            self.col,
            self.exception.clone(),
        )
    }

    fn rank(&self) -> (Level, usize) {
        (self.level, self.test.inputs.iter().map(String::len).sum())
    }

    fn tests(&self) -> usize {
        self.tests
    }

    fn set_tests(&mut self, tests: usize) {
        self.tests = tests;
    }
}

/// A SARIF result written by [`sarif::log`].
struct SarifResult(Value);

impl Mergeable for SarifResult {
    fn place(&self) -> (String, u32, u32, String) {
        let location = &self.0["locations"][0]["physicalLocation"];
        let number = |v: &Value| v.as_u64().unwrap_or(0) as u32;
        (
            location["artifactLocation"]["uri"]
                .as_str()
                .unwrap_or("")
                .to_string(),
            number(&location["region"]["startLine"]),
            number(&location["region"]["startColumn"]),
            self.0["properties"]["exception"]
                .as_str()
                .unwrap_or("")
                .to_string(),
        )
    }

    fn rank(&self) -> (Level, usize) {
        let level = match self.0["level"].as_str() {
            Some("error") => Level::Error,
            _ => Level::Note,
        };
        let inputs = self.0["properties"]["inputs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::len)
            .sum();
        (level, inputs)
    }

    fn tests(&self) -> usize {
        self.0["properties"]["tests"].as_u64().unwrap_or(1) as usize
    }

    fn set_tests(&mut self, tests: usize) {
        self.0["properties"]["tests"] = Value::from(tests);
    }
}

/// JSON reports merged, rendered in `format`.
fn merge_json(reports: &[json::Report], format: Format, colour: bool) -> Result<Merged, Failure> {
    let all: Vec<Finding> = reports
        .iter()
        .flat_map(|r| r.findings.iter().cloned())
        .collect();
    let mut counts = Counts::default();
    let mut stages: Vec<StageTime> = Vec::new();
    let (mut sites, mut queries) = (0, 0);
    let mut shard_sites: BTreeSet<&str> = BTreeSet::new();
    for r in reports {
        let s = &r.summary;
        if s.shard.is_none() {
            sites += s.sites;
        }
        shard_sites.extend(s.shard_sites.iter().map(String::as_str));
        queries += s.queries;
        counts.tests += s.tests.tests;
        counts.confirmed += s.tests.confirmed;
        counts.refuted += s.tests.refuted;
        counts.timeouts += s.tests.timeouts;
        counts.errors += s.tests.errors;
        counts.uncompiled += s.tests.uncompiled;
        for t in &s.stages {
            match stages.iter_mut().find(|m| m.stage == t.stage) {
                Some(m) => m.seconds += t.seconds,
                None => stages.push(t.clone()),
            }
        }
    }
    let mut combined = combine(all);
    fingerprint::assign(&mut combined);
    let findings = Findings {
        findings: combined,
        counts,
        uncompiled: reports
            .iter()
            .flat_map(|r| r.uncompiled.iter().cloned())
            .collect(),
        partial: reports
            .iter()
            .flat_map(|r| r.partial.iter().cloned())
            .collect(),
        bounded: Vec::new(),
        gone: gone_from_all(reports),
        unused_suppressions: listed_by_all(reports.iter().map(|r| &r.unused_suppressions)),
        not_checked: listed_by_any(reports.iter().map(|r| &r.not_checked)),
    };
    // A site one shard checked only to the unrolling bound may have a finding in another.
    let found: BTreeSet<String> = findings.findings.iter().map(|f| f.site.clone()).collect();
    let mut bounded: Vec<Bounded> = reports
        .iter()
        .flat_map(|r| r.bounded.iter().cloned())
        .filter(|b| !found.contains(&b.site))
        .collect();
    bounded.sort_by(|a, b| a.site.cmp(&b.site));
    bounded.dedup_by(|a, b| a.site == b.site);
    let findings = Findings {
        bounded,
        ..findings
    };
    let mut summary = Summary::new(&findings, sites + shard_sites.len(), queries);
    summary.stages = stages;
    // Every shard ran with the same settings but its own shard.
    summary.settings = reports
        .first()
        .map(|r| r.summary.settings.iter())
        .into_iter()
        .flatten()
        .filter(|s| s.name != "shard")
        .cloned()
        .collect();
    let text = super::render(format, &findings, &summary, colour)
        .map_err(|e| Failure::new(format!("rendering the merged report: {e}")))?;
    Ok(Merged {
        text,
        errors: findings.failing(Level::Error),
        notes: findings.failing(Level::Note),
        summary_line: Some(summary.line()),
    })
}

/// The baseline's findings no shard found, when every shard was compared with it: each
/// shard lists as gone what it did not find, the other shards' findings among them.
fn gone_from_all(reports: &[json::Report]) -> Option<Vec<Known>> {
    let lists: Vec<&Vec<Known>> = reports
        .iter()
        .map(|r| r.gone.as_ref())
        .collect::<Option<_>>()?;
    Some(listed_by_all(lists.into_iter()))
}

/// The items every shard lists, in the first shard's order: a suppression is unused in the
/// whole run only when no shard found a crash it covers (each shard lists those of the
/// methods it did not check as unused too).
/// The items any of `lists` holds, each once, in the order first seen: every shard parses
/// and compiles the whole project, so each lists the same files that were not checked, and
/// a SARIF notification two shards both raise is one.
fn listed_by_any<'r, T: PartialEq + Clone + 'r>(lists: impl Iterator<Item = &'r Vec<T>>) -> Vec<T> {
    let mut all: Vec<T> = Vec::new();
    for item in lists.flatten() {
        if !all.contains(item) {
            all.push(item.clone());
        }
    }
    all
}

fn listed_by_all<'r, T: PartialEq + Clone + 'r>(lists: impl Iterator<Item = &'r Vec<T>>) -> Vec<T> {
    let lists: Vec<&Vec<T>> = lists.collect();
    let Some(first) = lists.first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|item| lists.iter().all(|l| l.contains(item)))
        .cloned()
        .collect()
}

/// SARIF logs merged: the results combined, the rules of all, no shard.
fn merge_sarif(logs: &[&Value]) -> Result<Merged, Failure> {
    let results: Vec<SarifResult> = logs
        .iter()
        .flat_map(|l| l["runs"][0]["results"].as_array().into_iter().flatten())
        .map(|r| SarifResult(r.clone()))
        .collect();
    let results: Vec<Value> = combine(results).into_iter().map(|r| r.0).collect();
    let mut rules: BTreeMap<String, Value> = BTreeMap::new();
    for rule in logs.iter().flat_map(|l| {
        l["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .into_iter()
            .flatten()
    }) {
        let exception = rule["properties"]["exception"].as_str().unwrap_or("");
        rules
            .entry(exception.to_string())
            .or_insert_with(|| rule.clone());
    }
    let at_level = |level: &str| {
        results
            .iter()
            .filter(|r| {
                r["level"].as_str() == Some(level)
                    && r["baselineState"] != "unchanged"
                    && r["suppressions"].is_null()
            })
            .count()
    };
    let notifications_of = |l: &Value| -> Vec<Value> {
        l["runs"][0]["invocations"][0]["toolExecutionNotifications"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let unused = |n: &Value| n["descriptor"]["id"] == UNUSED_SUPPRESSION;
    let (unused_lists, others): (Vec<Vec<Value>>, Vec<Vec<Value>>) = logs
        .iter()
        .map(|l| notifications_of(l).into_iter().partition(unused))
        .unzip();
    let unused_everywhere = listed_by_all(unused_lists.iter());
    let (errors, notes) = (
        at_level("error"),
        at_level("note") + unused_everywhere.len(),
    );
    let notifications: Vec<Value> = listed_by_any(others.iter())
        .into_iter()
        .chain(unused_everywhere)
        .collect();
    let mut merged = logs[0].clone();
    let run = &mut merged["runs"][0];
    run["results"] = Value::Array(results);
    if run["invocations"][0].is_object() {
        run["invocations"][0]["toolExecutionNotifications"] = Value::Array(notifications);
    }
    run["tool"]["driver"]["rules"] = Value::Array(rules.into_values().collect());
    if let Some(run) = run.as_object_mut() {
        run.remove("properties");
    }
    let text = serde_json::to_string_pretty(&merged)
        .map_err(|e| Failure::new(format!("rendering the merged report: {e}")))?;
    Ok(Merged {
        text: text + "\n",
        errors,
        notes,
        summary_line: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a JSON report of `findings` as shard `shard` into `dir`.
    fn shard_report(
        dir: &Path,
        name: &str,
        shard: Option<&str>,
        findings: &Findings,
        sites: &[&str],
    ) -> PathBuf {
        let mut summary = Summary::new(findings, sites.len(), 2);
        summary.shard = shard.map(str::to_string);
        summary.shard_sites = sites.iter().map(|s| s.to_string()).collect();
        let path = dir.join(name);
        std::fs::write(&path, json::render(findings, &summary).unwrap()).unwrap();
        path
    }

    #[test]
    fn gone_is_what_no_shard_found_and_baselined_errors_do_not_fail() {
        let dir = crate::test_support::tree("merge", &[]);
        let known = crate::run::baseline::sample_known();
        let mut other = known.clone();
        other.fingerprint = "00000000000000aa:0".into();
        let mut first = crate::report::tests::sample();
        first.findings[0].baselined = true;
        first.gone = Some(vec![known.clone(), other.clone()]);
        let mut second = crate::report::tests::sample();
        second.findings.clear();
        second.gone = Some(vec![known.clone()]);
        let a = shard_report(&dir, "gone-a.json", Some("1/2"), &first, &["s1"]);
        let b = shard_report(&dir, "gone-b.json", Some("2/2"), &second, &["s2"]);
        let merged = merge(&[a, b], None, false).unwrap();
        let report: json::Report = serde_json::from_str(&merged.text).unwrap();
        assert_eq!(
            report.gone,
            Some(vec![known]),
            "the other shard found `other`"
        );
        assert_eq!(
            (merged.errors, merged.notes),
            (0, 1),
            "the baselined error does not fail"
        );
    }

    #[test]
    fn a_suppression_is_unused_only_when_no_shard_used_it() {
        let dir = crate::test_support::tree("merge", &[]);
        let used_elsewhere = crate::report::tests::sample_suppression();
        let mut unused = used_elsewhere.clone();
        unused.line = 30;
        let mut first = crate::report::tests::sample();
        first.unused_suppressions = vec![used_elsewhere.clone(), unused.clone()];
        let mut second = crate::report::tests::sample();
        second.findings[0].suppressed = Some(used_elsewhere);
        second.unused_suppressions = vec![unused.clone()];
        let a = shard_report(&dir, "unused-a.json", Some("1/2"), &first, &["s1"]);
        let b = shard_report(&dir, "unused-b.json", Some("2/2"), &second, &["s2"]);
        let merged = merge(&[a, b], None, false).unwrap();
        let report: json::Report = serde_json::from_str(&merged.text).unwrap();
        assert_eq!(report.unused_suppressions, [unused.clone()]);
        assert_eq!(
            (merged.errors, merged.notes),
            (1, 2),
            "a note and the unused one"
        );
        let sarif = |name: &str, findings: &Findings, shard: &str| {
            let path = dir.join(name);
            std::fs::write(&path, sarif::render(findings, Some(shard)).unwrap()).unwrap();
            path
        };
        let a = sarif("unused-a.sarif", &first, "1/2");
        let b = sarif("unused-b.sarif", &second, "2/2");
        let merged = merge(&[a, b], None, false).unwrap();
        let log: Value = serde_json::from_str(&merged.text).unwrap();
        let lines: Vec<u64> = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["descriptor"]["id"] == UNUSED_SUPPRESSION)
            .filter_map(|n| n["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64())
            .collect();
        assert_eq!(lines, [30], "listed once, and only the one no shard used");
        assert_eq!(merged.notes, 2);
    }

    #[test]
    fn findings_of_one_crash_become_one_and_counts_add_up() {
        let dir = crate::test_support::tree("merge", &[]);
        let sample = crate::report::tests::sample();
        let mut first = sample.clone();
        first.findings[0].level = Level::Note;
        first.findings[0].tests = 4;
        let mut second = sample.clone();
        second.findings.truncate(1);
        second.findings[0].test.method = "other".into();
        let a = shard_report(&dir, "a.json", Some("1/2"), &first, &["s1", "s2"]);
        let b = shard_report(&dir, "b.json", Some("2/2"), &second, &["s2", "s3"]);
        let merged = merge(&[a.clone(), b.clone()], None, false).unwrap();
        assert_eq!((merged.errors, merged.notes), (1, 1));
        let report: json::Report = serde_json::from_str(&merged.text).unwrap();
        assert_eq!(report.findings.len(), 2);
        let div = &report.findings[0];
        assert_eq!((div.level, div.tests), (Level::Error, 6));
        assert_eq!(div.test.method, "other", "the error's test is kept");
        assert_eq!(
            report.summary.sites, 3,
            "a site two shards hold counts once"
        );
        assert_eq!(report.summary.queries, 4);
        assert_eq!(report.summary.tests.tests, 40);
        assert_eq!(report.summary.tests.uncompiled, 2);
        assert_eq!(
            report.uncompiled.len(),
            2,
            "each shard's removed test is kept"
        );
        assert_eq!(report.summary.shard, None);
        assert!(report.summary.shard_sites.is_empty());
        let sarif = merge(&[a, b], Some(Format::Sarif), false).unwrap();
        assert!(sarif.text.contains("\"2.1.0\""));
        let log: Value = serde_json::from_str(&sarif.text).unwrap();
        let notes = &log["runs"][0]["invocations"][0]["toolExecutionNotifications"];
        assert_eq!(
            notes.as_array().map(Vec::len),
            Some(6),
            "each shard's removed test and method analysed in part, the bounded site and the \
             file not checked once"
        );
        assert_eq!(report.not_checked.len(), 1, "the same file in both shards");
        assert_eq!(report.partial.len(), 2);
        assert_eq!(
            report.bounded.len(),
            1,
            "a site both shards checked only to the unrolling bound is listed once"
        );
    }

    #[test]
    fn shards_must_form_one_complete_run() {
        let dir = crate::test_support::tree("merge", &[]);
        let f = crate::report::tests::sample();
        let one = shard_report(&dir, "one.json", Some("1/3"), &f, &[]);
        let two = shard_report(&dir, "two.json", Some("2/3"), &f, &[]);
        let three = shard_report(&dir, "three.json", Some("3/3"), &f, &[]);
        let other = shard_report(&dir, "other.json", Some("2/2"), &f, &[]);
        let whole = shard_report(&dir, "whole.json", None, &f, &[]);
        let error = |paths: &[&PathBuf]| {
            let paths: Vec<PathBuf> = paths.iter().map(|p| p.to_path_buf()).collect();
            merge(&paths, None, false).unwrap_err().0
        };
        assert!(error(&[&one, &two]).contains("shard 3/3 is missing"));
        assert!(error(&[&one, &two, &two, &three]).contains("both shard 2/3"));
        assert!(error(&[&one, &other]).contains("merge the shards of one run"));
        assert!(error(&[&one, &whole]).contains("a whole run"));
        assert!(merge(&[one.clone(), two, three], None, false).is_ok());
        assert!(merge(&[whole.clone(), whole], None, false).is_ok());
    }

    #[test]
    fn reports_of_other_versions_or_tools_are_refused() {
        let dir = crate::test_support::tree("merge", &[]);
        let f = crate::report::tests::sample();
        let path = shard_report(&dir, "old.json", None, &f, &[]);
        let text = std::fs::read_to_string(&path).unwrap();
        let old = text.replace(
            &format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION")),
            "\"version\": \"0.0.1\"",
        );
        std::fs::write(&path, old).unwrap();
        let error = merge(std::slice::from_ref(&path), None, false)
            .unwrap_err()
            .0;
        assert!(error.contains("dsd 0.0.1"), "{error}");
        std::fs::write(&path, "{\"runs\": [{\"tool\": {\"driver\": {\"name\": \"spotbugs\", \"version\": \"4\"}}, \"results\": []}]}").unwrap();
        let error = merge(std::slice::from_ref(&path), None, false)
            .unwrap_err()
            .0;
        assert!(error.contains("written by spotbugs"), "{error}");
        let error = merge(std::slice::from_ref(&path), Some(Format::Json), false)
            .unwrap_err()
            .0;
        assert!(error.contains("written by spotbugs"), "{error}");
    }
}
