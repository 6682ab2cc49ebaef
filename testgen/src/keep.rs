//! The tests `dsd check --emit-tests DIR` keeps in the project's test tree: one per
//! finding, a regression test that passes while the crash is there and fails, saying so,
//! once it is gone.
//!
//! Each is the work directory's test that proved the finding, planned again from the same
//! model with the same renderer ([`crate::plan`]), its call wrapped in JUnit 5's
//! `assertThrows` or under JUnit 4's `@Test(expected = ...)`. The tests of the methods of
//! one class go to `<Class>DsdTest` in that class's package; reflection helpers, when a
//! test needs them, to one class `DsdReflection` beside them. Every file starts with
//! [`MARKER`]: a file there without it is the project's own, and dsd refuses to write
//! anything rather than overwrite it.

use crate::access::{self, Access};
use crate::plan::{self, Planned};
use crate::render::{self, Helper, HelperHome};
use crate::{helpers, names, Error};
use frontend::ir::Program;
use invariants::toolchain::Flavour;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The first line of every test file dsd keeps (`dsd check --emit-tests`, `dsd reproduce`).
pub const MARKER: &str = "// Written by dsd, which rewrites this file; delete this line to \
                          keep your edits.";

/// The class beside the kept tests that holds their reflection helpers.
pub const HELPER_CLASS: &str = "DsdReflection";

/// A finding to keep as a test.
#[derive(Debug, Clone)]
pub struct Keep {
    /// Binary name of the work directory's test class that proved it.
    pub test_class: String,
    /// That test's method.
    pub test_method: String,
    /// The exception the test must see thrown, fully qualified.
    pub exception: String,
    /// The crash in a few words: `division by zero`.
    pub kind: String,
    /// `error` or `note`.
    pub level: String,
    /// The site's file below its source root.
    pub rel: String,
    /// The site's line.
    pub line: u32,
    /// The crashing statement as written.
    pub statement: String,
    /// The method holding the site, with its class: `Stock.average()`.
    pub method: String,
    /// The simple name of the class the test goes to, in the package of the class whose
    /// method it calls; `None` for `<Class>DsdTest` after that class.
    pub kept_class: Option<String>,
}

/// What [`keep_tests`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// Test methods written.
    pub tests: usize,
    /// Test classes written (helper classes aside).
    pub classes: usize,
    /// The files written: the test classes', then the helper classes'.
    pub files: Vec<PathBuf>,
}

/// Writes a test for each of `keeps` below `dir` (the test tree's root) for `junit`,
/// from the plans of `work_dir`. Nothing is written when a file it would replace was not
/// written by dsd.
pub fn keep_tests(
    work_dir: &Path,
    keeps: &[Keep],
    junit: Flavour,
    dir: &Path,
) -> Result<Kept, Error> {
    let program = frontend::read_program(work_dir).map_err(|e| Error(e.to_string()))?;
    let cexes = solver::read_cexes(work_dir).map_err(|e| Error(e.to_string()))?;
    let wanted: HashSet<&str> = keeps.iter().map(|k| k.test_class.as_str()).collect();
    let planned = plan::plan_classes(&program, &cexes, HelperHome::Class(HELPER_CLASS), |c| {
        wanted.contains(c)
    });
    let classes = by_class(keeps, &planned)?;
    let files = sources(&program, &classes, junit, dir);
    for (path, _) in &files {
        check_writable(path)?;
    }
    for (path, text) in &files {
        write_kept(path, text)?;
    }
    Ok(Kept {
        tests: keeps.len(),
        classes: classes.len(),
        files: files.into_iter().map(|(path, _)| path).collect(),
    })
}

/// The kept tests, each a finding with its plan, by the kept class (`<Class>DsdTest` or
/// [`Keep::kept_class`], binary name) they go to.
type KeptClasses<'k, 'p> = BTreeMap<String, Vec<(&'k Keep, &'p Planned)>>;

/// The plan of each kept test, by the kept class it goes to.
fn by_class<'k, 'p>(
    keeps: &'k [Keep],
    planned: &'p BTreeMap<String, Vec<Planned>>,
) -> Result<KeptClasses<'k, 'p>, Error> {
    let mut by_test: HashMap<(&str, String), &Planned> = HashMap::new();
    for (class, tests) in planned {
        for (t, name) in tests.iter().zip(plan::numbered(tests)) {
            by_test.insert((class.as_str(), name), t);
        }
    }
    let mut classes = KeptClasses::new();
    for keep in keeps {
        let test = by_test
            .get(&(keep.test_class.as_str(), keep.test_method.clone()))
            .ok_or_else(|| {
                Error(format!(
                    "the test {}.{} that reproduced {}:{} is not among the tests the work \
                     directory's models give; run dsd check again",
                    keep.test_class, keep.test_method, keep.rel, keep.line
                ))
            })?;
        let class = match &keep.kept_class {
            Some(simple) => match access::package_of(&test.entry_class) {
                "" => simple.clone(),
                package => format!("{package}.{simple}"),
            },
            None => format!("{}DsdTest", test.entry_class.replace('$', "_")),
        };
        classes.entry(class).or_default().push((keep, test));
    }
    Ok(classes)
}

