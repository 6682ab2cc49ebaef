//! Compiling the generated tests so that one test javac rejects costs only itself.
//!
//! All test classes are compiled by one `javac` call. When javac reports errors, each
//! error is traced to the test method whose lines hold it; those methods are cut from
//! a copy of their class (`results/pruned/`, lines kept so every other test keeps its
//! line number) and the rest is compiled again. An error outside every test method
//! removes the whole class. Each removed test is returned with javac's message, so
//! that it is reported, never counted away. Before that, the tests that need a class of
//! a project file javac left out ([`LeftOut`]: their site or class under test is there,
//! or they build an input of one of its classes) are cut the same way: that file is
//! reported once, as not checked.

use super::tools::JavaTools;
use crate::error::Failure;
use invariants::javac::{self, absolute, Compilation, JavacError, PatchedSources};
use invariants::modules::ModulePatches;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use testgen::TestCase;

/// A generated test javac rejected; it was removed before the others ran.
#[derive(Debug, Clone)]
pub struct Rejected {
    /// The test.
    pub test: TestCase,
    /// javac's first message about it, e.g. `reference to Phoneme is ambiguous`.
    pub message: String,
}

/// Where the generated tests' classes go, and what they compile against.
pub struct TestBuild<'a> {
    /// The work directory (test files in the index are relative to it).
    pub work: &'a Path,
    /// `javac` and the JUnit jars.
    pub tools: &'a JavaTools,
    /// The compiled project.
    pub classes_dir: &'a Path,
    /// The jars the project needs (`--classpath`).
    pub libraries: &'a [PathBuf],
    /// The project's packages that belong to JDK modules; the tests in them are compiled as
    /// patches of those modules too.
    pub patches: &'a ModulePatches,
    /// The compiled patches of the project, a folder per module.
    pub patch_dir: &'a Path,
    /// Output directory for the test classes (emptied first).
    pub out_dir: &'a Path,
    /// Where the classes of tests in patched packages go, a folder per module (emptied first).
    pub test_patch_dir: &'a Path,
    /// Where logs, argument files and pruned copies of test classes go.
    pub results_dir: &'a Path,
}

/// The folders of a build of the project and its tests below one folder: `classes/`,
/// `patches/`, `test-classes/` and `test-patches/`.
pub struct Layout {
    /// The project's classes.
    pub classes: PathBuf,
    /// The project's module patches, a folder per module.
    pub patches: PathBuf,
    /// The tests' classes.
    pub test_classes: PathBuf,
    /// The tests' module patches, a folder per module.
    pub test_patches: PathBuf,
}

impl Layout {
    /// The layout below `dir`.
    pub fn below(dir: &Path) -> Self {
        Layout {
            classes: dir.join("classes"),
            patches: dir.join("patches"),
            test_classes: dir.join("test-classes"),
            test_patches: dir.join("test-patches"),
        }
    }

    /// The build of tests into this layout, against the project compiled into it with its
    /// module `patches`; logs go to `results_dir`.
    pub fn tests<'a>(
        &'a self,
        work: &'a Path,
        tools: &'a JavaTools,
        libraries: &'a [PathBuf],
        patches: &'a ModulePatches,
        results_dir: &'a Path,
    ) -> TestBuild<'a> {
        TestBuild {
            work,
            tools,
            classes_dir: &self.classes,
            libraries,
            patches,
            patch_dir: &self.patches,
            out_dir: &self.test_classes,
            test_patch_dir: &self.test_patches,
            results_dir,
        }
    }
}

/// What javac did not compile of the project: the tests that need it are cut unseen.
pub struct LeftOut {
    /// The files left out, below their source root (as a site's id starts).
    files: HashSet<String>,
    /// The classes declared in them (binary names).
    classes: Vec<String>,
}

impl LeftOut {
    /// The files of `program` that `not_checked` lists as left out, and their classes.
    pub fn new(program: &frontend::ir::Program, not_checked: &[super::NotChecked]) -> LeftOut {
        let left: Vec<usize> = program
            .files
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                let path = absolute(Path::new(&f.path)).display().to_string();
                not_checked.iter().any(|n| n.file == path)
            })
            .map(|(i, _)| i)
            .collect();
        LeftOut {
            files: left.iter().map(|&i| program.files[i].rel.clone()).collect(),
            classes: program
                .classes
                .iter()
                .filter(|c| left.contains(&(c.file as usize)))
                .map(|c| c.name.clone())
                .collect(),
        }
    }

    /// Why `test`, whose method's source is `lines`, cannot compile: its site or the class
    /// it tests is in a file left out, or it names a class declared there.
    fn needed_by(&self, test: &TestCase, lines: &[String]) -> Option<String> {
        let rel = test.site.split(':').next().unwrap_or_default();
        if self.files.contains(rel) {
            return Some(format!("{rel} does not compile"));
        }
        let package = test.class.rsplit_once('.').map_or("", |(p, _)| p);
        self.classes.iter().find_map(|class| {
            let (home, simple) = class.rsplit_once('.').unwrap_or(("", class));
            let source_name = class.replace('$', ".");
            let simple = simple.replace('$', ".");
            let named = lines
                .iter()
                .any(|l| names(l, &source_name) || home == package && names(l, &simple));
            let tested = test.class == testgen::test_class_name(class);
            (named || tested).then(|| format!("class {source_name} does not compile"))
        })
    }
}

