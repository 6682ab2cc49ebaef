//! The solver process for tests that run `dsd` in-process: a test binary cannot serve as
//! `dsd solve-worker`, so the harness names this one in `DSD_SOLVER_WORKER`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let memory = args
        .iter()
        .position(|a| a == "--memory")
        .and_then(|i| args.get(i + 1))
        .and_then(|m| m.parse().ok())
        .unwrap_or(768);
    if let Err(e) = solver::serve(memory) {
        eprintln!("solver-worker: {e}");
        std::process::exit(2);
    }
}
