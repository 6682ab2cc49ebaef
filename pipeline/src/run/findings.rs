//! Confirmed tests grouped into findings, with their level; the file `results/findings.json`.

use super::results::TestResult;
use super::verdict::{Judge, Rule, Why};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use testgen::TestCase;
use vcgen::Site;

/// How a finding is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A bug: a crash reached through code a client can call, with inputs its contract
    /// allows, that its documentation does not announce.
    Error,
    /// A crash outside the contract ([`super::verdict`]): it needed reflection, a `null`
    /// argument, a broken precondition of the entry or of a JDK method, or an entry no
    /// client can call so, or its documentation announces it.
    Note,
}

impl Level {
    /// `error` or `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Note => "note",
        }
    }
}

/// The test kept as a finding's reproduction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRef {
    /// Binary name of the test class.
    pub class: String,
    /// Test method name.
    pub method: String,
    /// Path of the test source, openable from where dsd ran.
    pub file: String,
    /// Line of the test method.
    pub line: u32,
    /// The inputs, one readable line each.
    pub inputs: Vec<String>,
}

impl TestRef {
    /// The reference to a generated test, its file as it can be opened from where dsd ran.
    pub fn of(test: &TestCase, work: &std::path::Path) -> TestRef {
        TestRef {
            class: test.class.clone(),
            method: test.method.clone(),
            file: work.join(&test.file).display().to_string(),
            line: test.line,
            inputs: test.inputs.clone(),
        }
    }

    /// `SimpleClass.method`.
    pub fn short_name(&self) -> String {
        let simple = self.class.rsplit('.').next().unwrap_or(&self.class);
        format!("{simple}.{}", self.method)
    }
}

/// A crash site reproduced by at least one test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// Error or note.
    pub level: Level,
    /// Fully qualified exception class.
    pub exception: String,
    /// Message of the exception the kept test threw.
    pub message: Option<String>,
    /// Id of the crash site.
    pub site: String,
    /// Source file as it can be opened from where dsd ran.
    pub file: String,
    /// Path below the source root.
    pub rel: String,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
    /// Last line of the failing operation (the operator of an arithmetic crash, the whole
    /// call, access or dereference otherwise); 0 when unknown.
    #[serde(default)]
    pub end_line: u32,
    /// Column just past the failing operation on `end_line`.
    #[serde(default)]
    pub end_col: u32,
    /// Binary name of the class holding the site.
    pub class: String,
    /// Method holding the site, name plus descriptor.
    pub method: String,
    /// The source line.
    pub source_line: String,
    /// What decided the level ([`super::verdict`]).
    pub contract: Why,
    /// The method the reproducing test called, in Java terms: `Ranges.sum(byte[], int,
    /// int)`; empty when not known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub entry: String,
    /// The other sites that fail for the same cause (the same precondition of the same
    /// entry broken, or the same `@throws`), in source order: one finding, not one per
    /// site.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<AlsoSite>,
    /// The shortest reproducing test of the finding's level.
    pub test: TestRef,
    /// The frames of the crash in the reproducing test, from the test method down to the
    /// crashing frame, with the library frames in between left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<StackFrame>,
    /// How many tests reproduced this crash.
    pub tests: usize,
    /// Stays the same while the crashing line does, wherever it moves
    /// ([`super::fingerprint`]).
    #[serde(default)]
    pub fingerprint: String,
    /// The baseline the run was compared with knows it ([`super::baseline`]): it does not
    /// change the exit status.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub baselined: bool,
    /// The suppression written in the source that covers it ([`super::suppress`]): it does
    /// not change the exit status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<SuppressionRef>,
}

/// A site that fails for the same cause as its finding's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlsoSite {
    /// Id of the crash site.
    pub site: String,
    /// The exception its test threw.
    pub exception: String,
    /// Source file as it can be opened from where dsd ran.
    pub file: String,
    /// Path below the source root.
    pub rel: String,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
    /// The method holding it, in Java terms: `getLittleEndianInt(byte[], int)`.
    pub method: String,
    /// Its fingerprint as a finding of its own, which a baseline may know.
    pub fingerprint: String,
}

