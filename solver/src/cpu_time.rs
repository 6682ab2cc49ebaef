//! Time on the CPU clock, for the limits that stop Z3 where its own count of work does not
//! ([`crate::budget::TIME_FACTOR`]): a check is interrupted once the thread that runs it
//! has spent its time on it ([`interrupt_after`]), and a solver process is ended once it
//! has spent its goal's time ([`ProcessClock`], used by [`crate::pool`]).
//!
//! Both limits were on the wall clock, and a machine busy with other work stopped checks
//! that a quiet one finished: commons-codec's goals solved beside three busy loops on two
//! cores gave 44 answers of 7,236 other than when solved alone (unsatisfiable goals left
//! undecided, sites then given up, other models), and the notes of two runs of dsd differed
//! when one had a build beside it. A thread's CPU time grows only while it runs, so a
//! check's limit now stands for the same work on a busy machine as on a quiet one.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use z3::ContextHandle;

/// Runs `check`, a check of a solver of the context `handle` belongs to, on this thread,
/// and interrupts Z3 once the thread has spent `ms` milliseconds of CPU time on it. Z3
/// then answers unknown, and the context's next check runs as usual. Where threads have
/// no CPU clock, `check` runs with no limit of time.
pub fn interrupt_after<T>(handle: ContextHandle, ms: u64, check: impl FnOnce() -> T) -> T {
    let Some(clock) = this_thread() else {
        return check();
    };
    let Some(start) = millis(clock) else {
        return check();
    };
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || loop {
            let spent = millis(clock).map_or(ms, |now| now.saturating_sub(start));
            if spent >= ms {
                handle.interrupt();
                return;
            }
            // A thread spends at most as much CPU time as passes on the wall clock, so
            // the limit cannot pass before this wait is over.
            let wait = Duration::from_millis(ms - spent);
            if finished.recv_timeout(wait) != Err(RecvTimeoutError::Timeout) {
                return;
            }
        });
        let result = check();
        drop(done);
        result
    })
}

/// The CPU clock of another process (a solver process of [`crate::pool`]).
#[derive(Debug, Clone, Copy)]
pub struct ProcessClock(libc::clockid_t);

impl ProcessClock {
    /// The CPU clock of the process `pid`, where the system offers one.
    pub fn of(pid: u32) -> Option<ProcessClock> {
        let pid = libc::pid_t::try_from(pid).ok()?;
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `clock` is a valid place for the answer; an unknown pid is an error code.
        let status = unsafe { libc::clock_getcpuclockid(pid, &mut clock) };
        (status == 0).then_some(ProcessClock(clock))
    }

    /// The CPU time, in milliseconds, all threads of the process have spent; `None` once
    /// the process has gone.
    pub fn millis(self) -> Option<u64> {
        millis(self.0)
    }
}

/// The CPU clock of the calling thread.
fn this_thread() -> Option<libc::clockid_t> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: `pthread_self` is always a valid thread, and `clock` a valid place for the
    // answer.
    let status = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) };
    (status == 0).then_some(clock)
}

/// The time `clock` has counted, in milliseconds.
fn millis(clock: libc::clockid_t) -> Option<u64> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid place for the answer; a stale clock is an error code.
    let status = unsafe { libc::clock_gettime(clock, &mut time) };
    let seconds = u64::try_from(time.tv_sec).ok()?;
    let nanos = u64::try_from(time.tv_nsec).ok()?;
    (status == 0).then_some(seconds * 1000 + nanos / 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Spins on the CPU for `ms` milliseconds of this thread's time.
    fn spin(ms: u64) {
        let clock = this_thread().unwrap();
        let start = millis(clock).unwrap();
        while millis(clock).unwrap() - start < ms {
            std::hint::black_box(0);
        }
    }

    #[test]
    fn a_thread_and_a_process_clock_count_cpu_time() {
        let process = ProcessClock::of(std::process::id()).unwrap();
        let before = process.millis().unwrap();
        let wall = Instant::now();
        spin(50);
        assert!(process.millis().unwrap() - before >= 50);
        assert!(wall.elapsed() >= Duration::from_millis(50));
    }

    #[test]
    fn a_check_that_finishes_in_time_is_not_interrupted() {
        let solver = z3::Solver::new();
        solver.from_string("(declare-const x Int)(assert (> x 3))");
        let handle = solver.get_context().handle();
        let answer = interrupt_after(handle, 10_000, || solver.check());
        assert_eq!(answer, z3::SatResult::Sat);
    }
}