/// Whether `line` holds `name` as a whole name (not a part of a longer one).
fn names(line: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(|c| word(c) || c == '.') && !after.is_some_and(word)
    })
}

/// The generated tests javac compiled, and those it could not.
pub struct Compiled {
    /// The tests javac rejected; each was removed before the others ran.
    pub rejected: Vec<Rejected>,
    /// The tests cut before javac ran (class and method): they need a class that does not
    /// compile ([`LeftOut`]).
    pub cut: HashSet<(String, String)>,
}

/// Compiles the tests of the index but those that need a class left out (cut first).
pub fn compile_tests(
    build: &TestBuild<'_>,
    tests: &[TestCase],
    left_out: &LeftOut,
) -> Result<Compiled, Failure> {
    let mut files: BTreeMap<String, TestFile> = BTreeMap::new();
    for t in tests {
        files
            .entry(t.file.clone())
            .or_insert_with(|| TestFile::new(build.work, &t.file))
            .tests
            .push(t);
    }
    let mut cut = HashSet::new();
    for file in files.values_mut() {
        let unbuilt = file.remove_left_out(left_out, build.results_dir)?;
        cut.extend(unbuilt.into_iter().map(|t| (t.class, t.method)));
    }
    files.retain(|_, f| !f.tests.is_empty());
    let mut classpath = vec![build.classes_dir.to_path_buf()];
    classpath.extend(build.libraries.iter().cloned());
    classpath.extend(build.tools.junit.iter().cloned());
    let log = build.results_dir.join("javac-tests.log");
    let _ = std::fs::remove_file(&log);
    // The generated tests and their pruned copies: `tests/` below each.
    let patch_roots = [
        absolute(&build.work.join("tests")),
        absolute(&build.results_dir.join("pruned").join("tests")),
    ];
    let patch_dir = absolute(build.patch_dir);
    let mut removed = Vec::new();
    loop {
        super::reset_dir(build.out_dir)?;
        super::reset_dir(build.test_patch_dir)?;
        let sources: Vec<PathBuf> = files.values().map(|f| f.source.clone()).collect();
        if sources.is_empty() {
            return Ok(Compiled {
                rejected: removed,
                cut,
            });
        }
        let compilation = Compilation {
            javac: &build.tools.javac,
            target: invariants::toolchain::feature_release(&build.tools.java),
            release: build.tools.release,
            sources: &sources,
            classpath: &classpath,
            out_dir: build.out_dir,
            argfile: &build.results_dir.join("javac-tests.args"),
            patched: (!build.patches.is_empty()).then_some(PatchedSources {
                patches: build.patches,
                roots: &patch_roots,
                classes: std::slice::from_ref(&patch_dir),
                out: build.test_patch_dir,
            }),
            encoding: None,
        };
        let output = match javac::compile(&compilation) {
            Ok(()) => {
                return Ok(Compiled {
                    rejected: removed,
                    cut,
                })
            }
            Err(JavacError::Io(e)) => {
                return Err(Failure::new(format!("compiling the generated tests: {e}")))
            }
            Err(JavacError::Failed(out)) => out,
        };
        let _ = std::fs::write(&log, &output);
        let errors = javac::errors(&output);
        let mut progress = false;
        let mut emptied = Vec::new();
        for (rel, file) in files.iter_mut() {
            let mine: Vec<&javac::Diagnostic> =
                errors.iter().filter(|e| file.is(&e.file)).collect();
            if mine.is_empty() {
                continue;
            }
            let cut = file.remove_failing(&mine, build.results_dir)?;
            progress |= !cut.is_empty();
            removed.extend(cut);
            if file.tests.is_empty() {
                emptied.push(rel.clone());
            }
        }
        for rel in emptied {
            files.remove(&rel);
        }
        if !progress {
            return Err(Failure::new(format!(
                "javac could not compile the generated tests (full output in {}):\n{}",
                log.display(),
                javac::first_errors(&output, 5).join("\n")
            )));
        }
    }
}

