//! One `javac` call over many files, through an argument file, and reading what javac
//! said: the one way dsd drives javac, for the project and its tests in the infer stage and
//! for the project and the generated tests in the run stage.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why a `javac` call produced no classes.
#[derive(Debug, Clone)]
pub enum JavacError {
    /// `javac` could not be started, or its files could not be written.
    Io(String),
    /// `javac` ran and reported errors; its whole output.
    Failed(String),
}

/// What to compile and where to.
pub struct Compilation<'a> {
    /// The `javac` executable.
    pub javac: &'a Path,
    /// Source files.
    pub sources: &'a [PathBuf],
    /// Class path entries.
    pub classpath: &'a [PathBuf],
    /// Output directory for the classes (created if missing).
    pub out_dir: &'a Path,
    /// Where to write the argument file.
    pub argfile: &'a Path,
}

/// The stack of javac's threads. javac parses and attributes expressions recursively:
/// with its default stack it stops with a StackOverflowError at a few thousand nested
/// parentheses; with this one it compiles 20,000. Only the pages it touches are used.
/// (`-J` options cannot go in an argument file.)
const JAVAC_STACK: &str = "-J-Xss256m";

/// javac's own JIT stops at its first tier: a compile that runs for seconds never earns
/// back the optimising tier's work. commons-lang3's 215 files: 5.0–5.5 s to 2.8–3.0 s; its
/// 114 generated test classes: 4.4–4.7 s to 2.1–2.2 s.
const JAVAC_QUICK_JIT: &str = "-J-XX:TieredStopAtLevel=1";

/// Compiles with one `javac -nowarn -encoding UTF-8 -g -proc:none -d OUT @argfile` call.
pub fn compile(c: &Compilation<'_>) -> Result<(), JavacError> {
    std::fs::create_dir_all(c.out_dir)
        .map_err(|e| JavacError::Io(format!("{}: {e}", c.out_dir.display())))?;
    let mut args = String::from("-nowarn\n-encoding\nUTF-8\n-g\n-proc:none\n-Xmaxerrs\n1000\n");
    let _ = writeln!(args, "-d\n{}", quote(c.out_dir.as_os_str().to_os_string()));
    if !c.classpath.is_empty() {
        let cp = crate::toolchain::class_path(c.classpath).map_err(|e| JavacError::Io(e.0))?;
        let _ = writeln!(args, "-classpath\n{}", quote(cp));
    }
    for source in c.sources {
        let _ = writeln!(args, "{}", quote(source.as_os_str().to_os_string()));
    }
    std::fs::write(c.argfile, args)
        .map_err(|e| JavacError::Io(format!("{}: {e}", c.argfile.display())))?;
    let mut at = OsString::from("@");
    at.push(c.argfile);
    let output = Command::new(c.javac)
        .arg(JAVAC_STACK)
        .arg(JAVAC_QUICK_JIT)
        .arg(at)
        .output()
        .map_err(|e| JavacError::Io(format!("cannot run {}: {e}", c.javac.display())))?;
    if output.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&output.stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stdout));
    Err(JavacError::Failed(text))
}

/// Quotes one argument for a javac argument file.
fn quote(arg: OsString) -> String {
    let s = arg.to_string_lossy();
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        if ch == '"' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('"');
    out
}

/// The first `max` lines of javac output that start an error message (`path:line: error: ...`),
/// each followed by its source line, made [`printable`]: javac echoes the source, and the
/// source may be a binary file named `.java`.
pub fn first_errors(output: &str, max: usize) -> Vec<String> {
    let lines: Vec<&str> = output.lines().collect();
    let mut picked = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if picked.len() >= max * 2 {
            break;
        }
        if line.contains(": error: ") {
            picked.push(printable(line));
            if let Some(next) = lines.get(i + 1) {
                picked.push(printable(next));
            }
        }
    }
    if picked.is_empty() {
        picked.extend(lines.iter().take(max).map(|l| printable(l)));
    }
    picked
}

/// Longest line of javac output echoed to the terminal, in characters.
const ECHO_MAX_CHARS: usize = 160;

