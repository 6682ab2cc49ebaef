//! The HTML report: one self-contained page (CSS, script and the findings as JSON inline;
//! no network) with a summary, filters and each finding's source, test and stack.
//!
//! The page's layout lives in `html/page.html`, `page.css` and `page.js`; this module
//! builds the data the script renders, from the same findings and summary the other
//! reports read, with the source lines around each site and stack frame and the code of
//! each reproducing test read from the files they name.

mod sources;

use super::{rules, Summary};
use crate::run::findings::{java_method, Finding, Findings};
use serde_json::{json, Value};
use sources::Files;
use std::collections::BTreeMap;
use vcgen::kinds;

/// Lines shown above and below a finding's site.
pub const CONTEXT: u32 = 8;

/// Lines shown above and below a stack frame's line.
pub const FRAME_CONTEXT: u32 = 3;

/// The setting that names the folder a run's relative paths start from.
pub const FOLDER: &str = "folder";

const PAGE: &str = include_str!("html/page.html");
const CSS: &str = include_str!("html/page.css");
const SCRIPT: &str = include_str!("html/page.js");

/// Renders the page of these findings: the sources and tests they name are read from
/// where dsd runs; a file that cannot be read is shown as such.
pub fn render(findings: &Findings, summary: &Summary) -> Result<String, serde_json::Error> {
    let folder = summary
        .settings
        .iter()
        .find(|s| s.name == FOLDER)
        .map(|s| std::path::PathBuf::from(&s.value));
    let data = serde_json::to_string(&data(findings, summary, &mut Files::below(folder)))?;
    Ok(PAGE
        .replace("/*CSS*/", CSS)
        .replace("/*SCRIPT*/", SCRIPT)
        .replace("{{VERSION}}", env!("CARGO_PKG_VERSION"))
        .replace("{{DATA}}", &script_safe(&data)))
}

/// JSON made safe inside a `<script>` element: no `</` (which could end the element) and no
/// `<!--`; JSON reads `<\/` and `\u003c` as the same characters.
pub fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "\\u003c!--")
}

/// The anchor of a finding on the page: `f-` and its fingerprint.
pub fn anchor(f: &Finding) -> String {
    format!("f-{}", f.fingerprint)
}

/// The data the page's script renders.
fn data(findings: &Findings, summary: &Summary, files: &mut Files) -> Value {
    let mut used: BTreeMap<&str, Value> = BTreeMap::new();
    for f in &findings.findings {
        let kind = kinds::for_class(&f.exception);
        used.entry(kind.name()).or_insert_with(|| rule(kind));
    }
    let list: Vec<Value> = findings
        .findings
        .iter()
        .map(|f| finding(f, files))
        .collect();
    json!({
        "tool": "dsd",
        "version": env!("CARGO_PKG_VERSION"),
        "summary": {
            "line": summary.line(),
            "sites": summary.sites,
            "queries": summary.queries,
            "tests": summary.tests,
            "errors": summary.errors,
            "notes": summary.notes,
            "baselined": summary.baselined,
            "gone": summary.gone,
            "suppressed": summary.suppressed,
            "shard": summary.shard,
            // In milliseconds: a time read back from a saved report may differ in its last
            // bit (serde_json parses floats fast, not exactly), and the page must not.
            "stages": summary.stages.iter().map(|t| json!({
                "stage": t.stage, "seconds": (t.seconds * 1000.0).round() / 1000.0,
            })).collect::<Vec<_>>(),
            "settings": summary.settings,
        },
        "rules": used,
        "findings": list,
        "notChecked": findings.not_checked.iter().map(|n| json!({
            "file": n.file, "line": n.line, "text": format!("not checked: {}", n.reason),
        })).collect::<Vec<_>>(),
        "partial": findings.partial.iter().map(|p| json!({
            "file": p.file, "line": p.line,
            "text": format!("{} was analysed only in part: {}", p.method, p.reason),
        })).collect::<Vec<_>>(),
        "uncompiled": findings.uncompiled.iter().map(|u| json!({
            "file": u.file, "line": u.line,
            "text": format!(
                "the test {} for the crash site in {} does not compile, so the site was not \
                 checked: {}", u.test.short_name(), u.method, u.message
            ),
        })).collect::<Vec<_>>(),
        "bounded": findings.bounded.iter().map(|b| json!({
            "file": b.file, "line": b.line,
            "text": format!(
                "{} in {} was checked only through loops that end within the unrolling \
                 bound (--unroll)", kinds::simple_name(&b.exception), b.method
            ),
        })).collect::<Vec<_>>(),
        "unusedSuppressions": findings.unused_suppressions.iter().map(|s| json!({
            "file": s.file, "line": s.line, "text": super::unused_suppression(s),
        })).collect::<Vec<_>>(),
        "gone": findings.gone.as_ref().map(|gone| gone.iter().map(|k| json!({
            "file": k.file, "line": k.line, "fingerprint": k.fingerprint,
            "text": format!(
                "{} in {} is no longer found (line {} when the baseline was written)",
                kinds::simple_name(&k.exception), k.method, k.line
            ),
        })).collect::<Vec<_>>()),
    })
}