/// One generated test class: the source javac reads and the tests still in it.
struct TestFile<'t> {
    /// Path below the work directory, as in the index.
    rel: String,
    /// The file as testgen wrote it (absolute, as javac names it).
    original: PathBuf,
    /// The file javac compiles: the original, or its pruned copy (absolute).
    source: PathBuf,
    /// Tests still in the class.
    tests: Vec<&'t TestCase>,
}

impl<'t> TestFile<'t> {
    fn new(work: &Path, rel: &str) -> Self {
        let original = absolute(&work.join(rel));
        TestFile {
            rel: rel.to_string(),
            source: original.clone(),
            original,
            tests: Vec::new(),
        }
    }

    /// True when javac's path names this file (as compiled now, or as testgen wrote it).
    fn is(&self, path: &Path) -> bool {
        path == self.source || path == self.original
    }

    /// Removes the tests holding `errors` (all of them when an error lies outside every
    /// test method) and writes the pruned copy javac reads next.
    fn remove_failing(
        &mut self,
        errors: &[&javac::Diagnostic],
        results_dir: &Path,
    ) -> Result<Vec<Rejected>, Failure> {
        let text = std::fs::read_to_string(&self.source)
            .map_err(|e| Failure::new(format!("{}: {e}", self.source.display())))?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let spans = self.spans(&lines);
        let mut failing: HashMap<usize, String> = HashMap::new();
        let mut outside: Option<String> = None;
        for e in errors {
            match spans.iter().find(|(_, s)| s.contains(e.line)) {
                Some((i, _)) => {
                    failing.entry(*i).or_insert_with(|| e.message.clone());
                }
                None => {
                    outside.get_or_insert_with(|| e.message.clone());
                }
            }
        }
        if let Some(message) = outside {
            for i in 0..self.tests.len() {
                failing.entry(i).or_insert_with(|| message.clone());
            }
        }
        self.prune(&mut lines, &spans, &failing, results_dir)
    }

    /// Removes the tests that need a class of `left_out` before anything is compiled,
    /// writes the pruned copy javac reads, and returns them.
    fn remove_left_out(
        &mut self,
        left_out: &LeftOut,
        results_dir: &Path,
    ) -> Result<Vec<TestCase>, Failure> {
        if left_out.classes.is_empty() && left_out.files.is_empty() {
            return Ok(Vec::new());
        }
        let text = std::fs::read_to_string(&self.source)
            .map_err(|e| Failure::new(format!("{}: {e}", self.source.display())))?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let spans = self.spans(&lines);
        let failing: HashMap<usize, String> = spans
            .iter()
            .filter_map(|&(i, span)| {
                let body = &lines[span.first - 1..span.last];
                left_out.needed_by(self.tests[i], body).map(|why| (i, why))
            })
            .collect();
        if failing.is_empty() {
            return Ok(Vec::new());
        }
        let cut = self.prune(&mut lines, &spans, &failing, results_dir)?;
        Ok(cut.into_iter().map(|r| r.test).collect())
    }

    /// The span of each test still in the class, by its index in `tests`.
    fn spans(&self, lines: &[String]) -> Vec<(usize, MethodSpan)> {
        self.tests
            .iter()
            .enumerate()
            .filter_map(|(i, t)| method_span(lines, t.line).map(|s| (i, s)))
            .collect()
    }

    /// Cuts the tests of `failing` (by index, with the reason) from `lines`, writes the
    /// pruned copy javac reads next and returns the tests cut.
    fn prune(
        &mut self,
        lines: &mut [String],
        spans: &[(usize, MethodSpan)],
        failing: &HashMap<usize, String>,
        results_dir: &Path,
    ) -> Result<Vec<Rejected>, Failure> {
        let mut cut = Vec::new();
        let mut keep = Vec::new();
        for (i, t) in self.tests.iter().enumerate() {
            let Some(message) = failing.get(&i) else {
                keep.push(*t);
                continue;
            };
            if let Some((_, span)) = spans.iter().find(|(j, _)| *j == i) {
                span.blank(lines, &t.method, message);
            }
            cut.push(Rejected {
                test: (*t).clone(),
                message: message.clone(),
            });
        }
        self.tests = keep;
        let pruned = absolute(&results_dir.join("pruned").join(&self.rel));
        if let Some(parent) = pruned.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Failure::new(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&pruned, lines.join("\n") + "\n")
            .map_err(|e| Failure::new(format!("{}: {e}", pruned.display())))?;
        self.source = pruned;
        Ok(cut)
    }
}

