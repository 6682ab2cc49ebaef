//! What `dsd reproduce` says: per frame whether the kept test reproduced it, the test's
//! file and name, as text or JSON; and the kept test itself, with the trace in a comment.

use super::frames::Located;
use super::trace::Thrown;
use crate::cli::{ReproduceArgs, ReproduceFormat};
use crate::error::Failure;
use crate::run::findings::java_member;
use crate::run::results::TestResult;
use invariants::toolchain::Flavour;
use invariants::usage::Usage;
use serde::Serialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Whether the kept test's stack matches a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The frame and every frame above it match.
    Reproduced,
    /// No test's stack reached it.
    NotReproduced,
}

/// What trying a frame's method as the test's entry came to, when no test reached down to
/// that frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum Tried {
    /// No operation at the crash's line throws the trace's exception on a path from this
    /// method (a `throw` of another class, a crash the model does not know).
    NoSite,
    /// Every path to the crash is impossible: no input makes it.
    Unsatisfiable,
    /// The solver gave up within its timeout.
    TimedOut,
    /// Inputs were found and their tests ran, but none threw the trace's exception.
    NoCrash {
        /// How many tests ran.
        tests: usize,
    },
    /// A test threw the trace's exception, with a stack that matches fewer frames.
    OtherStack {
        /// How many leading frames its stack matched.
        reached: usize,
    },
    /// Not tried: the search's `--budget` was spent on the deeper frames (the deepest one
    /// is always tried).
    OutOfTime {
        /// The budget, in seconds.
        budget: f64,
    },
    /// Tried, but the budget ran out while the solver worked: some goals were not answered.
    CutShort {
        /// The budget, in seconds.
        budget: f64,
    },
}

impl std::fmt::Display for Tried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tried::NoSite => write!(f, "no crash site of the exception at the line through it"),
            Tried::Unsatisfiable => write!(f, "no input reaches the crash through it"),
            Tried::TimedOut => write!(f, "the solver timed out"),
            Tried::NoCrash { tests } => write!(
                f,
                "{} ran without the exception",
                crate::report::plural(*tests, "test")
            ),
            Tried::OtherStack { reached } => {
                write!(
                    f,
                    "the exception was raised with frames 1-{reached} matching"
                )
            }
            Tried::OutOfTime { budget } => write!(
                f,
                "not tried: the budget of {budget} s was spent on deeper frames (--budget)"
            ),
            Tried::CutShort { budget } => write!(
                f,
                "the budget of {budget} s ran out while the solver worked on it (--budget)"
            ),
        }
    }
}

/// One frame of the trace in the report.
#[derive(Debug, Clone, Serialize)]
pub struct FrameReport {
    /// Its number in the trace, from 1 at the top.
    pub index: usize,
    /// The frame as the trace writes it.
    pub frame: String,
    /// Whether it is a method of the project's sources.
    pub project: bool,
    /// Whether a test can call its method.
    pub callable: bool,
    /// Whether the kept test reproduced it.
    pub status: Status,
    /// Why it does not fit this version of the code, if it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<String>,
    /// With `--tests`: how the kept test entered its method, against the project's usage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// When its method was tried as the entry and no test reached this frame: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tried: Option<Tried>,
}

/// With `--tests`: whether the kept test needs what the project's usage never produces.
#[derive(Debug, Clone, Serialize)]
pub struct UsageReport {
    /// True when every frame the test reproduced was entered as the project's tests enter
    /// it (or has no observed usage); `None` when the check could not run.
    pub within: Option<bool>,
    /// The outermost frame (from 1) entered outside usage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<usize>,
    /// The frame whose call passed it what usage never has, when the trace shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caller: Option<usize>,
    /// The verdict in a sentence.
    pub message: String,
}

/// The kept test.
#[derive(Debug, Clone, Serialize)]
pub struct TestFile {
    /// The file, below `WORK/reproduce/`.
    pub path: PathBuf,
    /// Binary name of its class.
    pub class: String,
    /// The test method.
    pub method: String,
    /// Its copy in the project's test tree, with `--emit-tests`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emitted: Option<PathBuf>,
    /// Whether it sets state by reflection (the helpers of the class `DsdReflection`
    /// beside it): no public constructor, factory or call reached that state.
    pub reflection: bool,
}

/// The outcome of `dsd reproduce`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The trace file.
    pub trace: PathBuf,
    /// The exception reproduced, fully qualified.
    pub exception: String,
    /// Its message in the trace.
    pub message: Option<String>,
    /// The frame aimed at, from 1: `--frame K`, else the deepest a test can call.
    pub target: Option<usize>,
    /// How many leading frames of the trace the kept test's stack matches.
    pub reached: usize,
    /// Whether a test raised the exception with frames 1..K matching, K a frame a test
    /// calls (the target with `--frame`).
    pub reproduced: bool,
    /// Every frame.
    pub frames: Vec<FrameReport>,
    /// The kept test, when reproduced.
    pub test: Option<TestFile>,
    /// With `--tests` and a kept test: whether it stays within the project's usage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<UsageReport>,
    /// Why nothing could be tried, if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Wall time, in seconds (`dsd reproduce`'s whole search; none in `dsd record`'s
    /// report, whose crashes share one replay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

