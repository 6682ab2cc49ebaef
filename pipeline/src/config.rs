//! `dsd.toml`: a project's settings for `dsd check`, so that a team writes its roots,
//! class path, exclusions and limits once rather than in every CI job.
//!
//! The file is the one `--config` names, else the first `dsd.toml` found walking up from
//! the current folder. Its keys are the long options of `dsd check` (`inline-depth` for
//! `--inline-depth`), and paths in it are relative to the file's folder. An option given on
//! the command line replaces the file's value, lists included. A key the file may not
//! hold is an error naming the key and its line, so that a typo does not silently leave
//! a setting at its default.
//!
//! ```toml
//! sources = ["src/main/java"]
//! tests = ["src/test/java"]
//! classpath = ["lib/guava.jar"]
//! exclude = ["**/generated/**"]
//! ignore = ["ClassCastException"]
//! unroll = 8
//! timeout = 3
//! fail-on = "note"
//! documentation = false
//! emit-tests = "src/test/java"
//! junit = 5
//! encoding = "ISO-8859-1"
//! java-home = "/usr/lib/jvm/java-21-openjdk-amd64"
//! test-java = "/opt/jdk-25/bin/java"
//! ```

use crate::cli::{CheckArgs, FailOn};
use crate::error::Failure;
use clap::parser::ValueSource;
use clap::ArgMatches;
use invariants::toolchain::Flavour;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file name looked for.
pub const FILE_NAME: &str = "dsd.toml";

/// The settings a `dsd.toml` may hold; each is optional. Values are checked as they are
/// read, so that toml's error gives the line of a bad one.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Source roots or `.java` files.
    sources: Option<Vec<PathBuf>>,
    /// Test source roots, for the invariants of mode dsd.
    tests: Option<Vec<PathBuf>>,
    /// Jars and class folders the project needs.
    classpath: Option<Vec<PathBuf>>,
    /// Globs of files (below their source root) left out.
    #[serde(default, deserialize_with = "globs")]
    exclude: Option<Vec<String>>,
    /// Crash kinds left out, by simple name.
    #[serde(default, deserialize_with = "kinds")]
    ignore: Option<Vec<String>>,
    /// `--unroll`.
    unroll: Option<u32>,
    /// `--inline-depth`.
    inline_depth: Option<u32>,
    /// `--sequence`.
    sequence: Option<u32>,
    /// `--documentation`: whether the project's Javadoc is read as its contract.
    documentation: Option<bool>,
    /// `--timeout`, in seconds.
    #[serde(default, deserialize_with = "timeout")]
    timeout: Option<Duration>,
    /// `--test-timeout`, in seconds.
    #[serde(default, deserialize_with = "test_timeout")]
    test_timeout: Option<Duration>,
    /// `--models`.
    models: Option<u32>,
    /// `--solver-memory`, in MB.
    solver_memory: Option<u32>,
    /// `--fail-on`.
    fail_on: Option<FailOn>,
    /// `--emit-tests`: the test source folder the findings are kept in as tests.
    emit_tests: Option<PathBuf>,
    /// `--junit`: 4 or 5.
    #[serde(default, deserialize_with = "junit")]
    junit: Option<Flavour>,
    /// `--encoding`: the sources' encoding as javac names it.
    encoding: Option<String>,
    /// `--java-home`: the JDK whose `javac` and `java` the run uses.
    java_home: Option<PathBuf>,
    /// `--test-java`: the `java` that runs the tests.
    test_java: Option<PathBuf>,
}

/// A `dsd.toml` read from disk: its settings and the folder its paths are relative to.
#[derive(Debug)]
pub struct Found {
    /// Where the file is.
    pub path: PathBuf,
    /// What it says.
    config: Config,
}

impl Found {
    /// The sources' encoding the file names, if it names one.
    pub fn encoding(&self) -> Option<&str> {
        self.config.encoding.as_deref()
    }

    /// The JDK (`java-home`) and the tests' `java` (`test-java`) the file names, relative to
    /// its folder.
    pub fn jdk(&self) -> (Option<PathBuf>, Option<PathBuf>) {
        let base = self.path.parent().unwrap_or(Path::new(""));
        (
            self.config.java_home.as_ref().map(|p| base.join(p)),
            self.config.test_java.as_ref().map(|p| base.join(p)),
        )
    }
}