impl Finding {
    /// Every fingerprint the finding stands for: its own and its other sites'.
    pub fn fingerprints(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.fingerprint.as_str())
            .chain(self.also.iter().map(|a| a.fingerprint.as_str()))
    }

    /// Whether a baseline or a suppression accounts for it: it is listed as such and does
    /// not fail the run.
    pub fn silenced(&self) -> bool {
        self.baselined || self.suppressed.is_some()
    }
}

/// A suppression written in a project file (`@SuppressWarnings("dsd")`, `// dsd:ignore`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuppressionRef {
    /// Path below the source root of the file it is written in.
    pub rel: String,
    /// The file, as it can be opened from where dsd ran.
    pub file: String,
    /// The line it is written on.
    pub line: u32,
    /// The suppression as written.
    pub text: String,
}

/// A generated test javac rejected: removed, so its site was not checked by it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Uncompiled {
    /// The test that was removed.
    pub test: TestRef,
    /// Id of the crash site it targeted.
    pub site: String,
    /// The site's source file, as it can be opened from where dsd ran.
    pub file: String,
    /// The site's line, from 1.
    pub line: u32,
    /// The site's column, from 1.
    pub col: u32,
    /// The method holding the site, in Java terms: `Phoneme(CharSequence, LanguageSet)`.
    pub method: String,
    /// javac's message, e.g. `reference to Phoneme is ambiguous`.
    pub message: String,
}

/// A method in Java terms, `Phoneme(CharSequence, LanguageSet)`, from its class's binary
/// name and its name plus descriptor (`<init>(Ljava/lang/CharSequence;...)V`).
pub fn java_method(class: &str, method: &str) -> String {
    let (name, descriptor) = split_descriptor(method);
    frontend::ir::java_method(class, name, &frontend::descriptor_params(descriptor))
}

/// A method with its class in Java terms, `Big.f(int[], int)`, or a constructor,
/// `new Phoneme(CharSequence, LanguageSet)`, from the class's binary name and the method's
/// name plus descriptor.
pub fn java_member(class: &str, method: &str) -> String {
    let (name, descriptor) = split_descriptor(method);
    frontend::ir::java_member(class, name, &frontend::descriptor_params(descriptor))
}

/// A method's name and its descriptor, from the two written together.
fn split_descriptor(method: &str) -> (&str, &str) {
    method.split_at(method.find('(').unwrap_or(method.len()))
}

/// How the executed tests fared.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Tests run (or attempted).
    pub tests: usize,
    /// Tests that reproduced a crash: their site's, or that of another site at their top
    /// project frame (the crash is real, only elsewhere than predicted).
    pub confirmed: usize,
    /// Tests that ran without reproducing their site (a refused `System.exit` included).
    pub refuted: usize,
    /// Tests that timed out.
    pub timeouts: usize,
    /// Tests that could not be run.
    pub errors: usize,
    /// Tests removed because javac rejected them (listed in [`Findings::uncompiled`]).
    #[serde(default)]
    pub uncompiled: usize,
}

/// The file `results/findings.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Findings {
    /// Findings in source order.
    pub findings: Vec<Finding>,
    /// Test counts.
    pub counts: Counts,
    /// Generated tests javac rejected, each with javac's message.
    #[serde(default)]
    pub uncompiled: Vec<Uncompiled>,
    /// Methods analysed only in part, each with the reason.
    #[serde(default)]
    pub partial: Vec<Partial>,
    /// Crash sites without a finding that were checked only through loops that end within
    /// the unrolling bound.
    #[serde(default)]
    pub bounded: Vec<Bounded>,
    /// When the run was compared with a baseline, the findings it knows that were not
    /// found again ([`super::baseline`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone: Option<Vec<super::baseline::Known>>,
    /// Suppressions written in the source that cover no finding: each is reported as a
    /// note, since it silences nothing and may hide a crash that comes back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unused_suppressions: Vec<SuppressionRef>,
    /// Project files, or declarations in them, whose crashes were not checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_checked: Vec<NotChecked>,
}

/// A crash site without a finding that was checked only through loops that end within the
/// unrolling bound (`--unroll`): a crash that needs more iterations there may be missed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounded {
    /// Id of the crash site.
    pub site: String,
    /// The site's source file, as it can be opened from where dsd ran.
    pub file: String,
    /// The site's line, from 1.
    pub line: u32,
    /// The site's column, from 1.
    pub col: u32,
    /// The exception checked, e.g. `java.lang.ArrayIndexOutOfBoundsException`.
    pub exception: String,
    /// The method holding the site, in Java terms: `fill(int[], int)`.
    pub method: String,
}

