//! The infer stage from sources and tests to `invariants.json`.

use crate::discover::{discover, Suite};
use crate::instrument::{instrument, Target};
use crate::javac::{self, absolute};
use crate::model::InvariantsFile;
use crate::ppt::Ppt;
use crate::run::{compile, run_tests, RunConfig};
use crate::sandbox::Sandbox;
use crate::toolchain::Tools;
use crate::trace::{Collector, Trace};
use crate::{invariants_path, runtime, spec, toolchain, Error};
use frontend::ir::{ClassKind, Program};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Default per-test timeout: a test that runs longer is taken for hung.
pub const DEFAULT_TEST_TIMEOUT: Duration = Duration::from_secs(60);

/// What the infer stage needs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The project's main source folders (or files).
    pub sources: Vec<PathBuf>,
    /// The project's test source folders.
    pub tests: Vec<PathBuf>,
    /// Extra jars or folders the project and its tests need.
    pub classpath: Vec<PathBuf>,
    /// Per-test timeout.
    pub test_timeout: Duration,
    /// The encoding of the project's sources and tests as javac names it (UTF-8 when `None`).
    pub encoding: Option<String>,
    /// The JDK that compiles, and the `java` that runs the tests.
    pub jdk: toolchain::Jdk,
}

/// What the infer stage did.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct InferSummary {
    /// Methods and constructors instrumented.
    pub instrumented: usize,
    /// Source files left uninstrumented because javac rejected their instrumented form.
    pub uninstrumented_files: usize,
    /// Test classes run.
    pub test_classes: usize,
    /// Tests run.
    pub tests: u64,
    /// Tests that failed (samples dropped).
    pub failed: u64,
    /// Test classes whose JVM hung or ended early.
    pub lost: Vec<String>,
    /// JVMs started.
    pub jvms: usize,
    /// Wall time of the test runs, in seconds.
    pub test_seconds: f64,
    /// Recorded calls.
    pub samples: u64,
    /// Methods with observed calls.
    pub methods: usize,
    /// Preconditions written.
    pub requires: usize,
    /// Postconditions written.
    pub ensures: usize,
    /// Class invariants written.
    pub class_invariants: usize,
}

impl InferSummary {
    /// All invariants written.
    pub fn invariants(&self) -> usize {
        self.requires + self.ensures + self.class_invariants
    }

    /// The one-line summary.
    pub fn line(&self) -> String {
        let mut line = format!(
            "{} methods observed, {} invariants ({} requires, {} ensures, {} class), {} samples; \
             {} tests in {} classes ({} failed, {} lost) ran in {:.1}s",
            self.methods,
            self.invariants(),
            self.requires,
            self.ensures,
            self.class_invariants,
            self.samples,
            self.tests,
            self.test_classes,
            self.failed,
            self.lost.len(),
            self.test_seconds
        );
        if self.uninstrumented_files > 0 {
            line.push_str(&format!(
                "; {} files left uninstrumented",
                self.uninstrumented_files
            ));
        }
        line
    }
}

/// Reads `WORK/invariants.json`; `None` when the infer stage has not run.
pub fn read_invariants(work_dir: &Path) -> Result<Option<InvariantsFile>, Error> {
    let path = invariants_path(work_dir);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("cannot read {}: {e}", path.display())))?;
    serde_json::from_str(&text).map(Some).map_err(|e| {
        Error(format!(
            "{}: {e}; delete it and run `dsd infer` again",
            path.display()
        ))
    })
}

pub(crate) fn io_error(what: &str, path: &Path, e: std::io::Error) -> Error {
    Error(format!("cannot {what} {}: {e}", path.display()))
}

