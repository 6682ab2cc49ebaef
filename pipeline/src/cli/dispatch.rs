//! Dispatch: runs a parsed command line's stages, with the settings and the exit status.

use super::{CheckArgs, Cli, Command, ExitArgs, FailOn, ReportArgs, ReproduceArgs};
use crate::changes;
use crate::discover;
use crate::error::{Failure, EXIT_CLEAN, EXIT_FINDINGS};
use crate::report::rules;
use crate::report::{self, plural, Format, Setting, Summary};
use crate::run::baseline;
use crate::run::findings::{Findings, Level};
use crate::stages::Stages;
use clap::parser::ValueSource;
use std::path::PathBuf;

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
        let mut encoding = None;
        if let Some(found) = crate::config::find(cli.config.as_deref())? {
            crate::progress::say(&format!("dsd: settings from {}", found.path.display()));
            found.apply(args, check);
            encoding = found.encoding().map(str::to_string);
            let (java_home, test_java) = found.jdk();
            cli.java_home = cli.java_home.take().or(java_home);
            cli.test_java = cli.test_java.take().or(test_java);
        }
        let project_tests =
            check.value_source("tests") == Some(ValueSource::CommandLine) && args.tests.is_empty();
        let declared = discover_project(args, project_tests)?;
        // The command line first, then dsd.toml, then what the build declares.
        if cli.encoding.is_none() {
            cli.encoding = encoding.or(declared);
        }
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
/// without folders), and the class path unless one was given; returns the sources'
/// encoding the build declares.
fn discover_project(args: &mut CheckArgs, project_tests: bool) -> Result<Option<String>, Failure> {
    let Some(root) = discover::root_to_discover(&args.sources) else {
        if project_tests {
            return Err(Failure::new(
                "--tests without folders uses the test folders of a Maven or Gradle project: \
                 run dsd in the project's root, or name the test folders (`--tests src/test/java`)",
            ));
        }
        return Ok(None);
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
    Ok(project.layout.encoding.clone())
}

/// The sources, class path and sources' encoding of `dsd reproduce`: as given, or what
/// the build of the project in the folder given (or the current one) says.
fn reproduce_project(args: &ReproduceArgs) -> Result<ReproducedProject, Failure> {
    discovered(&args.sources, args.classpath.as_ref())
}

/// The sources, class path and sources' encoding of the project in `sources`: as given, or
/// what the build of the project in the folder given (or the current one) says.
fn discovered(
    sources: &[PathBuf],
    classpath: Option<&String>,
) -> Result<ReproducedProject, Failure> {
    let Some(root) = discover::root_to_discover(sources) else {
        return Ok((sources.to_vec(), classpath.cloned(), None));
    };
    let project = discover::discover(&root, classpath.is_some())?;
    crate::progress::say(&project.summary(false));
    let classpath = match project.classpath_entries(false) {
        Some(entries) => std::env::join_paths(entries)
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| !p.is_empty()),
        None => classpath.cloned(),
    };
    let encoding = project.layout.encoding.clone();
    Ok((project.layout.sources.clone(), classpath, encoding))
}

