//! The answers of the last solve stage, reused when a solver process would be asked the
//! same thing again (`WORK/cache/solved.json.zst`).
//!
//! A solver process's answer depends only on what it was sent since it started: the
//! preludes it loaded (their formulas, harnesses and the goals still to be asked) and the
//! goals it solved, in order, since Z3 runs with its work limited and its addresses fixed
//! ([`crate::pool`]). The [`Transcript`] of a process is that sequence as a digest, blind
//! to the numbers vcgen gives preludes and queries (a method added shifts them all); an
//! answer is remembered under the transcript that led to it. A re-check after an edit
//! that leaves most entries' formulas as they were asks the solver only about the rest:
//! the requests answered from the memo are sent to a real process only when a later
//! request of the same process is not, so its state is the one its transcript says.
//!
//! An unknown that came from ending the process (its time overrun, a crash) is
//! remembered too, with the restart it caused, so that the next solve skips the goal as
//! the last one did rather than wait out its time again (on commons-lang3, four
//! `Fraction` goals that overran took 89 of the 95 s a re-check spent solving); only the
//! stage's end (`OUT_OF_TIME`) and a failure while bringing a process to its state are
//! not. The memo also holds the identity of the solver program, the Z3 it
//! loads and its arguments (the memory limit): another build of dsd, another Z3 or another
//! `--solver-memory` starts afresh. Only the answers this stage used are written back.

use crate::worker::Request;
use crate::z3query::Solved;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The memo file below the work directory.
pub fn memo_path(work_dir: &Path) -> PathBuf {
    work_dir.join("cache").join("solved.json.zst")
}

/// The memo file's contents.
#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    /// The digest of the solver program and its arguments.
    solver: u64,
    /// Answers by the digest of the transcript that led to them.
    answers: HashMap<u64, Answer>,
}

/// One remembered answer.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Answer {
    /// What the process answered, or the unknown its end gave.
    pub solved: Solved,
    /// Whether the process was ended for it: the next goal went to a fresh one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ended: bool,
}

/// Answers of the last solve stage, and those of this one.
pub struct Memo {
    solver: u64,
    earlier: HashMap<u64, Answer>,
    now: Mutex<HashMap<u64, Answer>>,
    hits: AtomicUsize,
}

impl Memo {
    /// The answers kept in `path` when they were given by the solver `solver` identifies
    /// ([`solver_identity`]); none when the file is missing, unreadable or another's.
    pub fn load(path: &Path, solver: u64) -> Memo {
        let earlier = std::fs::read(path)
            .ok()
            .and_then(|packed| zstd::decode_all(&packed[..]).ok())
            .and_then(|json| serde_json::from_slice::<Stored>(&json).ok())
            .filter(|stored| stored.solver == solver)
            .map(|stored| stored.answers)
            .unwrap_or_default();
        Memo {
            solver,
            earlier,
            now: Mutex::new(HashMap::new()),
            hits: AtomicUsize::new(0),
        }
    }

    /// The answer remembered for `key`, kept for the next stage too.
    pub fn get(&self, key: u64) -> Option<Answer> {
        let answer = self.earlier.get(&key)?.clone();
        self.keep(key, &answer.solved, answer.ended);
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(answer)
    }

    /// How many answers came from the memo.
    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::Relaxed)
    }

    /// Remembers the answer a process gave after the transcript `key`; `ended` when the
    /// process was ended for it.
    pub fn keep(&self, key: u64, solved: &Solved, ended: bool) {
        if let Ok(mut now) = self.now.lock() {
            let solved = solved.clone();
            now.insert(key, Answer { solved, ended });
        }
    }

    /// Writes the answers this stage used to `path`. Failing to write only means solving
    /// again next time.
    pub fn save(&self, path: &Path) {
        let answers = match self.now.lock() {
            Ok(now) => now.clone(),
            Err(_) => return,
        };
        let stored = Stored {
            solver: self.solver,
            answers,
        };
        let packed = serde_json::to_vec(&stored)
            .ok()
            .and_then(|json| zstd::encode_all(&json[..], 3).ok());
        if let (Some(dir), Some(packed)) = (path.parent(), packed) {
            let _ = std::fs::create_dir_all(dir);
            let _ = frontend::files::write_atomic(path, packed);
        }
    }
}

