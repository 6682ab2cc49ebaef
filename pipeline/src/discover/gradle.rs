//! Gradle projects: the subprojects `settings.gradle` includes, each with Gradle's default
//! layout, or, when Gradle can run offline, the source sets and class path it reports
//! through an init script.

use super::{Layout, Module};
use std::path::{Path, PathBuf};

/// The build files that mark a Gradle project.
pub const BUILD_FILES: [&str; 4] = [
    "settings.gradle",
    "settings.gradle.kts",
    "build.gradle",
    "build.gradle.kts",
];

/// The init script that prints, for every project, its `main` and `test` source sets'
/// Java and resource folders and its test runtime class path, one `dsd-layout` line each.
pub const INIT_SCRIPT: &str = r#"allprojects { p ->
    p.tasks.register('dsdLayout') {
        doLast {
            def sets = p.extensions.findByName('sourceSets')
            if (sets != null) {
                ['main', 'test'].each { name ->
                    def set = sets.findByName(name)
                    if (set != null) {
                        set.java.srcDirs.each { println "dsd-layout ${name}-java ${it}" }
                        set.resources.srcDirs.each { println "dsd-layout ${name}-resources ${it}" }
                    }
                }
            }
            def cp = p.configurations.findByName('testRuntimeClasspath')
            if (cp != null && cp.canBeResolved) {
                cp.resolve().each { println "dsd-layout classpath ${it}" }
            }
        }
    }
}
"#;

/// The task the init script adds.
pub const TASK: &str = "dsdLayout";

/// The layout of the Gradle project in `root` as its settings file says: the root project
/// and every included subproject, each with Gradle's default folders.
pub fn layout(root: &Path) -> Layout {
    let settings = ["settings.gradle", "settings.gradle.kts"]
        .iter()
        .find_map(|name| std::fs::read_to_string(root.join(name)).ok())
        .unwrap_or_default();
    let mut layout = Layout::default();
    let mut dirs = vec![root.to_path_buf()];
    dirs.extend(included(&settings).iter().map(|p| root.join(p)));
    for dir in dirs {
        layout.add(&Module::conventional(dir));
    }
    layout.encoding = ["build.gradle", "build.gradle.kts"]
        .iter()
        .filter_map(|name| std::fs::read_to_string(root.join(name)).ok())
        .find_map(|build| declared_encoding(&build));
    layout
}

/// The encoding a build file gives the Java compiler: `options.encoding = 'ISO-8859-1'`
/// (on `compileJava`, or on every `JavaCompile` task).
fn declared_encoding(build: &str) -> Option<String> {
    build
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .filter(|line| line.contains("options.encoding") && line.contains('='))
        .find_map(|line| quoted(line).first().map(|e| e.to_string()))
}

/// The folders of the subprojects a settings file includes: `include 'a', ':b:c'` (Groovy)
/// or `include("a", "b:c")` (Kotlin) names `a` and `b/c`.
fn included(settings: &str) -> Vec<PathBuf> {
    let mut projects = Vec::new();
    let mut continued = false;
    for line in settings.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        let starts = line.starts_with("include ") || line.starts_with("include(");
        if !(starts || continued) {
            continue;
        }
        projects.extend(
            quoted(line)
                .into_iter()
                .map(|name| name.trim_start_matches(':').split(':').collect::<PathBuf>()),
        );
        continued = line.ends_with(',') || (line.contains('(') && !line.contains(')'));
    }
    projects
}

/// The strings in single or double quotes on `line`.
fn quoted(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find(['\'', '"']) {
        let quote = rest.as_bytes()[start] as char;
        let after = &rest[start + 1..];
        let Some(end) = after.find(quote) else { break };
        found.push(&after[..end]);
        rest = &after[end + 1..];
    }
    found
}

/// The layout and class path in the output of the init script's task: `None` when it
/// printed no source folder (a project without the Java plugin).
pub fn from_output(output: &str) -> Option<(Layout, Vec<PathBuf>)> {
    let mut layout = Layout::default();
    let mut classpath = Vec::new();
    for line in output.lines() {
        let Some(rest) = line.strip_prefix("dsd-layout ") else {
            continue;
        };
        let Some((what, path)) = rest.split_once(' ') else {
            continue;
        };
        let path = PathBuf::from(path);
        let list = match what {
            "main-java" => &mut layout.sources,
            "test-java" => &mut layout.tests,
            "main-resources" => &mut layout.resources,
            "test-resources" => &mut layout.test_resources,
            "classpath" => &mut classpath,
            _ => continue,
        };
        if !list.contains(&path) {
            list.push(path);
        }
    }
    (!layout.sources.is_empty()).then_some((layout, classpath))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compilers_encoding_is_read_from_the_build_file() {
        let groovy = "compileJava.options.encoding = 'ISO-8859-1' // legacy\n";
        assert_eq!(declared_encoding(groovy).as_deref(), Some("ISO-8859-1"));
        let kotlin = "tasks.withType<JavaCompile> {\n    options.encoding = \"windows-1252\"\n}\n";
        assert_eq!(declared_encoding(kotlin).as_deref(), Some("windows-1252"));
        assert_eq!(declared_encoding("// options.encoding = 'X'\n"), None);
    }

    #[test]
    fn settings_include_subprojects_in_groovy_and_kotlin() {
        let groovy = "rootProject.name = 'x'\ninclude 'core', ':tools:cli' // the tools\n\
                      include 'a',\n        'b'\n";
        assert_eq!(
            included(groovy),
            ["core", "tools/cli", "a", "b"].map(PathBuf::from)
        );
        let kotlin = "include(\"app\", \"lib:util\")\ninclude(\n  \"more\"\n)\nval v = \"no\"\n";
        assert_eq!(
            included(kotlin),
            ["app", "lib/util", "more"].map(PathBuf::from)
        );
    }

    #[test]
    fn the_init_scripts_lines_give_roots_and_class_path() {
        let output = "> Task :dsdLayout\n\
                      dsd-layout main-java /p/src/main/java\n\
                      dsd-layout main-resources /p/src/main/resources\n\
                      dsd-layout test-java /p/src/test/java\n\
                      dsd-layout classpath /r/junit.jar\n\
                      dsd-layout main-java /p/core/src\n\
                      dsd-layout classpath /r/junit.jar\n";
        let (layout, classpath) = from_output(output).unwrap();
        assert_eq!(
            layout.sources,
            ["/p/src/main/java", "/p/core/src"].map(PathBuf::from)
        );
        assert_eq!(layout.tests, [PathBuf::from("/p/src/test/java")]);
        assert_eq!(classpath, [PathBuf::from("/r/junit.jar")]);
        assert!(from_output("BUILD FAILED").is_none());
    }
}