impl Report {
    /// The report before any test ran: nothing reproduced; `target` is an index.
    pub fn new(trace: &Path, thrown: &Thrown, located: &[Located], target: Option<usize>) -> Self {
        let frames: Vec<FrameReport> = thrown
            .frames
            .iter()
            .zip(located)
            .enumerate()
            .map(|(i, (frame, located))| FrameReport {
                index: i + 1,
                frame: frame.to_string(),
                project: !matches!(located, Located::Library),
                callable: matches!(located, Located::Method { callable: true, .. }),
                status: Status::NotReproduced,
                mismatch: match located {
                    Located::Mismatch(why) => Some(why.clone()),
                    _ => None,
                },
                usage: None,
                tried: None,
            })
            .collect();
        let fits = frames
            .iter()
            .position(|f| f.mismatch.is_some())
            .unwrap_or(frames.len());
        let deepest = frames[..fits].iter().rposition(|f| f.callable);
        Report {
            trace: trace.to_path_buf(),
            exception: thrown.exception.clone(),
            message: thrown.message.clone(),
            target: target.or(deepest).map(|i| i + 1),
            reached: 0,
            reproduced: false,
            frames,
            test: None,
            usage: None,
            note: None,
            seconds: None,
        }
    }

    /// Records that a test's stack matches the first `depth` frames.
    pub fn reached(&mut self, depth: usize) {
        self.reached = depth;
        for frame in self.frames.iter_mut().take(depth) {
            frame.status = Status::Reproduced;
        }
    }

    /// The report as text.
    pub(crate) fn text(&self) -> String {
        let mut out = self.exception.clone();
        if let Some(message) = &self.message {
            let _ = write!(out, ": {}", message.lines().next().unwrap_or_default());
        }
        let _ = writeln!(out, "  ({})", self.trace.display());
        let width = self.frames.iter().map(|f| f.frame.len()).max().unwrap_or(0);
        for f in &self.frames {
            let status = match f.status {
                Status::Reproduced => "reproduced",
                Status::NotReproduced => "not reproduced",
            };
            let mut tags = Vec::new();
            if self.target == Some(f.index) {
                tags.push("target".to_string());
            }
            if !f.project {
                tags.push("library".to_string());
            } else if !f.callable {
                tags.push("no test can call it".to_string());
            }
            if let Some(why) = &f.mismatch {
                tags.push(why.clone());
            }
            if let Some(usage) = &f.usage {
                tags.push(usage.to_string());
            }
            if let Some(tried) = &f.tried {
                tags.push(format!("tried: {tried}"));
            }
            let tags = match tags.is_empty() {
                true => String::new(),
                false => format!("  ({})", tags.join("; ")),
            };
            let _ = writeln!(out, "  {:>3}  {:width$}  {status}{tags}", f.index, f.frame);
        }
        match (&self.test, &self.note) {
            (Some(test), _) => {
                let _ = writeln!(
                    out,
                    "reproduced: frames 1-{} of {} match; test {}.{} in {}",
                    self.reached,
                    self.frames.len(),
                    test.class,
                    test.method,
                    test.emitted.as_ref().unwrap_or(&test.path).display()
                );
                if test.reflection {
                    let _ = writeln!(
                        out,
                        "by reflection: no public constructor, factory or call reached the \
                         state the crash needs, so the test sets it by reflection"
                    );
                }
                if let Some(usage) = &self.usage {
                    let _ = writeln!(out, "{}", usage.message);
                }
            }
            (None, Some(note)) => {
                let _ = writeln!(out, "not reproduced: {note}");
            }
            (None, None) => {
                let _ = write!(
                    out,
                    "not reproduced: no test raised {} with the frames down to {}",
                    self.exception,
                    self.target
                        .map_or("a frame a test can call".to_string(), |t| format!(
                            "frame {t}"
                        ))
                );
                // The deepest frame reached, and why the frame tried nearest below it failed.
                let next = self
                    .frames
                    .iter()
                    .skip(self.reached)
                    .find_map(|f| f.tried.as_ref().map(|t| (f.index, t)));
                match next {
                    Some((index, tried)) => {
                        let reached = match self.reached {
                            0 => "no frame reached".to_string(),
                            n => format!("frames 1-{n} reached"),
                        };
                        let _ = writeln!(out, "; {reached}, frame {index}: {tried}");
                    }
                    None => out.push('\n'),
                }
            }
        }
        out
    }
}

/// Ends `dsd reproduce`: prints or writes the report, and returns the exit status.
pub fn finish(mut report: Report, args: &ReproduceArgs, start: Instant) -> Result<i32, Failure> {
    report.seconds = Some((start.elapsed().as_secs_f64() * 100.0).round() / 100.0);
    report.reproduced = report.test.is_some();
    let text = match args.format {
        ReproduceFormat::Text => report.text(),
        ReproduceFormat::Json => {
            serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::new(format!("rendering the report: {e}")))?
                + "\n"
        }
    };
    crate::cli::write_report(args.output.as_deref(), &text)?;
    Ok(super::exit_status(report.reproduced))
}

