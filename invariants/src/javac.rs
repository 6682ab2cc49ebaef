//! One `javac` call over many files, through an argument file, and reading what javac
//! said: the one way dsd drives javac, for the project and its tests in the infer stage and
//! for the project and the generated tests in the run stage.

use crate::modules::ModulePatches;
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
    /// Where to write the argument file. javac runs in its folder, which must be one dsd
    /// owns: javac writes a copy of its arguments into its working folder when it fails on
    /// some inputs (the JDK's own sources, for one).
    pub argfile: &'a Path,
    /// Sources that javac compiles as patches of JDK modules, if any.
    pub patched: Option<PatchedSources<'a>>,
    /// The sources' encoding as javac names it (UTF-8 when `None`).
    pub encoding: Option<&'a str>,
    /// The feature release of the JVM that runs the classes (`--test-java`'s), when known.
    pub target: Option<u32>,
    /// javac's `--release N`, when the user asked for it: it replaces what `target` implies.
    pub release: Option<u32>,
}

/// Project packages of JDK modules ([`ModulePatches`]) and the folders that hold their sources.
pub struct PatchedSources<'a> {
    /// The packages, by module.
    pub patches: &'a ModulePatches,
    /// Source folders: a file below one of them is compiled into the module of its package.
    pub roots: &'a [PathBuf],
    /// Patches compiled before, below a folder per module.
    pub classes: &'a [PathBuf],
    /// Where the classes of these sources' patches go, a folder per module.
    pub out: &'a Path,
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

/// Compiles with `javac -nowarn -encoding ENC -g -proc:none -d OUT @argfile` (`ENC` the
/// sources' encoding, UTF-8 by default; and `--enable-preview -source N` on a JDK with
/// preview features:
/// [`crate::toolchain::preview_release`]), run in the argument file's folder. Every path
/// javac gets is absolute, so its messages name files by their absolute paths. With
/// patched sources, javac runs twice: first over the sources in
/// patched packages, as members of their modules, whose classes then move to
/// [`PatchedSources::out`]; then over the others, on the class path, against those patches.
pub fn compile(c: &Compilation<'_>) -> Result<(), JavacError> {
    let Some(patched) = &c.patched else {
        return run(c, c.sources, Vec::new(), c.argfile);
    };
    let roots: Vec<PathBuf> = patched.roots.iter().map(|p| absolute(p)).collect();
    let classes: Vec<PathBuf> = patched.classes.iter().map(|p| absolute(p)).collect();
    let (members, others): (Vec<PathBuf>, Vec<PathBuf>) = c
        .sources
        .iter()
        .map(|s| absolute(s))
        .partition(|s| patched.patches.holds(s, &roots));
    if !members.is_empty() {
        let options = patched.patches.javac_options(&roots, &classes);
        run(
            c,
            &members,
            options,
            &c.argfile.with_extension("patch.args"),
        )?;
        patched
            .patches
            .move_classes(c.out_dir, patched.out)
            .map_err(|e| JavacError::Io(format!("{}: {e}", patched.out.display())))?;
    }
    if others.is_empty() {
        return Ok(());
    }
    let mut compiled = classes;
    compiled.push(absolute(patched.out));
    run(
        c,
        &others,
        patched.patches.javac_options(&[], &compiled),
        c.argfile,
    )
}

/// The options that fit javac's classes to the JVM that runs them: for the JDK's own release,
/// its preview features (`--enable-preview -source N`, 12 and later); for an older one,
/// `--release N`; for a newer one, none (it runs the classes javac writes, but not its
/// previews).
fn release_options(javac: Option<u32>, target: Option<u32>) -> Vec<String> {
    match (javac, target) {
        (Some(own), Some(target)) if target < own => vec!["--release".into(), target.to_string()],
        (Some(own), Some(target)) if target > own => Vec::new(),
        (Some(own), _) if own >= 12 => {
            vec!["--enable-preview".into(), "-source".into(), own.to_string()]
        }
        _ => Vec::new(),
    }
}

/// One javac call over `sources` with the options of `c` and `extra`.
fn run(
    c: &Compilation<'_>,
    sources: &[PathBuf],
    extra: Vec<OsString>,
    argfile: &Path,
) -> Result<(), JavacError> {
    std::fs::create_dir_all(c.out_dir)
        .map_err(|e| JavacError::Io(format!("{}: {e}", c.out_dir.display())))?;
    let encoding = c.encoding.unwrap_or("UTF-8");
    let mut args = format!("-nowarn\n-encoding\n{encoding}\n-g\n-proc:none\n-Xmaxerrs\n1000\n");
    let _ = writeln!(args, "-d\n{}", quote(absolute(c.out_dir).into_os_string()));
    let options = match c.release {
        Some(release) => vec!["--release".to_string(), release.to_string()],
        None => release_options(crate::toolchain::feature_release(c.javac), c.target),
    };
    for option in options {
        let _ = writeln!(args, "{option}");
    }
    if !c.classpath.is_empty() {
        let absolute: Vec<PathBuf> = c.classpath.iter().map(|p| absolute(p)).collect();
        let cp = crate::toolchain::class_path(&absolute).map_err(|e| JavacError::Io(e.0))?;
        let _ = writeln!(args, "-classpath\n{}", quote(cp));
    }
    for option in extra {
        let _ = writeln!(args, "{}", quote(option));
    }
    for source in sources {
        let _ = writeln!(args, "{}", quote(absolute(source).into_os_string()));
    }
    std::fs::write(argfile, args)
        .map_err(|e| JavacError::Io(format!("{}: {e}", argfile.display())))?;
    let mut at = OsString::from("@");
    let argfile = absolute(argfile);
    at.push(&argfile);
    let folder = argfile.parent().unwrap_or(Path::new("/"));
    let output = Command::new(c.javac)
        .arg(JAVAC_STACK)
        .arg(JAVAC_QUICK_JIT)
        .arg(at)
        .current_dir(folder)
        .output()
        .map_err(|e| JavacError::Io(format!("cannot run {}: {e}", c.javac.display())))?;
    if output.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&output.stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stdout));
    Err(JavacError::Failed(text))
}

