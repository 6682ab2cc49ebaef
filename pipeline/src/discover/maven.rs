//! Maven projects: the roots a `pom.xml` and its modules declare, and the class path
//! `mvn -o dependency:build-classpath` resolves from the local repository.

use super::{Layout, Module};
use crate::error::Failure;
use std::path::{Path, PathBuf};

/// The build file that marks a Maven project.
pub const POM: &str = "pom.xml";

/// The command that prints each module's class path (all scopes, so the tests' too),
/// offline so that it never downloads.
pub const CLASSPATH_GOAL: [&str; 4] = [
    "-o",
    "-B",
    "-Dstyle.color=never",
    "dependency:build-classpath",
];

/// The layout of the Maven project whose `pom.xml` is in `root`: its own roots and those of
/// its modules, recursively, each with Maven's defaults where the pom names none.
pub fn layout(root: &Path) -> Result<Layout, Failure> {
    let mut layout = Layout::default();
    let mut seen = Vec::new();
    read_module(root, &mut layout, &mut seen)?;
    Ok(layout)
}

/// Adds the module in `dir` and, recursively, its modules to `layout`; `seen` holds the
/// folders already read, so that a module listed twice is read once.
fn read_module(dir: &Path, layout: &mut Layout, seen: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    if seen.contains(&key) {
        return Ok(());
    }
    seen.push(key);
    let path = dir.join(POM);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Failure::new(format!(
            "cannot read {}: {e}; a Maven module needs its pom.xml",
            path.display()
        ))
    })?;
    let doc = roxmltree::Document::parse(&text).map_err(|e| {
        Failure::new(format!(
            "{}:{}: not a well-formed pom ({e}); fix it, or name the source folders \
             (`dsd check src/main/java`)",
            path.display(),
            e.pos().row
        ))
    })?;
    let project = doc.root_element();
    if layout.encoding.is_none() {
        layout.encoding = child(project, "properties")
            .and_then(|p| text_of(p, "project.build.sourceEncoding"))
            .filter(|e| !e.contains("${"));
    }
    let build = child(project, "build");
    let setting = |name: &str| build.and_then(|b| text_of(b, name));
    let directories = |list: &str, item: &str| -> Vec<String> {
        build
            .and_then(|b| child(b, list))
            .map(|l| {
                l.children()
                    .filter(|n| n.has_tag_name(item))
                    .filter_map(|n| text_of(n, "directory"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let module = Module {
        dir: dir.to_path_buf(),
        sources: vec![setting("sourceDirectory").unwrap_or_else(|| "src/main/java".into())],
        tests: vec![setting("testSourceDirectory").unwrap_or_else(|| "src/test/java".into())],
        resources: or_default(directories("resources", "resource"), "src/main/resources"),
        test_resources: or_default(
            directories("testResources", "testResource"),
            "src/test/resources",
        ),
    };
    layout.add(&module.map(basedir_free));
    let modules: Vec<String> = child(project, "modules")
        .map(|m| {
            m.children()
                .filter(|n| n.has_tag_name("module"))
                .filter_map(|n| n.text().map(|t| t.trim().to_string()))
                .filter(|t| !t.is_empty())
                .collect()
        })
        .unwrap_or_default();
    for name in modules {
        let named = dir.join(&name);
        let module_dir = if named.is_file() {
            named.parent().map_or(named.clone(), Path::to_path_buf)
        } else {
            named
        };
        read_module(&module_dir, layout, seen)?;
    }
    Ok(())
}

/// `dirs`, or Maven's default `default` when the pom lists none.
fn or_default(dirs: Vec<String>, default: &str) -> Vec<String> {
    if dirs.is_empty() {
        vec![default.to_string()]
    } else {
        dirs
    }
}

/// A directory setting relative to its module: `${project.basedir}/` and `${basedir}/`
/// are the module's folder.
fn basedir_free(setting: &str) -> String {
    let trimmed = setting.trim();
    for prefix in ["${project.basedir}", "${basedir}"] {
        if let Some(rest) = trimmed.strip_prefix(prefix) {
            return rest.trim_start_matches('/').to_string();
        }
    }
    trimmed.to_string()
}

/// The first child element of `node` named `name` (in any namespace).
fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> Option<roxmltree::Node<'a, 'i>> {
    node.children().find(|n| n.has_tag_name(name))
}

/// The trimmed text of `node`'s child `name`, when it has some.
fn text_of(node: roxmltree::Node, name: &str) -> Option<String> {
    child(node, name)
        .and_then(|n| n.text())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// The class path entries in the output of `mvn dependency:build-classpath`: the line after
/// each module's `Dependencies classpath:`.
pub fn classpath_from_output(output: &str) -> Vec<PathBuf> {
    let mut entries = Vec::new();
    let mut lines = output.lines();
    while let Some(line) = lines.next() {
        if !line.contains("Dependencies classpath:") {
            continue;
        }
        let Some(next) = lines.next() else { break };
        let list = next.trim().trim_start_matches("[INFO]").trim();
        for entry in std::env::split_paths(list) {
            if !entry.as_os_str().is_empty() && !entries.contains(&entry) {
                entries.push(entry);
            }
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(files: &[(&str, &str)]) -> crate::test_support::TempTree {
        crate::test_support::tree("maven", files)
    }

    fn names(dir: &Path, paths: &[PathBuf]) -> Vec<String> {
        paths
            .iter()
            .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn a_pom_without_settings_has_the_default_layout() {
        let dir = project(&[("pom.xml", "<project><artifactId>a</artifactId></project>")]);
        let layout = layout(&dir).unwrap();
        assert_eq!(names(&dir, &layout.sources), ["src/main/java"]);
        assert_eq!(names(&dir, &layout.tests), ["src/test/java"]);
        assert_eq!(names(&dir, &layout.resources), ["src/main/resources"]);
        assert_eq!(names(&dir, &layout.test_resources), ["src/test/resources"]);
        assert_eq!(layout.modules, [dir.to_path_buf()]);
        assert_eq!(layout.encoding, None);
    }

    #[test]
    fn the_sources_encoding_is_the_poms_property() {
        let pom = "<project><properties>\
                   <project.build.sourceEncoding>ISO-8859-1</project.build.sourceEncoding>\
                   </properties></project>";
        let dir = project(&[("pom.xml", pom)]);
        assert_eq!(
            layout(&dir).unwrap().encoding.as_deref(),
            Some("ISO-8859-1")
        );
    }

    #[test]
    fn modules_and_declared_roots_are_read_recursively() {
        let dir = project(&[
            (
                "pom.xml",
                r#"<project xmlns="http://maven.apache.org/POM/4.0.0">
                     <packaging>pom</packaging>
                     <modules><module>core</module><module>tools/pom.xml</module>
                              <module>core</module></modules>
                   </project>"#,
            ),
            (
                "core/pom.xml",
                r#"<project xmlns="http://maven.apache.org/POM/4.0.0"><build>
                     <sourceDirectory>${project.basedir}/src</sourceDirectory>
                     <testSourceDirectory>test</testSourceDirectory>
                     <resources><resource><directory>conf</directory></resource></resources>
                   </build></project>"#,
            ),
            (
                "tools/pom.xml",
                "<project><modules><module>cli</module></modules></project>",
            ),
            ("tools/cli/pom.xml", "<project/>"),
        ]);
        let layout = layout(&dir).unwrap();
        assert_eq!(
            names(&dir, &layout.sources),
            [
                "src/main/java",
                "core/src",
                "tools/src/main/java",
                "tools/cli/src/main/java"
            ]
        );
        assert_eq!(names(&dir, &layout.tests)[1], "core/test");
        assert_eq!(names(&dir, &layout.resources)[1], "core/conf");
        assert_eq!(
            layout.modules.len(),
            4,
            "core is listed twice but read once"
        );
    }

    #[test]
    fn a_broken_pom_is_named_with_its_line() {
        let dir = project(&[("pom.xml", "<project>\n<build>\n</project>")]);
        let err = layout(&dir).unwrap_err().0;
        assert!(err.contains("pom.xml:3: not a well-formed pom"), "{err}");
        let missing = project(&[(
            "pom.xml",
            "<project><modules><module>gone</module></modules></project>",
        )]);
        let err = layout(&missing).unwrap_err().0;
        assert!(
            err.contains("gone/pom.xml") && err.contains("needs its pom.xml"),
            "{err}"
        );
    }

    #[test]
    fn the_class_path_is_read_from_each_modules_output() {
        let output =
            "[INFO] --- maven-dependency-plugin:3.1:build-classpath (default-cli) @ a ---\n\
                      [INFO] Dependencies classpath:\n\
                      /r/junit.jar:/r/guava.jar\n\
                      [INFO] --- build-classpath @ b ---\n\
                      [INFO] Dependencies classpath:\n\
                      [INFO] /r/guava.jar:/r/json.jar\n";
        assert_eq!(
            classpath_from_output(output),
            ["/r/junit.jar", "/r/guava.jar", "/r/json.jar"].map(PathBuf::from)
        );
        assert!(classpath_from_output("[ERROR] offline").is_empty());
    }
}