/// Runs the project's tests on an instrumented copy and writes `WORK/invariants.json`.
pub fn infer_stage(work_dir: &Path, options: &Options) -> Result<InferSummary, Error> {
    for path in options.sources.iter().chain(&options.tests) {
        if !path.exists() {
            return Err(Error(format!(
                "{} does not exist; pass the folders with the project's main and test sources",
                path.display()
            )));
        }
    }
    let work = absolute(work_dir);
    let out_path = invariants_path(&work);
    if out_path.exists() {
        std::fs::remove_file(&out_path).map_err(|e| io_error("remove", &out_path, e))?;
    }
    let mut suite = discover(&options.tests, &work)?;
    if suite.classes.is_empty() {
        return Err(Error(format!(
            "no JUnit test classes found below {}; pass the folder with the project's tests \
             (e.g. src/test/java)",
            display_list(&options.tests)
        )));
    }
    let tools = toolchain::locate(suite.flavour, &options.jdk)?;
    let inputs =
        frontend::collect_sources(&options.sources, frontend::SourceSet::Main, Some(&work))
            .map_err(|e| Error(e.0))?;
    let (program, summary) = frontend::parse_program_in(&inputs, options.encoding.as_deref());
    summary.reject_duplicate_classes().map_err(|e| Error(e.0))?;
    let built = build(&work, &program, &suite, &tools, options)?;
    let traces = work.join("traces");
    if traces.exists() {
        std::fs::remove_dir_all(&traces).map_err(|e| io_error("clear", &traces, e))?;
    }
    std::fs::create_dir_all(&traces).map_err(|e| io_error("create", &traces, e))?;
    // A test class whose file was left out of the build has nothing to run.
    let compiled = |class: &String| {
        let file = format!("{}.class", class.replace('.', "/"));
        built.classes.join(file).exists()
    };
    suite.classes.retain(compiled);
    let mut classpath = vec![built.classes];
    classpath.extend(resource_dirs(&options.sources, &options.tests));
    classpath.extend(built.classpath);
    let cwd = project_root(&options.tests);
    let agent = crate::sandbox::agent::prepare(&tools.javac, &infer_dir(&work)).map_err(Error)?;
    let config = RunConfig {
        java: &tools.java,
        classpath,
        runner: runtime::runner_class(suite.flavour),
        timeout: options.test_timeout,
        scratch: &infer_dir(&work),
        traces: &traces,
        cwd: &cwd,
        ppts: point_count(&built.ppts),
        sandbox: Sandbox {
            writable: vec![work.clone()],
            tmp: infer_dir(&work).join("tmp"),
            runner_output: Vec::new(),
            agent,
        },
    };
    let stats = run_tests(&config, &suite.classes)?;
    let (file, samples) = infer_from(&traces, &program, &built.ppts)?;
    let json = serde_json::to_string_pretty(&file)
        .map_err(|e| Error(format!("cannot encode the invariants: {e}")))?;
    frontend::files::write_atomic(&out_path, json + "\n")
        .map_err(|e| io_error("write", &out_path, e))?;
    Ok(InferSummary {
        instrumented: built.ppts.len(),
        uninstrumented_files: built.uninstrumented,
        test_classes: suite.classes.len(),
        tests: stats.tests,
        failed: stats.failed,
        lost: stats.lost,
        jvms: stats.jvms,
        test_seconds: stats.seconds,
        samples,
        methods: file.methods.len(),
        requires: file.methods.iter().map(|m| m.requires.len()).sum(),
        ensures: file.methods.iter().map(|m| m.ensures.len()).sum(),
        class_invariants: file.classes.iter().map(|c| c.invariants.len()).sum(),
    })
}

/// Where the infer stage instruments, compiles and runs: `WORK/infer`.
pub(crate) fn infer_dir(work: &Path) -> PathBuf {
    work.join("infer")
}

/// The instrumented project's classes, compiled with its tests: `WORK/infer/classes`.
pub(crate) fn instrumented_classes(work: &Path) -> PathBuf {
    infer_dir(work).join("classes")
}

/// The instrumented program points, as JSON: `WORK/infer/ppts.json`.
pub(crate) fn ppts_path(work: &Path) -> PathBuf {
    infer_dir(work).join("ppts.json")
}

/// How many program points the recorder keeps counts for: the ids of `ppts` are below it.
pub(crate) fn point_count(ppts: &[Ppt]) -> usize {
    ppts.iter().map(|p| p.id as usize + 1).max().unwrap_or(0)
}

/// The samples the recorder wrote below `traces`, each checked against the number of
/// values its program point in `ppts` records.
pub(crate) fn read_trace(traces: &Path, ppts: &[Ppt]) -> Result<Trace, Error> {
    let mut collector = Collector::default();
    collector.add_dir(traces).map_err(Error)?;
    let by_id: HashMap<u32, &Ppt> = ppts.iter().map(|p| (p.id, p)).collect();
    Ok(collector.finish(|id| {
        by_id
            .get(&id)
            .map(|p| (p.entry_slots().len(), p.exit_slots().len()))
    }))
}

/// The compiled instrumented project and tests.
struct Built {
    /// The instrumented program points.
    ppts: Vec<Ppt>,
    /// Where the classes are.
    classes: PathBuf,
    /// JUnit and the user's extra class path.
    classpath: Vec<PathBuf>,
    /// Files left uninstrumented.
    uninstrumented: usize,
}

