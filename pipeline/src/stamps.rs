//! Skipping unchanged stages in `dsd check`: `WORK/.stamps/STAGE.json` keeps a hash of the
//! stage's inputs and outputs plus its summary; a stage whose inputs and outputs still hash the
//! same is not run again and its stored summary is reused.
//!
//! The hashes are of contents and of names that do not depend on where the work directory
//! is or how a path is spelled: a file below the work directory is named relative to it, a
//! file below the current directory relative to that, and only other files by their
//! absolute path. A work directory copied to another place, restored by a CI cache on
//! another machine or named by a relative path instead of an absolute one keeps its stamps.
//! Large files are read only when their size or time changed ([`DigestMemo`]).

use frontend::digest::DigestMemo;
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
    /// The stage's options, as text (paths in it named with [`Stamps::names`]).
    pub options: String,
}

/// The stored stamp of one stage.
#[derive(Serialize, Deserialize)]
struct Stamp<T> {
    inputs: u64,
    outputs: u64,
    summary: T,
}

/// The stamps of the stages of one work directory.
pub struct Stamps {
    work: PathBuf,
    digests: DigestMemo,
}

/// `path` made absolute, through symbolic links where it exists.
fn resolve(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

impl Stamps {
    /// The stamps kept in `work`.
    pub fn new(work: &Path) -> Stamps {
        Stamps {
            work: work.to_path_buf(),
            digests: DigestMemo::load(&work.join(".stamps").join("digests.json")),
        }
    }

    fn stamp_path(&self, stage: &str) -> PathBuf {
        self.work.join(".stamps").join(format!("{stage}.json"))
    }

    /// The name of `path` in a stamp: `work/REL` below the work directory, `./REL` below the
    /// current directory, else the absolute path.
    pub fn name(&self, path: &Path) -> String {
        let resolved = resolve(path);
        let roots = [
            ("work", resolve(&self.work)),
            (".", resolve(Path::new("."))),
        ];
        for (prefix, root) in roots {
            if let Ok(rel) = resolved.strip_prefix(root) {
                return format!("{prefix}/{}", rel.display());
            }
        }
        resolved.display().to_string()
    }

    /// The names of `paths` in a stamp, as one text for a stage's options.
    pub fn names(&self, paths: &[PathBuf]) -> String {
        let names: Vec<String> = paths.iter().map(|p| self.name(p)).collect();
        format!("{names:?}")
    }

    /// Hash of the inputs and options, including the identity of the running dsd binary.
    pub fn input_hash(&mut self, files: &StageFiles) -> u64 {
        let mut h = DefaultHasher::new();
        env!("CARGO_PKG_VERSION").hash(&mut h);
        frontend::digest::executable_digest().hash(&mut h);
        files.options.hash(&mut h);
        for path in &files.inputs {
            self.hash_named(path, &mut h);
        }
        h.finish()
    }

    /// Hash of the outputs as they are now.
    pub fn output_hash(&mut self, files: &StageFiles) -> u64 {
        let mut h = DefaultHasher::new();
        for path in &files.outputs {
            self.hash_named(path, &mut h);
        }
        h.finish()
    }

    /// Hashes the name of `path` and its contents.
    fn hash_named(&mut self, path: &Path, h: &mut DefaultHasher) {
        self.name(path).hash(h);
        self.hash_tree(path, h);
    }

    /// Hashes the contents of a file, or the names (relative to `path`) and contents of
    /// every file below a directory, in name order.
    fn hash_tree(&mut self, path: &Path, h: &mut DefaultHasher) {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(_) => return,
            };
            entries.sort();
            for entry in entries {
                entry.file_name().hash(h);
                self.hash_tree(&entry, h);
            }
        } else {
            self.digests.digest(path).hash(h);
        }
    }

    /// The stored summary of a stage whose inputs hash to `inputs` and whose outputs are
    /// unchanged.
    pub fn load<T: DeserializeOwned>(
        &mut self,
        stage: &str,
        inputs: u64,
        files: &StageFiles,
    ) -> Option<T> {
        let text = std::fs::read_to_string(self.stamp_path(stage)).ok()?;
        let stamp: Stamp<T> = serde_json::from_str(&text).ok()?;
        let unchanged = stamp.inputs == inputs && stamp.outputs == self.output_hash(files);
        self.digests.save();
        unchanged.then_some(stamp.summary)
    }

    /// Records a stage's input hash, its outputs and its summary. Failing to write a stamp
    /// only means the stage runs again next time.
    pub fn store<T: Serialize>(
        &mut self,
        stage: &str,
        inputs: u64,
        files: &StageFiles,
        summary: &T,
    ) {
        let stamp = Stamp {
            inputs,
            outputs: self.output_hash(files),
            summary,
        };
        self.digests.save();
        let path = self.stamp_path(stage);
        if let (Some(dir), Ok(text)) = (path.parent(), serde_json::to_string(&stamp)) {
            let _ = std::fs::create_dir_all(dir);
            let _ = frontend::files::write_atomic(&path, text);
        }
    }

    /// Forgets a stage's stamp, so that it runs next time.
    pub fn clear(&self, stage: &str) {
        let _ = std::fs::remove_file(self.stamp_path(stage));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dsd-stamps-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn stamps_hold_while_inputs_and_outputs_are_unchanged() {
        let dir = scratch("hold");
        std::fs::create_dir_all(dir.join("in")).unwrap();
        std::fs::write(dir.join("in/A.java"), "class A {}").unwrap();
        std::fs::write(dir.join("in/notes.txt"), "x").unwrap();
        std::fs::write(dir.join("out.json"), "{}").unwrap();
        let files = StageFiles {
            inputs: vec![dir.join("in/A.java")],
            outputs: vec![dir.join("out.json")],
            options: "unroll=3".into(),
        };
        let mut stamps = Stamps::new(&dir);
        let h = stamps.input_hash(&files);
        stamps.store("parse", h, &files, &7u32);
        assert_eq!(stamps.load::<u32>("parse", h, &files), Some(7));
        std::fs::write(dir.join("in/notes.txt"), "y").unwrap();
        assert_eq!(
            stamps.input_hash(&files),
            h,
            "files that are not inputs do not count"
        );
        std::fs::write(dir.join("in/A.java"), "class A { }").unwrap();
        assert_ne!(stamps.input_hash(&files), h);
        std::fs::write(dir.join("out.json"), "[]").unwrap();
        assert_eq!(stamps.load::<u32>("parse", h, &files), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Copies the files below `from` to `to`, with new modification times.
    fn copy_tree(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap().path();
            let target = to.join(entry.file_name().unwrap());
            if entry.is_dir() {
                copy_tree(&entry, &target);
            } else {
                std::fs::copy(&entry, &target).unwrap();
            }
        }
    }

    #[test]
    fn a_work_directory_copied_elsewhere_or_spelled_otherwise_keeps_its_stamps() {
        let dir = scratch("moved");
        let work = dir.join("work");
        std::fs::create_dir_all(work.join("vc")).unwrap();
        std::fs::write(work.join("vc/q.smt2"), vec![b'x'; 100 << 10]).unwrap();
        std::fs::write(work.join("cex.json"), "{}").unwrap();
        let files_in = |work: &Path| StageFiles {
            inputs: vec![work.join("vc")],
            outputs: vec![work.join("cex.json")],
            options: String::new(),
        };
        let mut stamps = Stamps::new(&work);
        let h = stamps.input_hash(&files_in(&work));
        stamps.store("solve", h, &files_in(&work), &1u32);

        let copy = dir.join("elsewhere").join("copy");
        copy_tree(&work, &copy);
        let mut copied = Stamps::new(&copy);
        let h2 = copied.input_hash(&files_in(&copy));
        assert_eq!(h2, h, "the same contents below another path");
        assert_eq!(copied.load::<u32>("solve", h2, &files_in(&copy)), Some(1));

        let spelled = dir.join("elsewhere").join("..").join("work");
        let mut relative = Stamps::new(&spelled);
        assert_eq!(relative.input_hash(&files_in(&spelled)), h);
        assert_eq!(
            relative.name(&spelled.join("vc")),
            "work/vc",
            "named below the work directory"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
