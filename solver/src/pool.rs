//! The solve stage's side of a solver process ([`crate::worker`]): starts it, sends it
//! preludes and goals, and starts another when it dies. A goal whose process dies (out of
//! memory, or a crash inside Z3) or overruns its time (three times the CPU time its timeout
//! stands for, see [`budget::TIME_FACTOR`], and [`MIN_GRACE_MS`] more: Z3's cancel is not
//! prompt while it internalizes a formula) is unknown; the next goal gets a new process.
//! Each entry gets a fresh process, started with address randomisation off: Z3 orders some
//! of its tables by memory address, and a process that had held other preludes gave other
//! models for the same formula (commons-lang3: 221 of 20,501 answers differed between two
//! runs with one process per thread; with a fresh process per entry, 8, all but one of them
//! `Fraction` goals that ended by memory or by the time backstop). Z3 4.8's count of the
//! memory it holds, which its memory mark is checked against, grows over the contexts of a
//! process even though each is dropped: on commons-codec, after 545 preludes in one process
//! every goal of `BeiderMorseEncoder.encode` (77) reached the mark at once, while the same
//! goals solved in a fresh process took at most 217 MB. A goal that reaches the mark in a
//! process that has held other preludes is therefore tried again in a fresh one.

use crate::budget::{self, Effort};
use crate::cpu_time::{CpuClock, CpuDeadline};
use crate::memo::{Memo, Transcript};
use crate::worker::Request;
use crate::z3query::{self, Solved};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use vcgen::{Harness, Query};

/// How a solver process's `malloc` is set up: its heap in transparent huge pages where the
/// system offers them on request. A fresh process per entry (see [`crate::schedule`])
/// pays for every page of memory Z3 touches; on a sixth of commons-lang3's preludes the
/// solver processes took 3.4 million page faults with 4 KB pages and 0.9 million with
/// huge pages.
const MALLOC_TUNABLES: &str = "glibc.malloc.hugetlb=1";

/// The least time past [`budget::TIME_FACTOR`] times its timeout a goal is given before its
/// process is ended.
pub const MIN_GRACE_MS: u64 = 1000;

/// How many times its CPU time a goal may take on the wall clock before its process is
/// ended even though it has not spent that CPU time: a process that waits rather than works
/// cannot hold its thread for ever. Beside as many busy threads as cores, a process gets
/// half a core.
const WALL_FACTOR: u32 = 4;

/// How to start a solver process: a program and its arguments (the `dsd` binary and its
/// hidden worker command). The process reads [`Request`]s and answers as
/// [`crate::worker::serve`] does.
#[derive(Debug, Clone)]
pub struct WorkerCommand {
    /// The program.
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Environment variables set for it, over those it inherits.
    pub env: Vec<(OsString, OsString)>,
}

/// The prelude a goal belongs to, as a solver process loads it.
pub struct PreludeRef<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its SMT-LIB file.
    pub path: &'a Path,
    /// How its entry is reached.
    pub harness: &'a Harness,
    /// The goals that may still be asked of it (the one at hand among them): a process
    /// that loads it loads only what they depend on. Asked only when it is loaded.
    pub goals: &'a dyn Fn() -> Vec<String>,
}

/// One solver process, started on first use and again after it died.
pub struct Worker<'c> {
    command: &'c WorkerCommand,
    process: Option<Process>,
    /// What the process has been asked since it started, some of it answered from `memo`.
    transcript: Transcript,
    /// The answers of the last solve stage, when they are reused.
    memo: Option<&'c Memo>,
    /// Why its process could not be started, when it could not: no goal can be solved.
    cannot_start: Option<String>,
    /// When every goal must end ([`crate::Options::deadline`]).
    deadline: Option<Instant>,
}

/// A running solver process.
struct Process {
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Its CPU clock, where the system offers one.
    clock: Option<CpuClock>,
    watchdog: Arc<Watchdog>,
}

/// Ends a process whose goal overruns its time: the CPU time its timeout allows, counted
/// on the process's clock so that a busy machine does not end goals a quiet one finishes
/// (see [`crate::cpu_time`]), or [`WALL_FACTOR`] times as much on the wall clock.
#[derive(Default)]
struct Watchdog {
    state: Mutex<Watch>,
    wake: Condvar,
}

/// What the watchdog waits for.
#[derive(Default)]
struct Watch {
    /// The deadline of the goal being solved; `None` between goals.
    deadline: Option<Deadline>,
    /// The watchdog ended the process because its goal overran.
    overran: bool,
    /// The process has ended: the watch is over.
    stopped: bool,
}

