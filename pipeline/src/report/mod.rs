//! Reports of the findings: terminal text, JSON, SARIF 2.1.0, GitHub annotations, JUnit
//! XML and an HTML page.

pub mod github;
pub mod html;
pub mod json;
pub mod junit;
pub mod merge;
pub mod rules;
pub mod sarif;
pub mod saved;
pub mod text;

use crate::run::findings::{java_method, Counts, Finding, Findings, Level};
use serde::{Deserialize, Serialize};

/// Output format of `dsd check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Compiler-style diagnostics.
    Text,
    /// One JSON document with the findings and the summary.
    Json,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
    /// GitHub Actions workflow commands: an annotation per finding.
    Github,
    /// JUnit XML, for CI servers' test reports: a failed test case per error, a skipped
    /// one per note or silenced finding.
    Junit,
    /// One self-contained HTML page to read in a browser: a summary, filters, and each
    /// finding's source, test and stack.
    Html,
}

/// Wall time of one stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageTime {
    /// Stage name, e.g. `solve`.
    pub stage: String,
    /// Seconds.
    pub seconds: f64,
}

/// The numbers behind the final summary line.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The shard (`I/N`) this run analysed, when it analysed one; `dsd merge` needs every
    /// shard of a run once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// In a shard's report, the ids of all its sites: shards can share sites (a helper's or
    /// a constructor's sites are found through every entry that calls it), and the merged
    /// report counts each site once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shard_sites: Vec<String>,
    /// Crash sites found by vcgen.
    pub sites: usize,
    /// Queries solved.
    pub queries: usize,
    /// Test counts.
    pub tests: Counts,
    /// Findings at level error.
    pub errors: usize,
    /// Findings at level note.
    pub notes: usize,
    /// Findings (errors and notes) the baseline the run was compared with knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baselined: Option<usize>,
    /// Findings that baseline knows and the run did not find.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone: Option<usize>,
    /// Findings a suppression in the source covers.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub suppressed: usize,
    /// Suppressions in the source that cover no finding (reported as notes).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unused_suppressions: usize,
    /// Wall time per stage, in pipeline order.
    pub stages: Vec<StageTime>,
    /// The run's settings as the command line and dsd.toml gave them (`dsd check`), e.g.
    /// `unroll` `5`; the HTML report shows them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<Setting>,
}

/// One setting of a run, as the reports show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setting {
    /// The option's name without dashes: `unroll`, `timeout`.
    pub name: String,
    /// Its value as the user would write it.
    pub value: String,
}

impl Summary {
    /// A summary of these findings with the given site and query counts and no stage times.
    pub fn new(findings: &Findings, sites: usize, queries: usize) -> Summary {
        Summary {
            shard: None,
            shard_sites: Vec::new(),
            sites,
            queries,
            tests: findings.counts.clone(),
            errors: findings.count(Level::Error),
            notes: findings.count(Level::Note),
            baselined: findings
                .gone
                .as_ref()
                .map(|_| findings.findings.iter().filter(|f| f.baselined).count()),
            gone: findings.gone.as_ref().map(Vec::len),
            suppressed: findings
                .findings
                .iter()
                .filter(|f| f.suppressed.is_some())
                .count(),
            unused_suppressions: findings.unused_suppressions.len(),
            stages: Vec::new(),
            settings: Vec::new(),
        }
    }

