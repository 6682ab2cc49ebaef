//! Project packages that belong to a module of the JDK, such as the JDK's own `java.util`.
//!
//! A class path cannot hold them: javac refuses such a file (`package exists in another
//! module: java.base`), and a JVM would load the JDK's own copy of the class. dsd compiles
//! and runs them the way the JDK's developers test them: as a patch of their module
//! (`--patch-module`), whose classes the boot loader loads in place of the JDK's, with the
//! module reading the class path (JUnit, the rest of the project) and opening the packages to
//! it (the runner, reflection helpers). Which module a package belongs to is what javac says.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// javac's complaint about a source file whose package a JDK module already holds.
const FOREIGN_PACKAGE: &str = ": error: package exists in another module: ";

/// The unnamed module: the class path, as a module that patched modules read and open to.
const CLASS_PATH: &str = "ALL-UNNAMED";

/// The module whose patch must be compiled without `invokedynamic` string concatenation:
/// `java.lang.invoke` builds those call sites from `java.base` itself, so a patched
/// `java.lang` compiled with them overflows the stack while the JVM boots.
const BASE_MODULE: &str = "java.base";

/// Project packages by the JDK module they belong to (dotted names, e.g. `java.util`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModulePatches {
    modules: BTreeMap<String, BTreeSet<String>>,
}

impl ModulePatches {
    /// True when no project package belongs to a JDK module: compile and run on the class path.
    pub fn is_empty(&self) -> bool {
        self.modules.is_empty()
    }

    /// Records the packages javac said belong to a JDK module; `package_of` gives the package
    /// of a source file as javac named it. Returns whether a package was new.
    pub fn learn(
        &mut self,
        javac_output: &str,
        package_of: impl Fn(&Path) -> Option<String>,
    ) -> bool {
        let mut learned = false;
        for line in javac_output.lines() {
            let Some(at) = line.find(FOREIGN_PACKAGE) else {
                continue;
            };
            let module = line[at + FOREIGN_PACKAGE.len()..].trim();
            let Some(file) = line[..at].rsplit_once(':').map(|(file, _line)| file) else {
                continue;
            };
            let Some(package) = package_of(Path::new(file)) else {
                continue;
            };
            learned |= self
                .modules
                .entry(module.to_string())
                .or_default()
                .insert(package);
        }
        learned
    }

    /// Each patched module with its project packages, dotted.
    pub fn modules(&self) -> impl Iterator<Item = (&str, &BTreeSet<String>)> {
        self.modules.iter().map(|(m, ps)| (m.as_str(), ps))
    }

    /// Every patched package with its module.
    pub fn packages(&self) -> impl Iterator<Item = (&str, &str)> {
        self.modules
            .iter()
            .flat_map(|(m, ps)| ps.iter().map(move |p| (m.as_str(), p.as_str())))
    }

    /// True when `source`, below one of `roots`, lies in a patched package.
    pub fn holds(&self, source: &Path, roots: &[PathBuf]) -> bool {
        roots.iter().any(|root| {
            let Some(dir) = source.strip_prefix(root).ok().and_then(Path::parent) else {
                return false;
            };
            let package: Vec<_> = dir.iter().map(|c| c.to_string_lossy()).collect();
            let package = package.join(".");
            self.modules
                .values()
                .any(|packages| packages.contains(&package))
        })
    }

    /// javac's options to compile the sources below `source_roots` as patches of their
    /// modules, against patches already compiled below `class_roots` (a folder per module, as
    /// [`ModulePatches::move_classes`] leaves them). Every patched module gets all of
    /// `source_roots`: javac puts a file in the module whose patch folder holds it.
    pub fn javac_options(
        &self,
        source_roots: &[PathBuf],
        class_roots: &[PathBuf],
    ) -> Vec<OsString> {
        let mut options = Vec::new();
        for module in self.modules.keys() {
            let classes = class_roots.iter().map(|r| r.join(module));
            let dirs: Vec<PathBuf> = source_roots.iter().cloned().chain(classes).collect();
            options.push("--patch-module".into());
            options.push(module_path(module, dirs.iter().map(PathBuf::as_path)));
        }
        options.extend(self.access_options(false));
        if self.modules.contains_key(BASE_MODULE) {
            options.push("-XDstringConcat=inline".into());
        }
        options
    }

    /// The JVM's options to load the patched modules' classes from `roots`, each holding a
    /// folder per module ([`ModulePatches::move_classes`]); folders that do not exist are
    /// left out.
    pub fn jvm_options(&self, roots: &[PathBuf]) -> Vec<OsString> {
        let mut options = Vec::new();
        for module in self.modules.keys() {
            let dirs: Vec<PathBuf> = roots
                .iter()
                .map(|r| r.join(module))
                .filter(|d| d.is_dir())
                .collect();
            if dirs.is_empty() {
                continue;
            }
            options.push("--patch-module".into());
            options.push(module_path(module, dirs.iter().map(PathBuf::as_path)));
        }
        options.extend(self.access_options(true));
        options
    }

