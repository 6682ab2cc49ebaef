//! The SARIF 2.1.0 report: one rule per exception kind, one result per finding.

use super::rules;
use crate::run::baseline::Known;
use crate::run::findings::{
    Bounded, Finding, Findings, NotChecked, Partial, SuppressionRef, Uncompiled,
};
use crate::run::fingerprint;
use serde_json::{json, Value};
use vcgen::kinds;

/// Where the tool is documented.
const INFORMATION_URI: &str = "https://github.com/dsd-java/dsd";

/// Renders the findings as a SARIF 2.1.0 log; a shard's log says which shard (`I/N`) it holds.
pub fn render(findings: &Findings, shard: Option<&str>) -> Result<String, serde_json::Error> {
    let mut log = log(findings);
    if let Some(shard) = shard {
        log["runs"][0]["properties"] = json!({ SHARD_PROPERTY: shard });
    }
    serde_json::to_string_pretty(&log).map(|s| s + "\n")
}

/// The notification id of a suppression in the source that covers no finding.
pub const UNUSED_SUPPRESSION: &str = "unused-suppression";

/// The run property that names a shard's `I/N`.
pub const SHARD_PROPERTY: &str = "dsdShard";

/// The SARIF log as a JSON value.
pub fn log(findings: &Findings) -> Value {
    let mut kinds: Vec<&str> = findings
        .findings
        .iter()
        .map(|f| f.exception.as_str())
        .chain(findings.gone.iter().flatten().map(|k| k.exception.as_str()))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let rules: Vec<Value> = kinds.iter().map(|k| rule(k)).collect();
    let compared = findings.gone.is_some();
    let results: Vec<Value> = findings
        .findings
        .iter()
        .map(|f| result(f, compared))
        .chain(findings.gone.iter().flatten().map(gone))
        .collect();
    let notifications: Vec<Value> = findings
        .uncompiled
        .iter()
        .map(notification)
        .chain(findings.partial.iter().map(partial_notification))
        .chain(findings.bounded.iter().map(bounded_notification))
        .chain(findings.unused_suppressions.iter().map(unused_notification))
        .chain(findings.not_checked.iter().map(not_checked_notification))
        .collect();
    json!({
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [{
            "tool": {"driver": {
                "name": "dsd",
                "informationUri": INFORMATION_URI,
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "invocations": [{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }],
            "originalUriBaseIds": srcroot(),
            "results": results,
        }],
    })
}

/// The rule of an exception class, from its kind's docs.
fn rule(exception: &str) -> Value {
    let kind = kinds::for_class(exception);
    let id = kinds::simple_name(exception);
    json!({
        "id": id,
        "name": id,
        "shortDescription": {"text": format!("{}: {}", exception, kind.summary())},
        "fullDescription": {"text": kind.what()},
        "help": {"text": rules::text(kind), "markdown": rules::markdown(kind)},
        "helpUri": format!("{INFORMATION_URI}#crash-kinds"),
        // Every result is a crash a generated test reproduced on the JVM.
        "properties": {
            "exception": exception,
            "precision": "very-high",
            "problem.severity": "error",
            "tags": ["correctness", "crash", id],
        },
    })
}

/// A finding as a SARIF result; `compared` when the run was compared with a baseline, which
/// gives it a `baselineState`.
fn result(f: &Finding, compared: bool) -> Value {
    let text = format!(
        "{}; {}: {}; reproduced by {}",
        super::headline(f),
        f.level.as_str(),
        f.contract.line(),
        f.test.short_name()
    );
    let mut value = json!({
        "ruleId": kinds::simple_name(&f.exception),
        "level": f.level.as_str(),
        "message": {"text": text},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&f.file),
            "region": region(f),
        }}],
        "partialFingerprints": {fingerprint::SARIF_KEY: f.fingerprint},
        "relatedLocations": [{
            "id": 1,
            "physicalLocation": {
                "artifactLocation": artifact(&f.test.file),
                "region": {"startLine": f.test.line},
            },
            "message": {"text": "reproducing test"},
        }],
        "properties": {
            "exception": f.exception,
            "site": f.site,
            "test": f.test.short_name(),
            "tests": f.tests,
            "inputs": f.test.inputs,
            "contract": f.contract,
        },
    });
    // The documentation that decided the level, then the other sites of the same cause.
    let mut related: Vec<Value> = Vec::new();
    if f.contract.line > 0 && !f.contract.file.is_empty() {
        related.push(json!({
            "physicalLocation": {
                "artifactLocation": artifact(&f.contract.file),
                "region": {"startLine": f.contract.line},
            },
            "message": {"text": f.contract.text},
        }));
    }
    for a in &f.also {
        related.push(json!({
            "physicalLocation": {
                "artifactLocation": artifact(&a.file),
                "region": {"startLine": a.line, "startColumn": a.col},
            },
            "message": {"text": format!(
                "same cause: {} in {}",
                kinds::simple_name(&a.exception),
                a.method
            )},
        }));
    }
    if let Some(locations) = value["relatedLocations"].as_array_mut() {
        for (id, mut location) in (2..).zip(related) {
            location["id"] = json!(id);
            locations.push(location);
        }
    }
    if !f.stack.is_empty() {
        value["codeFlows"] = code_flow(f);
    }
    if compared {
        let state = if f.baselined { "unchanged" } else { "new" };
        value["baselineState"] = json!(state);
    }
    if let Some(by) = &f.suppressed {
        value["suppressions"] = json!([{
            "kind": "inSource",
            "justification": by.text,
            "location": {"physicalLocation": {
                "artifactLocation": artifact(&by.file),
                "region": {"startLine": by.line},
            }},
        }]);
    }
    value
}

