//! Watching a test JVM, for both stages that run tests (the project's own in `dsd infer`,
//! the generated ones in `dsd run`): the JVM runs until it exits, and one that stops making
//! progress (a test that hangs past the runner's own watchdog, a JVM stuck in a finalizer)
//! is killed, so that it costs only the test it was running. Discovery uses the same watch
//! as a plain timeout for the build tool it runs.

use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

/// How often the JVM's progress is looked at.
pub const POLL: Duration = Duration::from_millis(10);

/// How a supervised JVM ended.
#[derive(Debug)]
pub enum End {
    /// It exited by itself, with this status.
    Exited(ExitStatus),
    /// It made no progress for the idle limit and was killed.
    Killed,
    /// Its state could not be read (the operating system refused to wait for it); it was
    /// killed.
    Lost(std::io::Error),
}

/// Waits for `child` to end, asking `progressed` every [`POLL`] whether the JVM has made
/// progress since the last call (it reads what the JVM wrote). A JVM without progress for
/// `idle` is killed. `progressed` is asked once more after the JVM ended, so that nothing it
/// wrote last is missed; its first error ends the watch (the JVM is killed).
pub fn supervise<E>(
    child: &mut Child,
    idle: Duration,
    mut progressed: impl FnMut() -> Result<bool, E>,
) -> Result<End, E> {
    let mut last_progress = Instant::now();
    let end = loop {
        let exited = match child.try_wait() {
            Ok(exited) => exited,
            Err(e) => {
                kill(child);
                break End::Lost(e);
            }
        };
        match progressed() {
            Ok(true) => last_progress = Instant::now(),
            Ok(false) => {}
            Err(e) => {
                kill(child);
                return Err(e);
            }
        }
        if let Some(status) = exited {
            break End::Exited(status);
        }
        if last_progress.elapsed() > idle {
            kill(child);
            break End::Killed;
        }
        std::thread::sleep(POLL);
    };
    progressed()?;
    Ok(end)
}

/// Ends a JVM and reaps it.
fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn a_process_that_exits_ends_the_watch_with_its_status() {
        let mut child = Command::new("sh").args(["-c", "exit 3"]).spawn().unwrap();
        let mut polls = 0;
        let end = supervise(&mut child, Duration::from_secs(30), || {
            polls += 1;
            Ok::<bool, ()>(false)
        })
        .unwrap();
        assert!(matches!(end, End::Exited(s) if s.code() == Some(3)));
        assert!(polls >= 2, "asked again after the exit");
    }

    #[test]
    fn a_process_without_progress_is_killed() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let start = Instant::now();
        let end = supervise(&mut child, Duration::from_millis(200), || {
            Ok::<bool, ()>(false)
        });
        assert!(matches!(end, Ok(End::Killed)));
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(child.try_wait().unwrap().is_some(), "reaped");
    }

    #[test]
    fn progress_keeps_a_process_alive_past_the_idle_limit() {
        let mut child = Command::new("sleep").arg("0.5").spawn().unwrap();
        let end = supervise(&mut child, Duration::from_millis(100), || {
            Ok::<bool, ()>(true)
        });
        assert!(matches!(end, Ok(End::Exited(s)) if s.success()));
    }

    #[test]
    fn an_error_reading_progress_ends_the_watch_and_the_process() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let end = supervise(&mut child, Duration::from_secs(30), || {
            Err::<bool, _>("bad")
        });
        assert!(matches!(end, Err("bad")));
        assert!(child.try_wait().unwrap().is_some(), "killed and reaped");
    }
}
