//! Writing stage files so that a run killed at any moment leaves each file whole.
//!
//! Every file a stage hands to the next (the IR, the queries, the counterexamples, the
//! test index, the results, the reports and the stamps) is written with
//! [`write_atomic`]: first to a temporary file beside it, then renamed over it. A reader,
//! or a `dsd check` run again after a SIGKILL, finds either the old file or the new one,
//! never half of one. A stage's output folder is cleared first ([`clear_dir`]) so that
//! no file of an earlier run stays among the new ones.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `contents` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    let temporary = temporary_beside(path);
    std::fs::write(&temporary, contents)
        .and_then(|()| std::fs::rename(&temporary, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&temporary);
        })
}

/// Removes the folder `dir` with everything in it, when it exists; the error says which
/// folder could not be cleared.
pub fn clear_dir(dir: &Path) -> Result<(), String> {
    match dir.exists() {
        true => {
            std::fs::remove_dir_all(dir).map_err(|e| format!("cannot clear {}: {e}", dir.display()))
        }
        false => Ok(()),
    }
}

/// A fresh name for a temporary file next to `path`, unique within this process and
/// among processes.
fn temporary_beside(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_whole_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("dsd-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("program.json");
        write_atomic(&path, "old").unwrap();
        write_atomic(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "only the file itself");
        assert!(write_atomic(&dir.join("missing/x.json"), "x").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