    /// The one-line summary, e.g.
    /// `dsd: 12 sites, 14 queries, 20 tests: 5 confirmed, 15 refuted; 4 findings (3 errors, 1 note); parse 0.1s ...`.
    pub fn line(&self) -> String {
        let t = &self.tests;
        let mut line = format!(
            "dsd: {}, {}, {}: {} confirmed, {} refuted",
            plural(self.sites, "site"),
            plural(self.queries, "query"),
            plural(t.tests, "test"),
            t.confirmed,
            t.refuted
        );
        if t.timeouts > 0 {
            line.push_str(&format!(", {}", plural(t.timeouts, "timeout")));
        }
        if t.errors > 0 {
            line.push_str(&format!(", {} not run", t.errors));
        }
        if t.uncompiled > 0 {
            line.push_str(&format!(", {} not compiled", t.uncompiled));
        }
        line.push_str(&format!(
            "; {} ({}, {})",
            plural(self.errors + self.notes, "finding"),
            plural(self.errors, "error"),
            plural(self.notes, "note")
        ));
        if let (Some(baselined), Some(gone)) = (self.baselined, self.gone) {
            line.push_str(&format!("; {baselined} baselined, {gone} gone"));
        }
        if self.suppressed > 0 {
            line.push_str(&format!("; {} suppressed", self.suppressed));
        }
        if self.unused_suppressions > 0 {
            line.push_str(&format!(
                "; {}",
                plural(self.unused_suppressions, "unused suppression")
            ));
        }
        if !self.stages.is_empty() {
            let times: Vec<String> = self
                .stages
                .iter()
                .map(|s| format!("{} {:.1}s", s.stage, s.seconds))
                .collect();
            line.push_str("; ");
            line.push_str(&times.join(" "));
        }
        line
    }
}

/// What an unused suppression is reported as: `` `// dsd:ignore` covers no finding … ``.
pub fn unused_suppression(s: &crate::run::findings::SuppressionRef) -> String {
    format!(
        "unused suppression: `{}` covers no finding; remove it, or it will hide the next \
         crash on its lines",
        s.text
    )
}

/// For serde: leave a zero count out.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `text` without the terminal's colour escapes (`ESC [ … m`), as a build tool's or a
/// coloured report's output reads in a file.
pub fn without_colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|d| d.is_ascii_alphabetic());
        } else {
            out.push(c);
        }
    }
    out
}

/// `1 site`, `2 sites`, `3 queries`, `2 classes`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if let Some(stem) = noun.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else if noun.ends_with('s') || noun.ends_with("sh") || noun.ends_with("ch") {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

/// A finding in one line for the reports that carry a message: the exception, what it
/// means, the method in Java terms and the exception's own message, e.g.
/// `java.lang.ArithmeticException (division by zero) in div(int, int): / by zero`.
pub fn headline(f: &Finding) -> String {
    let mut line = format!(
        "{} ({}) in {}",
        f.exception,
        vcgen::kinds::for_class(&f.exception).summary(),
        java_method(&f.class, &f.method)
    );
    if let Some(message) = f.message.as_deref().filter(|m| !m.is_empty()) {
        line.push_str(&format!(": {message}"));
    }
    line
}

