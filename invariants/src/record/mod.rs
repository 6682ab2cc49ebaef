//! `dsd record` (ReCrash, Artzi et al. 2008): the program's own run, recorded so that a
//! crash it meets can be replayed by unit tests.
//!
//! [`build`] instruments a copy of the project's sources in `WORK/record/build/src`
//! ([`weave`]): every instrumented method copies its receiver and arguments at entry onto the
//! per-thread shadow stack of `dsd.recorder.DsdCrashRecorder` (Java source shipped in this
//! crate's `java/` folder), and when an exception escapes it the stack is written below
//! `WORK/record/` ([`capture`] gives the format). The copy is compiled with the recorder into
//! `WORK/record/build/classes`, and the user's command runs against it ([`command`]). The
//! user's files are never touched.
//!
//! Cost modes, as ReCrash has them ([`Mode`]): every method; only the non-trivial ones
//! (getters, setters and empty methods left out); or *second chance*, only the methods of the
//! classes named in a failure recorded earlier in the work directory: a crash that ended its
//! thread or failed a test ([`listener`]), not one the program or a test caught.

pub mod capture;
pub mod command;
pub mod jdk_data;
pub mod listener;
pub mod weave;

use crate::javac::absolute;
use crate::stage::{compile_with_fallback, instrument_files, io_error, Copies, FileCopy};
use crate::{runtime, Error};
use frontend::ir::{ClassKind, Program};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use weave::{Filter, Site};

/// Which methods are recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Every method and constructor.
    All,
    /// All but getters, setters and empty methods.
    NonTrivial,
    /// Only the methods of these classes (binary names), and of the classes nested in them.
    Classes(BTreeSet<String>),
}

/// What the build needs.
#[derive(Debug, Clone)]
pub struct Options<'a> {
    /// Which methods to instrument.
    pub mode: Mode,
    /// Extra jars or folders the project needs.
    pub classpath: &'a [PathBuf],
    /// The JDK whose `javac` compiles the instrumented copy (for the `java` that runs it).
    pub jdk: &'a crate::toolchain::Jdk,
}

/// The instrumented, compiled copy ([`classes_dir`], [`methods_file`]: `id TAB class TAB
/// name TAB descriptor` a line).
#[derive(Debug, Clone)]
pub struct Build {
    /// Methods and constructors instrumented.
    pub instrumented: usize,
    /// Source files left uninstrumented because javac rejected their instrumented form.
    pub uninstrumented_files: usize,
}

/// `WORK/record`: the build, and the crashes recorded (`crash-PID-N`).
pub fn record_dir(work: &Path) -> PathBuf {
    work.join("record")
}

/// `WORK/record/build`: the instrumented copy (`src/`), its classes and the method table.
pub(crate) fn build_dir(work: &Path) -> PathBuf {
    absolute(&record_dir(work).join("build"))
}

/// The instrumented classes and the recorder, which the recorded command runs (absolute).
pub fn classes_dir(work: &Path) -> PathBuf {
    build_dir(work).join("classes")
}

/// The method table the recorder reads (absolute).
pub fn methods_file(work: &Path) -> PathBuf {
    build_dir(work).join("methods.tsv")
}

/// The jar of the recorder's Java agent, which commands other than `java` load (absolute).
pub fn agent_jar(work: &Path) -> PathBuf {
    build_dir(work).join("agent.jar")
}

/// The classes named in the crashes recorded in `WORK/record/` that escaped (ended their
/// thread or failed a test; a crash the program or a test caught, such as a test's expected
/// exception, is no failure): their frames' and their traces' classes that are `program`'s
/// own (second chance's classes, as ReCrash takes them from the stacks of failures).
pub fn crashed_classes(work: &Path, program: &Program) -> Result<BTreeSet<String>, Error> {
    let own: BTreeSet<&str> = program
        .classes
        .iter()
        .filter(|c| !c.library)
        .map(|c| c.name.as_str())
        .collect();
    let mut out = BTreeSet::new();
    for dir in capture::crash_dirs(&record_dir(work)) {
        let crash = capture::read_crash(&dir)?;
        if !crash.escaped {
            continue;
        }
        out.extend(crash.frames.into_iter().map(|f| f.class));
        for line in crash.trace.lines() {
            let Some(at) = line.trim().strip_prefix("at ") else {
                continue;
            };
            let method = at.split('(').next().unwrap_or_default();
            if let Some((class, _)) = method.rsplit_once('.') {
                if own.contains(class) {
                    out.insert(class.to_string());
                }
            }
        }
    }
    Ok(out)
}

