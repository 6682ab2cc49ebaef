//! The command line: subcommands, their options, and dispatch to the stages.

use crate::changes;
use crate::discover;
use crate::error::{Failure, EXIT_CLEAN, EXIT_FINDINGS};
use crate::report::rules::{self, RuleFormat};
use crate::report::{self, plural, Format, Summary};
use crate::run::baseline;
use crate::run::findings::{Findings, Level};
use crate::stages::Stages;
use clap::parser::ValueSource;
use clap::{Args, Parser, Subcommand};
use invariants::toolchain::Flavour;
use std::path::PathBuf;
use std::time::Duration;

/// Finds Java runtime crashes that really happen, and proves each with a JUnit test.
#[derive(Debug, Parser)]
#[command(name = "dsd", version)]
pub struct Cli {
    /// Directory for intermediate files and results.
    #[arg(long, global = true, value_name = "DIR", default_value = ".dsd")]
    pub work_dir: PathBuf,
    /// Settings file for `dsd check` (default: the nearest dsd.toml at or above the current
    /// folder); options on the command line override it.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Print only the report, warnings and errors: no progress, stage lines or summary line
    /// on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Colours in the terminal report: `auto` (when stdout is a terminal and NO_COLOR is not
    /// set), `always` or `never`.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = Colour::Auto)]
    pub color: Colour,
    /// Say more on stderr: why each stage runs, with its options and what it writes, and the
    /// Java tools the run uses.
    #[arg(short, long, global = true, conflicts_with = "quiet")]
    pub verbose: bool,
    /// Threads for vcgen, solver processes and test JVMs (default: the number of cores).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Whether the command walks program trees, and so runs on a deep stack
    /// (`frontend::deep`). A solver process holds no program and bounds its own data
    /// segment, which a deep stack reservation would use up.
    pub fn walks_programs(&self) -> bool {
        !matches!(self.command, Command::SolveWorker { .. } | Command::Rule(_))
    }
}

/// When the terminal report is in colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Colour {
    /// When the report goes to a terminal and the environment does not ask for none
    /// (`NO_COLOR` set and not empty, or `TERM=dumb`).
    Auto,
    /// Always, even into a file or a pipe.
    Always,
    /// Never.
    Never,
}

