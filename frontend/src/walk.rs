//! The source walk: which `.java` files below the folders a user names are read.
//!
//! A folder or file the user names is always read. Below it the walk skips
//! - the work directory and hidden folders (`.dsd`, `.git`, `.idea`);
//! - build output: `target` and `build` folders that are not inside a `src` folder (inside
//!   one, those names are Java packages);
//! - for project sources, test source sets: a folder directly inside the first `src` folder
//!   on the way down whose name is `test`, `it`, starts with `test` or ends in `Test` (Maven's
//!   `src/test/java` and `src/it`, Gradle's `src/testFixtures` and `src/integrationTest`).
//!
//! So `dsd check .` on a Maven or Gradle project reads `src/main/java` of every module, and
//! `--tests src/test/java` still reads the tests, because a folder named is always read.

use crate::Error;
use std::path::{Path, PathBuf};

/// A project file to parse: where it is and its path below its source root.
#[derive(Debug, Clone)]
pub struct Input {
    /// Path to open.
    pub path: PathBuf,
    /// Path below the folder it was found in (the parse stage makes it the path below the
    /// package root when the file's folders match its package).
    pub rel: String,
}

/// What a walk is for: it decides whether test source sets below the named folders count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceSet {
    /// The project's own code: test source sets are skipped.
    Main,
    /// The project's tests: every source set is read.
    Tests,
}

/// Where a folder lies relative to the first `src` folder below a named folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// No `src` folder on the way down yet: build output folders are skipped here.
    Outside,
    /// The first `src` folder itself: its children are source sets.
    Src,
    /// Inside a source set: folder names are packages.
    Inside,
}