/// A crash kind's documentation, as `dsd rule` gives it.
fn rule(kind: &kinds::Kind) -> Value {
    let mut docs = rules::json(kind);
    if let Some(o) = docs.as_object_mut() {
        o.remove("fixture");
    }
    docs
}

/// One finding as the page shows it.
fn finding(f: &Finding, files: &mut Files) -> Value {
    let kind = kinds::for_class(&f.exception);
    let package = f
        .class
        .rsplit_once('.')
        .map_or("(default package)", |(p, _)| p);
    let class = f.class.rsplit('.').next().unwrap_or(&f.class);
    let stack: Vec<Value> = f
        .stack
        .iter()
        .map(|frame| {
            json!({
                "label": frame_label(&frame.class, &frame.method),
                "file": frame.file,
                "line": frame.line,
                "source": files.window(&frame.file, frame.line, FRAME_CONTEXT),
            })
        })
        .collect();
    json!({
        "id": anchor(f),
        "fingerprint": f.fingerprint,
        "level": f.level.as_str(),
        "kind": kind.name(),
        "exception": f.exception,
        "summary": kind.summary(),
        "headline": super::headline(f),
        "method": java_method(&f.class, &f.method),
        "class": class,
        "package": package,
        "file": f.file,
        "line": f.line,
        "col": f.col,
        "endLine": f.end_line,
        "endCol": f.end_col,
        "message": f.message,
        "why": {"rule": f.contract.rule, "text": f.contract.line()},
        "entry": f.entry,
        "inputs": f.test.inputs,
        "tests": f.tests,
        "test": {
            "name": f.test.short_name(),
            "file": f.test.file,
            "line": f.test.line,
            "code": files.test_method(&f.test.file, f.test.line),
        },
        "stack": stack,
        "also": f.also.iter().map(|a| json!({
            "file": a.file, "line": a.line, "col": a.col, "method": a.method,
            "kind": kinds::simple_name(&a.exception),
        })).collect::<Vec<_>>(),
        "source": files.window(&f.file, f.line, CONTEXT),
        "baselined": f.baselined,
        "suppressed": f.suppressed.as_ref().map(|s| json!({
            "text": s.text, "file": s.file, "line": s.line,
        })),
        "suppress": format!("// dsd:ignore[{}]", kind.name()),
    })
}