/// Instruments the project into `WORK/infer/src` and compiles it with the recorder, the runner
/// and the tests into `WORK/infer/classes`.
fn build(
    work: &Path,
    program: &Program,
    suite: &Suite,
    tools: &toolchain::Tools,
    options: &Options,
) -> Result<Built, Error> {
    let infer = infer_dir(work);
    if infer.exists() {
        std::fs::remove_dir_all(&infer).map_err(|e| io_error("clear", &infer, e))?;
    }
    let (ppts, copies) = instrument_project(program, &infer.join("src"))?;
    std::fs::create_dir_all(&infer).map_err(|e| io_error("create", &infer, e))?;
    let ppts_path = ppts_path(work);
    let json = serde_json::to_string(&ppts)
        .map_err(|e| Error(format!("cannot encode the program points: {e}")))?;
    frontend::files::write_atomic(&ppts_path, json)
        .map_err(|e| io_error("write", &ppts_path, e))?;
    let mut files: Vec<PathBuf> = copies.iter().map(|c| c.copy.clone()).collect();
    files.extend(runtime::write(&infer.join("runtime"), suite.flavour).map_err(Error)?);
    files.extend(suite.files.iter().map(|f| absolute(f)));
    let classes = instrumented_classes(work);
    let mut classpath = tools.junit.clone();
    classpath.extend(options.classpath.iter().map(|p| absolute(p)));
    let uninstrumented = compile_with_fallback(
        tools,
        &classpath,
        &files,
        &classes,
        &infer,
        Copies {
            files: &copies,
            run: "the usage run",
        },
        options.encoding.as_deref(),
    )?;
    Ok(Built {
        ppts,
        classes,
        classpath,
        uninstrumented,
    })
}

/// Reads the traces and infers the specifications; also returns the number of recorded calls.
fn infer_from(
    traces: &Path,
    program: &Program,
    ppts: &[Ppt],
) -> Result<(InvariantsFile, u64), Error> {
    let trace = read_trace(traces, ppts)?;
    let samples = trace.samples.iter().map(|s| s.count).sum();
    Ok((spec::build(program, ppts, &trace), samples))
}

fn display_list(paths: &[PathBuf]) -> String {
    let parts: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    parts.join(", ")
}

/// A project file's instrumented copy and its original.
pub(crate) struct FileCopy {
    /// The instrumented copy.
    pub(crate) copy: PathBuf,
    /// The user's file (absolute).
    pub(crate) original: PathBuf,
}

/// Instruments every project file into `out`; returns the program points and the copies.
fn instrument_project(program: &Program, out: &Path) -> Result<(Vec<Ppt>, Vec<FileCopy>), Error> {
    let mut ppts = Vec::new();
    let mut next_id = 0u32;
    let hierarchy = frontend::Hierarchy::new(program);
    let copies = instrument_files(program, out, |index, text| {
        let mut candidates = Vec::new();
        for class in program.classes.iter().filter(|c| c.file as usize == index) {
            if class.kind == ClassKind::Annotation {
                continue;
            }
            let this_type = if class.type_params.is_empty() {
                class.simple_name.clone()
            } else {
                format!("{}<{}>", class.simple_name, class.type_params.join(", "))
            };
            for method in &class.methods {
                if method.body.is_none() || method.synthetic || method.name == "<clinit>" {
                    continue;
                }
                let mut ppt = Ppt::of(&hierarchy, class, method);
                ppt.id = next_id;
                next_id += 1;
                candidates.push((ppt, method.span, this_type.clone()));
            }
        }
        let targets: Vec<Target> = candidates
            .iter()
            .map(|(ppt, span, this_type)| Target {
                ppt,
                line: span.line,
                col: span.col,
                this_type: this_type.clone(),
            })
            .collect();
        let result = instrument(text, &targets)?;
        let done: std::collections::HashSet<u32> = result.done.iter().copied().collect();
        ppts.extend(
            candidates
                .into_iter()
                .map(|c| c.0)
                .filter(|p| done.contains(&p.id)),
        );
        Ok(result.text)
    })?;
    Ok((ppts, copies))
}

