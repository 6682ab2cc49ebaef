//! The sandbox of every JVM that runs code dsd did not write: the project's tests here, the
//! generated tests in the run stage. `java/DsdSandbox.java` is a security manager that the
//! runners install once they have opened their own output files; this module gives its source
//! and the options that start a JVM under it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

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
    /// Creates the temporary folder and returns the command that starts `java` in the
    /// sandbox, its options set: the heap limit, the permission to install a security manager,
    /// the writable folders, the temporary folder, and no performance data file (the JVM's own,
    /// in the system's `/tmp`). The JVM dies with dsd: a run killed while tests run must not
    /// leave a JVM writing into the work dir that the next run uses.
    pub fn jvm(&self, java: &Path) -> std::io::Result<Command> {
        std::fs::create_dir_all(&self.tmp)?;
        let mut command = Command::new(java);
        command.args(self.jvm_args()?);
        if crate::toolchain::preview_release(java).is_some() {
            command.arg("--enable-preview");
        }
        dies_with_parent(&mut command);
        Ok(command)
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

/// Makes the process `command` starts receive SIGKILL when the thread that started it ends
/// (Linux's parent-death signal), and end at once if dsd is already gone.
#[cfg(target_os = "linux")]
fn dies_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: the closure runs between fork and exec; prctl, getppid and _exit are
    // async-signal-safe, and it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                libc::_exit(1);
            }
            Ok(())
        });
    }
}

/// Elsewhere a JVM outlives a killed dsd until its tests are done.
#[cfg(not(target_os = "linux"))]
fn dies_with_parent(_command: &mut Command) {}

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

    #[cfg(target_os = "linux")]
    #[test]
    fn a_jvm_dies_with_the_thread_that_started_it() {
        use std::os::unix::process::ExitStatusExt;
        let mut child = std::thread::spawn(|| {
            let mut command = Command::new("sleep");
            command.arg("30");
            dies_with_parent(&mut command);
            command.spawn().expect("sleep starts")
        })
        .join()
        .expect("the starting thread ends");
        let status = child.wait().expect("the child ends");
        assert_eq!(status.signal(), Some(libc::SIGKILL));
    }

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