/// What `dsd reproduce` reads: source folders, class path, the encoding the build declares.
type ReproducedProject = (Vec<PathBuf>, Option<String>, Option<String>);

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
pub(super) fn findings_exit_code(findings: &Findings, exit: ExitArgs) -> i32 {
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
    let cache = matches!(
        cli.command,
        Command::Check(_) | Command::Reproduce(_) | Command::Record(_)
    );
    let threads = match cli.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let mut stages = Stages::new(cli.work_dir.clone(), cache, threads);
    stages.encoding = cli.encoding.clone();
    stages.jdk = invariants::toolchain::Jdk {
        home: cli.java_home.clone(),
        test_java: cli.test_java.clone(),
        release: cli.release,
    };
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
        Command::Solve(args) => stages.solve(args, None).map(|_| EXIT_CLEAN),
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
            let (sources, classpath, declared) = reproduce_project(args)?;
            // `--encoding` first, then what the build declares.
            if stages.encoding.is_none() {
                stages.encoding = declared;
            }
            if let Some(dir) = &args.emit_tests {
                crate::emit::check_folder(dir, &sources, &cli.work_dir)?;
            }
            let args = ReproduceArgs {
                classpath,
                ..(**args).clone()
            };
            crate::reproduce::reproduce(&mut stages, &cli.work_dir, &args, &sources)
        }
        Command::Record(args) => {
            writable(
                args.output.as_deref(),
                "-o",
                "the report",
                Some(&cli.work_dir),
            )?;
            let (sources, classpath, declared) =
                discovered(&args.sources, args.classpath.as_ref())?;
            if stages.encoding.is_none() {
                stages.encoding = declared;
            }
            if let Some(dir) = &args.emit_tests {
                crate::emit::check_folder(dir, &sources, &cli.work_dir)?;
            }
            let args = super::RecordArgs {
                classpath,
                ..(**args).clone()
            };
            crate::record::record(&mut stages, &cli.work_dir, &args, &sources)
        }
        Command::Report(args) => {
            let colour = cli.color.wanted(args.output.as_deref());
            report_again(args.work.as_deref().unwrap_or(&cli.work_dir), args, colour)
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
pub(super) fn writable(
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
    let solved = stages.solve(&args.solve, None)?;
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
    summary.settings = settings(args, stages);
    report::saved::save(work, &findings, &summary)?;
    let shown = Shown {
        format: args.format,
        output: args.output.as_deref(),
        colour,
    };
    report_findings(&findings, &summary, &shown, args.run.exit)
}

/// How a report is shown: its format, where it goes (stdout when `None`), and whether a
/// text report is in colour.
struct Shown<'a> {
    format: Format,
    output: Option<&'a std::path::Path>,
    colour: bool,
}

/// Renders the report of `findings`, writes it as `shown` says, and gives the exit status
/// `exit` asks for.
fn report_findings(
    findings: &Findings,
    summary: &Summary,
    shown: &Shown,
    exit: ExitArgs,
) -> Result<i32, Failure> {
    let text = report::render(shown.format, findings, summary, shown.colour)
        .map_err(|e| Failure::new(format!("rendering the report: {e}")))?;
    emit(&text, shown.output, Some(summary.line()), shown.format)?;
    Ok(findings_exit_code(findings, exit))
}

/// `dsd report`: the last report of the work directory `work`, rendered again (in colour
/// when `colour`), compared with `--baseline` when given.
fn report_again(work: &std::path::Path, args: &ReportArgs, colour: bool) -> Result<i32, Failure> {
    writable(args.output.as_deref(), "-o", "the report", None)?;
    let (mut findings, mut summary) = report::saved::load(work)?;
    if let Some(path) = &args.baseline {
        baseline::apply(&baseline::read(path)?, &mut findings);
        let fresh = Summary::new(&findings, summary.sites, summary.queries);
        (summary.baselined, summary.gone) = (fresh.baselined, fresh.gone);
    }
    let shown = Shown {
        format: args.format,
        output: args.output.as_deref(),
        colour,
    };
    report_findings(&findings, &summary, &shown, args.exit)
}

/// The settings of a `dsd check` run as its reports show them.
fn settings(args: &CheckArgs, stages: &Stages) -> Vec<Setting> {
    let paths = |ps: &[PathBuf]| {
        ps.iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (v, s, r) = (&args.vcgen, &args.solve, &args.run);
    let folder = std::env::current_dir().map_or(String::new(), |d| d.display().to_string());
    let mut all = vec![
        (report::html::FOLDER, folder),
        ("sources", paths(&args.sources)),
        ("tests", paths(&args.tests)),
        ("unroll", v.unroll.to_string()),
        ("inline-depth", v.inline_depth.to_string()),
        ("sequence", v.sequence.to_string()),
        ("documentation", v.documentation.to_string()),
        ("timeout", format!("{} s", s.timeout.as_secs_f64())),
        ("models", s.models.to_string()),
        (
            "test-timeout",
            format!("{} s", r.test_timeout.as_secs_f64()),
        ),
        ("jobs", stages.threads().to_string()),
        ("exclude", v.exclude.join(" ")),
        ("ignore", v.ignore.join(", ")),
        ("classpath", r.classpath.clone().unwrap_or_default()),
        ("encoding", stages.encoding.clone().unwrap_or_default()),
    ];
    if let Some(shard) = v.shard {
        all.push(("shard", shard.to_string()));
    }
    if let Some(b) = &args.baseline {
        all.push(("baseline", b.display().to_string()));
    }
    if let Some(rev) = &args.changed_since {
        all.push(("changed-since", rev.clone()));
    }
    all.into_iter()
        .filter(|(_, value)| !value.is_empty())
        .map(|(name, value)| Setting {
            name: name.to_string(),
            value,
        })
        .collect()
}
