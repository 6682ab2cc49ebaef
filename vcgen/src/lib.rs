//! Turns each method into guarded commands, passive form and one SMT-LIB query per crash site.

pub mod sites;

pub use sites::{Site, SiteTable};

use std::path::Path;

/// Settings of the vcgen stage.
#[derive(Debug, Clone)]
pub struct Options {
    /// How many times each loop is unrolled.
    pub unroll: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { unroll: 3 }
    }
}

/// Counts reported by the vcgen stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct VcSummary {
    /// Methods analysed as entry points.
    pub methods: usize,
    /// Crash sites found.
    pub sites: usize,
    /// SMT-LIB queries written.
    pub queries: usize,
}

/// An error that stops the vcgen stage.
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Reads `vc/sites.json` from a work directory.
pub fn read_sites(work_dir: &Path) -> Result<SiteTable, Error> {
    let path = work_dir.join("vc").join("sites.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd vcgen` first", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}

/// Reads `ir/program.json` and writes `vc/` in `work_dir`.
pub fn vcgen_stage(work_dir: &Path, options: &Options) -> Result<VcSummary, Error> {
    let _ = (work_dir, options);
    Err(Error("vcgen: not implemented yet".into()))
}
