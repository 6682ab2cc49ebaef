//! Skipping unchanged stages in `dsd check`: `WORK/.stamps/STAGE.json` keeps a hash of the
//! stage's inputs and outputs plus its summary; a stage whose inputs and outputs still hash the
//! same is not run again and its stored summary is reused.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// What a stage reads and writes, for its stamp.
pub struct StageFiles {
    /// Files and directories the stage reads (every file below a directory counts).
    pub inputs: Vec<PathBuf>,
    /// Files and directories the stage writes.
    pub outputs: Vec<PathBuf>,
    /// The stage's options, as text.
    pub options: String,
}

/// The stored stamp of one stage.
#[derive(Serialize, Deserialize)]
struct Stamp<T> {
    inputs: u64,
    outputs: u64,
    summary: T,
}

fn stamp_path(work: &Path, stage: &str) -> PathBuf {
    work.join(".stamps").join(format!("{stage}.json"))
}

/// Hash of the inputs and options, including the identity of the running dsd binary.
pub fn input_hash(files: &StageFiles) -> u64 {
    let mut h = DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut h);
    if let Some(meta) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.metadata().ok())
    {
        meta.len().hash(&mut h);
        meta.modified().ok().hash(&mut h);
    }
    files.options.hash(&mut h);
    for path in &files.inputs {
        hash_tree(path, &mut h);
    }
    h.finish()
}

/// Hash of the outputs as they are now.
pub fn output_hash(files: &StageFiles) -> u64 {
    let mut h = DefaultHasher::new();
    for path in &files.outputs {
        hash_tree(path, &mut h);
    }
    h.finish()
}

/// Files up to this size are hashed by content; larger ones by size and modification time,
/// so that checking the stamps of a large project's queries reads no gigabytes.
const CONTENT_HASH_MAX: u64 = 64 << 10;

/// Hashes the names and contents of a file or of every file below a directory, in name order
/// (large files by size and modification time).
fn hash_tree(path: &Path, h: &mut DefaultHasher) {
    path.hash(h);
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(_) => return,
        };
        entries.sort();
        for entry in entries {
            hash_tree(&entry, h);
        }
    } else {
        match std::fs::metadata(path) {
            Ok(meta) if meta.len() > CONTENT_HASH_MAX => {
                meta.len().hash(h);
                meta.modified().ok().hash(h);
            }
            _ => std::fs::read(path).ok().hash(h),
        }
    }
}

/// The stored summary of a stage whose inputs hash to `inputs` and whose outputs are unchanged.
pub fn load<T: DeserializeOwned>(
    work: &Path,
    stage: &str,
    inputs: u64,
    files: &StageFiles,
) -> Option<T> {
    let text = std::fs::read_to_string(stamp_path(work, stage)).ok()?;
    let stamp: Stamp<T> = serde_json::from_str(&text).ok()?;
    (stamp.inputs == inputs && stamp.outputs == output_hash(files)).then_some(stamp.summary)
}

/// Records a stage's input hash, its outputs and its summary. Failing to write a stamp only
/// means the stage runs again next time.
pub fn store<T: Serialize>(work: &Path, stage: &str, inputs: u64, files: &StageFiles, summary: &T) {
    let stamp = Stamp {
        inputs,
        outputs: output_hash(files),
        summary,
    };
    let path = stamp_path(work, stage);
    if let (Some(dir), Ok(text)) = (path.parent(), serde_json::to_string(&stamp)) {
        let _ = std::fs::create_dir_all(dir);
        let _ = frontend::files::write_atomic(&path, text);
    }
}

/// Forgets a stage's stamp, so that it runs next time.
pub fn clear(work: &Path, stage: &str) {
    let _ = std::fs::remove_file(stamp_path(work, stage));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_hold_while_inputs_and_outputs_are_unchanged() {
        let dir = std::env::temp_dir().join(format!("dsd-stamps-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("in")).unwrap();
        std::fs::write(dir.join("in/A.java"), "class A {}").unwrap();
        std::fs::write(dir.join("in/notes.txt"), "x").unwrap();
        std::fs::write(dir.join("out.json"), "{}").unwrap();
        let files = StageFiles {
            inputs: vec![dir.join("in/A.java")],
            outputs: vec![dir.join("out.json")],
            options: "unroll=3".into(),
        };
        let h = input_hash(&files);
        store(&dir, "parse", h, &files, &7u32);
        assert_eq!(load::<u32>(&dir, "parse", h, &files), Some(7));
        std::fs::write(dir.join("in/notes.txt"), "y").unwrap();
        assert_eq!(
            input_hash(&files),
            h,
            "files that are not inputs do not count"
        );
        std::fs::write(dir.join("in/A.java"), "class A { }").unwrap();
        assert_ne!(input_hash(&files), h);
        std::fs::write(dir.join("out.json"), "[]").unwrap();
        assert_eq!(load::<u32>(&dir, "parse", h, &files), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