/// `path` joined to the current folder when relative.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
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

/// The lines of javac output that concern one file.
pub fn output_for(output: &str, file: &Path) -> String {
    let prefix = format!("{}:", file.display());
    let lines: Vec<&str> = output.lines().collect();
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with(&prefix) {
            out.push_str(line);
            out.push('\n');
            if let Some(next) = lines.get(i + 1) {
                out.push_str(next);
                out.push('\n');
            }
        }
    }
    out
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
/// library the class path lacks, or in project sources that were not given, or in project
/// files left out because they do not compile. `in_project` says whether a dotted package
/// name or a simple class name is declared in the project's sources.
pub fn missing_code_hint(output: &str, in_project: &dyn Fn(&str) -> bool) -> Option<String> {
    let missing_package = output.lines().find_map(|line| {
        let rest = &line[line.find(": error: package ")? + ": error: package ".len()..];
        rest.strip_suffix(" does not exist").map(str::to_string)
    });
    if let Some(name) = missing_package {
        // javac names the unknown qualifier of `Outer.Inner` a package, even when it is a class.
        let class = name
            .split('.')
            .find(|segment| segment.starts_with(|c: char| c.is_uppercase()));
        return Some(match class {
            Some(class) if in_project(class) => left_out("class", class),
            None if in_project(&name) => left_out("package", &name),
            Some(class) => {
                format!("class {class} is in none of the sources: {PASS_JARS}")
            }
            None => format!("package {name} is in none of the sources: {PASS_JARS}"),
        });
    }
    let missing_class = output.lines().find_map(|line| {
        let line = line.trim_start().strip_prefix("symbol:")?;
        let class = line.trim_start().strip_prefix("class ")?.trim();
        Some(class.to_string())
    })?;
    Some(if in_project(&missing_class) {
        left_out("class", &missing_class)
    } else {
        format!(
            "class {missing_class} is in none of the sources: {PASS_JARS}, or name the whole \
             source root"
        )
    })
}

/// What to do about classes in a library the class path lacks.
const PASS_JARS: &str = "pass the jars it needs with --classpath A.jar:B.jar";

fn left_out(what: &str, name: &str) -> String {
    format!("{what} {name} is declared only in files that do not compile (left out above)")
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

    #[test]
    fn javac_compiles_for_the_release_of_the_jvm_that_runs_the_classes() {
        let options = |javac, target| release_options(javac, target).join(" ");
        assert_eq!(options(Some(17), None), "--enable-preview -source 17");
        assert_eq!(options(Some(17), Some(17)), "--enable-preview -source 17");
        assert_eq!(options(Some(21), Some(17)), "--release 17");
        assert_eq!(
            options(Some(17), Some(25)),
            "",
            "no previews for another release"
        );
        assert_eq!(options(Some(11), None), "");
        assert_eq!(options(None, Some(25)), "");
    }

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
        let nothing = |_: &str| false;
        let hint = missing_code_hint(package, &nothing).expect("a hint");
        assert!(
            hint.starts_with("package org.apache.commons.lang3 is in none"),
            "{hint}"
        );
        assert!(hint.contains("--classpath"), "{hint}");
        let class = "src/p/A.java:5: error: cannot find symbol\n    Helper h;\n    ^\n  \
                     symbol:   class Helper\n  location: class A\n";
        let hint = missing_code_hint(class, &nothing).expect("a hint");
        assert!(hint.starts_with("class Helper is in none"), "{hint}");
        assert!(hint.contains("--classpath"), "{hint}");
        assert_eq!(missing_code_hint(OUTPUT, &nothing), None);
    }

    #[test]
    fn code_of_files_left_out_is_not_blamed_on_the_class_path() {
        let project = |name: &str| name == "PublicMethods" || name == "p.q" || name == "Helper";
        let qualifier =
            "/s/java/lang/Class.java:3541: error: package PublicMethods does not exist\n";
        let hint = missing_code_hint(qualifier, &project).expect("a hint");
        assert_eq!(
            hint,
            "class PublicMethods is declared only in files that do not compile (left out above)"
        );
        let package = "A.java:1: error: package p.q does not exist\n";
        let hint = missing_code_hint(package, &project).expect("a hint");
        assert!(hint.starts_with("package p.q is declared only"), "{hint}");
        let library_class = "A.java:1: error: package org.x.Outer does not exist\n";
        let hint = missing_code_hint(library_class, &project).expect("a hint");
        assert!(hint.starts_with("class Outer is in none"), "{hint}");
        let class = "  symbol:   class Helper\n";
        let hint = missing_code_hint(class, &project).expect("a hint");
        assert!(hint.starts_with("class Helper is declared only"), "{hint}");
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
