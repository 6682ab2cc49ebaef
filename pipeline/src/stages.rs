//! Runs each stage with a spinner, times it, and prints its one-line summary to stderr;
//! `dsd check` skips stages whose inputs are unchanged (see [`crate::stamps`]).

use crate::cli::{RunArgs, SolveArgs, VcgenArgs};
use crate::error::Failure;
use crate::progress::Progress;
use crate::report::{plural, StageTime};
use crate::run::{self, RunSummary};
use crate::stamps::{StageFiles, Stamps};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The `.java` files a stage reads below `roots`, found by the frontend's source walk.
fn source_files(
    roots: &[PathBuf],
    set: frontend::SourceSet,
    work: &Path,
) -> Result<Vec<PathBuf>, Failure> {
    let inputs = frontend::collect_sources(roots, set, Some(work))?;
    Ok(inputs.into_iter().map(|i| i.path).collect())
}

/// Most parse diagnostics echoed to stderr.
const MAX_DIAGNOSTICS: usize = 10;

/// The stages of one dsd invocation over one work directory, with their wall times.
pub struct Stages {
    work: PathBuf,
    stamps: Stamps,
    cache: bool,
    threads: usize,
    /// The encoding of the project's sources as javac names it (UTF-8 when `None`).
    pub encoding: Option<String>,
    /// The JDK that compiles, and the `java` that runs the tests (`--java-home`,
    /// `--test-java`).
    pub jdk: invariants::toolchain::Jdk,
    /// Wall time of every stage run so far.
    pub times: Vec<StageTime>,
}

impl Stages {
    /// Stages working in `work` with `threads` threads; with `cache`, stages whose inputs are
    /// unchanged are skipped.
    pub fn new(work: PathBuf, cache: bool, threads: usize) -> Stages {
        Stages {
            stamps: Stamps::new(&work),
            work,
            cache,
            threads,
            encoding: None,
            jdk: invariants::toolchain::Jdk::default(),
            times: Vec::new(),
        }
    }

    /// The threads the stages use (`--jobs`).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs one stage (or reuses its stored summary), records its time and prints
    /// `dsd STAGE: LINE in Ns` built by `describe`.
    fn stage<T, E>(
        &mut self,
        stage: &str,
        files: StageFiles,
        run: impl FnOnce(&Path, &Progress) -> Result<T, E>,
        describe: impl FnOnce(&T) -> String,
    ) -> Result<T, Failure>
    where
        T: Serialize + DeserializeOwned,
        E: Into<Failure>,
    {
        let hash = self.cache.then(|| self.stamps.input_hash(&files));
        if let Some(summary) = hash.and_then(|h| self.stamps.load::<T>(stage, h, &files)) {
            self.times.push(StageTime {
                stage: stage.to_string(),
                seconds: 0.0,
            });
            crate::progress::say(&format!(
                "dsd {stage}: {} (unchanged, skipped)",
                describe(&summary)
            ));
            return Ok(summary);
        }
        self.stamps.clear(stage);
        let outputs: Vec<String> = files
            .outputs
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        crate::progress::detail(&format!(
            "dsd {stage}: runs: {}; options: {}; writes {}",
            if self.cache {
                "its inputs or options changed since its last run, or it has not run"
            } else {
                "run alone, every time"
            },
            if files.options.is_empty() {
                "none"
            } else {
                &files.options
            },
            outputs.join(", ")
        ));
        let spinner = Progress::spinner(&format!("dsd {stage}"));
        let start = Instant::now();
        let result = run(&self.work, &spinner).map_err(Into::into);
        spinner.finish();
        let seconds = start.elapsed().as_secs_f64();
        self.times.push(StageTime {
            stage: stage.to_string(),
            seconds,
        });
        let summary = result?;
        crate::progress::say(&format!(
            "dsd {stage}: {} in {seconds:.1}s",
            describe(&summary)
        ));
        if let Some(h) = hash {
            self.stamps.store(stage, h, &files, &summary);
        }
        Ok(summary)
    }

