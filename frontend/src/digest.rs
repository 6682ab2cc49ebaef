//! What a file holds, as a number that does not depend on where the file is or when it was
//! written: the key of every cache dsd keeps (the stage stamps, the library cache), so a
//! work directory copied to another path or restored by a CI cache on another machine
//! keeps its use.
//!
//! Reading a large file whole on every check would cost more than it saves, so a
//! [`DigestMemo`] remembers each file's digest beside its size and modification time, and
//! reads the file again only when either differs (the trick of git's index). A file copied
//! elsewhere is read once, then remembered under its new place. Small files are always
//! read, and a file changed in the last seconds is not remembered: another change within
//! the clock's granularity could keep its size and time.

use serde::{Deserialize, Serialize};
use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Files up to this size are read every time rather than remembered.
const ALWAYS_READ_MAX: u64 = 64 << 10;

/// A file modified less than this long ago is read every time.
const SETTLING_TIME: Duration = Duration::from_secs(2);

/// The digest of some bytes.
pub fn bytes_digest(bytes: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    h.write(bytes);
    h.finish()
}

/// The digest of the running dsd executable's contents, read once per process: the
/// identity of the program that wrote a cache, so another build of dsd starts afresh.
/// `None` when the executable cannot be read.
pub fn executable_digest() -> Option<u64> {
    static DIGEST: OnceLock<Option<u64>> = OnceLock::new();
    *DIGEST.get_or_init(|| {
        let exe = std::env::current_exe().ok()?;
        std::fs::read(exe).ok().map(|b| bytes_digest(&b))
    })
}

/// A file's place, size and modification time (nanoseconds since the epoch), the key
/// under which its digest is remembered; `None` for a file to read every time.
fn file_key(path: &Path) -> Option<(String, u64, u128)> {
    let path = std::fs::canonicalize(path).ok()?;
    let meta = std::fs::metadata(&path).ok()?;
    let modified = meta.modified().ok()?;
    let settled = SystemTime::now()
        .duration_since(modified)
        .is_ok_and(|age| age >= SETTLING_TIME);
    if meta.len() <= ALWAYS_READ_MAX || !settled {
        return None;
    }
    let mtime = modified.duration_since(UNIX_EPOCH).ok()?;
    Some((path.display().to_string(), meta.len(), mtime.as_nanos()))
}

/// One remembered digest.
#[derive(Clone, Serialize, Deserialize)]
struct Remembered {
    size: u64,
    mtime: u128,
    digest: u64,
}

/// Digests of files remembered by place, size and modification time, kept in a JSON file.
pub struct DigestMemo {
    file: PathBuf,
    entries: BTreeMap<String, Remembered>,
    changed: bool,
}

impl DigestMemo {
    /// The digests remembered in `file`; none when it is missing or cannot be read.
    pub fn load(file: &Path) -> DigestMemo {
        let entries = std::fs::read(file)
            .ok()
            .and_then(|text| serde_json::from_slice(&text).ok())
            .unwrap_or_default();
        DigestMemo {
            file: file.to_path_buf(),
            entries,
            changed: false,
        }
    }

    /// The digest of the contents of the file at `path`, read only when its size or
    /// modification time differ from those remembered; `None` when it cannot be read.
    pub fn digest(&mut self, path: &Path) -> Option<u64> {
        let Some((place, size, mtime)) = file_key(path) else {
            return std::fs::read(path).ok().map(|b| bytes_digest(&b));
        };
        if let Some(r) = self.entries.get(&place) {
            if r.size == size && r.mtime == mtime {
                return Some(r.digest);
            }
        }
        let digest = bytes_digest(&std::fs::read(path).ok()?);
        self.entries.insert(
            place,
            Remembered {
                size,
                mtime,
                digest,
            },
        );
        self.changed = true;
        Some(digest)
    }

    /// Writes the memo back when a digest was added, keeping only the files that still
    /// exist. Failing to write only means reading those files again next time.
    pub fn save(&mut self) {
        if !self.changed {
            return;
        }
        self.entries.retain(|place, _| Path::new(place).exists());
        if let (Some(dir), Ok(json)) = (self.file.parent(), serde_json::to_vec(&self.entries)) {
            let _ = std::fs::create_dir_all(dir);
            if crate::files::write_atomic(&self.file, json).is_ok() {
                self.changed = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `bytes` to `path` with a modification time long past, the same every time.
    fn write_old(path: &Path, bytes: &[u8]) {
        std::fs::write(path, bytes).expect("written");
        let long_ago = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let file = std::fs::File::options()
            .write(true)
            .open(path)
            .expect("open");
        file.set_modified(long_ago).expect("mtime set");
    }

    #[test]
    fn a_digest_follows_the_contents_not_the_place() {
        let dir = std::env::temp_dir().join(format!("dsd-digest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let large = vec![7u8; 100 << 10];
        let (a, b, small) = (dir.join("a.bin"), dir.join("b.bin"), dir.join("s.txt"));
        write_old(&a, &large);
        write_old(&b, &large);
        std::fs::write(&small, b"x").expect("written");
        let mut memo = DigestMemo::load(&dir.join("memo.json"));
        let first = memo.digest(&a).expect("read");
        assert_eq!(
            memo.digest(&b),
            Some(first),
            "another place, the same contents"
        );
        assert_eq!(memo.digest(&small), Some(bytes_digest(b"x")));
        memo.save();
        let stored = std::fs::read_to_string(dir.join("memo.json")).expect("saved");
        assert!(
            stored.contains("a.bin") && !stored.contains("s.txt"),
            "{stored}"
        );

        let mut changed = large.clone();
        changed[0] = 8;
        write_old(&a, &changed);
        let mut again = DigestMemo::load(&dir.join("memo.json"));
        assert_eq!(
            again.digest(&a),
            Some(first),
            "same size and time: remembered"
        );
        std::fs::write(&a, &changed).expect("written");
        assert_eq!(
            again.digest(&a),
            Some(bytes_digest(&changed)),
            "a new time: read again"
        );
        assert_eq!(again.digest(&dir.join("missing")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_running_program_has_a_digest() {
        assert!(executable_digest().is_some());
    }
}
