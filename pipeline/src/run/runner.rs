//! The Java test runner shipped with dsd, with the sandbox it installs
//! (`invariants::sandbox`): written into the work directory and compiled once.

use super::tools::JavaTools;
use crate::error::Failure;
use invariants::javac::{self, Compilation, JavacError};
use std::path::{Path, PathBuf};

/// Source of `dsd.runner.DsdRunner`.
const RUNNER_SOURCE: &str = include_str!("../../java/DsdRunner.java");

/// Fully qualified name of the runner's main class.
pub const RUNNER_CLASS: &str = "dsd.runner.DsdRunner";

/// Writes the runner, the sandbox and the JSON writing to `WORK/runner/` and compiles them,
/// unless the compiled runner is there and their sources are unchanged; builds dsd's agent
/// there too (`invariants::sandbox::agent`). Returns the directory to put on the runner JVM's
/// class path.
pub fn prepare(tools: &JavaTools, work: &Path) -> Result<PathBuf, Failure> {
    let dir = work.join("runner");
    invariants::sandbox::agent::prepare(&tools.javac, &dir).map_err(Failure::new)?;
    let source = dir.join("dsd").join("runner").join("DsdRunner.java");
    let class = source.with_extension("class");
    let unchanged = std::fs::read_to_string(&source).is_ok_and(|s| s == RUNNER_SOURCE)
        && invariants::sandbox::source_is_current(&dir)
        && invariants::runtime::json_is_current(&dir);
    if unchanged && class.is_file() {
        return Ok(dir);
    }
    if let Some(parent) = source.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Failure::new(format!("{}: {e}", parent.display())))?;
    }
    // Remove the old class first so that a failed compile never leaves a stale runner behind.
    let _ = std::fs::remove_file(&class);
    std::fs::write(&source, RUNNER_SOURCE)
        .map_err(|e| Failure::new(format!("{}: {e}", source.display())))?;
    let sandbox = invariants::sandbox::write_source(&dir).map_err(Failure::new)?;
    let json = invariants::runtime::write_json(&dir).map_err(Failure::new)?;
    let sources = [source.clone(), sandbox, json];
    let compilation = Compilation {
        javac: &tools.javac,
        target: invariants::toolchain::feature_release(&tools.java),
        release: tools.release,
        sources: &sources,
        classpath: &tools.junit,
        out_dir: &dir,
        argfile: &dir.join("javac.args"),
        patched: None,
        encoding: None,
    };
    match javac::compile(&compilation) {
        Ok(()) => Ok(dir),
        Err(JavacError::Io(e)) => Err(Failure::new(format!("compiling the test runner: {e}"))),
        Err(JavacError::Failed(out)) => Err(Failure::new(format!(
            "javac could not compile the test runner {}; check that DSD_JUNIT_DIR holds JUnit 4 and javac is \
             version 11 or later:\n{}",
            source.display(),
            javac::first_errors(&out, 5).join("\n")
        ))),
    }
}
