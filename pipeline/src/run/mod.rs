//! The run stage: compile the project and the generated tests, run the tests in the runner JVM,
//! classify each result against its site and group the confirmed crashes into findings.

pub mod baseline;
pub mod classify;
pub mod findings;
pub mod fingerprint;
pub mod jvm;
pub mod results;
pub mod runner;
pub mod suppress;
pub mod test_compile;
pub mod tools;
pub mod verdict;

use crate::error::Failure;
use crate::progress::Progress;
use classify::{ProjectClasses, Verdict};
use findings::Uncompiled;
use findings::{Confirmation, Counts, Findings, NotChecked, StackFrame};
use invariants::javac::{self, absolute, Compilation, JavacError, PatchedSources};
use invariants::modules::ModulePatches;
use jvm::{JvmConfig, TestId};
use results::{Outcome, TestResult};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;
use test_compile::{Layout, Rejected, TestBuild};
use testgen::TestCase;
use vcgen::Site;

/// Settings of the run stage.
#[derive(Debug, Clone)]
pub struct Options {
    /// Per-test timeout.
    pub test_timeout: Duration,
    /// Jars and folders the project needs: on the class path of every compile and of the
    /// test JVM.
    pub classpath: Vec<PathBuf>,
    /// Test JVMs run side by side (at most; see [`jvm::run_parallel`]).
    pub jobs: usize,
    /// The JDK that compiles, and the `java` that runs the tests.
    pub jdk: invariants::toolchain::Jdk,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            test_timeout: Duration::from_secs(10),
            classpath: Vec::new(),
            jobs: 1,
            jdk: invariants::toolchain::Jdk::default(),
        }
    }
}

/// What the run stage did, besides the findings.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct RunSummary {
    /// Findings and test counts (also in `results/findings.json`).
    pub findings: Findings,
    /// Crash sites known to vcgen.
    pub sites: usize,
    /// JVMs started to run the tests.
    pub jvms: usize,
}

