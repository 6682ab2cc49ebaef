//! The sandbox below the JVM: bubblewrap (`bwrap`) starts the test JVM in namespaces of its
//! own, where the file system is read-only but for the folders the tests and their runner may
//! write, there is no network (a network namespace with only its loopback, down), and no other
//! process is visible. Whether `bwrap` works here is found out once per dsd run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The program that builds the namespaces.
const BWRAP: &str = "bwrap";

/// Whether the test JVMs run in namespaces of their own, and why not when they do not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Isolation {
    /// `bwrap` builds them.
    Bubblewrap(PathBuf),
    /// Not available here: what failed, in a few words.
    Unavailable(String),
}

/// The isolation of this machine, tried once: `bwrap` on the `PATH` that can start `true` in
/// the namespaces [`wrap`] asks for. `DSD_SANDBOX=off` skips the namespaces (to measure them,
/// or where they fail in a way the trial does not show).
pub fn isolation() -> &'static Isolation {
    static ISOLATION: OnceLock<Isolation> = OnceLock::new();
    ISOLATION.get_or_init(detect)
}

fn detect() -> Isolation {
    if std::env::var_os("DSD_SANDBOX").is_some_and(|v| v == "off") {
        return Isolation::Unavailable("DSD_SANDBOX=off".into());
    }
    let Ok(bwrap) = which::which(BWRAP) else {
        return Isolation::Unavailable(
            "bwrap is not installed (`apt-get install bubblewrap`)".into(),
        );
    };
    let mut trial = Command::new(&bwrap);
    trial
        .args(wrap(&[], Path::new("true")))
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    match trial.output() {
        Ok(out) if out.status.success() => Isolation::Bubblewrap(bwrap),
        Ok(out) => {
            let said = String::from_utf8_lossy(&out.stderr);
            let said = said
                .lines()
                .next()
                .unwrap_or("no message")
                .trim()
                .to_string();
            Isolation::Unavailable(format!("bwrap cannot create namespaces here ({said})"))
        }
        Err(e) => Isolation::Unavailable(format!("bwrap does not start ({e})")),
    }
}

/// The arguments of `bwrap` that start `program` in new user, mount, PID, network, IPC and UTS
/// namespaces, `/` read-only but for `writable`, a `/dev` and `/proc` of their own, killed
/// when dsd's thread that started it ends; the caller appends `program`'s own arguments.
pub fn wrap(writable: &[PathBuf], program: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
    ]
    .into_iter()
    .map(OsString::from)
    .collect();
    for dir in writable {
        args.push("--bind".into());
        args.push(dir.into());
        args.push(dir.into());
    }
    args.push("--".into());
    args.push(program.into());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_namespaces_leave_only_the_writable_folders_writable() {
        let args: Vec<String> = wrap(
            &[PathBuf::from("/w/files"), PathBuf::from("/w/out")],
            Path::new("/jdk/bin/java"),
        )
        .into_iter()
        .map(|a| a.into_string().unwrap())
        .collect();
        assert_eq!(
            args.join(" "),
            "--unshare-all --die-with-parent --new-session --ro-bind / / --dev /dev --proc /proc \
             --bind /w/files /w/files --bind /w/out /w/out -- /jdk/bin/java"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn where_bwrap_works_a_write_outside_and_the_network_fail() {
        let Isolation::Bubblewrap(bwrap) = isolation() else {
            return;
        };
        let dir = std::env::temp_dir().join(format!("dsd-ns-{}", std::process::id()));
        let inside = dir.join("inside");
        std::fs::create_dir_all(&inside).unwrap();
        let script = format!(
            "touch {0}/ok && ! touch {1}/no 2>/dev/null && ! (exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null",
            inside.display(),
            dir.display()
        );
        let status = Command::new(bwrap)
            .args(wrap(std::slice::from_ref(&inside), Path::new("/bin/bash")))
            .args(["-c", &script])
            .status()
            .unwrap();
        assert!(status.success());
        assert!(inside.join("ok").is_file() && !dir.join("no").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
