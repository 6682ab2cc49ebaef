//! Reads class files from the project's class path (`--classpath`): jars, read with the `zip`
//! crate, and class folders.
//!
//! Only the index of each entry is read up front (the names of its `.class` files); a class's
//! bytes are read when it is asked for. As on the JVM, the first entry that holds a class
//! wins. A multi-release jar's versioned copies (`META-INF/versions/N/`) are not read: the
//! base copy has the same members.

use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One class path entry, open for reading.
enum Entry {
    /// A jar, with its central directory read.
    Jar {
        path: PathBuf,
        archive: Mutex<zip::ZipArchive<File>>,
    },
    /// A folder of class files laid out by package.
    Folder(PathBuf),
}

/// Where a class lies: the entry (by position) and the file's name inside it.
struct Location {
    entry: usize,
    file: String,
}

/// The class files of a class path, by binary class name.
#[derive(Default)]
pub struct ClassPath {
    entries: Vec<Entry>,
    /// `fix.lib.Units$Scale` to where its class file lies.
    classes: HashMap<String, Location>,
    /// `fix.lib.Units` to its named member classes.
    members: HashMap<String, Vec<String>>,
}

impl ClassPath {
    /// Opens every entry of `entries` (jars and class folders) and lists their classes.
    pub fn open(entries: &[PathBuf]) -> Result<ClassPath, String> {
        let mut classpath = ClassPath::default();
        for path in entries {
            let index = classpath.entries.len();
            let mut add = |file: String| {
                if let Some(name) = class_name(&file) {
                    classpath
                        .classes
                        .entry(name)
                        .or_insert(Location { entry: index, file });
                }
            };
            let entry = if path.is_dir() {
                for file in class_files(path) {
                    add(file);
                }
                Entry::Folder(path.clone())
            } else {
                let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
                let file = File::open(path).map_err(|e| fail(&e))?;
                let archive = zip::ZipArchive::new(file).map_err(|e| fail(&e))?;
                for name in archive.file_names() {
                    add(name.map_err(|e| fail(&e))?.into_owned());
                }
                Entry::Jar {
                    path: path.clone(),
                    archive: Mutex::new(archive),
                }
            };
            classpath.entries.push(entry);
        }
        classpath.members = super::member_classes(classpath.classes.keys());
        Ok(classpath)
    }

    /// True when the class path has a class of this binary name.
    pub fn contains(&self, name: &str) -> bool {
        self.classes.contains_key(name)
    }

    /// The named member classes of `outer`, by binary name.
    pub fn members_of(&self, outer: &str) -> &[String] {
        self.members.get(outer).map_or(&[], Vec::as_slice)
    }

    /// Which entry holds the class, as the position in the list given to [`ClassPath::open`].
    pub fn entry_of(&self, name: &str) -> Option<usize> {
        self.classes.get(name).map(|l| l.entry)
    }

    /// The path of the entry at `index`.
    pub fn entry_path(&self, index: usize) -> &Path {
        match &self.entries[index] {
            Entry::Jar { path, .. } | Entry::Folder(path) => path,
        }
    }

    /// The path of the entry at `index` when it is a jar.
    pub fn jar_path(&self, index: usize) -> Option<&Path> {
        match &self.entries[index] {
            Entry::Jar { path, .. } => Some(path),
            Entry::Folder(_) => None,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The class file of a class: `None` when the class path has none by that name, an error
    /// when it cannot be read.
    pub fn read(&self, name: &str) -> Option<Result<Vec<u8>, String>> {
        let location = self.classes.get(name)?;
        let entry = &self.entries[location.entry];
        let fail = |e: &dyn std::fmt::Display| {
            format!(
                "{} in {}: {e}",
                location.file,
                self.entry_path(location.entry).display()
            )
        };
        Some(match entry {
            Entry::Folder(dir) => std::fs::read(dir.join(&location.file)).map_err(|e| fail(&e)),
            Entry::Jar { archive, .. } => {
                let mut archive = archive.lock().unwrap_or_else(|e| e.into_inner());
                archive
                    .by_name(&location.file)
                    .map_err(|e| fail(&e))
                    .and_then(|mut f| {
                        let mut bytes = Vec::with_capacity(f.size() as usize);
                        f.read_to_end(&mut bytes).map_err(|e| fail(&e))?;
                        Ok(bytes)
                    })
            }
        })
    }
}

/// The binary name of the class a class path file holds (`fix/lib/Units$Scale.class` to
/// `fix.lib.Units$Scale`); `None` for other files, `module-info`, `package-info` and the
/// versioned copies of a multi-release jar.
fn class_name(file: &str) -> Option<String> {
    let stem = file.strip_suffix(".class")?;
    if stem.starts_with("META-INF/") {
        return None;
    }
    let base = stem.rsplit('/').next().unwrap_or(stem);
    if base == "module-info" || base == "package-info" {
        return None;
    }
    Some(stem.replace('/', "."))
}

/// The `.class` files below `dir`, as `/`-separated paths relative to it, in name order.
fn class_files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(read) = std::fs::read_dir(dir.join(&rel)) else {
            continue;
        };
        for e in read.flatten() {
            let rel = rel.join(e.file_name());
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(rel);
            } else if let Some(s) = rel.to_str().filter(|s| s.ends_with(".class")) {
                out.push(s.to_string());
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_files_name_classes_by_binary_name() {
        assert_eq!(
            class_name("fix/lib/Units$Scale.class").as_deref(),
            Some("fix.lib.Units$Scale")
        );
        assert_eq!(class_name("Top.class").as_deref(), Some("Top"));
        assert_eq!(class_name("fix/lib/module-info.class"), None);
        assert_eq!(class_name("fix/package-info.class"), None);
        assert_eq!(class_name("META-INF/versions/11/fix/lib/Units.class"), None);
        assert_eq!(class_name("fix/lib/units.properties"), None);
    }

    #[test]
    fn a_missing_jar_is_an_error_naming_it() {
        let error = ClassPath::open(&[PathBuf::from("/nonexistent/units.jar")])
            .err()
            .expect("an error");
        assert!(error.contains("/nonexistent/units.jar"), "{error}");
    }
}