/// Runs the generated tests of `work` and writes `results/results.jsonl` and
/// `results/findings.json`.
pub fn run_stage(work: &Path, options: &Options) -> Result<RunSummary, Failure> {
    let program = frontend::read_program(work)?;
    let table = vcgen::read_sites(work)?;
    let index = testgen::read_index(work)?;
    let results_dir = work.join("results");
    std::fs::create_dir_all(&results_dir)
        .map_err(|e| Failure::new(format!("{}: {e}", results_dir.display())))?;
    let tools = tools::locate(&options.jdk)?;
    crate::progress::detail(&format!(
        "dsd run: javac {} (JDK {}), java {} (JDK {}), {}, JUnit {}",
        tools.javac.display(),
        release(&tools.javac),
        tools.java.display(),
        release(&tools.java),
        invariants::sandbox::describe(),
        tools
            .junit
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(":")
    ));

    let spinner = Progress::spinner("compiling project");
    let layout = Layout::below(work);
    let libraries: Vec<PathBuf> = options.classpath.iter().map(|p| absolute(p)).collect();
    let (patches, left_out) = compile_project(&ProjectBuild {
        tools: &tools,
        program: &program,
        libraries: &libraries,
        classes_dir: &layout.classes,
        patch_dir: &layout.patches,
        results_dir: &results_dir,
    })?;
    let mut index = index;
    let mut results: HashMap<(String, String), TestResult> = HashMap::new();
    let mut runnable: Vec<&TestCase> = Vec::new();
    let mut uncompiled = Vec::new();
    let build = layout.tests(work, &tools, &libraries, &patches, &results_dir);
    if !index.tests.is_empty() {
        spinner.set_message("compiling tests");
        // A test of a class whose file does not compile, or that builds an input of one,
        // cannot compile either: it is cut unseen (the file is listed as not checked).
        let unbuilt = test_compile::LeftOut::new(&program, &left_out);
        let compiled = test_compile::compile_tests(&build, &index.tests, &unbuilt)?;
        index
            .tests
            .retain(|t| !compiled.cut.contains(&(t.class.clone(), t.method.clone())));
        for rejected in compiled.rejected {
            let test = &rejected.test;
            let r = TestResult::synthetic(
                &test.class,
                &test.method,
                Outcome::Error,
                format!(
                    "test does not compile ({}:{}): {}",
                    test.file, test.line, rejected.message
                ),
            );
            results.insert((test.class.clone(), test.method.clone()), r);
            uncompiled.push(rejected);
        }
        runnable.extend(
            index
                .tests
                .iter()
                .filter(|t| !results.contains_key(&(t.class.clone(), t.method.clone()))),
        );
    }
    spinner.finish();

    let mut jvms = 0;
    if !runnable.is_empty() {
        let runner_dir = runner::prepare(&tools, work)?;
        let config = test_jvm(&build, &program, &runner_dir, options.test_timeout);
        let ids: Vec<TestId> = runnable
            .iter()
            .map(|t| TestId {
                class: t.class.clone(),
                method: t.method.clone(),
            })
            .collect();
        let bar = Progress::bar(ids.len(), "running tests");
        let (ran, started) =
            jvm::run_parallel(&config, &ids, options.jobs, &|n| bar.set_position(n))?;
        bar.finish();
        jvms = started;
        if let Some(why) = none_ran(&ran) {
            return Err(Failure::new(format!(
                "none of the {} generated tests ran: {why}; see {} (what the test JVMs \
                 printed)",
                ran.len(),
                config.log.display()
            )));
        }
        for r in ran {
            results.insert((r.class.clone(), r.method.clone()), r);
        }
    }

    let ordered: Vec<&TestResult> = index
        .tests
        .iter()
        .filter_map(|t| results.get(&(t.class.clone(), t.method.clone())))
        .collect();
    write_results(&results_dir.join("results.jsonl"), &ordered)?;
    let h = frontend::Hierarchy::new(&program);
    let judge = verdict::Judge::new(&program, &h, table.documentation);
    let mut findings = evaluate(
        work,
        &program,
        &table,
        &index.tests,
        &results,
        &uncompiled,
        &judge,
    );
    suppress::apply(&frontend::read_suppressions(work)?, &mut findings);
    findings.not_checked = NotChecked::from_parse(&program);
    findings.not_checked.extend(left_out);
    let path = results_dir.join("findings.json");
    let text = serde_json::to_string_pretty(&findings)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    frontend::files::write_atomic(&path, text + "\n")
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    Ok(RunSummary {
        findings,
        sites: table.sites.len(),
        jvms,
    })
}