/// Where the kept test and its helpers are written: `WORK/reproduce/`.
pub fn reproduce_dir(work: &Path) -> PathBuf {
    work.join("reproduce")
}

/// Writes the test `result` ran, planned again as `--emit-tests` keeps a finding's, below
/// `WORK/reproduce/` for `flavour` as the class `class` (a simple name), with `trace` in a
/// comment under its first line; the test expects the exception `result` threw (the
/// trace's, or one that wraps it).
pub fn write_test(
    work: &Path,
    result: &TestResult,
    site: &vcgen::Site,
    flavour: Flavour,
    (trace, class): (&str, &str),
) -> Result<TestFile, Failure> {
    let dir = reproduce_dir(work);
    frontend::files::clear_dir(&dir).map_err(Failure::new)?;
    let thrown = result
        .exception
        .clone()
        .unwrap_or_else(|| site.exception.clone());
    let keep = testgen::Keep {
        test_class: result.class.clone(),
        test_method: result.method.clone(),
        exception: thrown.clone(),
        kind: vcgen::kinds::for_class(&thrown).summary().to_string(),
        level: "error".to_string(),
        rel: site.rel.clone(),
        line: site.line,
        statement: site.source_line.clone(),
        method: java_member(&site.class, &site.method),
        kept_class: Some(class.to_string()),
    };
    let kept = testgen::keep_tests(work, &[keep], flavour, &dir)?;
    let reflection = kept.files.iter().any(|p| {
        p.file_stem()
            .is_some_and(|s| s == testgen::keep::HELPER_CLASS)
    });
    let path = kept
        .files
        .into_iter()
        .find(|p| p.file_stem().is_some_and(|s| s == class))
        .ok_or_else(|| Failure::new(format!("no test was written below {}", dir.display())))?;
    let source = std::fs::read_to_string(&path)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    let (first, rest) = source.split_once('\n').unwrap_or((&source, ""));
    let mut comment = String::from("/*\n * The crash this test reproduces (dsd reproduce):\n *\n");
    for line in trace.lines().filter(|l| !l.trim().is_empty()) {
        let line = line.replace('\t', "    ").replace("*/", "* /");
        let _ = writeln!(comment, " * {}", line.trim_end());
    }
    comment.push_str(" */\n");
    frontend::files::write_atomic(&path, format!("{first}\n{comment}{rest}"))
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))?;
    let package = source
        .lines()
        .find_map(|l| l.strip_prefix("package "))
        .map(|p| format!("{}.", p.trim_end_matches(';').trim()))
        .unwrap_or_default();
    let method = source
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("public void ")
                .or(l.trim().strip_prefix("void "))
        })
        .find_map(|l| l.split_once('(').map(|(name, _)| name.to_string()))
        .unwrap_or_default();
    Ok(TestFile {
        path,
        class: format!("{package}{class}"),
        method,
        emitted: None,
        reflection,
    })
}

/// The simple name of the kept test class of the trace file `trace`: its name without the
/// extension in upper camel case, then `CrashTest` (`LANG-1234.txt` gives
/// `LANG1234CrashTest`); `Crash` goes first when the name starts with no letter.
pub fn test_class_name(trace: &Path) -> String {
    let stem = trace
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut name: String = stem
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (head, tail) = part.split_at(1);
            head.to_ascii_uppercase() + tail
        })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.insert_str(0, "Crash");
    }
    name.push_str("CrashTest");
    name
}

/// Copies the kept test and the helpers beside it from the folder `from` (`WORK/reproduce/`,
/// `WORK/record/kept/`) into the test source folder `dir` (`--emit-tests`); a file there
/// that dsd did not write stops it before anything is written.
pub fn emit(from: &Path, test: &mut TestFile, dir: &Path) -> Result<(), Failure> {
    let from = from.to_path_buf();
    let files = frontend::collect_sources(
        std::slice::from_ref(&from),
        frontend::SourceSet::Tests,
        None,
    )?;
    let targets: Vec<(PathBuf, PathBuf)> = files
        .into_iter()
        .filter_map(|input| {
            let rel = input.path.strip_prefix(&from).ok()?.to_path_buf();
            Some((input.path, dir.join(rel)))
        })
        .collect();
    for (_, to) in &targets {
        testgen::check_writable(to)?;
    }
    for (from, to) in &targets {
        let text = std::fs::read_to_string(from)
            .map_err(|e| Failure::new(format!("cannot read {}: {e}", from.display())))?;
        testgen::write_kept(to, &text)?;
        if *from == test.path {
            test.emitted = Some(to.clone());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_class_is_named_after_the_trace_file() {
        let name = |file: &str| test_class_name(Path::new(file));
        assert_eq!(name("/tmp/LANG-1234.txt"), "LANG1234CrashTest");
        assert_eq!(name("evenly.trace"), "EvenlyCrashTest");
        assert_eq!(name("npe in parser.log"), "NpeInParserCrashTest");
        assert_eq!(name("1234.trace"), "Crash1234CrashTest");
        assert_eq!(name("日本.trace"), "CrashCrashTest");
    }
}