/// The settings file for this run: `explicit` (`--config`), else the nearest `dsd.toml`
/// at or above the current folder; `None` when there is none.
pub fn find(explicit: Option<&Path>) -> Result<Option<Found>, Failure> {
    let path = match explicit {
        Some(path) if !path.is_file() => {
            return Err(Failure::new(format!(
                "--config {}: no such file; name a dsd.toml, or leave --config out to use the \
                 nearest dsd.toml at or above the current folder",
                path.display()
            )))
        }
        Some(path) => path.to_path_buf(),
        None => match nearest(Path::new(".")) {
            Some(path) => path,
            None => return Ok(None),
        },
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))?;
    let config = parse(&path, &text)?;
    Ok(Some(Found { path, config }))
}

/// The nearest `dsd.toml` in `start` or a folder above it, as a path relative to `start`'s
/// own form (`dsd.toml`, `../dsd.toml`, …), so that paths read from it stay relative.
fn nearest(start: &Path) -> Option<PathBuf> {
    let absolute = std::fs::canonicalize(start).ok()?;
    let mut relative = PathBuf::new();
    for folder in absolute.ancestors() {
        if folder.join(FILE_NAME).is_file() {
            let found = start.join(&relative).join(FILE_NAME);
            return Some(
                found
                    .strip_prefix(".")
                    .map_or(found.clone(), Path::to_path_buf),
            );
        }
        relative.push("..");
    }
    None
}

/// `timeout`: seconds, as `--timeout` takes them.
fn timeout<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    named_seconds(d, "timeout")
}

/// `test-timeout`: seconds, as `--test-timeout` takes them.
fn test_timeout<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    named_seconds(d, "test-timeout")
}

/// Seconds under the key `key`, checked as the command line checks them.
fn named_seconds<'de, D: Deserializer<'de>>(d: D, key: &str) -> Result<Option<Duration>, D::Error> {
    let secs = f64::deserialize(d)?;
    crate::cli::seconds(secs)
        .map(Some)
        .map_err(|e| D::Error::custom(format!("{key}: `{secs}`: {e}")))
}

/// `junit`: a version number, checked as `--junit` checks it.
fn junit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Flavour>, D::Error> {
    let version = u32::deserialize(d)?;
    crate::cli::parse_junit(&version.to_string())
        .map(Some)
        .map_err(|e| D::Error::custom(format!("junit: {e}")))
}

/// `ignore`: crash kinds, each checked (and spelled) as `--ignore` checks it.
fn kinds<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    let kinds = Vec::<String>::deserialize(d)?;
    let kinds = kinds
        .iter()
        .map(|kind| crate::cli::parse_kind(kind))
        .collect::<Result<_, _>>()
        .map_err(D::Error::custom)?;
    Ok(Some(kinds))
}

/// `exclude`: globs, each checked as `--exclude` checks it.
fn globs<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    let globs = Vec::<String>::deserialize(d)?;
    vcgen::Scope::new(&globs, &[]).map_err(D::Error::custom)?;
    Ok(Some(globs))
}

/// The settings in `text`, read from `path`; an error says the file, the line and what is
/// wrong with it.
fn parse(path: &Path, text: &str) -> Result<Config, Failure> {
    toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map_or(1, |span| text[..span.start].matches('\n').count() + 1);
        let message = e.message().trim_end().replace('\n', "; ");
        Failure::new(format!("{}:{line}: {message}", path.display()))
    })
}