/// The region of a finding: its line and column, and where the failing operation ends
/// when that is known.
fn region(f: &Finding) -> Value {
    let mut region = json!({"startLine": f.line, "startColumn": f.col});
    if f.end_line >= f.line && f.end_col > 0 {
        region["endLine"] = json!(f.end_line);
        region["endColumn"] = json!(f.end_col);
    }
    region
}

/// The crash's path from the reproducing test down to the site, one thread flow location
/// per frame of the test and the project, as code-scanning services show a data flow.
fn code_flow(f: &Finding) -> Value {
    let locations: Vec<Value> = f
        .stack
        .iter()
        .enumerate()
        .map(|(i, frame)| {
            let class = frame.class.rsplit('.').next().unwrap_or(&frame.class);
            json!({
                "location": {
                    "physicalLocation": {
                        "artifactLocation": artifact(&frame.file),
                        "region": {"startLine": frame.line},
                    },
                    "message": {"text": format!("{class}.{}", frame.method)},
                },
                "nestingLevel": i,
            })
        })
        .collect();
    json!([{
        "message": {"text": format!("how the test reaches the crash: {}", f.test.short_name())},
        "threadFlows": [{"locations": locations}],
    }])
}

/// A project file, or a declaration in it, whose crashes were not checked: a warning at
/// the problem's line.
fn not_checked_notification(n: &NotChecked) -> Value {
    json!({
        "level": "warning",
        "descriptor": {"id": "file-not-checked"},
        "message": {"text": format!("not checked: {}", n.reason)},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&n.file),
            "region": {"startLine": n.line.max(1)},
        }}],
    })
}

/// A suppression in the source that covers no finding: a note at its line.
fn unused_notification(s: &SuppressionRef) -> Value {
    json!({
        "level": "note",
        "descriptor": {"id": UNUSED_SUPPRESSION},
        "message": {"text": super::unused_suppression(s)},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&s.file),
            "region": {"startLine": s.line},
        }}],
    })
}

/// A baseline's finding the run did not find again: a result whose problem is gone.
fn gone(k: &Known) -> Value {
    json!({
        "ruleId": kinds::simple_name(&k.exception),
        "kind": "pass",
        "level": "none",
        "baselineState": "absent",
        "message": {"text": format!(
            "{} ({}) in {} is no longer found (line {} when the baseline was written)",
            k.exception,
            kinds::for_class(&k.exception).summary(),
            k.method,
            k.line
        )},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&k.file),
        }}],
        "partialFingerprints": {fingerprint::SARIF_KEY: k.fingerprint},
    })
}