impl Bounded {
    /// The report of `site`, which vcgen checked only up to the unrolling bound.
    pub fn of(site: &Site) -> Bounded {
        Bounded {
            site: site.id.clone(),
            file: site.file.clone(),
            line: site.line,
            col: site.col,
            exception: site.exception.clone(),
            method: java_method(&site.class, &site.method),
        }
    }

    /// The terminal line for `count` such sites, if any.
    pub fn note(count: usize) -> Option<String> {
        (count > 0).then(|| {
            format!(
                "dsd: note: {count} crash site{} without a finding {} checked only through loops \
                 that end within the unrolling bound (--unroll): a crash that needs more \
                 iterations there may be missed; the JSON report lists them as `bounded`",
                if count == 1 { "" } else { "s" },
                if count == 1 { "was" } else { "were" }
            )
        })
    }
}

/// A method whose crashes were checked only up to where its formula outgrew the budget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    /// The source file, as it can be opened from where dsd ran.
    pub file: String,
    /// Line of the declaration, from 1.
    pub line: u32,
    /// Column of the declaration, from 1.
    pub col: u32,
    /// The method in Java terms, with its class: `Big.f(int[], int)`.
    pub method: String,
    /// Why the analysis stopped.
    pub reason: String,
}

impl Partial {
    /// The report of a method that vcgen analysed in part.
    pub fn of(p: &vcgen::PartialMethod) -> Partial {
        Partial {
            file: p.file.clone(),
            line: p.line,
            col: p.col,
            method: java_member(&p.class, &p.method),
            reason: p.reason.clone(),
        }
    }

    /// The terminal line: a compiler-style warning.
    pub fn warning(&self) -> String {
        format!(
            "{}:{}:{}: warning: {} was analysed only in part: {}",
            self.file, self.line, self.col, self.method, self.reason
        )
    }
}

impl Findings {
    /// Number of findings at a level.
    pub fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }

    /// Number of findings at a level that no baseline or suppression accounts for, with
    /// the unused suppressions as notes: those that fail a run.
    pub fn failing(&self, level: Level) -> usize {
        let findings = self
            .findings
            .iter()
            .filter(|f| f.level == level && !f.silenced())
            .count();
        match level {
            Level::Error => findings,
            Level::Note => findings + self.unused_suppressions.len(),
        }
    }
}

/// A project file, or a declaration in it, whose crashes were not checked: it does not
/// parse or does not compile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotChecked {
    /// Source file as it can be opened from where dsd ran.
    pub file: String,
    /// Line of the problem, from 1.
    pub line: u32,
    /// What is wrong and what was left out, in one line.
    pub reason: String,
}

impl NotChecked {
    /// The parse stage's problems in the project's own files: a declaration with a syntax
    /// error, a file that cannot be read.
    pub fn from_parse(program: &frontend::ir::Program) -> Vec<NotChecked> {
        program
            .diagnostics
            .iter()
            .filter_map(|d| {
                let file = program.files.get(d.span.file as usize)?;
                (!file.library).then(|| NotChecked {
                    file: file.path.clone(),
                    line: d.span.line,
                    reason: d.message.clone(),
                })
            })
            .collect()
    }
}

/// One frame of a crash's stack that is the project's or the test's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackFrame {
    /// Binary name of the class.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Source file as it can be opened from where dsd ran.
    pub file: String,
    /// Line, from 1.
    pub line: u32,
}

/// A test that reproduced its site.
pub struct Confirmation<'a> {
    /// The test.
    pub test: &'a TestCase,
    /// Its site.
    pub site: &'a Site,
    /// What it threw.
    pub result: &'a TestResult,
    /// Path of the test file as it can be opened from where dsd ran.
    pub test_file: String,
    /// The crash's frames in the project and the test, outermost first.
    pub stack: Vec<StackFrame>,
}