/// A line of javac output as it may reach a terminal: control characters and bytes that
/// were not text (decoded as U+FFFD) become `?`, and a long line is cut with `...`.
fn printable(line: &str) -> String {
    let mut out: String = line
        .chars()
        .take(ECHO_MAX_CHARS)
        .map(|c| {
            if c == '\t' || !(c.is_control() || c == char::REPLACEMENT_CHARACTER) {
                c
            } else {
                '?'
            }
        })
        .collect();
    if line.chars().nth(ECHO_MAX_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

/// What to do about javac output that says a package or class is missing: it is in a
/// library the class path lacks, or in project sources that were not given.
pub fn missing_code_hint(output: &str) -> Option<String> {
    let missing_package = output.lines().find_map(|line| {
        let rest = &line[line.find(": error: package ")? + ": error: package ".len()..];
        rest.strip_suffix(" does not exist").map(str::to_string)
    });
    if let Some(package) = missing_package {
        return Some(format!(
            "package {package} is in none of the sources: pass the jars it needs with \
             --classpath A.jar:B.jar"
        ));
    }
    let missing_class = output.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("symbol:") && line["symbol:".len()..].trim_start().starts_with("class ")
    });
    missing_class.then(|| {
        "a class it uses is in none of the sources: pass the jars it needs with --classpath \
         A.jar:B.jar, or name the whole source root"
            .to_string()
    })
}

/// One error javac reported: where, and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The source file as javac named it.
    pub file: PathBuf,
    /// Line, from 1.
    pub line: u32,
    /// The message, e.g. `reference to Phoneme is ambiguous`.
    pub message: String,
}

/// Every error of javac's output (`path.java:line: error: message`), in order.
pub fn errors(output: &str) -> Vec<Diagnostic> {
    output
        .lines()
        .filter_map(|line| {
            let at = line.find(".java:")?;
            let (file, rest) = (&line[..at + 5], &line[at + 6..]);
            let (number, message) = rest.split_once(": error: ")?;
            Some(Diagnostic {
                file: PathBuf::from(file),
                line: number.parse().ok()?,
                message: message.trim().to_string(),
            })
        })
        .collect()
}

/// The source files javac reported errors in, each once.
pub fn files_with_errors(output: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = Vec::new();
    for e in errors(output) {
        if !files.contains(&e.file) {
            files.push(e.file);
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str =
        "t/a/A_DsdTest.java:7: error: cannot find symbol\n        x.foo();\n         ^\n\
                          t/a/B_DsdTest.java:3: error: ';' expected\n  int x\n       ^\n\
                          t/a/A_DsdTest.java:9: error: cannot find symbol\n  y();\n3 errors\n";

    #[test]
    fn finds_files_with_errors_once_each() {
        let files = files_with_errors(OUTPUT);
        assert_eq!(
            files,
            vec![
                PathBuf::from("t/a/A_DsdTest.java"),
                PathBuf::from("t/a/B_DsdTest.java")
            ]
        );
    }

    #[test]
    fn reads_each_error_with_its_line_and_message() {
        let errors = errors(OUTPUT);
        assert_eq!(errors.len(), 3);
        assert_eq!(
            errors[1],
            Diagnostic {
                file: PathBuf::from("t/a/B_DsdTest.java"),
                line: 3,
                message: "';' expected".into()
            }
        );
        assert_eq!(errors[2].line, 9);
    }

    #[test]
    fn first_errors_keep_the_source_line() {
        let lines = first_errors(OUTPUT, 1);
        assert_eq!(
            lines,
            vec![
                "t/a/A_DsdTest.java:7: error: cannot find symbol",
                "        x.foo();"
            ]
        );
    }

    #[test]
    fn missing_packages_and_classes_point_to_the_class_path() {
        let package = "src/p/A.java:3: error: package org.apache.commons.lang3 does not exist\n\
                       import org.apache.commons.lang3.StringUtils;\n";
        let hint = missing_code_hint(package).expect("a hint");
        assert!(
            hint.starts_with("package org.apache.commons.lang3 is in none"),
            "{hint}"
        );
        assert!(hint.contains("--classpath"), "{hint}");
        let class = "src/p/A.java:5: error: cannot find symbol\n    Helper h;\n    ^\n  \
                     symbol:   class Helper\n  location: class A\n";
        assert!(missing_code_hint(class).is_some_and(|h| h.contains("--classpath")));
        assert_eq!(missing_code_hint(OUTPUT), None);
    }

    #[test]
    fn raw_bytes_echoed_by_javac_never_reach_the_terminal() {
        let binary = format!(
            "B.java:1: error: unmappable character (0x9A) for encoding UTF-8\n\u{1b}[2J\u{fffd}\u{7}x{}\n",
            "y".repeat(500)
        );
        let lines = first_errors(&binary, 1);
        assert_eq!(
            lines[0],
            "B.java:1: error: unmappable character (0x9A) for encoding UTF-8"
        );
        assert!(lines[1].starts_with("?[2J??xyyy"), "{}", lines[1]);
        assert_eq!(lines[1].chars().count(), ECHO_MAX_CHARS + 3);
    }

    #[test]
    fn quotes_spaces_and_backslashes() {
        assert_eq!(quote(OsString::from(r#"a b\c"d"#)), r#""a b\\c\"d""#);
    }
}