/// A generated test javac rejected: the site it was meant to check, and javac's message.
fn notification(u: &Uncompiled) -> Value {
    json!({
        "level": "warning",
        "descriptor": {"id": "test-does-not-compile"},
        "message": {"text": format!(
            "the test for the crash site in {} at line {} does not compile, so the site was not checked: {}; removed {}",
            u.method, u.line, u.message, u.test.short_name()
        )},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&u.file),
            "region": {"startLine": u.line, "startColumn": u.col},
        }}],
        "properties": {
            "site": u.site,
            "test": u.test.short_name(),
            "testFile": uri(&u.test.file),
            "testLine": u.test.line,
            "javac": u.message,
        },
    })
}

/// A path as a SARIF URI reference: forward slashes, no leading `./`.
fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    path.strip_prefix("./").map(str::to_string).unwrap_or(path)
}

/// The `uriBaseId` of paths relative to the folder dsd ran in (`originalUriBaseIds`).
pub const SRCROOT: &str = "SRCROOT";

/// A file as a SARIF `artifactLocation`: a relative path under [`SRCROOT`], an absolute
/// one as a `file` URI.
fn artifact(path: &str) -> Value {
    let path = uri(path);
    if path.starts_with('/') {
        json!({"uri": format!("file://{path}")})
    } else {
        json!({"uri": path, "uriBaseId": SRCROOT})
    }
}

/// Where [`SRCROOT`] is: the folder dsd ran in, as a `file` URI ending in `/`.
fn srcroot() -> Value {
    let folder = std::env::current_dir()
        .map(|d| uri(&d.display().to_string()))
        .unwrap_or_default();
    json!({ SRCROOT: {"uri": format!("file://{}/", folder.trim_end_matches('/'))} })
}

/// A crash site checked only up to the unrolling bound: a note at the site.
fn bounded_notification(b: &Bounded) -> Value {
    json!({
        "level": "note",
        "descriptor": {"id": "site-checked-to-the-unrolling-bound"},
        "message": {"text": format!(
            "{} in {} was checked only through loops that end within the unrolling bound \
             (--unroll): a crash that needs more iterations may be missed",
            b.exception, b.method
        )},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&b.file),
            "region": {"startLine": b.line, "startColumn": b.col},
        }}],
    })
}