    /// `dsd parse`: checks that the sources exist, that each file is a `.java` file and each
    /// folder holds some, then runs the frontend; the library classes the project uses are
    /// typed from `classpath`.
    pub fn parse(
        &mut self,
        sources: &[PathBuf],
        classpath: &[PathBuf],
    ) -> Result<frontend::ParseSummary, Failure> {
        if let Some(missing) = sources.iter().find(|s| !s.exists()) {
            return Err(Failure::new(format!(
                "source path {} does not exist; pass the directory that holds the project's .java files",
                missing.display()
            )));
        }
        if let Some(other) = sources
            .iter()
            .find(|s| s.is_file() && s.extension().is_none_or(|e| e != "java"))
        {
            return Err(Failure::new(format!(
                "{} is not a .java file; name the folders that hold the project's sources, or \
                 .java files",
                other.display()
            )));
        }
        let mut inputs = Vec::new();
        for root in sources {
            let files = source_files(
                std::slice::from_ref(root),
                frontend::SourceSet::Main,
                &self.work,
            )?;
            if files.is_empty() && root.is_dir() {
                return Err(Failure::new(format!(
                    "no .java file of the project in {} (hidden folders, build output and test \
                     source sets are skipped); name the folder that holds its sources, such as \
                     src/main/java",
                    root.display()
                )));
            }
            inputs.extend(files);
        }
        // The platform's classes are those of the JDK the tests run on. Without a JDK they stay
        // untyped; the run stage says what is missing.
        let java_home = self.jdk.test_home().ok();
        inputs.extend(classpath.iter().cloned());
        let files = StageFiles {
            inputs,
            outputs: vec![self.work.join("ir")],
            options: format!(
                "{} {java_home:?} {} {:?}",
                self.stamps.names(sources),
                self.stamps.names(classpath),
                self.encoding
            ),
        };
        let encoding = self.encoding.clone();
        let s = self.stage(
            "parse",
            files,
            |work, _| {
                let encoding = encoding.as_deref();
                frontend::parse_stage(sources, work, java_home.as_deref(), classpath, encoding)
            },
            |s| {
                format!(
                    "{}, {}, {} ({} unknown nodes, {})",
                    plural(s.files, "file"),
                    plural(s.classes, "class"),
                    plural(s.methods, "method"),
                    s.unknown_nodes,
                    plural(s.diagnostics.len(), "diagnostic")
                )
            },
        )?;
        for d in s.diagnostics.iter().take(MAX_DIAGNOSTICS) {
            eprintln!("  {d}");
        }
        if s.diagnostics.len() > MAX_DIAGNOSTICS {
            eprintln!("  ... and {} more", s.diagnostics.len() - MAX_DIAGNOSTICS);
        }
        Ok(s)
    }

    /// `dsd infer`: runs the project's tests on an instrumented copy and writes
    /// `WORK/invariants.json`.
    pub fn infer(
        &mut self,
        sources: &[PathBuf],
        tests: &[PathBuf],
        classpath: &[PathBuf],
    ) -> Result<invariants::InferSummary, Failure> {
        let options = invariants::Options {
            sources: sources.to_vec(),
            tests: tests.to_vec(),
            classpath: classpath.to_vec(),
            test_timeout: invariants::DEFAULT_TEST_TIMEOUT,
            encoding: self.encoding.clone(),
            jdk: self.jdk.clone(),
        };
        crate::progress::detail(&format!(
            "dsd infer: javac {}, the project's tests on {}, {}",
            self.jdk
                .tool("javac")
                .map_or_else(|e| e.0, |t| t.display().to_string()),
            self.jdk
                .test_java()
                .map_or_else(|e| e.0, |t| t.display().to_string()),
            invariants::sandbox::describe()
        ));
        let mut inputs = source_files(sources, frontend::SourceSet::Main, &self.work)?;
        inputs.extend(source_files(tests, frontend::SourceSet::Tests, &self.work)?);
        let files = StageFiles {
            inputs,
            outputs: vec![invariants::invariants_path(&self.work)],
            options: format!(
                "tests={} classpath={} {:?}",
                self.stamps.names(tests),
                self.stamps.names(classpath),
                self.jdk
            ),
        };
        self.stage(
            "infer",
            files,
            |work, _| invariants::infer_stage(work, &options).map_err(|e| Failure::new(e.0)),
            invariants::InferSummary::line,
        )
    }