    /// The patched modules read the class path and export their packages to it, and open
    /// them at run time.
    fn access_options(&self, open: bool) -> Vec<OsString> {
        let mut options = Vec::new();
        for module in self.modules.keys() {
            options.push("--add-reads".into());
            options.push(format!("{module}={CLASS_PATH}").into());
        }
        for (module, package) in self.packages() {
            options.push("--add-exports".into());
            options.push(format!("{module}/{package}={CLASS_PATH}").into());
            if open {
                options.push("--add-opens".into());
                options.push(format!("{module}/{package}={CLASS_PATH}").into());
            }
        }
        options
    }

    /// Moves the class files of patched packages from `classes` (a class-path folder) to
    /// `patch_root/MODULE/`, where [`ModulePatches::jvm_options`] finds them.
    pub fn move_classes(&self, classes: &Path, patch_root: &Path) -> std::io::Result<()> {
        for (module, package) in self.packages() {
            let rel: PathBuf = package.split('.').collect();
            let from = classes.join(&rel);
            let Ok(entries) = std::fs::read_dir(&from) else {
                continue;
            };
            let to = patch_root.join(module).join(&rel);
            std::fs::create_dir_all(&to)?;
            for entry in entries {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "class") {
                    if let Some(name) = path.file_name() {
                        std::fs::rename(&path, to.join(name))?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `MODULE=DIR:DIR…`.
fn module_path<'a>(module: &str, dirs: impl Iterator<Item = &'a Path>) -> OsString {
    let mut value = OsString::from(format!("{module}="));
    let joined = std::env::join_paths(dirs).unwrap_or_default();
    value.push(joined);
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFUSED: &str = "/src/java/util/Optional.java:26: error: package exists in another module: java.base\n\
                           package java.util;\n\
                           ^\n\
                           /src/java/lang/Math.java:25: error: package exists in another module: java.base\n\
                           package java.lang;\n\
                           /src/java/util/List.java:26: error: package exists in another module: java.base\n\
                           /src/p/A.java:3: error: cannot find symbol\n";

    fn package_of(file: &Path) -> Option<String> {
        let dir = file.parent()?.strip_prefix("/src").ok()?;
        Some(dir.to_string_lossy().replace('/', "."))
    }

    #[test]
    fn learns_each_refused_package_once() {
        let mut patches = ModulePatches::default();
        assert!(patches.learn(REFUSED, package_of));
        let packages: Vec<_> = patches.packages().collect();
        assert_eq!(
            packages,
            vec![("java.base", "java.lang"), ("java.base", "java.util")]
        );
        assert!(!patches.learn(REFUSED, package_of), "nothing new");
        assert!(!ModulePatches::default().learn("", package_of));
    }

    #[test]
    fn javac_patches_the_module_and_compiles_java_base_without_indy_concatenation() {
        let mut patches = ModulePatches::default();
        patches.learn(REFUSED, package_of);
        let options = patches.javac_options(
            &[PathBuf::from("/src"), PathBuf::from("/t")],
            &[PathBuf::from("/p")],
        );
        let options: Vec<String> = options
            .iter()
            .map(|o| o.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            options,
            vec![
                "--patch-module",
                "java.base=/src:/t:/p/java.base",
                "--add-reads",
                "java.base=ALL-UNNAMED",
                "--add-exports",
                "java.base/java.lang=ALL-UNNAMED",
                "--add-exports",
                "java.base/java.util=ALL-UNNAMED",
                "-XDstringConcat=inline",
            ]
        );
    }

    #[test]
    fn classes_of_patched_packages_move_to_their_module_and_the_jvm_finds_them() {
        let dir = std::env::temp_dir().join(format!("dsd-modules-{}", std::process::id()));
        let classes = dir.join("classes");
        for file in [
            "java/util/Optional.class",
            "java/util/concurrent/X.class",
            "p/A.class",
        ] {
            let path = classes.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, b"").unwrap();
        }
        let mut patches = ModulePatches::default();
        patches.learn(REFUSED, package_of);
        let patch_root = dir.join("patches");
        patches.move_classes(&classes, &patch_root).unwrap();
        assert!(patch_root
            .join("java.base/java/util/Optional.class")
            .is_file());
        assert!(!classes.join("java/util/Optional.class").exists());
        assert!(
            classes.join("java/util/concurrent/X.class").is_file(),
            "not patched"
        );
        assert!(classes.join("p/A.class").is_file());
        let options = patches.jvm_options(&[patch_root.clone(), dir.join("none")]);
        let expected = format!("java.base={}", patch_root.join("java.base").display());
        assert_eq!(options[1].to_string_lossy(), expected);
        assert!(options.iter().any(|o| o.to_string_lossy() == "--add-opens"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
