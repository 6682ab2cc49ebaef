//! The sandbox of every JVM that runs code dsd did not write: the project's tests here, the
//! generated tests in the run stage. `java/DsdSandbox.java` is a security manager that the
//! runners install once they have opened their own output files; this module gives its source
//! and the options that start a JVM under it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Source of `dsd.sandbox.DsdSandbox`.
const SOURCE: &str = include_str!("../java/DsdSandbox.java");

/// The largest heap of a JVM that runs code under test. A generated test may ask a method for
/// an allocation of any size: on commons-lang3, `new StrBuilder().ensureCapacity(1074266113)`
/// took the JVM to 2.25 GB, more than the rest of the run together. A test that needs more
/// heap ends with an `OutOfMemoryError`, which is not the crash it predicts, so it is refuted.
/// vcgen bounds every allocation on a path that goes on by what this heap holds
/// (`ALLOCATION_LIMIT` in `vcgen/src/eval.rs`): change the two together.
pub const HEAP: &str = "-Xmx1g";

/// Where the code a JVM runs may write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sandbox {
    /// Folders below which code under test may create, write and delete files (absolute).
    pub writable: Vec<PathBuf>,
    /// The JVM's `java.io.tmpdir`, below one of `writable`; also receives the JVM's crash
    /// report, if it ever writes one.
    pub tmp: PathBuf,
}

impl Sandbox {
    /// Creates the temporary folder and returns the options that start a JVM in the sandbox:
    /// the heap limit, the permission to install a security manager, the writable folders, the
    /// temporary folder, and no performance data file (the JVM's own, in the system's `/tmp`).
    pub fn prepare(&self) -> std::io::Result<Vec<OsString>> {
        std::fs::create_dir_all(&self.tmp)?;
        self.jvm_args()
    }

    fn jvm_args(&self) -> std::io::Result<Vec<OsString>> {
        let writable = std::env::join_paths(&self.writable)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let property = |name: &str, value: &std::ffi::OsStr| {
            let mut arg = OsString::from(format!("-D{name}="));
            arg.push(value);
            arg
        };
        let mut error_file = OsString::from("-XX:ErrorFile=");
        error_file.push(self.tmp.join("hs_err_pid%p.log"));
        Ok(vec![
            HEAP.into(),
            "-Djava.security.manager=allow".into(),
            property("dsd.sandbox.writable", &writable),
            property("java.io.tmpdir", self.tmp.as_os_str()),
            "-XX:-UsePerfData".into(),
            error_file,
        ])
    }
}

/// Writes the sandbox's source below the source root `dir`; returns the file written.
pub fn write_source(dir: &Path) -> Result<PathBuf, String> {
    let package = dir.join("dsd").join("sandbox");
    std::fs::create_dir_all(&package)
        .map_err(|e| format!("cannot create {}: {e}", package.display()))?;
    let path = package.join("DsdSandbox.java");
    std::fs::write(&path, SOURCE).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// True when `dir` holds the sandbox's current source (as [`write_source`] writes it).
pub fn source_is_current(dir: &Path) -> bool {
    let path = dir.join("dsd").join("sandbox").join("DsdSandbox.java");
    std::fs::read_to_string(path).is_ok_and(|s| s == SOURCE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_name_the_heap_the_writable_folders_and_the_temporary_folder() {
        let sandbox = Sandbox {
            writable: vec![PathBuf::from("/w/a"), PathBuf::from("/w/b")],
            tmp: PathBuf::from("/w/a/tmp"),
        };
        let args: Vec<String> = sandbox
            .jvm_args()
            .unwrap()
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        assert_eq!(
            args,
            [
                "-Xmx1g",
                "-Djava.security.manager=allow",
                "-Ddsd.sandbox.writable=/w/a:/w/b",
                "-Djava.io.tmpdir=/w/a/tmp",
                "-XX:-UsePerfData",
                "-XX:ErrorFile=/w/a/tmp/hs_err_pid%p.log",
            ]
        );
    }

    #[test]
    fn a_folder_whose_name_holds_the_separator_is_refused() {
        let sandbox = Sandbox {
            writable: vec![PathBuf::from("/w/a:b")],
            tmp: PathBuf::from("/w/tmp"),
        };
        assert!(sandbox.jvm_args().is_err());
    }

    #[test]
    fn the_written_source_is_current() {
        let dir = std::env::temp_dir().join(format!("dsd-sandbox-src-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!source_is_current(&dir));
        let path = write_source(&dir).unwrap();
        assert!(path.ends_with("dsd/sandbox/DsdSandbox.java"));
        assert!(source_is_current(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