/// Classifies every result against its site, counts, and groups the confirmed ones; lists
/// the methods vcgen analysed only in part.
pub fn evaluate(
    work: &Path,
    program: &frontend::ir::Program,
    table: &vcgen::SiteTable,
    tests: &[TestCase],
    results: &HashMap<(String, String), TestResult>,
    uncompiled: &[Rejected],
    judge: &verdict::Judge,
) -> Findings {
    let project = ProjectClasses::from_program(program, tests.iter().map(|t| t.class.as_str()));
    let by_id: HashMap<&str, &Site> = table.sites.iter().map(|s| (s.id.as_str(), s)).collect();
    let sites = classify::SitesByFile::new(&table.sites);
    let files_of: HashMap<&str, &str> = program
        .classes
        .iter()
        .filter(|c| !c.library)
        .map(|c| {
            (
                c.name.as_str(),
                program.files[c.file as usize].path.as_str(),
            )
        })
        .collect();
    let mut counts = Counts::default();
    let mut confirmations = Vec::new();
    for test in tests {
        let Some(result) = results.get(&(test.class.clone(), test.method.clone())) else {
            continue;
        };
        counts.tests += 1;
        if uncompiled
            .iter()
            .any(|u| u.test.class == test.class && u.test.method == test.method)
        {
            counts.uncompiled += 1;
            continue;
        }
        let site = by_id.get(test.site.as_str()).copied();
        match classify::classify(result, site, &project) {
            Verdict::Confirmed => {
                counts.confirmed += 1;
                if let Some(site) = site {
                    let test_file = work.join(&test.file).display().to_string();
                    confirmations.push(Confirmation {
                        test,
                        site,
                        result,
                        stack: stack(result, &files_of, test, &test_file),
                        test_file,
                    });
                }
            }
            Verdict::Refuted => match sites.crashed_at(result, &project) {
                Some(site) => {
                    counts.confirmed += 1;
                    let test_file = work.join(&test.file).display().to_string();
                    confirmations.push(Confirmation {
                        test,
                        site,
                        result,
                        stack: stack(result, &files_of, test, &test_file),
                        test_file,
                    });
                }
                None => counts.refuted += 1,
            },
            Verdict::Timeout => counts.timeouts += 1,
            Verdict::Error => counts.errors += 1,
        }
    }
    let uncompiled = uncompiled
        .iter()
        .filter_map(|u| {
            let site = by_id.get(u.test.site.as_str())?;
            Some(Uncompiled {
                test: findings::TestRef::of(&u.test, work),
                site: site.id.clone(),
                file: site.file.clone(),
                line: site.line,
                col: site.col,
                method: findings::java_method(&site.class, &site.method),
                message: u.message.clone(),
            })
        })
        .collect();
    let findings = findings::group(&confirmations, judge);
    let found: HashSet<&str> = findings.iter().map(|f| f.site.as_str()).collect();
    let bounded = table
        .sites
        .iter()
        .filter(|s| s.bounded && !found.contains(s.id.as_str()))
        .map(findings::Bounded::of)
        .collect();
    Findings {
        findings,
        counts,
        uncompiled,
        partial: table.partial.iter().map(findings::Partial::of).collect(),
        bounded,
        gone: None,
        unused_suppressions: Vec::new(),
        not_checked: Vec::new(),
    }
}

/// The feature release of the JDK of a tool, for `-v`: `17`, or `?`.
fn release(tool: &Path) -> String {
    invariants::toolchain::feature_release(tool).map_or("?".into(), |r| r.to_string())
}

/// The JVMs that run generated tests: the runner (compiled in `runner_dir`) and JUnit; the
/// project's and the tests' classes, the project's resources (Maven's `src/main/resources`,
/// or files kept with the sources, as in the project's own build) and libraries; the module
/// patches of both; the per-test `timeout`; their scratch folder and log in the build's
/// results folder. `dsd run` and `dsd record`'s replay both run their tests so.
pub(crate) fn test_jvm(
    build: &TestBuild,
    program: &frontend::ir::Program,
    runner_dir: &Path,
    timeout: Duration,
) -> JvmConfig {
    let mut test_classpath = vec![absolute(build.classes_dir), absolute(build.out_dir)];
    test_classpath.extend(invariants::resource_dirs(&program.source_roots(), &[]));
    test_classpath.extend(build.libraries.iter().cloned());
    let mut runner_classpath = vec![absolute(runner_dir)];
    runner_classpath.extend(build.tools.junit.iter().map(|p| absolute(p)));
    JvmConfig {
        java: build.tools.java.clone(),
        module_options: build
            .patches
            .jvm_options(&[absolute(build.patch_dir), absolute(build.test_patch_dir)]),
        runner_classpath,
        test_classpath,
        timeout,
        watchdog: JvmConfig::watchdog_for(timeout),
        scratch: absolute(&build.results_dir.join("jvm")),
        log: absolute(&build.results_dir.join("jvm.log")),
        agent: invariants::sandbox::agent::jar(&absolute(runner_dir)),
    }
}