/// The other sites of a finding that fail for its cause, `File.java:24:13 (m(int))`, one
/// after the other.
pub fn also_sites(f: &Finding) -> String {
    f.also
        .iter()
        .map(|a| {
            let file = a.rel.rsplit('/').next().unwrap_or(&a.rel);
            format!("{file}:{}:{} ({})", a.line, a.col, a.method)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Renders the findings in a format; text ends with the summary line.
pub fn render(
    format: Format,
    findings: &Findings,
    summary: &Summary,
    colour: bool,
) -> Result<String, serde_json::Error> {
    match format {
        Format::Text => Ok(text::render(findings, summary, colour)),
        Format::Json => json::render(findings, summary),
        Format::Sarif => sarif::render(findings, summary.shard.as_deref()),
        Format::Github => Ok(github::render(findings)),
        Format::Junit => Ok(junit::render(findings)),
        Format::Html => html::render(findings, summary),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::run::findings::{
        Bounded, Finding, NotChecked, Partial, StackFrame, TestRef, Uncompiled,
    };

    /// A suppression written on line 11 of the sample's file.
    pub(crate) fn sample_suppression() -> crate::run::findings::SuppressionRef {
        crate::run::findings::SuppressionRef {
            rel: "bench/traps/Precision.java".into(),
            file: "src/bench/traps/Precision.java".into(),
            line: 11,
            text: "// dsd:ignore".into(),
        }
    }

    pub(crate) fn sample() -> Findings {
        let finding = Finding {
            level: Level::Error,
            exception: "java.lang.ArithmeticException".into(),
            message: Some("/ by zero".into()),
            site: "bench/traps/Precision.java:12:18:Div@bench.traps.Precision.div(II)I".into(),
            file: "src/bench/traps/Precision.java".into(),
            rel: "bench/traps/Precision.java".into(),
            line: 12,
            col: 11,
            end_line: 12,
            end_col: 12,
            class: "bench.traps.Precision".into(),
            method: "div(II)I".into(),
            source_line: "\treturn x / y;".into(),
            contract: crate::run::verdict::Why {
                rule: crate::run::verdict::Rule::Within,
                text: "a bug: within the contract of Precision.div(int, int)".into(),
                file: String::new(),
                line: 0,
            },
            entry: "Precision.div(int, int)".into(),
            also: Vec::new(),
            test: TestRef {
                class: "bench.traps.Precision_DsdTest".into(),
                method: "div0".into(),
                file: ".dsd/tests/bench/traps/Precision_DsdTest.java".into(),
                line: 14,
                inputs: vec!["x = 0".into(), "y = 0".into()],
            },
            tests: 2,
            stack: vec![
                StackFrame {
                    class: "bench.traps.Precision_DsdTest".into(),
                    method: "div0".into(),
                    file: ".dsd/tests/bench/traps/Precision_DsdTest.java".into(),
                    line: 14,
                },
                StackFrame {
                    class: "bench.traps.Precision".into(),
                    method: "div".into(),
                    file: "src/bench/traps/Precision.java".into(),
                    line: 12,
                },
            ],
            fingerprint: String::new(),
            baselined: false,
            suppressed: None,
        };
        let mut note = finding.clone();
        note.level = Level::Note;
        note.exception = "java.lang.NullPointerException".into();
        note.line = 20;
        note.col = 5;
        note.end_line = 20;
        note.end_col = 15;
        note.source_line = "    s.length();".into();
        note.stack = Vec::new();
        note.tests = 1;
        note.test.inputs = vec!["s = null".into()];
        note.contract = crate::run::verdict::Why {
            rule: crate::run::verdict::Rule::NullInput,
            text: "a null passed straight in".into(),
            file: String::new(),
            line: 0,
        };
        Findings {
            findings: vec![finding, note],
            counts: Counts {
                tests: 20,
                confirmed: 3,
                refuted: 16,
                timeouts: 1,
                errors: 0,
                uncompiled: 1,
            },
            uncompiled: vec![Uncompiled {
                test: TestRef {
                    class: "bench.traps.Precision_DsdTest".into(),
                    method: "rem_line30_Rem_1".into(),
                    file: ".dsd/tests/bench/traps/Precision_DsdTest.java".into(),
                    line: 40,
                    inputs: vec!["xs = (java.util.List) null".into()],
                },
                site: "bench/traps/Precision.java:30:16:Rem@bench.traps.Precision.rem(Ljava/util/List;)I".into(),
                file: "src/bench/traps/Precision.java".into(),
                line: 30,
                col: 16,
                method: "rem(List)".into(),
                message: "incompatible types: List<Integer> cannot be converted to List<Long>".into(),
            }],
            partial: vec![Partial {
                file: "src/bench/traps/Big.java".into(),
                line: 3,
                col: 5,
                method: "Big.f(int[], int)".into(),
                reason: "its formula outgrew 4 MB".into(),
            }],
            bounded: vec![Bounded {
                site: "bench/Fill.java:7:13:ArrayIndexOutOfBoundsException@bench.Fill.fill([II)V"
                    .into(),
                file: "src/bench/Fill.java".into(),
                line: 7,
                col: 13,
                exception: "java.lang.ArrayIndexOutOfBoundsException".into(),
                method: "fill(int[], int)".into(),
            }],
            gone: None,
            unused_suppressions: Vec::new(),
            not_checked: vec![NotChecked {
                file: "src/bench/Broken.java".into(),
                line: 4,
                reason: "does not compile: Broken.java:4: error: ';' expected".into(),
            }],
        }
    }

    #[test]
    fn summary_line_counts_everything() {
        let mut s = Summary::new(&sample(), 12, 1);
        s.stages.push(StageTime {
            stage: "parse".into(),
            seconds: 0.123,
        });
        s.stages.push(StageTime {
            stage: "run".into(),
            seconds: 2.06,
        });
        assert_eq!(
            s.line(),
            "dsd: 12 sites, 1 query, 20 tests: 3 confirmed, 16 refuted, 1 timeout, 1 not compiled; 2 findings (1 error, 1 note); parse 0.1s run 2.1s"
        );
    }
}
