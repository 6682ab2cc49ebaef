//! The command line: subcommands, their options, and dispatch to the stages.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

mod args;
mod dispatch;
pub use args::{
    parse_junit, parse_kind, parse_seconds, seconds, CheckArgs, ExitArgs, FailOn, InferArgs,
    MergeArgs, RecordArgs, RecordMode, ReportArgs, ReproduceArgs, ReproduceFormat, RuleArgs,
    RunArgs, SolveArgs, VcgenArgs,
};
pub(crate) use dispatch::write_report;
pub use dispatch::{classpath_entries, configured, execute, exit_code};

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
    /// The encoding of the project's Java sources, as javac names it (`ISO-8859-1`,
    /// `windows-1252`; default: what the Maven or Gradle build declares, else UTF-8).
    #[arg(long, global = true, value_name = "NAME")]
    pub encoding: Option<String>,
    /// The JDK whose `javac` and `java` the run uses (default: `java-home` in dsd.toml, else
    /// `JAVA_HOME`, else the `PATH`'s).
    #[arg(long, global = true, value_name = "DIR")]
    pub java_home: Option<PathBuf>,
    /// The `java` that runs the generated tests and the project's tests, when not the JDK's
    /// own (`/opt/jdk-25/bin/java`); the platform's classes are read from its JDK, and javac
    /// compiles for it (`--release N` for an older one, no preview features for a newer one).
    #[arg(long, global = true, value_name = "PATH")]
    pub test_java: Option<PathBuf>,
    /// Compile the project and the tests with javac's `--release N` (default: for the JDK
    /// the tests run on, with its preview features).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(8..))]
    pub release: Option<u32>,
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
        !matches!(
            self.command,
            Command::SolveWorker { .. } | Command::Rule(_) | Command::Report(_)
        )
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
    /// Report the findings of a finished `dsd check` again, in any format (`dsd report
    /// --format html -o report.html`), from its work directory, running nothing.
    Report(ReportArgs),
    /// Print the documentation of a crash kind (`dsd rule ArithmeticException`) or of all
    /// of them (`dsd rule --all`): what dsd finds, why it matters, an example, how to fix
    /// it, and when it is an error or a note.
    Rule(RuleArgs),
    /// Write a JUnit test that raises the crash of a Java stack trace, its frames 1..K
    /// matching in class, method and line (WORK/reproduce/); exit 0 when reproduced, 1 when
    /// not.
    Reproduce(Box<ReproduceArgs>),
    /// Run a Java command with the project's methods recorded (ReCrash): each crash's calls
    /// are written below WORK/record/ and replayed by a JUnit test per frame; exit 0 when
    /// every crash was replayed, 1 when one was not.
    Record(Box<RecordArgs>),
    /// A solver process of the solve stage: reads requests on stdin, answers on stdout.
    #[command(hide = true)]
    SolveWorker {
        /// Memory the process may hold, in MB.
        #[arg(long, value_name = "MB")]
        memory: u32,
    },
}

#[cfg(test)]
mod tests;
