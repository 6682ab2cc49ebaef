//! The vcgen stage on a work directory: `ir/` in, `vc/` out (`sites.json`, `queries.json`
//! and one zstd-compressed SMT-LIB prelude per entry variant in `q/`), and the readers the
//! later stages use.

use crate::{generate, Error, Options, QueryIndex, SiteTable, VcSummary};
use std::path::{Path, PathBuf};

/// Reads `vc/sites.json` from a work directory.
pub fn read_sites(work_dir: &Path) -> Result<SiteTable, Error> {
    read_json(&work_dir.join("vc").join("sites.json"))
}

/// Reads `vc/queries.json` from a work directory.
pub fn read_queries(work_dir: &Path) -> Result<QueryIndex, Error> {
    read_json(&work_dir.join("vc").join("queries.json"))
}

/// The file of a prelude of `work_dir`: its SMT-LIB text compressed with zstd, about a
/// sixth of the space (commons-lang3's preludes: 299 MB of text, 47 MB stored); `zstdcat`
/// shows it.
pub fn prelude_path(work_dir: &Path, id: &str) -> PathBuf {
    work_dir.join("vc").join("q").join(format!("{id}.smt2.zst"))
}

/// The SMT-LIB text of the prelude stored at `path` (see [`prelude_path`]).
pub fn read_prelude(path: &Path) -> Result<String, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error(format!("{}: {e}", path.display())))?;
    let text = zstd::decode_all(bytes.as_slice()).map_err(|e| {
        Error(format!(
            "{}: not a prelude written by dsd: {e}",
            path.display()
        ))
    })?;
    String::from_utf8(text)
        .map_err(|_| Error(format!("{}: not a prelude written by dsd", path.display())))
}

/// Stores a prelude's SMT-LIB text at `path` (see [`prelude_path`]), compressed by zstd
/// at its fastest level.
pub fn write_prelude(path: &Path, text: &str) -> Result<(), Error> {
    zstd::bulk::compress(text.as_bytes(), 1)
        .and_then(|bytes| frontend::files::write_atomic(path, bytes))
        .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd vcgen` first", path.display())))?;
    frontend::deep::from_json(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}

/// Reads `ir/program.json` and writes `vc/` in `work_dir`; `progress` as for [`generate`].
pub fn vcgen_stage(
    work_dir: &Path,
    options: &Options,
    progress: &dyn Fn(usize, usize),
) -> Result<VcSummary, Error> {
    let program = frontend::read_program(work_dir).map_err(|e| Error(e.to_string()))?;
    let specs = invariants::read_invariants(work_dir).map_err(|e| Error(e.to_string()))?;
    let dir = work_dir.join("vc");
    frontend::files::clear_dir(&dir).map_err(Error)?;
    let qdir = dir.join("q");
    std::fs::create_dir_all(&qdir)
        .map_err(|e| Error(format!("cannot create {}: {e}", qdir.display())))?;
    let write = |path: &Path, text: &str| {
        frontend::files::write_atomic(path, text)
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))
    };
    let mut sink = |id: &str, text: &str| write_prelude(&prelude_path(work_dir, id), text);
    let generated = generate(&program, options, specs.as_ref(), &mut sink, progress)?;
    let index = QueryIndex {
        preludes: generated.preludes,
    };
    let table = SiteTable {
        sites: generated.sites.values().cloned().collect(),
        partial: generated.partial,
        changed: generated.changed,
        documentation: options.documentation,
    };
    write(&dir.join("sites.json"), &to_json(&table))?;
    // Compact: the harness plans of a large project's queries are tens of megabytes,
    // half of it indentation (commons-lang3: 38 MB pretty, 20 MB compact).
    let queries = serde_json::to_string(&index).unwrap_or_default();
    write(&dir.join("queries.json"), &queries)?;
    Ok(VcSummary {
        methods: generated.entries,
        sites: table.sites.len(),
        queries: index.query_count(),
        partial: table.partial.len(),
        folded: generated.folded,
    })
}

/// Pretty JSON of a stage file.
fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}