/// Each file to write below `dir` and its text: the kept classes, and the helper class of
/// each package whose tests call helpers.
fn sources(
    program: &Program,
    classes: &KeptClasses,
    junit: Flavour,
    dir: &Path,
) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut helpers_by_package: BTreeMap<&str, BTreeSet<Helper>> = BTreeMap::new();
    for (class, kept) in classes {
        let package = access::package_of(class);
        let access = Access::new(program, package);
        files.push((
            source_path(dir, class),
            render_class(&access, class, kept, junit),
        ));
        let helpers = helpers_by_package.entry(package).or_default();
        helpers.extend(kept.iter().flat_map(|(_, t)| t.helpers.iter().copied()));
    }
    for (package, helpers) in helpers_by_package.iter().filter(|(_, h)| !h.is_empty()) {
        let class = if package.is_empty() {
            HELPER_CLASS.to_string()
        } else {
            format!("{package}.{HELPER_CLASS}")
        };
        files.push((source_path(dir, &class), helper_class(package, helpers)));
    }
    files
}

/// Writes one kept file, creating its folders.
pub fn write_kept(path: &Path, text: &str) -> Result<(), Error> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| {
            Error(format!(
                "--emit-tests: cannot create {}: {e}",
                parent.display()
            ))
        })?;
    }
    frontend::files::write_atomic(path, text).map_err(|e| {
        Error(format!(
            "--emit-tests: cannot write {}: {e}",
            path.display()
        ))
    })
}

/// The source file of the top-level class `binary` below the test tree `dir`.
fn source_path(dir: &Path, binary: &str) -> PathBuf {
    dir.join(format!("{}.java", binary.replace('.', "/")))
}

/// Refuses `path` when a file is there that dsd did not write: the project's own file
/// must not be overwritten by a kept test.
pub fn check_writable(path: &Path) -> Result<(), Error> {
    match may_write(path) {
        true => Ok(()),
        false => Err(Error(format!(
            "--emit-tests: {} exists and was not written by dsd (its first line is not dsd's \
             marker); move or rename it, or name another folder with --emit-tests",
            path.display()
        ))),
    }
}

/// True when dsd may write `path`: nothing is there, or a file dsd wrote.
fn may_write(path: &Path) -> bool {
    match std::fs::read_to_string(path) {
        Ok(text) => text.lines().next() == Some(MARKER),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}

/// The marker and the package declaration that start every kept file.
fn header(package: &str) -> String {
    let mut out = format!("{MARKER}\n");
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};");
    }
    out
}

/// The source of the kept test class `binary` holding `kept`.
fn render_class(
    access: &Access,
    binary: &str,
    kept: &[(&Keep, &Planned)],
    junit: Flavour,
) -> String {
    let (package, simple) = binary.rsplit_once('.').unwrap_or(("", binary));
    let under_test = kept
        .first()
        .map(|(_, t)| t.entry_class.rsplit(['.', '$']).next().unwrap_or(""))
        .unwrap_or("");
    // A class of the package named `Test` would be hidden by JUnit's, imported.
    let import = !access.declares("Test");
    let (test, public) = match junit {
        Flavour::JUnit5 => ("org.junit.jupiter.api.Test", ""),
        Flavour::JUnit4 => ("org.junit.Test", "public "),
    };
    let annotation = if import { "Test" } else { test };
    let mut out = header(package);
    out.push('\n');
    if junit == Flavour::JUnit5 {
        out.push_str("import static org.junit.jupiter.api.Assertions.assertThrows;\n\n");
    }
    if import {
        let _ = writeln!(out, "import {test};\n");
    }
    let _ = writeln!(
        out,
        "/** Crashes dsd proved through {under_test}: each test passes while its crash is \
         there and fails once it is gone. */"
    );
    let _ = writeln!(out, "@SuppressWarnings({{\"unchecked\", \"rawtypes\"}})");
    let _ = writeln!(out, "{public}class {simple} {{");
    let mut used: HashMap<String, u32> = HashMap::new();
    for (keep, t) in kept {
        let base = names::test_name(&t.method, &keep.exception, &keep.statement, &t.named);
        let n = used.entry(base.clone()).or_insert(0);
        *n += 1;
        let name = if *n == 1 { base } else { format!("{base}_{n}") };
        // A class a test cannot name (an anonymous subclass) is caught as the class it
        // extends, and its name checked.
        let caught = access.nameable_class_of(&keep.exception);
        let exact = (caught != keep.exception).then(|| render::string(&utf16(&keep.exception)));
        let exception = access.class_name(&caught);
        out.push('\n');
        out.push_str(&comment(keep, t));
        match junit {
            Flavour::JUnit5 => {
                let throws = if t.setup.is_empty() {
                    ""
                } else {
                    " throws Throwable"
                };
                let _ = writeln!(out, "    @{annotation}");
                let _ = writeln!(out, "    void {name}(){throws} {{");
                for stmt in &t.setup {
                    let _ = writeln!(out, "        {stmt}");
                }
                let assigned = match &exact {
                    Some(_) => format!("{exception} thrown = "),
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "        {assigned}assertThrows({exception}.class, () -> {},\n                {});",
                    t.call,
                    render::string(&utf16(&gone_message(keep)))
                );
                if let Some(name) = &exact {
                    let _ = writeln!(
                        out,
                        "        org.junit.jupiter.api.Assertions.assertEquals({name}, \
                         thrown.getClass().getName());"
                    );
                }
            }
            Flavour::JUnit4 => {
                let _ = writeln!(out, "    @{annotation}(expected = {exception}.class)");
                let _ = writeln!(out, "    public void {name}() throws Throwable {{");
                for stmt in &t.setup {
                    let _ = writeln!(out, "        {stmt}");
                }
                match &exact {
                    Some(name) => {
                        let _ = writeln!(
                            out,
                            "        try {{\n            {};\n        }} catch ({exception} thrown) {{\n            \
                             org.junit.Assert.assertEquals({name}, thrown.getClass().getName());\n            \
                             throw thrown;\n        }}",
                            t.call
                        );
                    }
                    None => {
                        let _ = writeln!(out, "        {};", t.call);
                    }
                }
            }
        }
        let _ = writeln!(out, "    }}");
    }
    let _ = writeln!(out, "}}");
    out
}

