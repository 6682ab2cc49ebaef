//! Reads Java sources with tree-sitter and writes the typed program model to `ir/`.

pub mod ir;

use std::path::{Path, PathBuf};

/// Counts reported by the parse stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct ParseSummary {
    /// Project `.java` files read.
    pub files: usize,
    /// Project classes (nested ones included).
    pub classes: usize,
    /// Project methods and constructors with a body.
    pub methods: usize,
    /// `Unknown` statements and expressions in project code.
    pub unknown_nodes: usize,
    /// One line per problem, `path:line:col: message`.
    pub diagnostics: Vec<String>,
}

/// An error that stops the parse stage (not a problem inside one file).
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Path of the program model inside a work directory.
pub fn program_path(work_dir: &Path) -> PathBuf {
    work_dir.join("ir").join("program.json")
}

/// Parses every `.java` file below `sources` and writes `ir/program.json` in `work_dir`.
pub fn parse_stage(sources: &[PathBuf], work_dir: &Path) -> Result<ParseSummary, Error> {
    let _ = (sources, work_dir);
    Err(Error("parse: not implemented yet".into()))
}

/// Reads `ir/program.json` from a work directory.
pub fn read_program(work_dir: &Path) -> Result<ir::Program, Error> {
    let path = program_path(work_dir);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd parse` first", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}
