//! The sandbox of every JVM that runs code dsd did not write: the project's tests here, the
//! generated tests in the run stage. Two layers, neither of which needs the JDK's security
//! manager: the JVM runs in namespaces of its own (`namespace.rs`: bubblewrap; files read-only
//! but for the work directory's writable folders, no network, no other process in sight), and
//! dsd's agent (`agent.rs`) refuses `System.exit`, `Runtime.halt`, processes and threads beyond
//! a cap inside it. Where the namespaces cannot be had and the JDK still has a security manager
//! (17 to 23), `java/DsdSandbox.java` installs one for files and the network instead.

pub mod agent;
pub mod namespace;

use namespace::Isolation;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Once;

/// Source of `dsd.sandbox.DsdSandbox`.
const SOURCE: &str = include_str!("../../java/DsdSandbox.java");

/// The largest heap of a JVM that runs code under test. A generated test may ask a method for
/// an allocation of any size: on commons-lang3, `new StrBuilder().ensureCapacity(1074266113)`
/// took the JVM to 2.25 GB, more than the rest of the run together. A test that needs more
/// heap ends with an `OutOfMemoryError`, which is not the crash it predicts, so it is refuted.
/// vcgen bounds every allocation on a path that goes on by what this heap holds
/// (`ALLOCATION_LIMIT` in `vcgen/src/eval.rs`): change the two together.
pub const HEAP: &str = "-Xmx1g";

/// The last JDK with a security manager (JEP 486 removed it from 24).
const LAST_SECURITY_MANAGER: u32 = 23;

/// Where the code a JVM runs may write, and what runs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sandbox {
    /// Folders below which code under test may create, write and delete files (absolute).
    pub writable: Vec<PathBuf>,
    /// The JVM's `java.io.tmpdir`, below one of `writable`; also receives the JVM's crash
    /// report, if it ever writes one.
    pub tmp: PathBuf,
    /// Folders the runner writes its own results into (absolute): writable in the namespaces
    /// too, which hold for the whole JVM; the security manager, installed once the runner has
    /// opened its files, leaves them out.
    pub runner_output: Vec<PathBuf>,
    /// dsd's agent jar ([`agent::prepare`]).
    pub agent: PathBuf,
}

/// How one test JVM is kept in: the layers below and inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layers {
    /// In namespaces of its own (bubblewrap).
    namespaces: bool,
    /// Under the security manager (files, network), when the namespaces are not to be had.
    security_manager: bool,
}

impl Sandbox {
    /// Creates the temporary folder and returns the command that starts `java` in the
    /// sandbox, its options set: the agent, the heap limit, the writable folders, the temporary
    /// folder, and no performance data file (the JVM's own, in the system's `/tmp`); under
    /// bubblewrap when it works here, else with the security manager when the JDK has one.
    /// Where the namespaces cannot be had, says once what is not enforced. The JVM dies with
    /// dsd: a run killed while tests run must not leave a JVM writing into the work dir that
    /// the next run uses.
    pub fn jvm(&self, java: &Path) -> std::io::Result<Command> {
        std::fs::create_dir_all(&self.tmp)?;
        let release = crate::toolchain::feature_release(java);
        let layers = match namespace::isolation() {
            Isolation::Bubblewrap(_) => Layers {
                namespaces: true,
                security_manager: false,
            },
            Isolation::Unavailable(why) => {
                let security_manager = release.is_none_or(|r| r <= LAST_SECURITY_MANAGER);
                warn_once(why, security_manager);
                Layers {
                    namespaces: false,
                    security_manager,
                }
            }
        };
        let mut command = match namespace::isolation() {
            Isolation::Bubblewrap(bwrap) if layers.namespaces => {
                let mut folders = self.writable.clone();
                folders.extend(self.runner_output.iter().cloned());
                let mut command = Command::new(bwrap);
                command.args(namespace::wrap(&folders, java));
                command
            }
            _ => Command::new(java),
        };
        command.args(self.jvm_args(layers)?);
        if crate::toolchain::preview_release(java).is_some() {
            command.arg("--enable-preview");
        }
        dies_with_parent(&mut command);
        Ok(command)
    }

    fn jvm_args(&self, layers: Layers) -> std::io::Result<Vec<OsString>> {
        let writable = std::env::join_paths(&self.writable)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let property = |name: &str, value: &std::ffi::OsStr| {
            let mut arg = OsString::from(format!("-D{name}="));
            arg.push(value);
            arg
        };
        let mut error_file = OsString::from("-XX:ErrorFile=");
        error_file.push(self.tmp.join("hs_err_pid%p.log"));
        let mut agent = OsString::from("-javaagent:");
        agent.push(&self.agent);
        let mut args = vec![agent, HEAP.into()];
        if layers.security_manager {
            args.push("-Djava.security.manager=allow".into());
            args.push("-Ddsd.sandbox.manager=true".into());
        }
        args.extend([
            property("dsd.sandbox.writable", &writable),
            property("java.io.tmpdir", self.tmp.as_os_str()),
            "-XX:-UsePerfData".into(),
            error_file,
        ]);
        Ok(args)
    }
}

/// Where the test JVMs run, for `-v`: in bubblewrap's namespaces, or why not.
pub fn describe() -> String {
    match namespace::isolation() {
        Isolation::Bubblewrap(bwrap) => format!("tests in {}'s namespaces", bwrap.display()),
        Isolation::Unavailable(why) => format!("tests without namespaces ({why})"),
    }
}

/// Says once per dsd run, in one line, that the namespaces are not to be had and what that
/// leaves unenforced.
fn warn_once(why: &str, security_manager: bool) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let instead = if security_manager {
            "the security manager keeps tests from writing outside the work directory and from the network instead"
        } else {
            "nothing keeps tests from writing outside the work directory or using the network on this JDK"
        };
        eprintln!("dsd: warning: the test JVMs run without namespaces: {why}; {instead}");
    });
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

    fn sandbox(writable: &[&str]) -> Sandbox {
        Sandbox {
            writable: writable.iter().map(PathBuf::from).collect(),
            tmp: PathBuf::from("/w/a/tmp"),
            runner_output: vec![PathBuf::from("/w/out")],
            agent: PathBuf::from("/w/agent/dsd-agent.jar"),
        }
    }

    fn args(sandbox: &Sandbox, security_manager: bool) -> Vec<String> {
        let layers = Layers {
            namespaces: !security_manager,
            security_manager,
        };
        sandbox
            .jvm_args(layers)
            .unwrap()
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn options_name_the_agent_the_heap_the_writable_folders_and_the_temporary_folder() {
        let sandbox = sandbox(&["/w/a", "/w/b"]);
        let options = [
            "-Ddsd.sandbox.writable=/w/a:/w/b",
            "-Djava.io.tmpdir=/w/a/tmp",
            "-XX:-UsePerfData",
            "-XX:ErrorFile=/w/a/tmp/hs_err_pid%p.log",
        ];
        let agent = ["-javaagent:/w/agent/dsd-agent.jar", "-Xmx1g"];
        assert_eq!(args(&sandbox, false), [&agent[..], &options].concat());
        let manager = [
            "-Djava.security.manager=allow",
            "-Ddsd.sandbox.manager=true",
        ];
        assert_eq!(
            args(&sandbox, true),
            [&agent[..], &manager, &options].concat(),
            "without namespaces, the security manager"
        );
    }

    #[test]
    fn a_folder_whose_name_holds_the_separator_is_refused() {
        let layers = Layers {
            namespaces: true,
            security_manager: false,
        };
        assert!(sandbox(&["/w/a:b"]).jvm_args(layers).is_err());
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
