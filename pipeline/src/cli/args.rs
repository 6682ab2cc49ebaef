//! The options of each subcommand, and the parsers of their values.

use crate::report::rules::RuleFormat;
use crate::report::Format;
use clap::Args;
use invariants::toolchain::Flavour;
use std::path::PathBuf;
use std::time::Duration;

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
    /// Read the project's Javadoc as its contract (`false` for code whose comments cannot
    /// be trusted): documented preconditions, `@throws` that announce a crash and inputs
    /// documented as allowed to be `null` decide levels. Java's conventions for index
    /// parameters and the entries' visibility decide them either way.
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub documentation: bool,
}

/// Options of the solve stage.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// Solver timeout per query, in seconds, counted in Z3's work (6,000 resource units a
    /// millisecond with Debian's Z3 4.8, 9,000 with Z3 5) so that every run gives the same
    /// answers; a check also stops at three times as much CPU time.
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
    /// Time for the search, in seconds: once it is spent no further frame is tried (the one
    /// begun is finished) and the report names the frames left untried.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = parse_seconds)]
    pub budget: Duration,
    /// Options of the vcgen stage.
    #[command(flatten)]
    pub vcgen: VcgenArgs,
    /// Options of the solve stage.
    #[command(flatten)]
    pub solve: SolveArgs,
}

/// Options of `dsd record`.
#[derive(Debug, Clone, Args)]
pub struct RecordArgs {
    /// Source directories or .java files of the project, or a Maven or Gradle project's root
    /// (default: the project in the current folder).
    #[arg(value_name = "SRC")]
    pub sources: Vec<PathBuf>,
    /// The command to run, after `--`: `java -cp CP Main ARGS...` (the instrumented classes go
    /// first on its class path), or another command whose JVMs read `JAVA_TOOL_OPTIONS` (a
    /// build tool's test run).
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Extra class path (jars, folders; `:`-separated) the project needs to compile and its
    /// replay tests to run.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// How deep the receiver and arguments are copied at each call: 1 keeps their fields
    /// (and arrays' and collections' elements), each further level the objects those refer
    /// to; deeper objects are read as they are at the crash.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub depth: u32,
    /// Which methods are recorded.
    #[arg(long, value_enum, default_value_t = RecordMode::All)]
    pub mode: RecordMode,
    /// Record only an exception that escapes the program (its thread's uncaught-exception
    /// handler gets it), not every one that escapes a project method.
    #[arg(long)]
    pub uncaught: bool,
    /// Most crashes each JVM of the command writes. A crash is written once per exception
    /// class and stack, whatever its message: a test suite's expected exceptions count once
    /// per place they are thrown from.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_crashes: u32,
    /// Also run the command without instrumentation first (its output discarded) and report
    /// the recording's overhead.
    #[arg(long)]
    pub overhead: bool,
    /// Keep the best replay test of each crash in the test source folder DIR:
    /// `<Class>Crash<N>Test.java` in the package of the class it calls; a file dsd did not
    /// write stops it.
    #[arg(long, value_name = "DIR")]
    pub emit_tests: Option<PathBuf>,
    /// The JUnit of the kept tests, 4 or 5 (default: the one the project's build uses, else 5).
    #[arg(long, value_name = "VERSION", value_parser = parse_junit)]
    pub junit: Option<Flavour>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = ReproduceFormat::Text)]
    pub format: ReproduceFormat,
    /// Write the report to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Timeout per replay test, in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub test_timeout: Duration,
}

/// Which methods `dsd record` records (ReCrash's cost modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordMode {
    /// Every method and constructor of the project.
    All,
    /// All but the trivial ones: getters, setters and empty methods.
    NonTrivial,
    /// Only the methods of the classes named in a crash recorded earlier in the work
    /// directory (ReCrash's second chance).
    SecondChance,
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

/// Options of `dsd report`.
#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// The work directory of a finished `dsd check` (default: --work-dir's).
    #[arg(value_name = "WORK")]
    pub work: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Compare with the baseline FILE, as `dsd check --baseline` does, instead of the
    /// baseline the run was compared with.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
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
