//! The `dsd` command: runs the stages, executes the generated tests, keeps the crashes they
//! reproduce and reports them.

pub mod allocator;
pub mod changes;
pub mod cli;
pub mod config;
pub mod discover;
pub mod docs;
pub mod emit;
pub mod error;
pub mod progress;
pub mod record;
pub mod report;
pub mod reproduce;
pub mod run;
pub mod stages;
pub mod stamps;

/// Helpers of the unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A folder of a test under the temporary directory, removed when the test drops it.
    pub(crate) struct TempTree(PathBuf);

    impl std::ops::Deref for TempTree {
        type Target = PathBuf;

        fn deref(&self) -> &PathBuf {
            &self.0
        }
    }

    impl Drop for TempTree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A fresh folder under the temporary directory, named after `name`, holding `files`
    /// (path, text); returns it.
    pub(crate) fn tree(name: &str, files: &[(&str, &str)]) -> TempTree {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("dsd-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        TempTree(dir)
    }
}
