//! The registry is complete: every kind vcgen can emit, found in the real sources (the
//! kinds vcgen's code names and the runtime exceptions the JDK model throws), is
//! registered with complete docs and a fixture that expects it, and every registered kind
//! can be emitted.

use super::{by_class, for_class, named, simple_name, Kind, Levels, ALL, NULL_POINTER, UNKNOWN};
use frontend::ir::StmtKind;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate's `src/` folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, with its text.
fn rust_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path)
                .expect("read a source folder")
                .flatten()
            {
                stack.push(entry.path());
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("read a source file");
            out.push((path, text));
        }
    }
    out.sort();
    out
}

/// vcgen's own code: its sources outside the kinds and the tests.
fn vcgen_code() -> Vec<(PathBuf, String)> {
    let (kinds, tests) = (src().join("kinds"), src().join("tests"));
    rust_files(&src())
        .into_iter()
        .filter(|(path, _)| !path.starts_with(&kinds) && !path.starts_with(&tests))
        .collect()
}

/// The kind files: each one's constant name and exception class, as written.
fn kind_files() -> BTreeMap<String, String> {
    let dir = src().join("kinds");
    let mut out = BTreeMap::new();
    for (path, text) in rust_files(&dir) {
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if file == "mod.rs" || file == "tests.rs" {
            continue;
        }
        let name = text
            .split("pub const ")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .unwrap_or_else(|| panic!("{file} defines no `pub const NAME: Kind`"));
        let exception = text
            .split("exception: \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("{file} names no exception class"));
        out.insert(name.to_string(), exception.to_string());
    }
    out
}

/// The classes of the kinds vcgen's code names (`kinds::NULL_POINTER`): the operations it
/// checks itself.
fn checked_by_vcgen() -> BTreeSet<String> {
    let files = kind_files();
    let mut out = BTreeSet::new();
    for (path, text) in vcgen_code() {
        for rest in text.split("kinds::").skip(1) {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect();
            if name.is_empty() {
                continue;
            }
            let exception = files.get(&name).unwrap_or_else(|| {
                panic!(
                    "{} names kinds::{name}, which no kind file defines",
                    path.display()
                )
            });
            out.insert(exception.clone());
        }
    }
    out
}

/// The runtime exceptions a `throw` of the JDK model raises: vcgen makes each a crash at
/// the project line that called the model.
fn thrown_by_the_model() -> BTreeSet<String> {
    let (program, _) = frontend::parse_sources(&[]);
    let hierarchy = frontend::Hierarchy::new(&program);
    let mut out = BTreeSet::new();
    let mut throws = |s: &frontend::ir::Stmt| {
        if let StmtKind::Throw(e) = &s.kind {
            out.extend(e.ty.class_name().map(String::from));
        }
    };
    for class in program.classes.iter().filter(|c| c.library) {
        let bodies = class.methods.iter().filter_map(|m| m.body.as_ref());
        for body in bodies.chain(&class.instance_init) {
            frontend::ir::visit::walk(body, &mut throws, &mut |_| {});
        }
    }
    assert!(
        out.contains("java.lang.NumberFormatException"),
        "the model's throws are found: {out:?}"
    );
    out.retain(|c| hierarchy.is_subclass(c, "java.lang.RuntimeException"));
    out
}

/// Every exception class vcgen can give a site.
fn emitted() -> BTreeSet<String> {
    let mut out = checked_by_vcgen();
    out.extend(thrown_by_the_model());
    out
}

/// What is missing from a kind's docs.
fn gaps(kind: &Kind) -> Vec<&'static str> {
    let mut out = Vec::new();
    let sections = [
        ("summary", kind.summary()),
        ("what", kind.what()),
        ("why", kind.why()),
        ("fix", kind.fix()),
    ];
    for (section, text) in sections {
        if text.trim().is_empty() {
            out.push(section);
        }
    }
    if !kind.example().contains("//") {
        out.push("an example whose crashing line has a comment");
    }
    out
}