impl Found {
    /// Sets in `args` every option the file holds that `matches` (the command line of
    /// `dsd check`) did not give.
    pub fn apply(&self, args: &mut CheckArgs, matches: &ArgMatches) {
        let unset = |id: &str| matches.value_source(id) != Some(ValueSource::CommandLine);
        let base = self.path.parent().unwrap_or(Path::new(""));
        let rebase =
            |paths: &Vec<PathBuf>| -> Vec<PathBuf> { paths.iter().map(|p| base.join(p)).collect() };
        let c = &self.config;
        if let (Some(v), true) = (&c.sources, unset("sources")) {
            args.sources = rebase(v);
        }
        if let (Some(v), true) = (&c.tests, unset("tests")) {
            args.tests = rebase(v);
        }
        if let (Some(v), true) = (&c.classpath, unset("classpath")) {
            args.run.classpath = std::env::join_paths(rebase(v))
                .ok()
                .map(|p| p.to_string_lossy().into_owned());
        }
        fill(
            &c.emit_tests.as_ref().map(|v| Some(base.join(v))),
            unset("emit_tests"),
            &mut args.emit_tests,
        );
        fill(&c.junit.map(Some), unset("junit"), &mut args.junit);
        fill(&c.exclude, unset("exclude"), &mut args.vcgen.exclude);
        fill(&c.ignore, unset("ignore"), &mut args.vcgen.ignore);
        fill(&c.unroll, unset("unroll"), &mut args.vcgen.unroll);
        fill(
            &c.inline_depth,
            unset("inline_depth"),
            &mut args.vcgen.inline_depth,
        );
        fill(&c.sequence, unset("sequence"), &mut args.vcgen.sequence);
        fill(
            &c.documentation,
            unset("documentation"),
            &mut args.vcgen.documentation,
        );
        fill(&c.timeout, unset("timeout"), &mut args.solve.timeout);
        fill(
            &c.test_timeout,
            unset("test_timeout"),
            &mut args.run.test_timeout,
        );
        fill(&c.models, unset("models"), &mut args.solve.models);
        fill(
            &c.solver_memory,
            unset("solver_memory"),
            &mut args.solve.solver_memory,
        );
        fill(&c.fail_on, unset("fail_on"), &mut args.run.exit.fail_on);
    }
}