/// A stack frame in Java terms: `Outer.Inner.m`, `new Inner`, `Outer.<static init>`, `a
/// lambda in Outer.m`, from the class's binary name and the method's name.
fn frame_label(class: &str, method: &str) -> String {
    let simple = class.rsplit('.').next().unwrap_or(class);
    let nested = simple.replace('$', ".");
    let innermost = nested.rsplit('.').next().unwrap_or(&nested);
    match method {
        "<init>" => format!("new {innermost}"),
        "<clinit>" => format!("{nested}.<static init>"),
        m => match m.strip_prefix("lambda$") {
            Some(rest) => {
                let outer = rest.rsplit_once('$').map_or(rest, |(o, _)| o);
                format!("a lambda in {nested}.{outer}")
            }
            None => format!("{nested}.{m}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::fingerprint;

    /// The sample findings with their source file and test file written to a temporary
    /// folder, their paths pointing there.
    #[track_caller]
    fn sample_on_disk(name: &str) -> (Findings, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("dsd-html-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("Precision.java");
        let mut text = String::new();
        for i in 1..=30 {
            match i {
                12 => text.push_str("\treturn x / y; // </script><b>\n"),
                _ => text.push_str(&format!("// line {i}\n")),
            }
        }
        std::fs::write(&source, text).unwrap();
        let test = dir.join("Precision_DsdTest.java");
        std::fs::write(
            &test,
            "class Precision_DsdTest {\n  @Test\n  void div0() {\n    if (true) { int y = 0; }\n    \
             Precision.div(0, 0);\n  }\n\n  @Test\n  void other() {}\n}\n",
        )
        .unwrap();
        let mut findings = crate::report::tests::sample();
        fingerprint::assign(&mut findings.findings);
        for f in &mut findings.findings {
            f.file = source.display().to_string();
            f.test.file = test.display().to_string();
            f.test.line = 3;
            for frame in &mut f.stack {
                frame.file = if frame.method == "div" {
                    source.display().to_string()
                } else {
                    test.display().to_string()
                };
                frame.line = if frame.method == "div" { 12 } else { 5 };
            }
        }
        (findings, dir)
    }

    #[test]
    fn the_data_never_ends_the_script_element() {
        let (findings, dir) = sample_on_disk("escape");
        let page = render(&findings, &Summary::new(&findings, 3, 4)).unwrap();
        let start = page.find("<script type=\"application/json\"").unwrap();
        let end = start + page[start..].find("</script>").unwrap();
        let block = &page[start..end];
        assert!(block.contains(r"return x / y; // <\/script><b>"), "{block}");
        let json_text = &block[block.find('>').unwrap() + 1..];
        let value: Value = serde_json::from_str(json_text).expect("the block is JSON");
        assert_eq!(
            value["findings"][0]["source"]["lines"][CONTEXT as usize],
            "\treturn x / y; // </script><b>",
            "JSON reads `<\\/` back as `</`"
        );
        assert!(!page.contains("{{DATA}}") && !page.contains("/*SCRIPT*/"));
        assert_eq!(script_safe("a</b<!--c"), r"a<\/b\u003c!--c");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_finding_carries_its_source_window_test_and_anchor() {
        let (findings, dir) = sample_on_disk("window");
        let value = data(
            &findings,
            &Summary::new(&findings, 3, 4),
            &mut Files::default(),
        );
        let first = &value["findings"][0];
        assert_eq!(
            first["id"],
            format!("f-{}", findings.findings[0].fingerprint)
        );
        assert!(first["id"].as_str().unwrap().len() > 10);
        assert_eq!(first["method"], "div(int, int)", "Java terms");
        assert_eq!(first["package"], "bench.traps");
        assert_eq!(first["source"]["start"], 12 - CONTEXT);
        assert_eq!(
            first["source"]["lines"].as_array().unwrap().len(),
            2 * CONTEXT as usize + 1
        );
        let path = findings.findings[0].file.clone();
        let near_end = Files::default().window(&path, 29, CONTEXT);
        assert_eq!(near_end["start"], 29 - CONTEXT, "line 29 of 30 lines");
        assert_eq!(
            near_end["lines"].as_array().unwrap().len(),
            10,
            "{near_end}"
        );
        let near_start = Files::default().window(&path, 2, CONTEXT);
        assert_eq!(near_start["start"], 1);
        let code = first["test"]["code"]["lines"].as_array().unwrap();
        assert_eq!(first["test"]["code"]["start"], 2, "from its annotation");
        assert_eq!(code.len(), 5, "to its closing brace: {code:?}");
        assert_eq!(code[3], "    Precision.div(0, 0);");
        assert_eq!(first["stack"][1]["label"], "Precision.div");
        assert_eq!(first["stack"][1]["source"]["start"], 12 - FRAME_CONTEXT);
        assert_eq!(first["suppress"], "// dsd:ignore[ArithmeticException]");
        assert_eq!(
            value["rules"]["ArithmeticException"]["summary"],
            "division by zero"
        );
        assert_eq!(value["partial"][0]["line"], 3);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn frames_are_named_in_java_terms() {
        assert_eq!(frame_label("p.Outer$Inner", "get"), "Outer.Inner.get");
        assert_eq!(frame_label("p.Outer$Inner", "<init>"), "new Inner");
        assert_eq!(frame_label("Top", "<clinit>"), "Top.<static init>");
        assert_eq!(
            frame_label("p.Lists", "lambda$sum$0"),
            "a lambda in Lists.sum"
        );
    }

    #[test]
    fn a_file_that_cannot_be_read_is_said_so() {
        let findings = crate::report::tests::sample();
        let value = data(
            &findings,
            &Summary::new(&findings, 3, 4),
            &mut Files::default(),
        );
        let source = &value["findings"][0]["source"];
        assert!(source["lines"].as_array().unwrap().is_empty());
        assert!(source["missing"].as_str().unwrap().contains("cannot read"));
    }
}