impl Colour {
    /// Whether a report written to `output` (stdout when `None`) is in colour.
    pub fn wanted(self, output: Option<&std::path::Path>) -> bool {
        use std::io::IsTerminal;
        match self {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => {
                let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
                    || std::env::var_os("TERM").is_some_and(|t| t == "dumb");
                output.is_none() && !no_colour && std::io::stdout().is_terminal()
            }
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read Java sources into the program model (WORK/ir/).
    Parse {
        /// Source directories or .java files.
        #[arg(required = true, value_name = "SRC")]
        sources: Vec<PathBuf>,
        /// Extra class path (jars, folders; `:`-separated) whose classes the project uses:
        /// their members are typed from their class files.
        #[arg(long, value_name = "CP")]
        classpath: Option<String>,
    },
    /// Run the project's own tests on an instrumented copy and infer the invariants they
    /// respect (WORK/invariants.json).
    Infer(InferArgs),
    /// Compute one verification condition per crash site (WORK/vc/).
    Vcgen(VcgenArgs),
    /// Solve the verification conditions into concrete inputs (WORK/cex/).
    Solve(SolveArgs),
    /// Write JUnit tests from the inputs (WORK/tests/).
    Testgen,
    /// Compile and run the generated tests, keep the crashes they reproduce (WORK/results/).
    Run(RunArgs),
    /// Run every stage and report the reproduced crashes; stages whose inputs are unchanged are
    /// skipped (delete WORK/.stamps to force them).
    Check(Box<CheckArgs>),
    /// Combine the reports of the shards of one run (`dsd check --shard I/N`) into the report of
    /// the whole run.
    Merge(MergeArgs),
    /// Print the documentation of a crash kind (`dsd rule ArithmeticException`) or of all
    /// of them (`dsd rule --all`): what dsd finds, why it matters, an example, how to fix
    /// it, and when it is an error or a note.
    Rule(RuleArgs),
    /// Write a JUnit test that raises the crash of a Java stack trace, its frames 1..K
    /// matching in class, method and line (WORK/reproduce/); exit 0 when reproduced, 1 when
    /// not.
    Reproduce(Box<ReproduceArgs>),
    /// A solver process of the solve stage: reads requests on stdin, answers on stdout.
    #[command(hide = true)]
    SolveWorker {
        /// Memory the process may hold, in MB.
        #[arg(long, value_name = "MB")]
        memory: u32,
    },
}

/// Options of the infer stage.
#[derive(Debug, Clone, Args)]
pub struct InferArgs {
    /// Main source directories or .java files (default: the roots `dsd parse` read).
    #[arg(value_name = "SRC")]
    pub sources: Vec<PathBuf>,
    /// Test source directories (JUnit 4 or 5) whose runs show the intended usage.
    #[arg(long, required = true, num_args = 1.., value_name = "TEST_SRC")]
    pub tests: Vec<PathBuf>,
    /// Extra class path (jars, folders; `:`-separated) the project and its tests need.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
}

/// Options of the vcgen stage.
#[derive(Debug, Clone, Args)]
pub struct VcgenArgs {
    /// How many times each loop is unrolled.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub unroll: u32,
    /// How deep calls into project methods are inlined.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub inline_depth: u32,
    /// Most public calls a sequence makes before the method under test (`new C(..);
    /// c.m1(..); c.m2(..); …`, on its object or on an object passed to it), for crashes
    /// that need state earlier calls leave; below 2, only one call first.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub sequence: u32,
    /// Analyse only shard I of N: the entries (methods) whose stable hash falls in it; merge the
    /// N reports with `dsd merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<vcgen::Shard>,
    /// Leave out the files whose path below their source root matches GLOB (`*` within a
    /// folder, `**` across folders): they are read for their types, but no crash in them is
    /// checked. Repeat for more globs.
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub exclude: Vec<String>,
    /// Leave out crashes of these kinds, named by the exception's simple name
    /// (`ClassCastException`); comma-separated or repeated.
    #[arg(long, value_name = "KIND", value_delimiter = ',', value_parser = parse_kind)]
    pub ignore: Vec<String>,
}

/// Options of the solve stage.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// Solver timeout per query, in seconds, counted in Z3's work (6,000 resource units a
    /// millisecond) so that every run gives the same answers; a check also stops at three times
    /// as much CPU time.
    // Why 2 s: `solver::budget`'s module doc (goals decided past it were nearly all refuted).
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// Most distinct models (tests) per crash site.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub models: u32,
    /// Memory each solver process (one per job) may hold, in MB; a query that needs more is
    /// given up (unknown), like a timeout.
    #[arg(long, value_name = "MB", default_value_t = 768)]
    pub solver_memory: u32,
}

/// Options of the run stage.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Timeout per test, in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub test_timeout: Duration,
    /// Extra class path (jars, folders; `:`-separated) the project and its tests need: used to
    /// compile the project and the generated tests and to run them.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// Which findings make the exit status 1.
    #[command(flatten)]
    pub exit: ExitArgs,
}

/// Options that decide the exit status of a command that reports findings.
#[derive(Debug, Clone, Copy, Args)]
pub struct ExitArgs {
    /// The least level of finding that makes `dsd` exit with status 1: `error`, `note`
    /// (errors and notes), or `never` (0 whatever is found; 2 still means dsd failed).
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
}

/// Which findings fail a run (exit status 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    /// Findings at level error.
    Error,
    /// Findings at level error or note.
    Note,
    /// No finding: the run fails only when dsd itself does (status 2).
    Never,
}