/// Writes a copy of every project file that is built below `out` (at its path below its
/// source root, in the project's encoding), its text what `rewrite` makes of the original's
/// (given the file's index in `program.files`); an error of `rewrite` is prefixed with the
/// file. Returns the copies.
pub(crate) fn instrument_files(
    program: &Program,
    out: &Path,
    mut rewrite: impl FnMut(usize, &str) -> Result<String, String>,
) -> Result<Vec<FileCopy>, Error> {
    let encoding = program.encoding.as_deref();
    let mut copies = Vec::new();
    for (index, file) in program.files.iter().enumerate() {
        if !file.is_built() {
            continue;
        }
        let original = PathBuf::from(&file.path);
        let text = frontend::encoding::read_source(&original, encoding)
            .map_err(|e| Error(format!("{}: {e}", original.display())))?;
        let rewritten =
            rewrite(index, &text).map_err(|e| Error(format!("{}: {e}", original.display())))?;
        let copy = out.join(&file.rel);
        if let Some(dir) = copy.parent() {
            std::fs::create_dir_all(dir).map_err(|e| io_error("create", dir, e))?;
        }
        std::fs::write(&copy, frontend::encoding::encode(&rewritten, encoding))
            .map_err(|e| io_error("write", &copy, e))?;
        copies.push(FileCopy {
            copy,
            original: absolute(&original),
        });
    }
    Ok(copies)
}

/// The instrumented copies javac compiles, and what the run they are for is called in
/// warnings (`the usage run`).
pub(crate) struct Copies<'a> {
    /// The copies and their originals.
    pub(crate) files: &'a [FileCopy],
    /// The run, as a warning names it.
    pub(crate) run: &'a str,
}

/// Compiles; when javac rejects instrumented files, puts their originals back and retries;
/// a file that does not compile as written is left out of `run` (the warning says so).
/// Returns how many files were left uninstrumented.
pub(crate) fn compile_with_fallback(
    tools: &Tools,
    classpath: &[PathBuf],
    files: &[PathBuf],
    classes: &Path,
    scratch: &Path,
    copies: Copies,
    encoding: Option<&str>,
) -> Result<usize, Error> {
    let Copies { files: copies, run } = copies;
    let mut files = files.to_vec();
    let mut restored: Vec<&Path> = Vec::new();
    let mut last = String::new();
    // Each attempt restores or leaves out at least one file, so there are at most as many
    // attempts as files, plus the one that compiles.
    for _ in 0..=files.len() {
        let (message, culprits) =
            match compile(tools, classpath, &files, classes, scratch, encoding) {
                Ok(()) => return Ok(restored.len()),
                Err(failure) => failure,
            };
        last = message;
        let mut changed = false;
        for culprit in &culprits {
            let copy = copies.iter().find(|c| c.copy == *culprit);
            match copy {
                Some(FileCopy { copy, original }) if !restored.contains(&copy.as_path()) => {
                    std::fs::copy(original, copy).map_err(|e| io_error("restore", copy, e))?;
                    restored.push(copy);
                    changed = true;
                }
                _ => {
                    // A test file (or a project file) that does not compile as written costs
                    // only the tests in it, as a source file that does not compile costs only
                    // its own crashes in `dsd check`.
                    let shown = copy.map_or(culprit, |c| &c.original);
                    let own = javac::output_for(&last, culprit);
                    let first =
                        javac::first_errors(if own.is_empty() { &last } else { &own }, 1).join(" ");
                    eprintln!(
                        "dsd: warning: {} does not compile, left out of {run}: {first}",
                        shown.display()
                    );
                    let before = files.len();
                    files.retain(|f| f != culprit);
                    changed |= files.len() != before;
                }
            }
        }
        if !changed {
            break;
        }
    }
    Err(Error(format!(
        "compiling the project with its tests failed:\n{last}\npass the jars the project needs \
         with --classpath"
    )))
}

/// Resource folders of Maven-style source roots (`src/main/resources` next to
/// `src/main/java`), and the source folders themselves (for resources kept with the sources).
pub fn resource_dirs(sources: &[PathBuf], tests: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in sources.iter().chain(tests).filter(|d| d.is_dir()) {
        let dir = absolute(dir);
        if dir.file_name().is_some_and(|n| n == "java") {
            if let Some(res) = dir
                .parent()
                .map(|p| p.join("resources"))
                .filter(|p| p.is_dir())
            {
                out.push(res);
            }
        }
        out.push(dir);
    }
    out
}

/// The folder the tests run in: the project root above `src/test/java`, else the current one.
pub(crate) fn project_root(tests: &[PathBuf]) -> PathBuf {
    let first = tests.first().map(|t| absolute(t));
    first
        .and_then(|t| {
            let parts: Vec<_> = t
                .components()
                .rev()
                .take(3)
                .map(|c| c.as_os_str().to_owned())
                .collect();
            let maven = parts.len() == 3 && parts[0] == "java" && parts[2] == "src";
            maven
                .then(|| t.ancestors().nth(3).map(Path::to_path_buf))
                .flatten()
        })
        .unwrap_or_else(|| absolute(Path::new(".")))
}