/// Sets `option` to the file's `value`, if it has one, when the command line left the
/// option `unset`.
fn fill<T: Clone>(value: &Option<T>, unset: bool, option: &mut T) {
    if let (Some(v), true) = (value, unset) {
        *option = v.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::{CommandFactory, FromArgMatches};

    fn parsed(text: &str) -> Result<Config, String> {
        parse(Path::new("proj/dsd.toml"), text).map_err(|e| e.0)
    }

    /// `dsd check` parsed from `argv` with the settings `text` of `proj/dsd.toml` applied.
    fn check_args(text: &str, argv: &[&str]) -> CheckArgs {
        let found = Found {
            path: PathBuf::from("proj/dsd.toml"),
            config: parsed(text).unwrap(),
        };
        let matches = Cli::command().get_matches_from(argv);
        let mut cli = Cli::from_arg_matches(&matches).unwrap();
        let Command::Check(args) = &mut cli.command else {
            panic!("not check")
        };
        found.apply(args, matches.subcommand_matches("check").unwrap());
        (**args).clone()
    }

    const SETTINGS: &str = r#"
sources = ["src/main/java"]
tests = ["src/test/java"]
classpath = ["lib/a.jar", "lib/b.jar"]
exclude = ["**/generated/**"]
ignore = ["ClassCastException"]
unroll = 8
inline-depth = 2
timeout = 3
test-timeout = 20
models = 1
solver-memory = 1024
fail-on = "note"
documentation = false
emit-tests = "src/test/java"
junit = 4
"#;

    #[test]
    fn every_setting_reaches_the_options_with_paths_below_the_file() {
        let args = check_args(SETTINGS, &["dsd", "check"]);
        assert_eq!(args.sources, [PathBuf::from("proj/src/main/java")]);
        assert_eq!(args.tests, [PathBuf::from("proj/src/test/java")]);
        assert_eq!(
            args.run.classpath.as_deref(),
            Some("proj/lib/a.jar:proj/lib/b.jar")
        );
        assert_eq!(args.vcgen.exclude, ["**/generated/**"]);
        assert_eq!(args.vcgen.ignore, ["ClassCastException"]);
        assert_eq!((args.vcgen.unroll, args.vcgen.inline_depth), (8, 2));
        assert!(!args.vcgen.documentation);
        assert_eq!(args.solve.timeout, std::time::Duration::from_secs(3));
        assert_eq!(args.run.test_timeout, std::time::Duration::from_secs(20));
        assert_eq!((args.solve.models, args.solve.solver_memory), (1, 1024));
        assert_eq!(args.run.exit.fail_on, FailOn::Note);
        assert_eq!(args.emit_tests, Some(PathBuf::from("proj/src/test/java")));
        assert_eq!(args.junit, Some(Flavour::JUnit4));
    }

    #[test]
    fn the_jdk_settings_are_paths_below_the_file() {
        let found = Found {
            path: PathBuf::from("proj/dsd.toml"),
            config: parsed("java-home = \"jdk\"\ntest-java = \"/opt/jdk-25/bin/java\"\n").unwrap(),
        };
        assert_eq!(
            found.jdk(),
            (
                Some(PathBuf::from("proj/jdk")),
                Some(PathBuf::from("/opt/jdk-25/bin/java"))
            )
        );
    }

    #[test]
    fn ignored_kinds_are_spelled_as_dsd_spells_them() {
        let args = check_args(
            "ignore = [\"classcastexception\"]\n",
            &["dsd", "check", "src"],
        );
        assert_eq!(args.vcgen.ignore, ["ClassCastException"]);
    }

    #[test]
    fn the_command_line_overrides_the_file() {
        let args = check_args(
            SETTINGS,
            &[
                "dsd",
                "check",
                "other/src",
                "--unroll",
                "3",
                "--ignore",
                "NullPointerException",
            ],
        );
        assert_eq!(args.sources, [PathBuf::from("other/src")]);
        assert_eq!(args.vcgen.unroll, 3);
        assert_eq!(args.vcgen.ignore, ["NullPointerException"]);
        assert_eq!(
            args.vcgen.inline_depth, 2,
            "what the command line leaves is the file's"
        );
    }

    #[test]
    fn an_unknown_key_is_named_with_its_line() {
        let err = parsed("unroll = 4\n\nunrol = 5\n").unwrap_err();
        assert!(
            err.starts_with("proj/dsd.toml:3: unknown field `unrol`"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_value_is_named_with_its_line() {
        let err = parsed("unroll = \"many\"\n").unwrap_err();
        assert!(err.starts_with("proj/dsd.toml:1: invalid type"), "{err}");
        let err = parsed("models = 1\nfail-on = \"warning\"\n").unwrap_err();
        assert!(
            err.starts_with("proj/dsd.toml:2: unknown variant `warning`"),
            "{err}"
        );
        let err = parsed("\ntimeout = -2\n").unwrap_err();
        assert!(err.starts_with("proj/dsd.toml:2: timeout: "), "{err}");
        let err = parsed("ignore = [\"Arithmetic\"]\n").unwrap_err();
        assert!(err.contains("`Arithmetic` is not a crash kind"), "{err}");
        let err = parsed("ignore = [\"IllegalStateException\"]\n").unwrap_err();
        assert!(
            err.contains("`IllegalStateException` is not a crash kind; the kinds are "),
            "{err}"
        );
        let err = parsed("exclude = [\"src/[a\"]\n").unwrap_err();
        assert!(err.contains("is not a glob"), "{err}");
        let err = parsed("junit = 3\n").unwrap_err();
        assert!(
            err.starts_with("proj/dsd.toml:1: junit: `3` is not a JUnit version"),
            "{err}"
        );
    }

    #[test]
    fn the_nearest_file_is_found_walking_up() {
        let dir = std::env::temp_dir().join(format!("dsd-config-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a/b")).unwrap();
        assert_eq!(nearest(&dir.join("a/b")), None);
        std::fs::write(dir.join("a").join(FILE_NAME), "unroll = 2\n").unwrap();
        let found = nearest(&dir.join("a/b")).unwrap();
        assert_eq!(found, dir.join("a/b/../dsd.toml"));
        assert_eq!(nearest(&dir.join("a")).unwrap(), dir.join("a/dsd.toml"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_config_file_is_refused() {
        let err = find(Some(Path::new("/nonexistent/dsd.toml"))).unwrap_err();
        assert!(
            err.0
                .starts_with("--config /nonexistent/dsd.toml: no such file"),
            "{err}"
        );
    }
}
