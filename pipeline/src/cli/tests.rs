//! Tests of the command line: its parsing, settings and exit statuses.

use super::dispatch::{findings_exit_code, writable};
use super::*;
use crate::error::{EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS};
use crate::report::{rules, Format};
use crate::run::findings::{Findings, Level};
use clap::CommandFactory;
use invariants::toolchain::Flavour;
use std::time::Duration;

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

#[test]
fn report_reads_a_work_directory_in_any_format() {
    let cli = Cli::try_parse_from([
        "dsd",
        "report",
        "lang3-work",
        "--format",
        "html",
        "-o",
        "r.html",
    ])
    .unwrap();
    let Command::Report(args) = cli.command else {
        panic!("not report")
    };
    assert_eq!(args.work, Some(PathBuf::from("lang3-work")));
    assert_eq!(args.format, Format::Html);
    assert_eq!(args.output, Some(PathBuf::from("r.html")));
    let default = Cli::try_parse_from(["dsd", "--work-dir", "w", "report"]).unwrap();
    let Command::Report(args) = default.command else {
        panic!("not report")
    };
    assert_eq!((args.work, args.format), (None, Format::Text));
    let missing = std::env::temp_dir().join(format!("dsd-no-run-{}", std::process::id()));
    let cli =
        Cli::try_parse_from(["dsd".as_ref(), "report".as_ref(), missing.as_os_str()]).unwrap();
    let error = execute(&cli).unwrap_err().0;
    assert!(error.contains("holds no finished run"), "{error}");
}