/// Every `.java` file below the given files and directories that belongs to `set`, sorted;
/// `work_dir` (dsd's own output) is never read.
pub fn collect_sources(
    sources: &[PathBuf],
    set: SourceSet,
    work_dir: Option<&Path>,
) -> Result<Vec<Input>, Error> {
    let work = work_dir.and_then(|w| w.canonicalize().ok());
    let mut out = Vec::new();
    for root in sources {
        if root.is_file() {
            let rel = root
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push(Input {
                path: root.clone(),
                rel,
            });
            continue;
        }
        if !root.is_dir() {
            return Err(Error(format!(
                "{}: no such file or directory; give the folder that holds the Java sources",
                root.display()
            )));
        }
        let mut stack = vec![(root.clone(), Place::Outside)];
        while let Some((dir, place)) = stack.pop() {
            let entries =
                std::fs::read_dir(&dir).map_err(|e| Error(format!("{}: {e}", dir.display())))?;
            for entry in entries.flatten() {
                let p = entry.path();
                if p.is_dir() {
                    if let Some(inner) = descend(&p, place, set, work.as_deref()) {
                        stack.push((p, inner));
                    }
                } else if p.extension().is_some_and(|e| e == "java") {
                    let rel = p
                        .strip_prefix(root)
                        .unwrap_or(&p)
                        .to_string_lossy()
                        .replace('\\', "/");
                    out.push(Input { path: p, rel });
                }
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup_by(|a, b| a.path == b.path);
    Ok(out)
}

/// The source root among `sources` whose walk for `set` would read the `.java` files put in
/// folder `dir` (which need not exist yet), if any.
pub fn reading_root<'s>(
    sources: &'s [PathBuf],
    dir: &Path,
    set: SourceSet,
    work_dir: Option<&Path>,
) -> Option<&'s Path> {
    let work = work_dir.and_then(|w| w.canonicalize().ok());
    let dir = canonical(dir)?;
    sources.iter().map(PathBuf::as_path).find(|root| {
        let Some(mut folder) = root.canonicalize().ok().filter(|r| r.is_dir()) else {
            return false;
        };
        let Ok(below) = dir.strip_prefix(&folder).map(Path::to_path_buf) else {
            return false;
        };
        let mut place = Some(Place::Outside);
        for part in below.components() {
            folder.push(part);
            place = place.and_then(|p| descend(&folder, p, set, work.as_deref()));
        }
        place.is_some()
    })
}

/// `path` made absolute with its links resolved, as far as it exists.
fn canonical(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let mut missing = Vec::new();
    let mut existing = absolute.as_path();
    loop {
        if let Ok(found) = existing.canonicalize() {
            return Some(missing.iter().rev().fold(found, |p, part| p.join(part)));
        }
        missing.push(existing.file_name()?);
        existing = existing.parent()?;
    }
}

/// Whether the walk enters folder `dir` found in a folder at `place`, and where it is then.
fn descend(dir: &Path, place: Place, set: SourceSet, work: Option<&Path>) -> Option<Place> {
    let name = dir.file_name()?.to_string_lossy();
    if name.starts_with('.') || is_work_dir(dir, &name, work) {
        return None;
    }
    match place {
        Place::Outside if name == "target" || name == "build" => None,
        Place::Outside if name == "src" => Some(Place::Src),
        Place::Outside => Some(Place::Outside),
        Place::Src if set == SourceSet::Main && is_test_source_set(&name) => None,
        Place::Src | Place::Inside => Some(Place::Inside),
    }
}

/// Whether `dir` is the work directory (compared as canonical paths, only when the names
/// agree).
fn is_work_dir(dir: &Path, name: &str, work: Option<&Path>) -> bool {
    work.is_some_and(|w| {
        w.file_name().is_some_and(|n| n.to_string_lossy() == name)
            && dir.canonicalize().is_ok_and(|d| d == w)
    })
}

/// Whether a folder directly inside `src` holds tests: `test`, `it`, `test…` or `…Test`.
fn is_test_source_set(name: &str) -> bool {
    name == "it" || name.starts_with("test") || name.ends_with("Test")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder tree with an empty `.java` file at each of `files`; returns its root.
    fn tree(name: &str, files: &[&str]) -> PathBuf {
        let root = std::env::temp_dir().join(format!("dsd-walk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for f in files {
            let path = root.join(f);
            std::fs::create_dir_all(path.parent().expect("has parent")).expect("create dir");
            std::fs::write(&path, "").expect("write file");
        }
        root
    }

    #[track_caller]
    fn check_walk(root: &Path, set: SourceSet, work: Option<&Path>, expect: &[&str]) {
        let mut found: Vec<String> = collect_sources(&[root.to_path_buf()], set, work)
            .expect("walk")
            .into_iter()
            .map(|i| i.rel)
            .collect();
        found.sort();
        let mut expect: Vec<&str> = expect.to_vec();
        expect.sort();
        assert_eq!(found, expect);
    }

    #[test]
    fn a_maven_project_root_yields_only_main_sources() {
        let root = tree(
            "maven",
            &[
                "src/main/java/p/A.java",
                "src/main/java/p/build/B.java",
                "src/main/java/p/target/T.java",
                "src/test/java/p/ATest.java",
                "src/it/java/p/AIT.java",
                "src/integrationTest/java/p/I.java",
                "src/testFixtures/java/p/F.java",
                "target/generated-sources/p/G.java",
                "build/generated/p/H.java",
                ".git/x/X.java",
                "out/tests/p/A_DsdTest.java",
                "module/src/main/java/q/C.java",
                "module/src/test/java/q/CTest.java",
                "module/target/q/D.java",
            ],
        );
        std::fs::create_dir_all(root.join("out")).expect("work dir");
        check_walk(
            &root,
            SourceSet::Main,
            Some(&root.join("out")),
            &[
                "src/main/java/p/A.java",
                "src/main/java/p/build/B.java",
                "src/main/java/p/target/T.java",
                "module/src/main/java/q/C.java",
            ],
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_named_folder_is_always_read_and_test_walks_keep_test_sets() {
        let root = tree(
            "named",
            &["src/test/java/p/ATest.java", "src/test/java/p/it/B.java"],
        );
        check_walk(
            &root.join("src/test/java"),
            SourceSet::Main,
            None,
            &["p/ATest.java", "p/it/B.java"],
        );
        check_walk(
            &root,
            SourceSet::Tests,
            None,
            &["src/test/java/p/ATest.java", "src/test/java/p/it/B.java"],
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_folder_is_read_when_the_walk_would_enter_it() {
        let root = tree("reading", &["src/main/java/p/A.java"]);
        let sources = [root.clone()];
        let reads = |dir: &str| reading_root(&sources, &root.join(dir), SourceSet::Main, None);
        assert_eq!(reads("src/test/java"), None, "a test source set");
        assert_eq!(reads("target/tests"), None, "build output");
        assert_eq!(reads("kept/tests"), Some(root.as_path()));
        assert_eq!(reads("src/main/java/p"), Some(root.as_path()));
        let elsewhere = std::env::temp_dir().join("dsd-walk-elsewhere");
        assert_eq!(
            reading_root(&sources, &elsewhere, SourceSet::Main, None),
            None,
            "not below any source root"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