/// When the goal being solved has overrun its time.
#[derive(Debug, Clone, Copy)]
struct Deadline {
    /// The CPU time the goal may take on the process's clock.
    cpu: Option<CpuDeadline>,
    /// The latest time on the wall clock.
    wall: Instant,
    /// The stage's end, if it has one.
    stage: Option<Instant>,
}

impl Deadline {
    /// The deadline of a goal sent now that may take `allowed`, on `clock` if there is one
    /// and else on the wall clock, and on the wall clock no later than `stage` (the stage's
    /// end, if it has one).
    fn new(clock: Option<CpuClock>, allowed: Duration, stage: Option<Instant>) -> Deadline {
        let cpu = clock.and_then(|clock| clock.allow(allowed));
        let wall = match cpu {
            Some(_) => allowed * WALL_FACTOR,
            None => allowed,
        };
        let wall = Instant::now() + wall;
        Deadline {
            cpu,
            wall: stage.map_or(wall, |stage| stage.min(wall)),
            stage,
        }
    }

    /// Whether the stage's end has passed.
    fn stage_ended(&self) -> bool {
        self.stage.is_some_and(|stage| Instant::now() >= stage)
    }

    /// How long the goal may still take, at least; `None` once it has overrun.
    fn left(&self) -> Option<Duration> {
        let wall = self.wall.checked_duration_since(Instant::now())?;
        // A process that has gone has its answer being read: only the wall clock counts.
        let cpu = self.cpu.and_then(|cpu| cpu.left()).unwrap_or(wall);
        Some(cpu.min(wall)).filter(|left| !left.is_zero())
    }
}

/// How long a goal of `effort` may take before its process is ended.
fn allowed(effort: Effort) -> Duration {
    Duration::from_millis(u64::from(effort.timeout_ms) * budget::TIME_FACTOR + MIN_GRACE_MS)
}

impl<'c> Worker<'c> {
    /// A worker that starts its process when first asked.
    pub fn new(command: &'c WorkerCommand) -> Self {
        Worker {
            command,
            process: None,
            transcript: Transcript::default(),
            memo: None,
            cannot_start: None,
            deadline: None,
        }
    }

    /// This worker, answering from `memo` what an earlier stage asked the same way.
    pub fn remembering(mut self, memo: &'c Memo) -> Self {
        self.memo = Some(memo);
        self
    }

