//! Finding the project's test classes and which JUnit they use.
//!
//! A test class is a concrete top-level class that declares or inherits (from a class in the
//! test sources) a method annotated `@Test`, `@ParameterizedTest`, `@RepeatedTest`,
//! `@TestFactory` or `@TestTemplate`, or that extends JUnit 3's `TestCase`. The tests use
//! JUnit 5 when any test file mentions `org.junit.jupiter`.

use crate::toolchain::Flavour;
use crate::Error;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tree_sitter::Node;

/// Annotations that mark a test method.
const TEST_ANNOTATIONS: &[&str] = &[
    "Test",
    "ParameterizedTest",
    "RepeatedTest",
    "TestFactory",
    "TestTemplate",
];

/// The project's tests.
#[derive(Debug, Clone)]
pub struct Suite {
    /// Which JUnit runs them.
    pub flavour: Flavour,
    /// Binary names of the test classes to run, sorted.
    pub classes: Vec<String>,
    /// Every `.java` file of the test sources (helpers included), to compile.
    pub files: Vec<PathBuf>,
}

/// What one top-level class declaration says about tests.
#[derive(Debug, Clone)]
struct Decl {
    binary: String,
    superclass: Option<String>,
    concrete: bool,
    has_tests: bool,
}

/// Finds the test classes below the test source folders (never in the work directory).
pub fn discover(test_dirs: &[PathBuf], work_dir: &Path) -> Result<Suite, Error> {
    let inputs = frontend::collect_sources(test_dirs, frontend::SourceSet::Tests, Some(work_dir))
        .map_err(|e| Error(e.0))?;
    let mut parser = crate::instrument::java_parser().map_err(Error)?;
    let mut jupiter = false;
    let mut decls = Vec::new();
    for input in &inputs {
        let text = std::fs::read_to_string(&input.path).map_err(|e| {
            Error(format!(
                "cannot read test source {}: {e}",
                input.path.display()
            ))
        })?;
        jupiter |= Flavour::used_by(&text) == Some(Flavour::JUnit5);
        if let Some(tree) = parser.parse(&text, None) {
            decls.extend(declarations(&text, tree.root_node()));
        }
    }
    let by_simple: HashMap<&str, &Decl> = decls.iter().map(|d| (simple(&d.binary), d)).collect();
    let mut classes: Vec<String> = decls
        .iter()
        .filter(|d| d.concrete && is_test(d, &by_simple))
        .map(|d| d.binary.clone())
        .collect();
    classes.sort();
    classes.dedup();
    Ok(Suite {
        flavour: if jupiter {
            Flavour::JUnit5
        } else {
            Flavour::JUnit4
        },
        classes,
        files: inputs.into_iter().map(|i| i.path).collect(),
    })
}

fn simple(name: &str) -> &str {
    name.rsplit(['.', '$']).next().unwrap_or(name)
}

/// True when the class has tests itself or inherits them.
fn is_test(decl: &Decl, by_simple: &HashMap<&str, &Decl>) -> bool {
    let mut current = decl;
    for _ in 0..32 {
        if current.has_tests {
            return true;
        }
        match current.superclass.as_deref() {
            Some("TestCase") => return true,
            Some(sup) => match by_simple.get(sup) {
                Some(next) => current = next,
                None => return false,
            },
            None => return false,
        }
    }
    false
}

/// The top-level class declarations of a file.
fn declarations(text: &str, root: Node) -> Vec<Decl> {
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("").to_string();
    let mut package = String::new();
    let mut out = Vec::new();
    let mut cursor = root.walk();
    for child in root.named_children(&mut cursor) {
        match child.kind() {
            "package_declaration" => {
                let mut c = child.walk();
                let name = child
                    .named_children(&mut c)
                    .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"));
                if let Some(name) = name {
                    package = src(name);
                }
            }
            "class_declaration" => {
                let Some(name) = child.child_by_field_name("name") else {
                    continue;
                };
                let superclass = child.child_by_field_name("superclass").map(|s| {
                    let t = src(s);
                    let t = t.trim_start_matches("extends").trim();
                    let t = t.split('<').next().unwrap_or(t).trim();
                    simple(t).to_string()
                });
                let abstract_ = modifiers(child)
                    .is_some_and(|m| src(m).split_whitespace().any(|w| w == "abstract"));
                let binary = if package.is_empty() {
                    src(name)
                } else {
                    format!("{package}.{}", src(name))
                };
                out.push(Decl {
                    binary,
                    superclass,
                    concrete: !abstract_,
                    has_tests: has_test_method(text, child),
                });
            }
            _ => {}
        }
    }
    out
}

fn modifiers(node: Node) -> Option<Node> {
    let mut c = node.walk();
    let found = node
        .named_children(&mut c)
        .find(|n| n.kind() == "modifiers");
    found
}

/// True when a class body declares a method with a test annotation.
fn has_test_method(text: &str, class: Node) -> bool {
    let Some(body) = class.child_by_field_name("body") else {
        return false;
    };
    let mut c = body.walk();
    let methods: Vec<Node> = body
        .named_children(&mut c)
        .filter(|n| n.kind() == "method_declaration")
        .collect();
    methods.into_iter().any(|m| {
        let Some(mods) = modifiers(m) else {
            return false;
        };
        let mut mc = mods.walk();
        let found = mods
            .named_children(&mut mc)
            .filter(|a| matches!(a.kind(), "marker_annotation" | "annotation"))
            .filter_map(|a| a.child_by_field_name("name"))
            .any(|n| {
                let name = text.get(n.byte_range()).unwrap_or("");
                TEST_ANNOTATIONS.contains(&simple(name))
            });
        found
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_concrete_and_inherited_tests() {
        let dir = std::env::temp_dir().join(format!("dsd-discover-{}", std::process::id()));
        let pkg = dir.join("p");
        std::fs::create_dir_all(&pkg).unwrap();
        let files = [
            ("Base.java", "package p; public abstract class Base { @org.junit.Test public void t() {} }"),
            ("SubTest.java", "package p; public class SubTest extends Base<String> { }"),
            ("Old.java", "package p; import junit.framework.TestCase; public class Old extends TestCase { public void testX() {} }"),
            ("Helper.java", "package p; class Helper { void run() {} }"),
            ("Own.java", "package p; import org.junit.Test; public class Own { @Test public void a() {} }"),
        ];
        for (name, text) in files {
            std::fs::write(pkg.join(name), text).unwrap();
        }
        let suite = discover(std::slice::from_ref(&dir), &dir.join(".dsd")).unwrap();
        assert_eq!(suite.classes, vec!["p.Old", "p.Own", "p.SubTest"]);
        assert_eq!(suite.flavour, Flavour::JUnit4);
        assert_eq!(suite.files.len(), 5);
        std::fs::write(
            pkg.join("J5.java"),
            "package p; import org.junit.jupiter.api.Test; class J5 { @Test void a() {} }",
        )
        .unwrap();
        let suite = discover(std::slice::from_ref(&dir), &dir.join(".dsd")).unwrap();
        assert_eq!(suite.flavour, Flavour::JUnit5);
        assert!(suite.classes.contains(&"p.J5".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