/// The identity of the solver processes `command` starts: its program's contents, the Z3
/// it loads, and its arguments (the memory limit).
pub fn solver_identity(command: &crate::WorkerCommand) -> u64 {
    let mut h = DefaultHasher::new();
    let program = which::which(&command.program).unwrap_or_else(|_| command.program.clone().into());
    std::fs::read(program)
        .ok()
        .map(|bytes| frontend::digest::bytes_digest(&bytes))
        .hash(&mut h);
    crate::z3_version().hash(&mut h);
    command.args.hash(&mut h);
    command.env.hash(&mut h);
    h.finish()
}

/// What one solver process has been sent since it started, as a digest, and the requests
/// answered from the [`Memo`] that the process has not been sent yet.
#[derive(Default)]
pub struct Transcript {
    digest: DefaultHasher,
    /// Requests not yet sent to the process, in order.
    pub pending: Vec<Request>,
    /// How many preludes it has loaded.
    pub preludes: u32,
    /// The prelude it holds.
    pub loaded: Option<String>,
}

impl Transcript {
    /// Adds a request for prelude `id` (loaded when a `Load`) to the transcript and to
    /// those to send, and returns the digest of the transcript so far.
    pub fn push(&mut self, request: Request, id: &str) -> u64 {
        match &request {
            Request::Load {
                path,
                harness,
                goals,
            } => {
                "load".hash(&mut self.digest);
                std::fs::read(path)
                    .ok()
                    .map(|bytes| frontend::digest::bytes_digest(&bytes))
                    .hash(&mut self.digest);
                serde_json::to_string(harness)
                    .unwrap_or_default()
                    .hash(&mut self.digest);
                goals.hash(&mut self.digest);
                self.preludes += 1;
                self.loaded = Some(id.to_string());
            }
            Request::Solve {
                query,
                required,
                effort,
            } => {
                "solve".hash(&mut self.digest);
                let numbered = vcgen::Query {
                    id: String::new(),
                    ..query.clone()
                };
                serde_json::to_string(&numbered)
                    .unwrap_or_default()
                    .hash(&mut self.digest);
                required.hash(&mut self.digest);
                serde_json::to_string(effort)
                    .unwrap_or_default()
                    .hash(&mut self.digest);
            }
        }
        self.pending.push(request);
        self.digest.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Effort;
    use crate::cex::Status;

    fn solve(goal: &str) -> Request {
        Request::Solve {
            query: vcgen::Query {
                id: "q00007".into(),
                goal: goal.into(),
                site: "A.java:3:5:ArithmeticException@A.f(I)I".into(),
                rank: 0,
                through_caller: false,
                own_entry_decides: false,
            },
            required: Vec::new(),
            effort: Effort {
                max_models: 3,
                timeout_ms: 2000,
                slice: true,
            },
        }
    }

    #[test]
    fn a_transcript_is_blind_to_query_numbers_but_not_to_goals_or_order() {
        let mut one = Transcript::default();
        let mut two = Transcript::default();
        let key = one.push(solve("goal!0"), "p1");
        let Request::Solve {
            query,
            required,
            effort,
        } = solve("goal!0")
        else {
            unreachable!()
        };
        let renumbered = Request::Solve {
            query: vcgen::Query {
                id: "q09999".into(),
                ..query
            },
            required,
            effort,
        };
        assert_eq!(two.push(renumbered, "p9"), key);
        assert_ne!(
            one.push(solve("goal!1"), "p1"),
            two.push(solve("goal!2"), "p9")
        );
        assert_eq!(one.pending.len(), 2);
    }

    #[test]
    fn answers_are_kept_for_the_same_solver_only() {
        let dir = std::env::temp_dir().join(format!("dsd-memo-{}", std::process::id()));
        let path = memo_path(&dir);
        let memo = Memo::load(&path, 1);
        assert!(memo.get(5).is_none());
        let solved = Solved {
            status: Status::Unsat,
            reason: None,
            models: Vec::new(),
        };
        memo.keep(5, &solved, false);
        memo.keep(6, &Solved::unknown(Some("overran".into())), true);
        memo.save(&path);
        let again = Memo::load(&path, 1);
        assert_eq!(again.get(5).map(|a| a.solved.status), Some(Status::Unsat));
        assert!(again.get(6).is_some_and(|a| a.ended));
        assert_eq!(again.hits(), 2);
        assert!(Memo::load(&path, 2).get(5).is_none(), "another solver");
        let unused = Memo::load(&path, 1);
        unused.save(&path);
        assert!(
            Memo::load(&path, 1).get(5).is_none(),
            "only used answers are kept"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