    /// This worker, its goals ended at `deadline` (if any) however much time they have
    /// left; a goal so ended is unknown with the reason [`crate::OUT_OF_TIME`].
    pub fn until(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Why the solver process could not be started, if it could not (the program gone or
    /// not executable): every goal asked was unknown, and the stage must say so.
    pub fn cannot_start(&self) -> Option<&str> {
        self.cannot_start.as_deref()
    }

    /// Solves `query` of `prelude` with the preferences in `required` holding, a second
    /// time in a fresh process when it reached Z3's memory mark in a process that has held
    /// other preludes.
    pub fn solve(
        &mut self,
        prelude: &PreludeRef,
        query: &Query,
        required: &[String],
        effort: Effort,
    ) -> Solved {
        let solved = self.attempt(prelude, query, required, effort);
        let veteran = self.transcript.preludes > 1;
        if !(veteran && solved.reason.as_deref() == Some(z3query::MEMORY_OUT)) {
            return solved;
        }
        self.restart();
        self.attempt(prelude, query, required, effort)
    }

    /// One try of [`Worker::solve`] in the current process (started if there is none), or
    /// the answer the memo has for the same transcript.
    fn attempt(
        &mut self,
        prelude: &PreludeRef,
        query: &Query,
        required: &[String],
        effort: Effort,
    ) -> Solved {
        if self.transcript.loaded.as_deref() != Some(prelude.id) {
            let load = Request::Load {
                path: prelude.path.to_path_buf(),
                harness: Box::new(prelude.harness.clone()),
                goals: (prelude.goals)(),
            };
            self.transcript.push(load, prelude.id);
        }
        let solve = Request::Solve {
            query: query.clone(),
            required: required.to_vec(),
            effort,
        };
        let key = self.transcript.push(solve, prelude.id);
        if let Some(answer) = self.memo.and_then(|memo| memo.get(key)) {
            if answer.ended {
                self.restart();
            }
            return answer.solved;
        }
        let stage = self.deadline;
        let mut pending = std::mem::take(&mut self.transcript.pending);
        let asked = pending.pop().expect("the goal at hand was pushed");
        // Why the goal at hand is unknown, and whether it was its own request that failed
        // rather than one of those sent before it to bring the process to its state.
        let outcome = self.process().map_err(|e| (e, false)).and_then(|process| {
            for request in &pending {
                process.send(request).map_err(|e| (e, false))?;
                if let Request::Solve { effort, .. } = request {
                    let deadline = Deadline::new(process.clock, allowed(*effort), stage);
                    process.receive(deadline).map_err(|e| (e, false))?;
                }
            }
            process.send(&asked).map_err(|e| (e, true))?;
            let deadline = Deadline::new(process.clock, allowed(effort), stage);
            process.receive(deadline).map_err(|e| (e, true))
        });
        match outcome {
            Ok(solved) => {
                self.remember(key, &solved, false);
                solved
            }
            Err((reason, own)) => {
                self.restart();
                let solved = Solved::unknown(Some(reason));
                if own && solved.reason.as_deref() != Some(crate::OUT_OF_TIME) {
                    self.remember(key, &solved, true);
                }
                solved
            }
        }
    }

    /// Keeps the answer to the transcript `key` in the memo, if there is one; `ended` when
    /// the process was ended for it.
    fn remember(&self, key: u64, solved: &Solved, ended: bool) {
        if let Some(memo) = self.memo {
            memo.keep(key, solved, ended);
        }
    }

    /// Ends the current process, if any: the next goal gets a fresh one.
    fn restart(&mut self) {
        self.transcript = Transcript::default();
        if let Some(process) = self.process.take() {
            process.end();
        }
    }

    /// The running process, started if needed.
    fn process(&mut self) -> Result<&mut Process, String> {
        if self.process.is_none() {
            let started = Process::start(self.command).inspect_err(|e| {
                self.cannot_start = Some(format!(
                    "{e} ({})",
                    Path::new(&self.command.program).display()
                ));
            })?;
            self.process = Some(started);
        }
        Ok(self.process.as_mut().expect("started above"))
    }
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.end();
        }
    }
}

impl Process {
    fn start(command: &WorkerCommand) -> Result<Process, String> {
        let mut spawn = Command::new(&command.program);
        spawn
            .args(&command.args)
            .env("GLIBC_TUNABLES", MALLOC_TUNABLES)
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // SAFETY: personality(2) only sets a flag of the new process; a failure (a
        // sandbox that forbids it) leaves its addresses random, which is harmless.
        unsafe {
            spawn.pre_exec(|| {
                libc::personality(libc::ADDR_NO_RANDOMIZE as libc::c_ulong);
                Ok(())
            });
        }
        let mut child = spawn
            .spawn()
            .map_err(|e| format!("cannot start a solver process: {e}"))?;
        let stdin = child
            .stdin
            .take()
            .ok_or("the solver process has no input")?;
        let stdout = child
            .stdout
            .take()
            .ok_or("the solver process has no output")?;
        let clock = CpuClock::of_process(child.id());
        let child = Arc::new(Mutex::new(child));
        let watchdog = Arc::new(Watchdog::default());
        let (watched, dog) = (Arc::clone(&child), Arc::clone(&watchdog));
        std::thread::spawn(move || dog.watch(&watched));
        Ok(Process {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            clock,
            watchdog,
        })
    }