/// Options of `dsd check`.
#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// Source directories or .java files, or a Maven or Gradle project's root (default:
    /// `sources` of dsd.toml, else the project in the current folder).
    #[arg(value_name = "SRC")]
    pub sources: Vec<PathBuf>,
    /// Test source directories: infer invariants from their runs first (without it, no
    /// invariants are assumed); without a folder, the test folders of the project's build.
    #[arg(long, num_args = 0.., value_name = "TEST_SRC")]
    pub tests: Vec<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Compare with the baseline FILE: the findings it knows are listed as baselined and do
    /// not change the exit status; the ones it knows that are not found are listed as gone.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Write every finding of this run to the baseline FILE (they are then all baselined).
    #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
    pub write_baseline: Option<PathBuf>,
    /// PR mode: check only the methods whose lines changed since the git revision REV
    /// (committed or not, new files too), through their own entries and their callers', and
    /// report only their findings.
    #[arg(long, value_name = "REV", conflicts_with = "write_baseline")]
    pub changed_since: Option<String>,
    /// Keep a regression test of each finding (bar suppressed ones) in the test source folder
    /// DIR: `<Class>DsdTest.java` in the package of the class under test, passing while the
    /// crash is there; a file dsd did not write stops it before anything is written.
    #[arg(long, value_name = "DIR")]
    pub emit_tests: Option<PathBuf>,
    /// The JUnit of the tests --emit-tests writes, 4 or 5 (default: the one the project's
    /// tests use, from --tests or the build file, else 5).
    #[arg(long, value_name = "VERSION", value_parser = parse_junit)]
    pub junit: Option<Flavour>,
    /// Options of the vcgen stage.
    #[command(flatten)]
    pub vcgen: VcgenArgs,
    /// Options of the solve stage.
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Options of the run stage.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Options of `dsd reproduce`.
#[derive(Debug, Clone, Args)]
pub struct ReproduceArgs {
    /// The stack trace, as printed by the JVM or pasted from a log.
    #[arg(value_name = "TRACE_FILE")]
    pub trace: PathBuf,
    /// Source directories or .java files, or a Maven or Gradle project's root (default: the
    /// project in the current folder).
    #[arg(value_name = "SRC")]
    pub sources: Vec<PathBuf>,
    /// Extra class path (jars, folders; `:`-separated) the project needs.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// Aim at frame K (from 1 at the top of the trace): the test calls its method and frames
    /// 1..K must match (default: the deepest project frame a test can call, then the
    /// shallower ones).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(usize))]
    pub frame: Option<usize>,
    /// Which exception of a `Caused by:` chain to reproduce: 0 the top one, 1 its cause, ...
    /// (default: the innermost cause).
    #[arg(long, value_name = "N")]
    pub cause: Option<usize>,
    /// Test source directories: infer invariants from their runs first, as `dsd check
    /// --tests` does, look for inputs within that usage first, and say which frame is
    /// entered outside it and which caller passed what the project's tests never pass.
    #[arg(long, num_args = 1.., value_name = "TEST_SRC")]
    pub tests: Vec<PathBuf>,
    /// Also keep the test in the test source folder DIR: `<Trace>CrashTest.java` (after the
    /// trace file's name) in the package of the class it calls; a file dsd did not write
    /// stops it.
    #[arg(long, value_name = "DIR")]
    pub emit_tests: Option<PathBuf>,
    /// The JUnit of the test, 4 or 5 (default: the one the project's tests use, from --tests
    /// or the build file, else 5).
    #[arg(long, value_name = "VERSION", value_parser = parse_junit)]
    pub junit: Option<Flavour>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = ReproduceFormat::Text)]
    pub format: ReproduceFormat,
    /// Write the report to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Timeout per test, in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub test_timeout: Duration,
    /// Options of the vcgen stage.
    #[command(flatten)]
    pub vcgen: VcgenArgs,
    /// Options of the solve stage.
    #[command(flatten)]
    pub solve: SolveArgs,
}

/// Formats of `dsd reproduce`'s report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReproduceFormat {
    /// One line per frame, then the outcome.
    Text,
    /// The same as a JSON object, with the test's file and name.
    Json,
}

/// Options of `dsd merge`.
#[derive(Debug, Clone, Args)]
pub struct MergeArgs {
    /// Reports written by `dsd check --shard I/N --format json|sarif`, one per shard.
    #[arg(required = true, value_name = "FILE")]
    pub reports: Vec<PathBuf>,
    /// Format of the merged report (default: the reports' format; SARIF logs merge only into
    /// SARIF).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write the merged report to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Which findings make the exit status 1.
    #[command(flatten)]
    pub exit: ExitArgs,
}

/// Options of `dsd rule`.
#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["kind", "all"])))]
pub struct RuleArgs {
    /// The crash kind: the exception's simple name, in any case (`ArithmeticException`).
    #[arg(value_name = "KIND", value_parser = vcgen::kinds::named)]
    pub kind: Option<&'static vcgen::kinds::Kind>,
    /// Every crash kind.
    #[arg(long)]
    pub all: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
    pub format: RuleFormat,
}

/// Parses a positive number of seconds, fractions allowed.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    seconds(secs).map_err(|e| format!("`{text}`: {e}"))
}

