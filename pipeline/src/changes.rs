//! PR mode's input: the lines of the project's `.java` files that changed since a git
//! revision, committed or not, new files included (`git diff REV` plus the untracked
//! files git does not ignore).

use crate::error::Failure;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The lines of `.java` files changed since `rev` in the git repositories that hold
/// `sources`; an error when a source is in no repository or `rev` names no commit.
pub fn since(rev: &str, sources: &[PathBuf]) -> Result<vcgen::Changed, Failure> {
    let mut tops: Vec<PathBuf> = Vec::new();
    for source in sources {
        let dir = if source.is_dir() {
            source.as_path()
        } else {
            source
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
        };
        let top = git(dir, &["rev-parse", "--show-toplevel"]).map_err(|e| {
            Failure::new(format!(
                "--changed-since: {} is not in a git repository ({e}); PR mode compares the \
                 sources with a git revision",
                source.display()
            ))
        })?;
        let top = PathBuf::from(top.trim());
        if !tops.contains(&top) {
            tops.push(top);
        }
    }
    let mut changed = vcgen::Changed::default();
    for top in &tops {
        let commit = format!("{rev}^{{commit}}");
        git(top, &["rev-parse", "--verify", "--quiet", &commit]).map_err(|_| {
            Failure::new(format!(
                "--changed-since {rev}: no such commit in {}; fetch it (a shallow CI clone \
                 needs the base branch's history, e.g. fetch-depth: 0) or name another",
                top.display()
            ))
        })?;
        let diff = git(
            top,
            &[
                "diff",
                "--unified=0",
                "--no-color",
                "--no-ext-diff",
                rev,
                "--",
                "*.java",
            ],
        )
        .map_err(|e| Failure::new(format!("--changed-since {rev}: git diff failed: {e}")))?;
        for (file, first, last) in changed_lines(&diff) {
            changed.add(&top.join(file), first, last);
        }
        let untracked = git(
            top,
            &["ls-files", "--others", "--exclude-standard", "--", "*.java"],
        )
        .map_err(|e| Failure::new(format!("--changed-since: git ls-files failed: {e}")))?;
        for file in untracked.lines().filter(|l| !l.is_empty()) {
            changed.add(&top.join(file), 1, u32::MAX);
        }
    }
    Ok(changed)
}

/// Runs `git ARGS` in `dir`: its stdout, or its first line of stderr.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(err
            .lines()
            .next()
            .unwrap_or("git failed")
            .trim()
            .to_string())
    }
}

/// The changed lines in a `git diff --unified=0`: (file in the new version, first line,
/// last line). A deletion touches the lines on both sides of it.
fn changed_lines(diff: &str) -> Vec<(String, u32, u32)> {
    let mut out = Vec::new();
    let mut file: Option<String> = None;
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ ") {
            file = path.strip_prefix("b/").map(str::to_string);
        } else if let (Some(hunk), Some(file)) = (line.strip_prefix("@@ "), &file) {
            let Some(new) = hunk.split_whitespace().find(|w| w.starts_with('+')) else {
                continue;
            };
            let (start, count) = match new[1..].split_once(',') {
                Some((s, c)) => (s.parse().unwrap_or(0), c.parse().unwrap_or(0)),
                None => (new[1..].parse().unwrap_or(0), 1),
            };
            let range = if count == 0 {
                (start.max(1), start + 1)
            } else {
                (start, start + count - 1)
            };
            out.push((file.clone(), range.0, range.1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunks_give_the_new_versions_lines() {
        let diff = "diff --git a/src/A.java b/src/A.java\n\
                    index 1..2 100644\n\
                    --- a/src/A.java\n\
                    +++ b/src/A.java\n\
                    @@ -3 +3 @@ class A {\n\
                    -  int x = 1;\n\
                    +  int x = 2;\n\
                    @@ -10,2 +10,0 @@ void f() {\n\
                    @@ -20,0 +19,3 @@\n\
                    diff --git a/src/Gone.java b/src/Gone.java\n\
                    --- a/src/Gone.java\n\
                    +++ /dev/null\n\
                    @@ -1,5 +0,0 @@\n";
        assert_eq!(
            changed_lines(diff),
            [
                ("src/A.java".to_string(), 3, 3),
                ("src/A.java".to_string(), 10, 11),
                ("src/A.java".to_string(), 19, 21),
            ]
        );
    }
}