    fn send(&mut self, request: &Request) -> Result<(), String> {
        let line = serde_json::to_string(request).map_err(|e| e.to_string())?;
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.death())
    }

    /// Reads the answer to the last goal, ending the process if it has not answered by
    /// `deadline` (see [`Watchdog`]).
    fn receive(&mut self, deadline: Deadline) -> Result<Solved, String> {
        self.watchdog.arm(Some(deadline));
        let mut line = String::new();
        let read = self.stdout.read_line(&mut line);
        let overran = self.watchdog.arm(None);
        match read {
            Ok(n) if n > 0 => serde_json::from_str(&line)
                .map_err(|e| format!("the solver process answered badly: {e}")),
            _ if overran && deadline.stage_ended() => Err(crate::OUT_OF_TIME.into()),
            _ if overran => Err("the solver overran its timeout and was ended".into()),
            _ => Err(self.death()),
        }
    }

    /// Why the process stopped answering. It is killed first, so that waiting for it cannot
    /// hang when it closed its pipes but lives on (killing one that has ended keeps its
    /// status).
    fn death(&mut self) -> String {
        let status = self.child.lock().ok().and_then(|mut c| {
            let _ = c.kill();
            c.wait().ok()
        });
        match status {
            Some(s) => format!(
                "the solver process ended ({s}): out of memory (--solver-memory) or a crash in Z3"
            ),
            None => "the solver process ended".into(),
        }
    }

    /// Stops the process and its watchdog.
    fn end(self) {
        self.watchdog.stop();
        drop(self.stdin);
        if let Ok(mut child) = self.child.lock() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Watchdog {
    /// Sets (or clears) the deadline of the goal being solved; returns whether the
    /// process was ended because the last goal overran.
    fn arm(&self, deadline: Option<Deadline>) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        state.deadline = deadline;
        self.wake.notify_one();
        std::mem::take(&mut state.overran)
    }

    /// Ends the watch.
    fn stop(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.stopped = true;
            self.wake.notify_one();
        }
    }

    /// Kills `child` when a deadline passes before it is cleared; returns once stopped.
    fn watch(&self, child: &Mutex<Child>) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        loop {
            if state.stopped {
                return;
            }
            let wait = match state.deadline.map(|deadline| deadline.left()) {
                None => Duration::from_secs(3600),
                Some(Some(left)) => left,
                Some(None) => {
                    if let Ok(mut c) = child.lock() {
                        let _ = c.kill();
                    }
                    state.deadline = None;
                    state.overran = true;
                    continue;
                }
            };
            state = match self.wake.wait_timeout(state, wait) {
                Ok((s, _)) => s,
                Err(_) => return,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cex::Status;
    use crate::test_support::harness;

    /// A solver process played by the shell: `script` runs with the requests on stdin.
    fn shell(script: &str) -> WorkerCommand {
        WorkerCommand {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            env: Vec::new(),
        }
    }

    fn solve(worker: &mut Worker, query: &str, timeout_ms: u32) -> Solved {
        solve_in(worker, "p1", query, timeout_ms)
    }

    /// Solves `query` of the prelude `prelude`.
    fn solve_in(worker: &mut Worker, prelude: &str, query: &str, timeout_ms: u32) -> Solved {
        let query = Query {
            id: query.into(),
            goal: "goal!1".into(),
            site: "s1".into(),
            rank: 0,
            own_entry_decides: false,
            through_caller: false,
        };
        let path = format!("{prelude}.smt2");
        let harness = harness();
        let prelude = PreludeRef {
            id: prelude,
            path: Path::new(&path),
            harness: &harness,
            goals: &|| vec![query.goal.clone()],
        };
        let effort = Effort {
            max_models: 1,
            timeout_ms,
            slice: true,
        };
        worker.solve(&prelude, &query, &[], effort)
    }

    /// A solver process whose first start runs `first` and whose later starts answer every
    /// goal unsat; the marker file (returned, to be removed by the test) tells them apart.
    fn first_process(name: &str, first: &str) -> (WorkerCommand, std::path::PathBuf) {
        let marker = std::env::temp_dir().join(format!("dsd-pool-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(&marker);
        let m = marker.display();
        let command = shell(&format!(
            "if [ -e {m} ]; then read load; while read goal; do echo '{UNSAT}'; done; \
             else touch {m}; {first}; fi"
        ));
        (command, marker)
    }

    /// The answer of a process whose Z3 reached its memory mark.
    fn memory_out() -> String {
        serde_json::to_string(&Solved::unknown(Some(z3query::MEMORY_OUT.into()))).unwrap()
    }

    const UNSAT: &str = r#"{"status":"unsat","reason":null,"models":[]}"#;

    #[test]
    fn a_solver_program_that_cannot_start_is_named() {
        let command = WorkerCommand {
            program: "/nonexistent/dsd".into(),
            args: Vec::new(),
            env: Vec::new(),
        };
        let mut worker = Worker::new(&command);
        assert_eq!(worker.cannot_start(), None);
        assert_eq!(solve(&mut worker, "q1", 1000).status, Status::Unknown);
        let why = worker.cannot_start().expect("the failed start is kept");
        assert!(why.contains("/nonexistent/dsd"), "{why}");
    }

    #[test]
    fn a_process_answers_goal_after_goal_of_a_loaded_prelude() {
        let command = shell(&format!(
            "while read request; do read goal; echo '{UNSAT}'; done"
        ));
        let mut worker = Worker::new(&command);
        assert_eq!(solve(&mut worker, "q1", 1000).status, Status::Unsat);
        // The prelude is loaded once: the second goal comes without a load request, so a
        // process that reads two lines per answer would now wait for ever.
        let command = shell(&format!(
            "read load; while read goal; do echo '{UNSAT}'; done"
        ));
        let mut worker = Worker::new(&command);
        assert_eq!(solve(&mut worker, "q1", 1000).status, Status::Unsat);
        assert_eq!(solve(&mut worker, "q2", 1000).status, Status::Unsat);
    }

    #[test]
    fn a_goal_whose_process_dies_is_unknown_and_the_next_gets_a_new_process() {
        // The first process dies on its goal; the second answers.
        let (command, marker) = first_process("dies", "read load; read goal; exit 3");
        let mut worker = Worker::new(&command);
        let died = solve(&mut worker, "q1", 1000);
        assert_eq!(died.status, Status::Unknown);
        assert!(died.reason.unwrap().contains("ended"));
        assert_eq!(solve(&mut worker, "q2", 1000).status, Status::Unsat);
        let _ = std::fs::remove_file(&marker);
    }

    #[test]
    fn a_goal_that_reaches_the_memory_mark_after_other_preludes_is_tried_in_a_fresh_process() {
        // The first process answers the goal of its first prelude, then reaches the mark on
        // every goal of the next, as Z3 4.8 does once its count has grown; the next answers.
        let memory = memory_out();
        let (command, marker) = first_process(
            "aged",
            &format!(
                "read load; read goal; echo '{UNSAT}'; \
                 while read load; do read goal; echo '{memory}'; done"
            ),
        );
        let mut worker = Worker::new(&command);
        assert_eq!(
            solve_in(&mut worker, "p1", "q1", 1000).status,
            Status::Unsat
        );
        assert_eq!(
            solve_in(&mut worker, "p2", "q2", 1000).status,
            Status::Unsat
        );
        let _ = std::fs::remove_file(&marker);
    }

    #[test]
    fn a_goal_that_reaches_the_memory_mark_in_a_fresh_process_is_unknown() {
        let memory = memory_out();
        let (command, marker) = first_process(
            "fresh",
            &format!("read load; while read goal; do echo '{memory}'; done"),
        );
        let mut worker = Worker::new(&command);
        let solved = solve_in(&mut worker, "p1", "q1", 1000);
        assert_eq!(solved.status, Status::Unknown);
        assert_eq!(solved.reason.as_deref(), Some(z3query::MEMORY_OUT));
        let _ = std::fs::remove_file(&marker);
    }

    /// The time a goal of 100 ms may take.
    fn allowed() -> Duration {
        Duration::from_millis(100 * budget::TIME_FACTOR + MIN_GRACE_MS)
    }

    #[test]
    fn a_process_that_overruns_its_timeout_is_ended_once_it_has_spent_the_cpu_time() {
        let command = shell("read load; read goal; while :; do :; done");
        let mut worker = Worker::new(&command);
        let start = Instant::now();
        let solved = solve(&mut worker, "q1", 100);
        assert_eq!(solved.status, Status::Unknown);
        assert!(solved.reason.unwrap().contains("overran"));
        assert!(start.elapsed() >= allowed());
        assert!(start.elapsed() < allowed() * WALL_FACTOR);
    }

    #[test]
    fn a_process_that_waits_rather_than_works_is_ended_on_the_wall_clock() {
        let command = shell("read load; read goal; exec sleep 60");
        let mut worker = Worker::new(&command);
        let start = Instant::now();
        let solved = solve(&mut worker, "q1", 100);
        assert_eq!(solved.status, Status::Unknown);
        assert!(solved.reason.unwrap().contains("overran"));
        assert!(start.elapsed() >= allowed() * WALL_FACTOR);
        assert!(start.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn a_goal_still_being_solved_when_the_stage_ends_is_given_up_then() {
        let command = shell("read load; read goal; exec sleep 60");
        let end = Instant::now() + Duration::from_millis(300);
        let mut worker = Worker::new(&command).until(Some(end));
        let solved = solve(&mut worker, "q1", 60_000);
        assert_eq!(solved.status, Status::Unknown);
        assert_eq!(solved.reason.as_deref(), Some(crate::OUT_OF_TIME));
        assert!(Instant::now() >= end);
        assert!(
            end.elapsed() < Duration::from_secs(10),
            "ended at the stage's end, not the goal's own (three minutes)"
        );
    }
}