/// Why not one test ran, when none did: every result is an error of the set-up (a JVM that
/// died under each test, a test class it could not load), never a pass, a throw or a
/// timeout. A run like that says nothing of the project, so it must not end as a clean one.
fn none_ran(results: &[TestResult]) -> Option<String> {
    let first = results.first()?;
    results
        .iter()
        .all(|r| r.outcome == Outcome::Error)
        .then(|| {
            first
                .message
                .clone()
                .unwrap_or_else(|| "no reason given".into())
        })
}

/// Where the project's classes go.
pub(crate) struct ProjectBuild<'a> {
    /// `javac` and JUnit.
    pub(crate) tools: &'a tools::JavaTools,
    /// The project.
    pub(crate) program: &'a frontend::ir::Program,
    /// The jars the project needs.
    pub(crate) libraries: &'a [PathBuf],
    /// Class-path classes (emptied first).
    pub(crate) classes_dir: &'a Path,
    /// Classes of packages that belong to a JDK module, a folder per module (emptied first).
    pub(crate) patch_dir: &'a Path,
    /// Where javac's logs and argument files go.
    pub(crate) results_dir: &'a Path,
}

/// Compiles the project's own sources into `classes_dir`, those of packages that belong to a
/// JDK module as patches of it into `patch_dir` ([`ModulePatches`]), and returns those
/// packages. A file that does not compile is left out with a warning, and the rest compiled
/// again; the files left out are returned too.
pub(crate) fn compile_project(
    build: &ProjectBuild<'_>,
) -> Result<(ModulePatches, Vec<NotChecked>), Failure> {
    let project_files = || build.program.files.iter().filter(|f| f.is_built());
    let mut sources: Vec<PathBuf> = project_files()
        .map(|f| absolute(Path::new(&f.path)))
        .collect();
    if sources.is_empty() {
        return Err(Failure::new("ir/program.json lists no project source files; run `dsd parse SRC...` on a source directory"));
    }
    let package_of: HashMap<PathBuf, &str> = project_files()
        .map(|f| (absolute(Path::new(&f.path)), f.package.as_str()))
        .collect();
    let declared: HashSet<&str> = project_files()
        .map(|f| f.package.as_str())
        .chain(build.program.classes.iter().map(|c| c.simple_name.as_str()))
        .collect();
    let in_project = |name: &str| declared.contains(name);
    // A file's path ends with its package's folders when they spell its package, so these
    // are the folders that hold the package folders.
    let roots: Vec<PathBuf> = build
        .program
        .source_roots()
        .iter()
        .map(|r| absolute(r))
        .collect();
    let mut patches = ModulePatches::default();
    let mut left_out = Vec::new();
    let log = build.results_dir.join("javac-project.log");
    loop {
        reset_dir(build.classes_dir)?;
        reset_dir(build.patch_dir)?;
        let compilation = Compilation {
            javac: &build.tools.javac,
            target: invariants::toolchain::feature_release(&build.tools.java),
            release: build.tools.release,
            sources: &sources,
            classpath: build.libraries,
            out_dir: build.classes_dir,
            argfile: &build.results_dir.join("javac-project.args"),
            patched: (!patches.is_empty()).then_some(PatchedSources {
                patches: &patches,
                roots: &roots,
                classes: &[],
                out: build.patch_dir,
            }),
            encoding: build.program.encoding.as_deref(),
        };
        let out = match javac::compile(&compilation) {
            Ok(()) => return Ok((patches, left_out)),
            Err(JavacError::Io(e)) => {
                return Err(Failure::new(format!("compiling the project: {e}")))
            }
            Err(JavacError::Failed(out)) => out,
        };
        let _ = std::fs::write(&log, &out);
        if patches.learn(&out, |f| package_of.get(f).map(|p| p.to_string())) {
            say_patched(&patches);
            continue;
        }
        // One file that does not compile must not stop the run: leave it out, say so, retry.
        let bad = javac::files_with_errors(&out);
        let before = sources.len();
        sources.retain(|f| !bad.contains(f));
        for f in bad.iter().take(before - sources.len()) {
            let own = javac::output_for(&out, f);
            let first = javac::first_errors(&own, 1).join(" ");
            let hint = javac::missing_code_hint(&own, &in_project)
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            eprintln!(
                "dsd: warning: {} does not compile, its crashes are not checked: {}{hint}",
                f.display(),
                first.trim()
            );
            left_out.push(NotChecked {
                file: f.display().to_string(),
                line: javac::errors(&own).first().map_or(1, |e| e.line),
                reason: format!("does not compile: {}{hint}", first.trim()),
            });
        }
        if sources.len() == before || sources.is_empty() {
            let hint = javac::missing_code_hint(&out, &in_project)
                .unwrap_or_else(|| "dsd needs a project that compiles on its own".to_string());
            return Err(Failure::new(format!(
                "javac could not compile the project sources (full output in {}); {hint}:\n{}",
                log.display(),
                javac::first_errors(&out, 5).join("\n")
            )));
        }
    }
}