/// A method analysed only in part: a warning at its declaration.
fn partial_notification(p: &Partial) -> Value {
    json!({
        "level": "warning",
        "descriptor": {"id": "method-analysed-in-part"},
        "message": {"text": format!("{} was analysed only in part: {}", p.method, p.reason)},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(&p.file),
            "region": {"startLine": p.line, "startColumn": p.col},
        }}],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_the_sarif_shape() {
        let mut sample = crate::report::tests::sample();
        fingerprint::assign(&mut sample.findings);
        let v = log(&sample);
        assert_eq!(v["version"], "2.1.0");
        assert_eq!(
            v["$schema"],
            "https://json.schemastore.org/sarif-2.1.0.json"
        );
        let run = &v["runs"][0];
        assert_eq!(run["tool"]["driver"]["name"], "dsd");
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
        assert_eq!(ids, ["ArithmeticException", "NullPointerException"]);
        assert!(rules[0]["help"]["markdown"]
            .as_str()
            .unwrap()
            .contains("## Example"));
        let first = &run["results"][0];
        assert_eq!(first["ruleId"], "ArithmeticException");
        let message = first["message"]["text"].as_str().unwrap();
        assert!(message.contains(" in div(int, int): "), "{message}");
        assert_eq!(first["level"], "error");
        let loc = &first["locations"][0]["physicalLocation"];
        assert_eq!(
            loc["artifactLocation"],
            json!({"uri": "src/bench/traps/Precision.java", "uriBaseId": SRCROOT})
        );
        let root = run["originalUriBaseIds"][SRCROOT]["uri"].as_str().unwrap();
        assert!(
            root.starts_with("file:///") && root.ends_with('/'),
            "{root}"
        );
        assert_eq!(rules[0]["properties"]["precision"], "very-high");
        assert_eq!(
            rules[0]["properties"]["tags"],
            json!(["correctness", "crash", "ArithmeticException"])
        );
        assert_eq!(loc["region"]["startLine"], 12);
        assert_eq!(loc["region"]["startColumn"], 11);
        assert_eq!(loc["region"]["endLine"], 12);
        assert_eq!(
            loc["region"]["endColumn"], 12,
            "the region is the operator `/`"
        );
        let flow = &first["codeFlows"][0]["threadFlows"][0]["locations"];
        assert_eq!(
            flow[0]["location"]["message"]["text"],
            "Precision_DsdTest.div0"
        );
        assert_eq!(flow[1]["location"]["message"]["text"], "Precision.div");
        assert_eq!(
            flow[1]["location"]["physicalLocation"]["region"]["startLine"],
            12
        );
        assert_eq!(flow[1]["nestingLevel"], 1);
        assert!(
            run["results"][1].get("codeFlows").is_none(),
            "no stack, no flow"
        );
        let related = &first["relatedLocations"][0];
        assert_eq!(
            related["physicalLocation"]["artifactLocation"]["uri"],
            ".dsd/tests/bench/traps/Precision_DsdTest.java"
        );
        assert_eq!(related["message"]["text"], "reproducing test");
        assert_eq!(
            first["properties"]["exception"],
            "java.lang.ArithmeticException"
        );
        assert_eq!(first["properties"]["test"], "Precision_DsdTest.div0");
        assert_eq!(first["properties"]["inputs"][1], "y = 0");
        assert_eq!(
            first["partialFingerprints"]["dsdFinding/v1"],
            sample.findings[0].fingerprint.as_str()
        );
        assert_eq!(run["results"][1]["level"], "note");
        let removed = &run["invocations"][0]["toolExecutionNotifications"][0];
        assert_eq!(removed["level"], "warning");
        assert_eq!(
            removed["locations"][0]["physicalLocation"]["region"]["startLine"],
            30
        );
        let text = removed["message"]["text"].as_str().unwrap();
        assert!(text.contains("rem(List)"), "{text}");
        assert!(text.contains("cannot be converted"), "{text}");
        let bounded = &run["invocations"][0]["toolExecutionNotifications"][2];
        assert_eq!(
            bounded["descriptor"]["id"],
            "site-checked-to-the-unrolling-bound"
        );
        assert_eq!(bounded["level"], "note");
        let broken = &run["invocations"][0]["toolExecutionNotifications"][3];
        assert_eq!(broken["descriptor"]["id"], "file-not-checked");
        assert_eq!(broken["level"], "warning");
        assert_eq!(
            broken["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "src/bench/Broken.java"
        );
        assert_eq!(
            bounded["locations"][0]["physicalLocation"]["region"]["startLine"],
            7
        );
    }

    #[test]
    fn a_run_compared_with_a_baseline_gives_each_result_its_state() {
        let plain = log(&crate::report::tests::sample());
        assert!(plain["runs"][0]["results"][0]
            .get("baselineState")
            .is_none());
        let mut findings = crate::report::tests::sample();
        findings.findings[0].baselined = true;
        findings.gone = Some(vec![crate::run::baseline::sample_known()]);
        let v = log(&findings);
        let results = v["runs"][0]["results"].as_array().unwrap();
        let states: Vec<&str> = results
            .iter()
            .filter_map(|r| r["baselineState"].as_str())
            .collect();
        assert_eq!(states, ["unchanged", "new", "absent"]);
        assert_eq!(results[2]["level"], "none");
        assert_eq!(results[2]["kind"], "pass");
        let text = results[2]["message"]["text"].as_str().unwrap();
        assert!(
            text.contains("ratio(int, int) is no longer found"),
            "{text}"
        );
    }

    #[test]
    fn uris_use_forward_slashes() {
        assert_eq!(uri("./src\\A.java"), "src/A.java");
        assert_eq!(
            artifact("/work/src/A.java"),
            json!({"uri": "file:///work/src/A.java"})
        );
    }
}