/// The lines of one generated test method, from its doc comment to its closing brace
/// (1-based, inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MethodSpan {
    first: usize,
    last: usize,
}

impl MethodSpan {
    fn contains(&self, line: u32) -> bool {
        (self.first..=self.last).contains(&(line as usize))
    }

    /// Replaces the method by a comment naming it and javac's message, then blank lines.
    fn blank(&self, lines: &mut [String], method: &str, message: &str) {
        for (n, line) in lines[self.first - 1..self.last].iter_mut().enumerate() {
            *line = if n == 0 {
                format!("    // dsd removed {method}: it does not compile: {message}")
            } else {
                String::new()
            };
        }
    }
}

/// The span of the test method declared on line `decl` of a generated test class: the
/// annotations and doc comment just above it, the body up to the first line that closes
/// a member (`    }`).
fn method_span(lines: &[String], decl: u32) -> Option<MethodSpan> {
    let decl = decl as usize;
    if decl == 0 || decl > lines.len() {
        return None;
    }
    let mut first = decl;
    while first > 1 {
        let above = lines[first - 2].trim_start();
        if above.starts_with('@') || above.starts_with("/**") {
            first -= 1;
        } else {
            break;
        }
    }
    let last = (decl..=lines.len()).find(|&n| lines[n - 1] == "    }")?;
    Some(MethodSpan { first, last })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASS: &str = "package p;\n\nimport org.junit.Test;\n\npublic class A_DsdTest {\n\n    /** Crash site A.java:3:5:Div. */\n    @Test\n    public void f_1() throws Throwable {\n        A.f(0);\n    }\n\n    /** Crash site A.java:4:5:Div. */\n    @Test\n    public void g_1() throws Throwable {\n        A.g(null);\n    }\n}\n";

    fn lines() -> Vec<String> {
        CLASS.lines().map(str::to_string).collect()
    }

    #[test]
    fn a_test_that_builds_an_input_of_a_class_left_out_is_cut() {
        let left_out = LeftOut {
            files: HashSet::from(["q/Bag.java".to_string()]),
            classes: vec!["p.Bag".into(), "q.Bag".into(), "p.Outer$Inner".into()],
        };
        let test = |class: &str, site: &str| TestCase {
            class: class.into(),
            method: "f_1".into(),
            file: "tests/p/A_DsdTest.java".into(),
            line: 9,
            site: site.into(),
            inputs: Vec::new(),
            null_input: false,
            reflection: false,
            observed: false,
            route: vcgen::Route::Direct,
            contract: Default::default(),
        };
        let a = test("p.A_DsdTest", "p/A.java:3:5:ArithmeticException@p.A.f(I)I");
        let body = |text: &str| vec![text.to_string()];
        assert!(left_out.needed_by(&a, &body("A.f(new Bag());")).is_some());
        assert!(left_out.needed_by(&a, &body("A.f(new q.Bag());")).is_some());
        assert!(left_out
            .needed_by(&a, &body("A.f(new Outer.Inner());"))
            .is_some());
        assert!(left_out
            .needed_by(&a, &body("A.f(new BagOfWords());"))
            .is_none());
        assert!(left_out.needed_by(&a, &body("A.f(new r.Bag());")).is_none());
        let site_left_out = test(
            "p.A_DsdTest",
            "q/Bag.java:7:9:ArithmeticException@q.Bag.g()I",
        );
        assert!(left_out
            .needed_by(&site_left_out, &body("A.f(0);"))
            .is_some());
        let class_left_out = test(
            "p.Bag_DsdTest",
            "p/A.java:3:5:ArithmeticException@p.A.f(I)I",
        );
        assert!(left_out
            .needed_by(&class_left_out, &body("Bag.h();"))
            .is_some());
    }

    #[test]
    fn a_method_spans_its_comment_annotation_and_body() {
        assert_eq!(
            method_span(&lines(), 9),
            Some(MethodSpan { first: 7, last: 11 })
        );
        assert_eq!(
            method_span(&lines(), 15),
            Some(MethodSpan {
                first: 13,
                last: 17
            })
        );
        assert_eq!(method_span(&lines(), 99), None);
    }

    #[test]
    fn blanking_keeps_every_other_line_where_it_was() {
        let mut l = lines();
        method_span(&l.clone(), 9)
            .expect("span")
            .blank(&mut l, "f_1", "no suitable method found");
        assert_eq!(l.len(), lines().len());
        assert_eq!(
            l[6],
            "    // dsd removed f_1: it does not compile: no suitable method found"
        );
        assert!(l[7..11].iter().all(String::is_empty));
        assert_eq!(l[14], "    public void g_1() throws Throwable {");
    }
}