/// Groups confirmations by (exception, site file, site line) into findings in source order.
pub fn group(confirmations: &[Confirmation<'_>], judge: &Judge) -> Vec<Finding> {
    let mut groups: Vec<Vec<&Confirmation<'_>>> = Vec::new();
    for c in confirmations {
        let key = (&c.site.exception, &c.site.file, c.site.line);
        match groups
            .iter_mut()
            .find(|g| (&g[0].site.exception, &g[0].site.file, g[0].site.line) == key)
        {
            Some(group) => group.push(c),
            None => groups.push(vec![c]),
        }
    }
    let mut findings: Vec<Finding> = groups.iter().filter_map(|g| finding(g, judge)).collect();
    findings.sort_by(|a, b| {
        (&a.file, a.line, a.col, &a.exception).cmp(&(&b.file, b.line, b.col, &b.exception))
    });
    super::fingerprint::assign(&mut findings);
    by_cause(findings)
}

/// Joins the notes that fail for one cause into the first of them: the same entry with the
/// same precondition broken (one length that overruns fifteen array accesses) or the
/// same `@throws` announcing the same exception. Each keeps its fingerprint among the
/// joined finding's, so a baseline written before still knows it.
fn by_cause(findings: Vec<Finding>) -> Vec<Finding> {
    let cause = |f: &Finding| match f.contract.rule {
        Rule::Precondition | Rule::Documented if !f.entry.is_empty() && f.level == Level::Note => {
            Some((
                f.entry.clone(),
                f.contract.text.clone(),
                f.exception.clone(),
            ))
        }
        _ => None,
    };
    let mut out: Vec<Finding> = Vec::new();
    let mut first_of: HashMap<(String, String, String), usize> = HashMap::new();
    for f in findings {
        let Some(key) = cause(&f) else {
            out.push(f);
            continue;
        };
        match first_of.get(&key) {
            Some(&i) => {
                let joined = &mut out[i];
                joined.tests += f.tests;
                joined.also.push(AlsoSite {
                    site: f.site,
                    exception: f.exception,
                    file: f.file,
                    rel: f.rel,
                    line: f.line,
                    col: f.col,
                    method: java_method(&f.class, &f.method),
                    fingerprint: f.fingerprint,
                });
            }
            None => {
                first_of.insert(key, out.len());
                out.push(f);
            }
        }
    }
    out
}

/// Whether the crash was thrown inside a library method (the JDK's, the class path's) that
/// the deepest of its project frames called, not by that frame's own code.
fn thrown_in_library(c: &Confirmation<'_>) -> bool {
    match (c.result.frames.first(), c.stack.last()) {
        (Some(top), Some(deepest)) => {
            top.class != deepest.class
                || top.method != deepest.method
                || u32::try_from(top.line).ok() != Some(deepest.line)
        }
        _ => false,
    }
}

/// Size of a test's inputs, to keep the shortest reproduction.
fn input_size(test: &TestCase) -> usize {
    test.inputs.iter().map(String::len).sum()
}

fn finding(group: &[&Confirmation<'_>], judge: &Judge) -> Option<Finding> {
    let verdicts: Vec<Why> = group
        .iter()
        .map(|c| {
            let message = c.result.message.as_deref();
            judge.why(c.site, c.test, &c.stack, message, thrown_in_library(c))
        })
        .collect();
    let level = verdicts.iter().map(Why::level).min()?;
    let (best, why) = group
        .iter()
        .zip(&verdicts)
        .enumerate()
        .filter(|(_, (_, why))| why.level() == level)
        .min_by_key(|(i, (c, why))| (why.rule, input_size(c.test), *i))
        .map(|(_, (c, why))| (*c, why))?;
    let site = best.site;
    Some(Finding {
        level,
        contract: why.clone(),
        entry: judge.entry(&best.stack).unwrap_or_default(),
        also: Vec::new(),
        exception: site.exception.clone(),
        message: best.result.message.clone(),
        site: site.id.clone(),
        file: site.file.clone(),
        rel: site.rel.clone(),
        line: site.line,
        col: site.col,
        end_line: site.end_line,
        end_col: site.end_col,
        class: site.class.clone(),
        method: site.method.clone(),
        source_line: site.source_line.clone(),
        test: TestRef {
            class: best.test.class.clone(),
            method: best.test.method.clone(),
            file: best.test_file.clone(),
            line: best.test.line,
            inputs: best.test.inputs.clone(),
        },
        tests: group.len(),
        stack: best.stack.clone(),
        fingerprint: String::new(),
        baselined: false,
        suppressed: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::classify::tests::{frame, site, thrown};

    fn case(method: &str, inputs: &[&str], null_input: bool, reflection: bool) -> TestCase {
        TestCase {
            class: "bench.traps.Precision_DsdTest".into(),
            method: method.into(),
            file: "tests/bench/traps/Precision_DsdTest.java".into(),
            line: 10,
            site: "s".into(),
            inputs: inputs.iter().map(|s| s.to_string()).collect(),
            null_input,
            reflection,
            observed: false,
            route: vcgen::Route::Direct,
            contract: Default::default(),
        }
    }

    /// The judge of a program with no class: levels follow the tests alone.
    fn judge<'p>(program: &'p frontend::ir::Program, h: &'p frontend::Hierarchy<'p>) -> Judge<'p> {
        Judge::new(program, h, true)
    }

    const AE: &str = "java.lang.ArithmeticException";
    const NPE: &str = "java.lang.NullPointerException";

    fn confirm<'a>(test: &'a TestCase, site: &'a Site, result: &'a TestResult) -> Confirmation<'a> {
        Confirmation {
            test,
            site,
            result,
            test_file: format!(".dsd/{}", test.file),
            stack: Vec::new(),
        }
    }

    #[test]
    fn groups_by_exception_and_line_and_keeps_shortest_test_of_the_level() {
        let s12 = site(AE, 12);
        let mut s12b = site(AE, 12);
        s12b.col = 30;
        let s20 = site(AE, 20);
        let r = thrown(
            AE,
            vec![frame("bench.traps.Precision", "Precision.java", 12)],
        );
        let long = case("long", &["x = 100000", "y = 0"], false, false);
        let short = case("short", &["x = 1", "y = 0"], false, false);
        let reflective = case("refl", &["y = 0"], false, true);
        let other = case("other", &["y = 0"], false, true);
        let confirmations = vec![
            confirm(&reflective, &s20, &r),
            confirm(&long, &s12, &r),
            confirm(&reflective, &s12b, &r),
            confirm(&short, &s12, &r),
            confirm(&other, &s20, &r),
        ];
        let program = Default::default();
        let h = frontend::Hierarchy::new(&program);
        let findings = group(&confirmations, &judge(&program, &h));
        assert_eq!(findings.len(), 2);
        assert_eq!(
            (findings[0].line, findings[0].level, findings[0].tests),
            (12, Level::Error, 3)
        );
        assert_eq!(findings[0].test.method, "short");
        assert_eq!(
            findings[0].test.file,
            ".dsd/tests/bench/traps/Precision_DsdTest.java"
        );
        assert_eq!(
            (findings[1].line, findings[1].level, findings[1].tests),
            (20, Level::Note, 2)
        );
        assert_eq!(findings[1].test.method, "refl");
    }

    #[test]
    fn methods_read_in_java_terms() {
        assert_eq!(
            java_method(
                "a.Rule$Phoneme",
                "<init>(Ljava/lang/CharSequence;La/Languages$LanguageSet;)V"
            ),
            "Phoneme(CharSequence, LanguageSet)"
        );
        assert_eq!(java_method("a.M", "mean([II)I"), "mean(int[], int)");
        assert_eq!(java_member("a.M", "mean([II)I"), "M.mean(int[], int)");
        assert_eq!(java_member("a.M$N", "<init>(I)V"), "new N(int)");
        // An anonymous class as the JVM names it; a lambda by where it is written.
        let compare = "compare(Ljava/lang/String;Ljava/lang/String;)I";
        assert_eq!(
            java_member("a.Orders$1", compare),
            "Orders$1.compare(String, String)"
        );
        assert_eq!(
            java_member("a.Orders$Keys$2$1", compare),
            "Keys$2$1.compare(String, String)"
        );
        let apply = "applyAsInt(II)I";
        assert_eq!(
            java_method("a.Tables$$Lambda$4", apply),
            "a lambda of Tables"
        );
        assert_eq!(
            java_member("a.Tables$$Lambda$4", apply),
            "a lambda of Tables"
        );
    }

    #[test]
    fn different_exceptions_on_one_line_are_different_findings() {
        let a = site(AE, 12);
        let n = site(NPE, 12);
        let r = thrown(AE, Vec::new());
        let t = case("t", &[], false, false);
        let program = Default::default();
        let h = frontend::Hierarchy::new(&program);
        let findings = group(
            &[confirm(&t, &a, &r), confirm(&t, &n, &r)],
            &judge(&program, &h),
        );
        assert_eq!(findings.len(), 2);
    }
}