/// The frames of `result` in the project's classes (`files_of` gives their files) and in
/// `test`'s own method, outermost first: the crash as a path from the test to the site.
fn stack(
    result: &TestResult,
    files_of: &HashMap<&str, &str>,
    test: &TestCase,
    test_file: &str,
) -> Vec<StackFrame> {
    let mut frames = Vec::new();
    for frame in &result.frames {
        let line = u32::try_from(frame.line).unwrap_or(0);
        if frame.class == test.class && frame.method == test.method {
            frames.push(StackFrame {
                class: frame.class.clone(),
                method: frame.method.clone(),
                file: test_file.to_string(),
                line,
            });
            break;
        }
        let outer = frame.class.split('$').next().unwrap_or(&frame.class);
        if let Some(file) = files_of.get(frame.class.as_str()).or(files_of.get(outer)) {
            frames.push(StackFrame {
                class: frame.class.clone(),
                method: frame.method.clone(),
                file: file.to_string(),
                line,
            });
        }
    }
    frames.reverse();
    frames
}

/// Says once which project packages are compiled and run as patches of JDK modules.
fn say_patched(patches: &ModulePatches) {
    for (module, packages) in patches.modules() {
        let shown: Vec<&str> = packages.iter().take(3).map(String::as_str).collect();
        let more = match packages.len() - shown.len() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        let verb = if packages.len() == 1 {
            "belongs"
        } else {
            "belong"
        };
        eprintln!(
            "dsd: note: {}{more} {verb} to the JDK's module {module}: compiled and tested as a \
             patch of it (--patch-module)",
            shown.join(", ")
        );
    }
}

fn reset_dir(dir: &Path) -> Result<(), Failure> {
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .map_err(|e| Failure::new(format!("{}: {e}", dir.display())))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| Failure::new(format!("{}: {e}", dir.display())))
}

/// Reads a `results/results.jsonl` written by the run stage.
pub fn read_results(path: &Path) -> Result<Vec<TestResult>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::new(format!("{}: {e}; run `dsd run` first", path.display())))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
        })
        .collect()
}

fn write_results(path: &Path, results: &[&TestResult]) -> Result<(), Failure> {
    let mut text = String::new();
    for r in results {
        let line = serde_json::to_string(r)
            .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
        text.push_str(&line);
        text.push('\n');
    }
    frontend::files::write_atomic(path, text)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::{none_ran, Outcome, TestResult};

    #[test]
    fn a_run_where_every_test_died_is_no_clean_run() {
        let died = |m: &str| {
            TestResult::synthetic(
                "p.A_DsdTest",
                m,
                Outcome::Error,
                "JVM exited (exit status: 1)".into(),
            )
        };
        let all = vec![died("a"), died("b")];
        assert_eq!(
            none_ran(&all).as_deref(),
            Some("JVM exited (exit status: 1)")
        );
        let one_ran = vec![
            died("a"),
            TestResult::synthetic("p.A_DsdTest", "b", Outcome::Pass, String::new()),
        ];
        assert_eq!(none_ran(&one_ran), None);
        assert_eq!(none_ran(&[]), None);
    }
}
