//! Reads class files from a JDK's module image (`lib/modules`), the file the JVM itself loads
//! the platform's classes from.
//!
//! The format is the JDK's own (`jdk.internal.jimage`): a header of seven 32-bit words in the
//! platform's byte order (magic `0xCAFEDADA`, version, flags, resource count, table length,
//! size of the locations, size of the strings), a redirect table and an offsets table of one
//! 32-bit word per resource, the locations (per resource, attributes coded as a kind and
//! length byte followed by a big-endian value: module, parent folder, base name and
//! extension as offsets into the strings, the resource's offset and sizes), the strings
//! (NUL-terminated), then the resources. Only the index is read up front; a class's bytes are
//! read when it is asked for.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

const MAGIC: u32 = 0xCAFE_DADA;
const HEADER_WORDS: usize = 7;

/// Attribute kinds of a location.
const END_MAX: u8 = 0x7;
const MODULE: usize = 1;
const PARENT: usize = 2;
const BASE: usize = 3;
const EXTENSION: usize = 4;
const OFFSET: usize = 5;
const COMPRESSED: usize = 6;
const UNCOMPRESSED: usize = 7;
const KINDS: usize = 8;

/// Where one resource's bytes lie.
#[derive(Debug, Clone, Copy)]
struct Resource {
    offset: u64,
    size: u64,
    compressed: bool,
}

/// An open module image: the class files of every module, by binary class name.
pub struct ModuleImage {
    file: File,
    /// Where the resources start.
    base: u64,
    /// `java.util.Map$Entry` to its resource, for the `.class` files of every module.
    classes: HashMap<String, Resource>,
    /// `java.util.Map` to its named member classes (`java.util.Map$Entry`).
    members: HashMap<String, Vec<String>>,
}

impl ModuleImage {
    /// Opens `path` and reads its index.
    pub fn open(path: &Path) -> Result<ModuleImage, String> {
        let fail = |what: &str| format!("{}: {what}", path.display());
        let file = File::open(path).map_err(|e| fail(&e.to_string()))?;
        let mut header = [0u8; HEADER_WORDS * 4];
        file.read_exact_at(&mut header, 0)
            .map_err(|e| fail(&format!("cannot read the header: {e}")))?;
        let word = |i: usize| {
            u32::from_ne_bytes([
                header[4 * i],
                header[4 * i + 1],
                header[4 * i + 2],
                header[4 * i + 3],
            ])
        };
        if word(0) != MAGIC {
            return Err(fail("not a JDK module image (wrong magic number)"));
        }
        let table = word(4) as usize;
        let locations_size = word(5) as usize;
        let strings_size = word(6) as usize;
        let tables = HEADER_WORDS * 4 + 2 * 4 * table;
        let index_size = tables + locations_size + strings_size;
        let mut index = vec![0u8; index_size];
        file.read_exact_at(&mut index, 0)
            .map_err(|e| fail(&format!("cannot read the index: {e}")))?;
        let offsets = &index[HEADER_WORDS * 4 + 4 * table..tables];
        let locations = &index[tables..tables + locations_size];
        let strings = &index[tables + locations_size..];
        let mut classes = HashMap::new();
        for entry in offsets.chunks_exact(4) {
            let at = u32::from_ne_bytes([entry[0], entry[1], entry[2], entry[3]]) as usize;
            let attributes =
                decode(locations, at).ok_or_else(|| fail("a location is cut short"))?;
            if string(strings, attributes[EXTENSION]) != Some("class") {
                continue;
            }
            let (Some(_module), Some(parent), Some(base)) = (
                string(strings, attributes[MODULE]),
                string(strings, attributes[PARENT]),
                string(strings, attributes[BASE]),
            ) else {
                continue;
            };
            if base == "module-info" || base == "package-info" {
                continue;
            }
            let name = if parent.is_empty() {
                base.to_string()
            } else {
                format!("{}.{base}", parent.replace('/', "."))
            };
            let compressed = attributes[COMPRESSED] != 0;
            let size = if compressed {
                attributes[COMPRESSED]
            } else {
                attributes[UNCOMPRESSED]
            };
            classes.insert(
                name,
                Resource {
                    offset: attributes[OFFSET],
                    size,
                    compressed,
                },
            );
        }
        let members = super::member_classes(classes.keys());
        Ok(ModuleImage {
            file,
            base: index_size as u64,
            classes,
            members,
        })
    }

    /// True when a platform class has this binary name.
    pub fn contains(&self, name: &str) -> bool {
        self.classes.contains_key(name)
    }

    /// The named member classes of `outer`, by binary name (`java.util.Map$Entry` for
    /// `java.util.Map`); anonymous classes (`Outer$1`) are not members.
    pub fn members_of(&self, outer: &str) -> &[String] {
        self.members.get(outer).map_or(&[], Vec::as_slice)
    }

    /// The class file of a platform class: `None` when there is none by that name, an error
    /// when it cannot be read (or is stored compressed, which this reader does not undo).
    pub fn read(&self, name: &str) -> Option<Result<Vec<u8>, String>> {
        let r = *self.classes.get(name)?;
        if r.compressed {
            return Some(Err(format!(
                "{name}: stored compressed in the module image"
            )));
        }
        let mut bytes = vec![0u8; r.size as usize];
        Some(
            self.file
                .read_exact_at(&mut bytes, self.base + r.offset)
                .map(|()| bytes)
                .map_err(|e| format!("{name}: {e}")),
        )
    }
}

/// The attributes of the location at `at`: a byte `kind << 3 | (length - 1)` and `length`
/// big-endian bytes each, up to a byte below 8.
fn decode(locations: &[u8], mut at: usize) -> Option<[u64; KINDS]> {
    let mut attributes = [0u64; KINDS];
    loop {
        let data = *locations.get(at)?;
        at += 1;
        if data <= END_MAX {
            return Some(attributes);
        }
        let kind = usize::from(data >> 3);
        let length = usize::from(data & 0x7) + 1;
        let bytes = locations.get(at..at + length)?;
        *attributes.get_mut(kind)? = bytes.iter().fold(0, |v, &b| v << 8 | u64::from(b));
        at += length;
    }
}

/// The NUL-terminated string at `offset` (the image's names are ASCII).
fn string(strings: &[u8], offset: u64) -> Option<&str> {
    let rest = strings.get(usize::try_from(offset).ok()?..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    std::str::from_utf8(&rest[..end]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_are_kind_and_length_then_big_endian_bytes() {
        // module = 0x10 (kind 1, 1 byte), offset = 0x0102 (kind 5, 2 bytes), end.
        let locations = [1 << 3, 0x10, 5 << 3 | 1, 0x01, 0x02, 0];
        let a = decode(&locations, 0).expect("decoded");
        assert_eq!(a[MODULE], 0x10);
        assert_eq!(a[OFFSET], 0x0102);
        assert_eq!(decode(&locations[..3], 0), None, "cut short");
    }

    #[test]
    fn strings_end_at_nul() {
        let strings = b"\0java/lang\0String\0";
        assert_eq!(string(strings, 1), Some("java/lang"));
        assert_eq!(string(strings, 11), Some("String"));
        assert_eq!(string(strings, 0), Some(""));
        assert_eq!(string(strings, 99), None);
    }
}