/// Instruments the project into `WORK/record/build/src` and compiles it with the recorder
/// into `WORK/record/build/classes`.
pub fn build(work: &Path, program: &Program, options: &Options) -> Result<Build, Error> {
    let dir = build_dir(work);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| io_error("clear", &dir, e))?;
    }
    let (table, copies) = instrument_project(program, &dir.join("src"), &options.mode)?;
    let methods = methods_file(work);
    let text: String = table
        .iter()
        .enumerate()
        .map(|(id, m)| format!("{id}\t{m}\n"))
        .collect();
    std::fs::write(&methods, text).map_err(|e| io_error("write", &methods, e))?;
    let mut files: Vec<PathBuf> = copies.iter().map(|c| c.copy.clone()).collect();
    files.extend(runtime::write_crash_recorder(&dir.join("runtime")).map_err(Error)?);
    let classes = classes_dir(work);
    let tools = crate::toolchain::locate(crate::toolchain::Flavour::JUnit4, options.jdk)?;
    let classpath: Vec<PathBuf> = options.classpath.iter().map(|p| absolute(p)).collect();
    let uninstrumented = compile_with_fallback(
        &tools,
        &classpath,
        &files,
        &classes,
        &dir,
        Copies {
            files: &copies,
            run: "the recording",
        },
        program.encoding.as_deref(),
    )?;
    write_agent(&dir, &classes, &agent_jar(work))?;
    listener::write_listener(work, &classes, options.jdk)?;
    if uninstrumented > 0 {
        eprintln!(
            "dsd: warning: {uninstrumented} files are not recorded: javac rejected their \
             instrumented form (their originals run instead)"
        );
    }
    Ok(Build {
        instrumented: table.iter().filter(|m| !m.is_empty()).count(),
        uninstrumented_files: uninstrumented,
    })
}

/// Writes the agent's jar `jar`: the recorder's classes and the JSON writing they use (from
/// `classes`), which its manifest
/// puts on the boot class path, and the agent as its `Premain-Class`.
fn write_agent(dir: &Path, classes: &Path, jar: &Path) -> Result<(), Error> {
    let manifest = dir.join("agent-manifest.txt");
    let name = jar
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    std::fs::write(
        &manifest,
        format!("Premain-Class: dsd.recorder.DsdRecordAgent\nBoot-Class-Path: {name}\n"),
    )
    .map_err(|e| io_error("write", &manifest, e))?;
    write_jar(
        jar,
        &[
            "--manifest".as_ref(),
            manifest.as_os_str(),
            "-C".as_ref(),
            classes.as_os_str(),
            "dsd/recorder".as_ref(),
            "-C".as_ref(),
            classes.as_os_str(),
            "dsd/json".as_ref(),
        ],
    )
}

/// Writes the jar `jar` with `jar --create --file JAR ARGS...`.
pub(crate) fn write_jar(jar: &Path, args: &[&std::ffi::OsStr]) -> Result<(), Error> {
    let tool = crate::toolchain::find_tool("jar")?;
    let output = std::process::Command::new(&tool)
        .arg("--create")
        .arg("--file")
        .arg(jar)
        .args(args)
        .output()
        .map_err(|e| Error(format!("cannot run {}: {e}", tool.display())))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(Error(format!(
            "{} could not write {}: {}",
            tool.display(),
            jar.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        )))
    }
}

/// Instruments every project file into `out`; returns the method table (an empty entry for
/// an id whose method was left alone) and the copies.
fn instrument_project(
    program: &Program,
    out: &Path,
    mode: &Mode,
) -> Result<(Vec<String>, Vec<FileCopy>), Error> {
    let filter = match mode {
        Mode::NonTrivial => Filter::NonTrivial,
        _ => Filter::All,
    };
    let wanted = |class: &str| match mode {
        Mode::Classes(set) => set
            .iter()
            .any(|c| class == c || class.starts_with(&format!("{c}$"))),
        _ => true,
    };
    let mut table = Vec::new();
    let copies = instrument_files(program, out, |index, text| {
        let mut sites = Vec::new();
        let mut names = Vec::new();
        for class in program.classes.iter().filter(|c| c.file as usize == index) {
            if class.kind == ClassKind::Annotation || !wanted(&class.name) {
                continue;
            }
            for method in &class.methods {
                if method.body.is_none() || method.synthetic || method.name == "<clinit>" {
                    continue;
                }
                let id = (table.len() + names.len()) as u32;
                sites.push(Site {
                    id,
                    line: method.span.line,
                    col: method.span.col,
                    no_receiver: method.modifiers.is_static || method.is_constructor(),
                    params: method.params().iter().map(|p| p.name.clone()).collect(),
                });
                names.push(format!(
                    "{}\t{}\t{}",
                    class.name, method.name, method.descriptor
                ));
            }
        }
        let (woven, done) = weave::weave(text, &sites, filter)?;
        for (site, name) in sites.iter().zip(names) {
            table.push(if done.contains(&site.id) {
                name
            } else {
                String::new()
            });
        }
        Ok(woven)
    })?;
    Ok((table, copies))
}