#[test]
fn every_kind_vcgen_can_emit_is_registered_and_documented() {
    let emitted = emitted();
    for class in [
        "java.lang.ArithmeticException",
        "java.lang.ClassCastException",
        "java.util.NoSuchElementException",
    ] {
        assert!(emitted.contains(class), "{class} is found: {emitted:?}");
    }
    let mut problems = Vec::new();
    for class in &emitted {
        match by_class(class) {
            None => problems.push(format!(
                "{class} has no kind: add a file to vcgen/src/kinds/ and its row to `registry!`"
            )),
            Some(kind) => {
                for gap in gaps(kind) {
                    problems.push(format!("{} lacks {gap}", kind.name()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_kind_file_is_registered_and_every_kind_can_be_emitted() {
    let files = kind_files();
    let registered: Vec<&str> = ALL.iter().map(|k| k.exception()).collect();
    for (name, exception) in &files {
        assert!(
            registered.contains(&exception.as_str()),
            "{name} ({exception}) has no row in `registry!`"
        );
    }
    assert_eq!(
        files.len(),
        ALL.len(),
        "one kind per file, each registered once"
    );
    let emitted = emitted();
    for kind in ALL {
        assert!(
            emitted.contains(kind.exception()),
            "{} is documented, but neither vcgen's code nor the JDK model raises it",
            kind.name()
        );
    }
    assert!(gaps(&UNKNOWN).is_empty(), "{:?}", gaps(&UNKNOWN));
}

#[test]
fn every_kind_has_a_fixture_that_expects_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for kind in ALL {
        let path = root.join(kind.fixture());
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: fixture {}: {e}", kind.name(), path.display()));
        let expects = text.lines().any(|line| {
            let Some((_, marker)) = line.rsplit_once("// ") else {
                return false;
            };
            let words: Vec<&str> = marker.split_whitespace().collect();
            matches!(words.as_slice(), [level, name, ..]
                if ["expect", "note", "usage", "observed"].contains(level) && *name == kind.name())
        });
        assert!(
            expects,
            "{}: no line of {} ends with `// expect {}` (or note, usage, observed)",
            kind.name(),
            kind.fixture(),
            kind.name()
        );
    }
}

#[test]
fn kind_classes_are_written_only_in_their_files() {
    for (path, text) in vcgen_code() {
        for kind in ALL {
            let literal = format!("\"{}\"", kind.exception());
            assert!(
                !text.contains(&literal),
                "{} writes {literal}: name the kind (kinds::…) instead",
                path.display()
            );
        }
    }
}

#[test]
fn kinds_are_found_by_class_and_by_name_in_any_case() {
    let npe = "java.lang.NullPointerException";
    assert_eq!(by_class(npe), Some(&NULL_POINTER));
    assert_eq!(for_class(npe).name(), "NullPointerException");
    assert_eq!(named("NullPointerException"), Ok(&NULL_POINTER));
    assert_eq!(named("nullpointerexception"), Ok(&NULL_POINTER));
    assert_eq!(NULL_POINTER.levels(), Levels::NullInputNote);
    assert_eq!(by_class("java.lang.IllegalStateException"), None);
    assert_eq!(for_class("java.lang.IllegalStateException"), &UNKNOWN);
    assert_eq!(
        simple_name("java.util.EmptyStackException"),
        "EmptyStackException"
    );
}

#[test]
fn an_unknown_name_is_refused_in_one_line_listing_the_kinds() {
    let err = named("Arithmetic").unwrap_err();
    assert!(
        err.starts_with("`Arithmetic` is not a crash kind; the kinds are ArithmeticException, "),
        "{err}"
    );
    assert!(err.ends_with(", IllegalArgumentException"), "{err}");
    assert!(!err.contains('\n'));
    assert!(named("java.lang.ArithmeticException").is_err());
}
