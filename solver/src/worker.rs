//! The solver process: holds one prelude at a time in a fresh Z3 context and solves the goals
//! it is sent, one JSON line per request on stdin, one per answer on stdout.
//!
//! Z3 runs in processes of its own so that it can neither take the machine nor stop the run:
//! its memory is bounded by the operating system, and a process that dies or hangs costs
//! one goal (see [`crate::pool`]). Z3 4.8 bit-blasts 64-bit multiplications and divisions
//! while it internalizes a formula, where neither its timeout nor its memory mark is
//! checked: one goal of commons-lang3's `Fraction` grew to 1.9 GB within 8 s of a 5 s
//! timeout.

use crate::budget::Effort;
use crate::slice::Slicer;
use crate::z3query::{self, Solved};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use vcgen::{Harness, Query};

/// What the solve stage asks of a solver process.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request {
    /// Load a prelude (an entry variant's formula) in a fresh context, dropping the last.
    Load {
        /// The prelude's SMT-LIB file.
        path: PathBuf,
        /// How its entry is reached.
        harness: Box<Harness>,
        /// The goals that may still be asked: only what they and the preferences depend on
        /// is loaded (all of the prelude when empty).
        goals: Vec<String>,
    },
    /// Solve one goal of the loaded prelude.
    Solve {
        /// The goal.
        query: Query,
        /// Preferences of the harness that must hold, not merely be preferred.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        required: Vec<String>,
        /// How much the goal may get.
        effort: Effort,
    },
}

/// Runs a solver process until its input ends: the body of `dsd`'s hidden worker command.
/// The process's data may grow to `memory_mb` megabytes; Z3 gives up on a goal (unknown)
/// at three quarters of it, and the operating system ends the process at the whole.
pub fn serve(memory_mb: u32) -> Result<(), String> {
    limit_memory(memory_mb)?;
    z3query::configure();
    let mut requests = std::io::BufReader::new(std::io::stdin());
    let mut out = std::io::stdout();
    let mut next = read(&mut requests)?;
    while let Some(request) = next.take() {
        next = match request {
            Request::Load {
                path,
                harness,
                goals,
            } => z3::with_z3_config(&z3::Config::new(), || {
                serve_prelude(&path, &harness, &goals, &mut requests, &mut out)
            })?,
            Request::Solve { .. } => {
                answer(
                    &mut out,
                    &Solved::unknown(Some("no prelude is loaded".into())),
                )?;
                read(&mut requests)?
            }
        };
    }
    Ok(())
}

/// Solves the goals of one prelude until another prelude is requested (returned) or the
/// input ends. Only the slice of the prelude that `goals` and the harness's preferences
/// depend on is loaded: the solver's first check internalizes all it holds, and on
/// commons-lang3 the first checks of its preludes took two fifths of the solve, while most
/// preludes of an entry's later harnesses have a goal or two left to solve.
fn serve_prelude(
    path: &std::path::Path,
    harness: &Harness,
    goals: &[String],
    requests: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Option<Request>, String> {
    let text = vcgen::read_prelude(path)
        .map_err(|e| e.to_string())
        .map(|full| {
            if goals.is_empty() {
                return full;
            }
            let roots: Vec<&str> = goals
                .iter()
                .map(String::as_str)
                .chain(harness.solver_symbols())
                .collect();
            Slicer::new(&full).slice(&roots)
        });
    let mut prelude = None;
    let slicer = std::cell::OnceCell::new();
    loop {
        let Some(request) = read(requests)? else {
            return Ok(None);
        };
        let Request::Solve {
            query,
            required,
            effort,
        } = request
        else {
            return Ok(Some(request));
        };
        let solved = match &text {
            Ok(text) => {
                let prelude = prelude.get_or_insert_with(|| z3query::Prelude::load(text));
                let slice = |roots: &[&str]| slicer.get_or_init(|| Slicer::new(text)).slice(roots);
                prelude.solve(harness, &query, &required, effort, &slice)
            }
            Err(e) => Solved::unknown(Some(e.clone())),
        };
        answer(out, &solved)?;
    }
}

/// The next request, or `None` at the end of the input.
fn read(requests: &mut impl BufRead) -> Result<Option<Request>, String> {
    let mut line = String::new();
    match requests.read_line(&mut line) {
        Ok(0) => Ok(None),
        Ok(_) => serde_json::from_str(&line)
            .map(Some)
            .map_err(|e| format!("bad request: {e}")),
        Err(e) => Err(format!("cannot read a request: {e}")),
    }
}

/// Writes one answer line and flushes it.
fn answer(out: &mut impl Write, solved: &Solved) -> Result<(), String> {
    let line = serde_json::to_string(solved).map_err(|e| e.to_string())?;
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot answer: {e}"))
}

/// Bounds the process's data segment to `memory_mb` and Z3's own allocations to three
/// quarters of it: past the mark Z3's search answers unknown; past the limit an
/// allocation fails and the process ends.
fn limit_memory(memory_mb: u32) -> Result<(), String> {
    let bytes = u64::from(memory_mb) << 20;
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    };
    // SAFETY: setrlimit only reads the struct it is given.
    if unsafe { libc::setrlimit(libc::RLIMIT_DATA, &limit) } != 0 {
        return Err(format!(
            "cannot limit the solver's memory: {}",
            std::io::Error::last_os_error()
        ));
    }
    z3query::limit_memory(memory_mb / 4 * 3);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cex::Status;
    use crate::test_support::harness;

    /// Serves a load of `prelude` with the live `goals`, then one request for `goal`.
    fn serve_one(prelude: &str, goals: &[&str], goal: &str) -> Solved {
        let path =
            std::env::temp_dir().join(format!("dsd-worker-{}-{goal}.smt2.zst", std::process::id()));
        vcgen::write_prelude(&path, prelude).unwrap();
        let query = Query {
            id: "q1".into(),
            goal: goal.into(),
            site: "s".into(),
            rank: 0,
            own_entry_decides: false,
            through_caller: false,
        };
        let solve = Request::Solve {
            query,
            required: Vec::new(),
            effort: Effort {
                max_models: 1,
                timeout_ms: 2000,
                slice: true,
            },
        };
        let input = format!("{}\n", serde_json::to_string(&solve).unwrap());
        let mut out = Vec::new();
        let goals: Vec<String> = goals.iter().map(|g| g.to_string()).collect();
        let next = z3::with_z3_config(&z3::Config::new(), || {
            serve_prelude(&path, &harness(), &goals, &mut input.as_bytes(), &mut out)
        });
        let _ = std::fs::remove_file(&path);
        assert!(matches!(next, Ok(None)));
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn only_what_the_live_goals_depend_on_is_loaded() {
        // The definition of `y` names a symbol nobody declared: the whole prelude does not
        // parse, while the slice of `goal!1`, which does not depend on `y`, does.
        let prelude = "
            (declare-const x Int)
            (assert (< x 10))
            (declare-const y Int)
            (assert (= y (+ undeclared 1)))
            (declare-const goal!1 Bool)
            (assert (= goal!1 (> x 20)))
            (declare-const goal!2 Bool)
            (assert (= goal!2 (> y 0)))";
        assert_eq!(
            serve_one(prelude, &["goal!1"], "goal!1").status,
            Status::Unsat
        );
        let whole = serve_one(prelude, &[], "goal!1");
        assert_eq!(whole.status, Status::Unknown);
        assert_eq!(whole.reason.as_deref(), Some("the prelude does not parse"));
    }
}