/// A positive number of seconds as a duration, at most a day.
pub fn seconds(secs: f64) -> Result<Duration, String> {
    if !secs.is_finite() || secs <= 0.0 || secs > 86_400.0 {
        return Err("expected seconds between 0 and 86400".into());
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Checks a crash kind named by the user (the exception's simple name, in any case)
/// against the kinds dsd knows; returns the kind's name as dsd spells it.
pub fn parse_kind(text: &str) -> Result<String, String> {
    vcgen::kinds::named(text).map(|kind| kind.name().to_string())
}

/// Reads a JUnit version, `4` or `5`.
pub fn parse_junit(text: &str) -> Result<Flavour, String> {
    match text.trim() {
        "4" => Ok(Flavour::JUnit4),
        "5" => Ok(Flavour::JUnit5),
        _ => Err(format!(
            "`{text}` is not a JUnit version dsd writes tests for; use 4 or 5"
        )),
    }
}

/// Checks a glob of `--exclude`, so that a bad one stops dsd before any stage.
fn parse_glob(text: &str) -> Result<String, String> {
    vcgen::Scope::new(&[text.to_string()], &[]).map(|_| text.to_string())
}

/// The command line in `matches`, with the settings of dsd.toml (or `--config`) filled in
/// where `dsd check` was not given an option; the file used is said on stderr.
pub fn configured(matches: &clap::ArgMatches) -> Result<Cli, Failure> {
    use clap::FromArgMatches;
    let mut cli = Cli::from_arg_matches(matches).map_err(|e| Failure::new(e.to_string()))?;
    crate::progress::set_quiet(cli.quiet);
    crate::progress::set_verbose(cli.verbose);
    if let (Command::Check(args), Some(check)) =
        (&mut cli.command, matches.subcommand_matches("check"))
    {
        if let Some(found) = crate::config::find(cli.config.as_deref())? {
            crate::progress::say(&format!("dsd: settings from {}", found.path.display()));
            found.apply(args, check);
        }
        let project_tests =
            check.value_source("tests") == Some(ValueSource::CommandLine) && args.tests.is_empty();
        discover_project(args, project_tests)?;
        if args.junit.is_some() && args.emit_tests.is_none() {
            return Err(Failure::new(
                "--junit says which JUnit the tests of --emit-tests are for; add \
                 --emit-tests DIR, or leave --junit out",
            ));
        }
    }
    Ok(cli)
}

/// Fills in `args` what the project's build says when `dsd check` was given no source or a
/// project's root: the source folders, the test folders when `project_tests` (`--tests`
/// without folders), and the class path unless one was given.
fn discover_project(args: &mut CheckArgs, project_tests: bool) -> Result<(), Failure> {
    let Some(root) = discover::root_to_discover(&args.sources) else {
        if project_tests {
            return Err(Failure::new(
                "--tests without folders uses the test folders of a Maven or Gradle project: \
                 run dsd in the project's root, or name the test folders (`--tests src/test/java`)",
            ));
        }
        return Ok(());
    };
    let project = discover::discover(&root, args.run.classpath.is_some())?;
    crate::progress::say(&project.summary(project_tests));
    args.sources = project.layout.sources.clone();
    if project_tests {
        if project.layout.tests.is_empty() {
            return Err(Failure::new(format!(
                "--tests: the project in {} has no test folder (looked for src/test/java and \
                 what the build declares); name the test folders",
                root.display()
            )));
        }
        args.tests = project.layout.tests.clone();
    }
    if let Some(entries) = project.classpath_entries(project_tests) {
        args.run.classpath = std::env::join_paths(entries)
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.is_empty());
    }
    Ok(())
}

/// The sources and class path of `dsd reproduce`: as given, or what the build of the
/// project in the folder given (or the current one) says.
fn reproduce_project(args: &ReproduceArgs) -> Result<(Vec<PathBuf>, Option<String>), Failure> {
    let Some(root) = discover::root_to_discover(&args.sources) else {
        return Ok((args.sources.clone(), args.classpath.clone()));
    };
    let project = discover::discover(&root, args.classpath.is_some())?;
    crate::progress::say(&project.summary(false));
    let classpath = match project.classpath_entries(false) {
        Some(entries) => std::env::join_paths(entries)
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.is_empty()),
        None => args.classpath.clone(),
    };
    Ok((project.layout.sources.clone(), classpath))
}

/// The entries of a `--classpath` value; an entry that does not exist is an error.
pub fn classpath_entries(classpath: Option<&str>) -> Result<Vec<PathBuf>, Failure> {
    let Some(classpath) = classpath else {
        return Ok(Vec::new());
    };
    let entries: Vec<PathBuf> = std::env::split_paths(classpath)
        .filter(|p| !p.as_os_str().is_empty())
        .collect();
    match entries.iter().find(|p| !p.exists()) {
        Some(missing) => Err(Failure::new(format!(
            "--classpath names {}, which does not exist; give the jars and class folders the \
             project needs, separated by `:`",
            missing.display()
        ))),
        None => Ok(entries),
    }
}

/// The exit status for `errors` findings at level error and `notes` at level note: 1 when
/// `fail_on` counts any of them, else 0.
pub fn exit_code(errors: usize, notes: usize, fail_on: FailOn) -> i32 {
    let failing = match fail_on {
        FailOn::Error => errors,
        FailOn::Note => errors + notes,
        FailOn::Never => 0,
    };
    if failing > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// The exit status for the findings of a run: those a baseline knows do not count.
fn findings_exit_code(findings: &Findings, exit: ExitArgs) -> i32 {
    exit_code(
        findings.failing(Level::Error),
        findings.failing(Level::Note),
        exit.fail_on,
    )
}

/// The source roots the parse stage read: each project file's path without its package path.
fn parsed_roots(work: &std::path::Path) -> Result<Vec<PathBuf>, Failure> {
    let program = frontend::read_program(work).map_err(|e| {
        Failure::new(format!(
            "{e}; or name the sources: dsd infer --tests T... -- SRC..."
        ))
    })?;
    Ok(program.source_roots())
}

/// Runs a parsed command line; returns the exit status, or the failure that stopped it.
pub fn execute(cli: &Cli) -> Result<i32, Failure> {
    let cache = matches!(cli.command, Command::Check(_) | Command::Reproduce(_));
    let threads = match cli.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let mut stages = Stages::new(cli.work_dir.clone(), cache, threads);
    match &cli.command {
        Command::Parse { sources, classpath } => {
            let classpath = classpath_entries(classpath.as_deref())?;
            stages.parse(sources, &classpath).map(|_| EXIT_CLEAN)
        }
        Command::Infer(args) => {
            let sources = if args.sources.is_empty() {
                parsed_roots(&cli.work_dir)?
            } else {
                args.sources.clone()
            };
            let classpath = classpath_entries(args.classpath.as_deref())?;
            stages
                .infer(&sources, &args.tests, &classpath)
                .map(|_| EXIT_CLEAN)
        }
        Command::Vcgen(args) => stages.vcgen(args, None, None).map(|_| EXIT_CLEAN),
        Command::Solve(args) => stages.solve(args).map(|_| EXIT_CLEAN),
        Command::SolveWorker { memory } => {
            solver::serve(*memory).map_err(solver::Error)?;
            Ok(EXIT_CLEAN)
        }
        Command::Testgen => stages.testgen().map(|_| EXIT_CLEAN),
        Command::Run(args) => stages
            .run(args)
            .map(|s| findings_exit_code(&s.findings, args.exit)),
        Command::Check(args) => {
            let colour = cli.color.wanted(args.output.as_deref());
            check(&mut stages, &cli.work_dir, args, colour)
        }
        Command::Reproduce(args) => {
            writable(
                args.output.as_deref(),
                "-o",
                "the report",
                Some(&cli.work_dir),
            )?;
            let (sources, classpath) = reproduce_project(args)?;
            if let Some(dir) = &args.emit_tests {
                crate::emit::check_folder(dir, &sources, &cli.work_dir)?;
            }
            let args = ReproduceArgs {
                classpath,
                ..(**args).clone()
            };
            crate::reproduce::reproduce(&mut stages, &cli.work_dir, &args, &sources)
        }
        Command::Rule(args) => {
            print!("{}", rules::render(args.kind, args.format));
            Ok(EXIT_CLEAN)
        }
        Command::Merge(args) => {
            writable(args.output.as_deref(), "-o", "the merged report", None)?;
            let colour = cli.color.wanted(args.output.as_deref());
            let merged = report::merge::merge(&args.reports, args.format, colour)?;
            let format = args.format.unwrap_or(Format::Json);
            emit(
                &merged.text,
                args.output.as_deref(),
                merged.summary_line,
                format,
            )?;
            Ok(exit_code(merged.errors, merged.notes, args.exit.fail_on))
        }
    }
}

/// Refuses, before any stage runs, a file named by `option` that cannot be written where
/// it is asked for: it names a folder, or its folder does not exist and is not the work
/// directory `work` (which the stages create). `what` says what would have been written.
fn writable(
    path: Option<&std::path::Path>,
    option: &str,
    what: &str,
    work: Option<&std::path::Path>,
) -> Result<(), Failure> {
    let Some(path) = path else { return Ok(()) };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let problem = if path.is_dir() {
        "it is a folder"
    } else if !folder.is_dir() && work != Some(folder) {
        "its folder does not exist"
    } else {
        return Ok(());
    };
    Err(Failure::new(format!(
        "{option} {}: cannot write {what} there, {problem}; name a file in an existing folder",
        path.display()
    )))
}

/// Writes a report to `output` or stdout; the summary line goes to stderr unless it ends the
/// text report on stdout.
fn emit(
    text: &str,
    output: Option<&std::path::Path>,
    summary_line: Option<String>,
    format: Format,
) -> Result<(), Failure> {
    write_report(output, text)?;
    if let Some(line) = summary_line.filter(|_| output.is_some() || format != Format::Text) {
        crate::progress::say(&line);
    }
    Ok(())
}

/// Writes the text of a report to `output`, or to stdout when there is none.
pub(crate) fn write_report(output: Option<&std::path::Path>, text: &str) -> Result<(), Failure> {
    match output {
        Some(path) => frontend::files::write_atomic(path, text).map_err(|e| {
            Failure::new(format!(
                "cannot write the report to {}: {e}; check that the directory exists",
                path.display()
            ))
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `dsd check`: every stage in order, then the report (in colour when `colour`).
fn check(
    stages: &mut Stages,
    work: &std::path::Path,
    args: &CheckArgs,
    colour: bool,
) -> Result<i32, Failure> {
    let classpath = classpath_entries(args.run.classpath.as_deref())?;
    let known = args.baseline.as_deref().map(baseline::read).transpose()?;
    writable(args.output.as_deref(), "-o", "the report", Some(work))?;
    writable(
        args.write_baseline.as_deref(),
        "--write-baseline",
        "the baseline",
        Some(work),
    )?;
    let changed = match &args.changed_since {
        Some(rev) => {
            let changed = changes::since(rev, &args.sources)?;
            crate::progress::say(&format!(
                "dsd: changed since {rev}: {}",
                plural(changed.file_count(), ".java file")
            ));
            Some(changed)
        }
        None => None,
    };
    if let Some(dir) = &args.emit_tests {
        crate::emit::check_folder(dir, &args.sources, work)?;
    }
    stages.parse(&args.sources, &classpath)?;
    if args.tests.is_empty() {
        stages.forget_invariants()?;
    } else {
        stages.infer(&args.sources, &args.tests, &classpath)?;
    }
    let pr_mode = changed.is_some();
    let vc = stages.vcgen(&args.vcgen, changed, None)?;
    let solved = stages.solve(&args.solve)?;
    stages.testgen()?;
    let mut findings = stages.run(&args.run)?.findings;
    if let Some(path) = &args.write_baseline {
        let written = baseline::write(path, &findings)?;
        baseline::apply(&written, &mut findings);
    } else if let Some(known) = &known {
        baseline::apply(known, &mut findings);
        if pr_mode {
            let checked = vcgen::read_sites(work)?.changed.unwrap_or_default();
            baseline::only_gone_from(&checked, &mut findings);
        }
    }
    if let Some(dir) = &args.emit_tests {
        let junit = args
            .junit
            .unwrap_or_else(|| crate::emit::junit::project_junit(&args.tests, &args.sources, work));
        crate::emit::emit_tests(work, &findings, dir, junit)?;
    }
    let mut summary = Summary::new(&findings, vc.sites, solved.queries);
    summary.stages = stages.times.clone();
    if let Some(shard) = args.vcgen.shard {
        summary.shard = Some(shard.to_string());
        summary.shard_sites = vcgen::read_sites(work)?
            .sites
            .into_iter()
            .map(|s| s.id)
            .collect();
    }
    let text = report::render(args.format, &findings, &summary, colour)
        .map_err(|e| Failure::new(format!("rendering the report: {e}")))?;
    emit(
        &text,
        args.output.as_deref(),
        Some(summary.line()),
        args.format,
    )?;
    Ok(findings_exit_code(&findings, args.run.exit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::EXIT_FAILURE;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_and_options_parse() {
        let cli = Cli::try_parse_from([
            "dsd",
            "check",
            "src",
            "--format",
            "sarif",
            "-o",
            "r.sarif",
            "--timeout",
            "0.5",
        ])
        .unwrap();
        assert_eq!(cli.work_dir, PathBuf::from(".dsd"));
        let Command::Check(args) = cli.command else {
            panic!("not check")
        };
        assert_eq!(args.format, Format::Sarif);
        assert_eq!(args.solve.timeout, Duration::from_millis(500));
        assert_eq!(args.vcgen.unroll, 5);
        assert_eq!(args.run.test_timeout, Duration::from_secs(10));
        assert_eq!(args.vcgen.shard, None);
        let cli = Cli::try_parse_from([
            "dsd",
            "check",
            ".",
            "--shard",
            "2/3",
            "--classpath",
            "a.jar",
        ])
        .unwrap();
        let Command::Check(args) = cli.command else {
            panic!("not check")
        };
        assert_eq!(args.vcgen.shard, vcgen::Shard::new(2, 3));
        assert_eq!(args.run.classpath.as_deref(), Some("a.jar"));
    }

    #[test]
    fn usage_errors_exit_2() {
        for argv in [
            vec!["dsd", "parse"],
            vec!["dsd", "solve", "--timeout", "-1"],
            vec!["dsd", "run", "--test-timeout", "x"],
            vec!["dsd", "check", "src", "--format", "xml"],
            vec!["dsd", "check", "src", "--shard", "4/3"],
            vec!["dsd", "check", "src", "--shard", "2"],
            vec!["dsd", "check", "src", "--exclude", "src/[a"],
            vec!["dsd", "check", "src", "--ignore", "Arithmetic"],
            vec!["dsd", "merge"],
            vec!["dsd", "frobnicate"],
        ] {
            let err = Cli::try_parse_from(&argv).unwrap_err();
            assert_eq!(err.exit_code(), EXIT_FAILURE, "{argv:?}");
        }
    }

    #[test]
    fn rule_names_one_kind_in_any_case_or_all() {
        let cli = Cli::try_parse_from(["dsd", "rule", "arithmeticexception"]).unwrap();
        let Command::Rule(args) = cli.command else {
            panic!("not rule")
        };
        assert_eq!(args.kind, Some(&vcgen::kinds::ARITHMETIC));
        let page = rules::render(args.kind, args.format);
        assert!(
            page.starts_with(
                "# ArithmeticException\n\n`java.lang.ArithmeticException`: division by zero.\n\n## What it does\n"
            ),
            "{page}"
        );
        let cli = Cli::try_parse_from(["dsd", "rule", "--all", "--format", "json"]).unwrap();
        let Command::Rule(args) = cli.command else {
            panic!("not rule")
        };
        let all: serde_json::Value =
            serde_json::from_str(&rules::render(args.kind, args.format)).unwrap();
        let names: Vec<&str> = all
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|k| k["name"].as_str())
            .collect();
        let known: Vec<&str> = vcgen::kinds::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, known);
        for argv in [
            vec!["dsd", "rule"],
            vec!["dsd", "rule", "Arithmetic"],
            vec!["dsd", "rule", "ArithmeticException", "--all"],
            vec!["dsd", "rule", "--all", "--format", "sarif"],
        ] {
            let err = Cli::try_parse_from(&argv).unwrap_err();
            assert_eq!(err.exit_code(), EXIT_FAILURE, "{argv:?}");
        }
        let err = Cli::try_parse_from(["dsd", "rule", "Arithmetic"]).unwrap_err();
        assert!(
            err.to_string()
                .contains("`Arithmetic` is not a crash kind; the kinds are ArithmeticException, "),
            "{err}"
        );
    }

    #[test]
    fn ignore_takes_the_known_kinds_in_any_case() {
        let cli = Cli::try_parse_from([
            "dsd",
            "check",
            "src",
            "--ignore",
            "classcastexception,NullPointerException",
        ])
        .unwrap();
        let Command::Check(args) = cli.command else {
            panic!("not check")
        };
        assert_eq!(
            args.vcgen.ignore,
            ["ClassCastException", "NullPointerException"]
        );
        let err = Cli::try_parse_from(["dsd", "check", "src", "--ignore", "IllegalStateException"])
            .unwrap_err();
        assert_eq!(err.exit_code(), EXIT_FAILURE);
        assert!(
            err.to_string().contains(
                "`IllegalStateException` is not a crash kind; the kinds are ArithmeticException, "
            ),
            "{err}"
        );
    }

    #[test]
    fn exit_code_follows_error_findings() {
        let on_errors = ExitArgs {
            fail_on: FailOn::Error,
        };
        let mut findings = crate::report::tests::sample();
        assert_eq!(findings_exit_code(&findings, on_errors), EXIT_FINDINGS);
        findings.findings.retain(|f| f.level == Level::Note);
        assert_eq!(findings_exit_code(&findings, on_errors), EXIT_CLEAN);
        assert_eq!(
            findings_exit_code(&Findings::default(), on_errors),
            EXIT_CLEAN
        );
    }

    #[test]
    fn an_output_that_cannot_be_written_is_refused_before_any_stage() {
        let cli = Cli::try_parse_from([
            "dsd",
            "--work-dir",
            "/nonexistent-dsd-work",
            "check",
            "/nonexistent-dsd-src",
            "-o",
            "/nonexistent-dsd-dir/report.sarif",
        ])
        .unwrap();
        let err = execute(&cli).unwrap_err();
        assert!(
            err.0
                .starts_with("-o /nonexistent-dsd-dir/report.sarif: cannot write the report"),
            "{}",
            err.0
        );
        assert!(err.0.contains("its folder does not exist"), "{}", err.0);
        let dir = std::env::temp_dir();
        let refused = writable(Some(&dir), "-o", "the report", None).unwrap_err();
        assert!(refused.0.contains("it is a folder"), "{}", refused.0);
        assert!(writable(Some(&dir.join("r.json")), "-o", "the report", None).is_ok());
        let here = std::path::Path::new("r.json");
        assert!(writable(Some(here), "-o", "the report", None).is_ok());
        let work = std::path::Path::new("/nonexistent-dsd-work");
        let inside = work.join("report.json");
        assert!(
            writable(Some(&inside), "-o", "the report", Some(work)).is_ok(),
            "the stages create the work directory"
        );
    }

    #[test]
    fn fail_on_sets_the_least_failing_level() {
        assert_eq!(exit_code(0, 2, FailOn::Error), EXIT_CLEAN);
        assert_eq!(exit_code(0, 2, FailOn::Note), EXIT_FINDINGS);
        assert_eq!(exit_code(1, 0, FailOn::Note), EXIT_FINDINGS);
        assert_eq!(exit_code(3, 2, FailOn::Never), EXIT_CLEAN);
        assert_eq!(exit_code(0, 0, FailOn::Note), EXIT_CLEAN);
    }

    #[test]
    fn emit_tests_takes_a_folder_and_a_junit_version() {
        let cli = Cli::try_parse_from([
            "dsd",
            "check",
            "src",
            "--emit-tests",
            "src/test/java",
            "--junit",
            "4",
        ])
        .unwrap();
        let Command::Check(args) = cli.command else {
            panic!("not check")
        };
        assert_eq!(args.emit_tests, Some(PathBuf::from("src/test/java")));
        assert_eq!(args.junit, Some(Flavour::JUnit4));
        let err = Cli::try_parse_from(["dsd", "check", "src", "--junit", "3"]).unwrap_err();
        assert!(
            err.to_string().contains("`3` is not a JUnit version"),
            "{err}"
        );
        let matches = Cli::command().get_matches_from(["dsd", "check", "src", "--junit", "5"]);
        let alone = configured(&matches).unwrap_err();
        assert!(
            alone
                .0
                .starts_with("--junit says which JUnit the tests of --emit-tests are for"),
            "{alone}"
        );
    }

    #[test]
    fn fail_on_is_read_by_check_run_and_merge() {
        let check = Cli::try_parse_from(["dsd", "check", "src", "--fail-on", "note"]).unwrap();
        let Command::Check(args) = check.command else {
            panic!("not check")
        };
        assert_eq!(args.run.exit.fail_on, FailOn::Note);
        let run = Cli::try_parse_from(["dsd", "run"]).unwrap();
        let Command::Run(args) = run.command else {
            panic!("not run")
        };
        assert_eq!(args.exit.fail_on, FailOn::Error);
        let merge = Cli::try_parse_from(["dsd", "merge", "a.json", "--fail-on", "never"]).unwrap();
        let Command::Merge(args) = merge.command else {
            panic!("not merge")
        };
        assert_eq!(args.exit.fail_on, FailOn::Never);
        assert!(Cli::try_parse_from(["dsd", "check", "src", "--fail-on", "warning"]).is_err());
    }

    #[test]
    fn a_file_that_is_not_java_and_a_folder_without_java_are_refused() {
        let dir = std::env::temp_dir().join(format!("dsd-cli-sources-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("empty/src/test/java")).unwrap();
        std::fs::write(dir.join("empty/src/test/java/T.java"), "class T {}").unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        let refused = |source: &std::path::Path| {
            let work = dir.join("work");
            let cli = Cli::try_parse_from([
                "dsd".as_ref(),
                "--work-dir".as_ref(),
                work.as_os_str(),
                "check".as_ref(),
                source.as_os_str(),
            ])
            .unwrap();
            execute(&cli).unwrap_err().0
        };
        let text = refused(&dir.join("notes.txt"));
        assert!(text.ends_with("notes.txt is not a .java file; name the folders that hold the project's sources, or .java files"), "{text}");
        let empty = refused(&dir.join("empty"));
        assert!(
            empty.starts_with(&format!(
                "no .java file of the project in {}",
                dir.join("empty").display()
            )),
            "test sources are not the project's: {empty}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn missing_sources_fail_cleanly() {
        let cli = Cli::try_parse_from([
            "dsd",
            "--work-dir",
            "/nonexistent/w",
            "parse",
            "/nonexistent/src",
        ])
        .unwrap();
        let failure = execute(&cli).unwrap_err();
        assert!(failure.0.contains("/nonexistent/src"), "{failure}");
    }
}