    /// `dsd check` without `--tests`: removes invariants of an earlier run, so that none are
    /// assumed.
    pub fn forget_invariants(&self) -> Result<(), Failure> {
        let path = invariants::invariants_path(&self.work);
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Failure::new(format!(
                "cannot remove the stale {}: {e}; delete it by hand",
                path.display()
            ))),
        }
    }

    /// `dsd vcgen`; in PR mode only what `changed` touches, for `dsd reproduce` only the
    /// crash of `focus`.
    pub fn vcgen(
        &mut self,
        args: &VcgenArgs,
        changed: Option<vcgen::Changed>,
        focus: Option<vcgen::Focus>,
    ) -> Result<vcgen::VcSummary, Failure> {
        let changed_digest = changed.as_ref().map(vcgen::Changed::digest);
        let focus_text = format!("{focus:?}");
        let options = vcgen::Options {
            unroll: args.unroll,
            inline_depth: args.inline_depth,
            sequence: args.sequence,
            shard: args.shard,
            scope: vcgen::Scope::new(&args.exclude, &args.ignore).map_err(Failure::new)?,
            threads: self.threads,
            changed,
            focus,
            documentation: args.documentation,
        };
        let files = StageFiles {
            inputs: vec![self.work.join("ir"), self.work.join("invariants.json")],
            outputs: vec![self.work.join("vc")],
            options: format!(
                "unroll={} inline_depth={} sequence={} shard={:?} exclude={:?} ignore={:?} documentation={} changed={:?} focus={}",
                args.unroll,
                args.inline_depth,
                args.sequence,
                args.shard,
                args.exclude,
                args.ignore,
                args.documentation,
                changed_digest,
                focus_text
            ),
        };
        self.stage(
            "vcgen",
            files,
            |work, progress| {
                vcgen::vcgen_stage(work, &options, &|done, total| {
                    progress.set_done(done, total, "methods");
                })
            },
            |s| {
                let partial = match s.partial {
                    0 => String::new(),
                    n => format!(", {} analysed in part", plural(n, "method")),
                };
                format!(
                    "{}, {}, {} ({} checks folded without the solver{partial})",
                    plural(s.methods, "method"),
                    plural(s.sites, "site"),
                    plural(s.queries, "query"),
                    s.folded
                )
            },
        )
    }

    /// `dsd solve`; with a `deadline`, the stage ends then ([`solver::Options::deadline`]),
    /// and a stage so cut short is not kept as done: the next run solves again.
    pub fn solve(
        &mut self,
        args: &SolveArgs,
        deadline: Option<Instant>,
    ) -> Result<solver::SolveSummary, Failure> {
        let timeout_ms = u32::try_from(args.timeout.as_millis()).unwrap_or(u32::MAX);
        let options = solver::Options {
            timeout_ms,
            models: args.models,
            threads: self.threads,
            worker: solver::WorkerCommand {
                program: solver_worker()?,
                args: vec![
                    "solve-worker".into(),
                    "--memory".into(),
                    args.solver_memory.to_string().into(),
                ],
                env: crate::allocator::SOLVER_PROCESS_ENV
                    .iter()
                    .map(|(k, v)| (k.into(), v.into()))
                    .collect(),
            },
            deadline,
        };
        let files = StageFiles {
            inputs: vec![self.work.join("vc")],
            outputs: vec![self.work.join("cex")],
            options: format!(
                "timeout_ms={timeout_ms} models={} memory_mb={} z3={:?}",
                args.models,
                args.solver_memory,
                solver::z3_version()
            ),
        };
        self.stage(
            "solve",
            files,
            |work, progress| {
                solver::solve_stage(work, &options, &|done, total| {
                    progress.set_done(done, total, "preludes");
                })
            },
            |s| {
                let cut = match s.cut {
                    0 => String::new(),
                    n => format!(" ({n} cut off when the time given ran out)"),
                };
                let reused = match s.reused {
                    0 => String::new(),
                    n => format!("; {n} answered as by the last solve (the same formula)"),
                };
                format!(
                    "{}: {} sat, {} unsat, {} unknown{cut}, {} skipped (site settled or given \
                     up); {}{reused}",
                    plural(s.queries, "query"),
                    s.sat,
                    s.unsat,
                    s.unknown,
                    s.queries.saturating_sub(s.sat + s.unsat + s.unknown),
                    plural(s.models, "model")
                )
            },
        )
        .inspect(|s| {
            if s.cut > 0 {
                self.stamps.clear("solve");
            }
        })
    }

    /// `dsd testgen`.
    pub fn testgen(&mut self) -> Result<testgen::TestgenSummary, Failure> {
        let files = StageFiles {
            inputs: vec![self.work.join("ir"), self.work.join("cex")],
            outputs: vec![self.work.join("tests")],
            options: String::new(),
        };
        self.stage(
            "testgen",
            files,
            |work, _| testgen::testgen_stage(work),
            |s| {
                format!(
                    "{} in {}",
                    plural(s.tests, "test"),
                    plural(s.classes, "class")
                )
            },
        )
    }

    /// `dsd run`.
    pub fn run(&mut self, args: &RunArgs) -> Result<RunSummary, Failure> {
        let options = run::Options {
            test_timeout: args.test_timeout,
            classpath: crate::cli::classpath_entries(args.classpath.as_deref())?,
            jobs: self.threads,
            jdk: self.jdk.clone(),
        };
        let files = StageFiles {
            inputs: [
                self.work.join("ir"),
                self.work.join("tests"),
                self.work.join("vc").join("sites.json"),
            ]
            .into_iter()
            .chain(options.classpath.iter().cloned())
            .collect(),
            outputs: vec![self.work.join("results")],
            options: format!(
                "{:?} {} {:?}",
                args.test_timeout,
                self.stamps.names(&options.classpath),
                options.jdk
            ),
        };
        let findings_file = self.work.join("results").join("findings.json");
        self.stage(
            "run",
            files,
            |work, _| run::run_stage(work, &options),
            |s| {
                let c = &s.findings.counts;
                format!(
                    "{}: {} confirmed, {} refuted, {}, {} not run, {} not compiled; {} ({}, {}); {}; see {}",
                    plural(c.tests, "test"),
                    c.confirmed,
                    c.refuted,
                    plural(c.timeouts, "timeout"),
                    c.errors,
                    c.uncompiled,
                    plural(s.findings.findings.len(), "finding"),
                    plural(s.findings.count(run::findings::Level::Error), "error"),
                    plural(s.findings.count(run::findings::Level::Note), "note"),
                    plural(s.jvms, "JVM"),
                    findings_file.display()
                )
            },
        )
    }
}

/// The environment variable naming the program to start as a solver process instead of
/// this binary (whose hidden `solve-worker` command serves as one): set by a harness that
/// runs `dsd` in-process, where the running binary is the harness.
pub const SOLVER_WORKER_ENV: &str = "DSD_SOLVER_WORKER";

/// The program started for solver processes.
fn solver_worker() -> Result<std::ffi::OsString, Failure> {
    if let Some(program) = std::env::var_os(SOLVER_WORKER_ENV) {
        return Ok(program);
    }
    std::env::current_exe().map(Into::into).map_err(|e| {
        Failure::new(format!(
            "cannot find the dsd binary to start solver processes: {e}"
        ))
    })
}