/// The comment above a kept test: the level and the crash, the site and its statement,
/// the inputs.
fn comment(keep: &Keep, t: &Planned) -> String {
    let lines = [
        format!("{}: {} ({})", keep.level, keep.exception, keep.kind),
        format!("at {}:{}, in {}:", keep.rel, keep.line, keep.method),
        format!("    {}", keep.statement.trim()),
        if t.inputs.is_empty() {
            "inputs: none".to_string()
        } else {
            format!("inputs: {}", t.inputs.join(", "))
        },
    ];
    lines
        .iter()
        .map(|l| format!("    // {}\n", comment_safe(l)))
        .collect()
}

/// What JUnit 5 says when the crash is gone.
fn gone_message(keep: &Keep) -> String {
    let file = keep.rel.rsplit('/').next().unwrap_or(&keep.rel);
    format!(
        "the {} at {file}:{} no longer happens; if it was fixed, delete this test",
        keep.kind, keep.line
    )
}

fn utf16(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// `text` made safe in a `//` comment: javac reads Unicode escapes there too, and one
/// that stands for a line end (`\u000a`) would end the comment, a malformed one stop the
/// compile. Each such escape gets one backslash more, which makes it plain text.
fn comment_safe(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut backslashes = 0;
    for (i, &c) in chars.iter().enumerate() {
        let escape = c == '\\' && backslashes % 2 == 0 && chars.get(i + 1) == Some(&'u');
        if escape && breaks_comment(&chars[i + 1..]) {
            out.push('\\');
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
        out.push(c);
    }
    out
}

/// Whether the Unicode escape whose `u`s start `rest` is a line end or malformed.
fn breaks_comment(rest: &[char]) -> bool {
    let digits: String = rest.iter().skip_while(|&&c| c == 'u').take(4).collect();
    if digits.len() < 4 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return true;
    }
    matches!(u32::from_str_radix(&digits, 16), Ok(0x0a | 0x0d))
}

/// The source of the helper class of `package` with `helpers`.
fn helper_class(package: &str, helpers: &BTreeSet<Helper>) -> String {
    let mut out = header(package);
    out.push('\n');
    let _ = writeln!(
        out,
        "/** Helpers the tests beside it need: reflection, where dsd found no public route \
         to the state they set, and maps with entries. */"
    );
    let _ = writeln!(out, "final class {HELPER_CLASS} {{");
    let _ = writeln!(out, "    private {HELPER_CLASS}() {{\n    }}");
    for helper in helpers {
        out.push_str(helpers::source(*helper));
    }
    let _ = writeln!(out, "}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_escapes_that_break_a_comment_are_defused() {
        assert_eq!(comment_safe(r"c = '\u807f'"), r"c = '\u807f'", "harmless");
        assert_eq!(
            comment_safe(r"s = a\u000Ab"),
            r"s = a\\u000Ab",
            "a line end"
        );
        assert_eq!(comment_safe(r"p = C:\users"), r"p = C:\\users", "malformed");
        assert_eq!(
            comment_safe(r"a \\u000a b"),
            r"a \\u000a b",
            "an escaped backslash starts no escape"
        );
    }

    #[test]
    fn only_missing_files_and_files_dsd_wrote_are_ours() {
        let dir = std::env::temp_dir().join(format!("dsd-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mine = dir.join("ADsdTest.java");
        std::fs::write(&mine, format!("{MARKER}\npackage p;\n")).unwrap();
        let theirs = dir.join("BDsdTest.java");
        std::fs::write(&theirs, format!("package p;\n{MARKER}\n")).unwrap();
        assert!(may_write(&mine));
        assert!(!may_write(&theirs), "the marker must be the first line");
        assert!(may_write(&dir.join("CDsdTest.java")));
        assert!(!may_write(&dir), "a folder is not a file dsd wrote");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
