//! The library classes that earlier parses read, kept in the work dir
//! (`cache/library.json`) and reused by the next parse of any project with that work dir.
//!
//! Classes are kept per origin: the JDK's module image, and each jar of the class path.
//! An origin's key is the digest of its file's contents, after the identity of the reader
//! (the digest of the `dsd` executable and [`FORMAT`]), so a changed jar, another JDK or
//! another build of dsd reads its classes afresh, while the same jar found at another
//! path or copied at another time does not (see [`crate::digest`]). Class folders are not kept: a class file can change below a folder without the
//! folder changing. The file is plain JSON, read whole before the parse and written once
//! after it when a class was added; a file that cannot be read or decoded, or whose
//! format differs, counts as empty, and only the origins the parse uses are written back.

use crate::digest::DigestMemo;
use crate::ir::{Class, FileId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The format of the cache file; a file of another format is ignored.
const FORMAT: u32 = 1;

/// The cache file as stored.
#[derive(Serialize, Deserialize)]
struct Stored {
    /// [`FORMAT`].
    format: u32,
    /// Classes by origin key, then by binary name.
    origins: BTreeMap<String, BTreeMap<String, Class>>,
}

/// The classes read so far, by origin key.
pub struct Cache {
    path: PathBuf,
    origins: HashMap<String, BTreeMap<String, Class>>,
    /// True when a class was added since the file was read.
    changed: bool,
}

impl Cache {
    /// Reads the cache file at `path`, keeping the origins whose key is one of `keys`; a
    /// missing, unreadable or corrupt file gives an empty cache.
    pub fn load(path: &Path, keys: &[String]) -> Cache {
        let stored: Option<Stored> = std::fs::read(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .filter(|s: &Stored| s.format == FORMAT);
        let mut origins: HashMap<String, BTreeMap<String, Class>> =
            keys.iter().map(|k| (k.clone(), BTreeMap::new())).collect();
        for (key, classes) in stored.map(|s| s.origins).unwrap_or_default() {
            if let Some(slot) = origins.get_mut(&key) {
                *slot = classes;
            }
        }
        Cache {
            path: path.to_path_buf(),
            origins,
            changed: false,
        }
    }

    /// The class of this binary name read before from the origin of `key`, as declared in
    /// `file`.
    pub fn get(&self, key: &str, name: &str, file: FileId) -> Option<Class> {
        let mut class = self.origins.get(key)?.get(name)?.clone();
        class.file = file;
        class.span.file = file;
        Some(class)
    }

    /// Keeps a class read from the origin of `key`.
    pub fn insert(&mut self, key: &str, class: &Class) {
        if let Some(classes) = self.origins.get_mut(key) {
            classes.insert(class.name.clone(), class.clone());
            self.changed = true;
        }
    }

    /// Writes the cache file when a class was added.
    pub fn save(&self) -> Result<(), String> {
        if !self.changed {
            return Ok(());
        }
        let stored = Stored {
            format: FORMAT,
            origins: self
                .origins
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        };
        let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", self.path.display());
        let json = serde_json::to_vec(&stored).map_err(|e| fail(&e))?;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
        }
        crate::files::write_atomic(&self.path, json).map_err(|e| fail(&e))
    }
}

/// The key of the classes read from the file at `path` (a module image or a jar): the
/// reader's identity, then the digest of the file's contents; `None` when the file cannot
/// be read.
pub fn origin_key(path: &Path, digests: &mut DigestMemo) -> Option<String> {
    let reader = crate::digest::executable_digest()?;
    Some(format!(
        "{FORMAT} {reader:016x} | {:016x}",
        digests.digest(path)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str) -> Class {
        let (program, _) =
            crate::parse_sources(&[("/A.java", "class A { int f() { return 1; } }")]);
        let mut c = program
            .classes
            .into_iter()
            .find(|c| c.name == "A")
            .expect("A");
        c.name = name.to_string();
        c
    }

    #[test]
    fn classes_are_kept_per_origin_and_a_changed_origin_reads_afresh() {
        let dir = std::env::temp_dir().join(format!("dsd-cache-{}", std::process::id()));
        let path = dir.join("cache").join("library.json");
        let keys = ["jdk 1".to_string(), "jar 1".to_string()];
        let mut cache = Cache::load(&path, &keys);
        assert!(cache.get("jdk 1", "p.A", 3).is_none());
        cache.insert("jdk 1", &class("p.A"));
        cache.insert("jar 1", &class("q.B"));
        cache.insert("unknown origin", &class("r.C"));
        cache.save().expect("written");
        let again = Cache::load(&path, &["jdk 1".to_string(), "jar 2".to_string()]);
        let a = again.get("jdk 1", "p.A", 3).expect("kept");
        assert_eq!((a.file, a.span.file), (3, 3));
        assert!(again.get("jar 2", "q.B", 0).is_none(), "the jar changed");
        assert!(again.get("unknown origin", "r.C", 0).is_none());
        std::fs::write(&path, b"{\"format\": 1, \"origins\": {\"jdk 1\": [").expect("written");
        assert!(
            Cache::load(&path, &keys).get("jdk 1", "p.A", 0).is_none(),
            "corrupt"
        );
        std::fs::write(&path, b"{\"format\": 99, \"origins\": {}}").expect("written");
        assert!(Cache::load(&path, &keys).get("jdk 1", "p.A", 0).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_key_follows_the_contents_of_the_file() {
        let dir = std::env::temp_dir().join(format!("dsd-key-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let mut digests = DigestMemo::load(&dir.join("digests.json"));
        let (jar, copy) = (dir.join("a.jar"), dir.join("copy.jar"));
        std::fs::write(&jar, b"one").expect("written");
        std::fs::write(&copy, b"one").expect("written");
        let first = origin_key(&jar, &mut digests).expect("a key");
        assert_eq!(origin_key(&copy, &mut digests), Some(first.clone()));
        std::fs::write(&jar, b"three").expect("written");
        assert_ne!(origin_key(&jar, &mut digests), Some(first));
        assert_eq!(origin_key(&dir.join("missing.jar"), &mut digests), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
