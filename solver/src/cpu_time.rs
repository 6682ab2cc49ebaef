//! Time on the CPU clock, for the limits that stop Z3 where its own count of work does not
//! ([`crate::budget::TIME_FACTOR`]): a check is interrupted once the thread that runs it
//! has spent its time on it ([`interrupt_after`]), and a solver process is ended once it
//! has spent its goal's time ([`CpuClock::of_process`], used by [`crate::pool`]).
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
    let allowed = Duration::from_millis(ms);
    let Some(deadline) = CpuClock::this_thread().and_then(|clock| clock.allow(allowed)) else {
        return check();
    };
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || loop {
            let left = deadline.left().unwrap_or(Duration::ZERO);
            if left.is_zero() {
                handle.interrupt();
                return;
            }
            // A thread spends at most as much CPU time as passes on the wall clock, so
            // the limit cannot pass before this wait is over.
            if finished.recv_timeout(left) != Err(RecvTimeoutError::Timeout) {
                return;
            }
        });
        let result = check();
        drop(done);
        result
    })
}

/// The CPU clock of a thread or a process.
#[derive(Debug, Clone, Copy)]
pub struct CpuClock(libc::clockid_t);

impl CpuClock {
    /// The CPU clock of the process `pid` (a solver process of [`crate::pool`]), where the
    /// system offers one.
    pub fn of_process(pid: u32) -> Option<CpuClock> {
        let pid = libc::pid_t::try_from(pid).ok()?;
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `clock` is a valid place for the answer; an unknown pid is an error code.
        let status = unsafe { libc::clock_getcpuclockid(pid, &mut clock) };
        (status == 0).then_some(CpuClock(clock))
    }

    /// The CPU clock of the calling thread.
    fn this_thread() -> Option<CpuClock> {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `pthread_self` is always a valid thread, and `clock` a valid place for the
        // answer.
        let status = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) };
        (status == 0).then_some(CpuClock(clock))
    }

    /// `allowed` more CPU time on this clock, from now; `None` when the clock cannot be
    /// read.
    pub fn allow(self, allowed: Duration) -> Option<CpuDeadline> {
        Some(CpuDeadline {
            clock: self,
            start: self.time()?,
            allowed,
        })
    }

    /// The CPU time the clock has counted, to the nanosecond (for a process, that of all
    /// its threads); `None` once its thread or process has gone. Counted in whole
    /// milliseconds, an allowance could end up to a millisecond before its time was spent.
    fn time(self) -> Option<Duration> {
        let mut time = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `time` is a valid place for the answer; a stale clock is an error code.
        let status = unsafe { libc::clock_gettime(self.0, &mut time) };
        let seconds = u64::try_from(time.tv_sec).ok()?;
        let nanos = u64::try_from(time.tv_nsec).ok()?;
        let nanos = u32::try_from(nanos).ok()?;
        (status == 0).then_some(Duration::new(seconds, nanos))
    }
}

/// An allowance of CPU time on one clock, counted from when it was given.
#[derive(Debug, Clone, Copy)]
pub struct CpuDeadline {
    clock: CpuClock,
    /// The clock's time when the allowance was given.
    start: Duration,
    allowed: Duration,
}

impl CpuDeadline {
    /// The CPU time still allowed, zero once it is spent; `None` once the clock's thread or
    /// process has gone.
    pub fn left(&self) -> Option<Duration> {
        let spent = self.clock.time()?.saturating_sub(self.start);
        Some(self.allowed.saturating_sub(spent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Spins on the CPU for `ms` milliseconds of this thread's time.
    fn spin(ms: u64) {
        let thread = CpuClock::this_thread().unwrap();
        let deadline = thread.allow(Duration::from_millis(ms)).unwrap();
        while !deadline.left().unwrap().is_zero() {
            std::hint::black_box(0);
        }
    }

    #[test]
    fn a_thread_and_a_process_clock_count_cpu_time() {
        let process = CpuClock::of_process(std::process::id()).unwrap();
        let deadline = process.allow(Duration::from_millis(50)).unwrap();
        let wall = Instant::now();
        spin(50);
        assert_eq!(deadline.left(), Some(Duration::ZERO));
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
