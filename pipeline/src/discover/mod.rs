//! Project discovery: `dsd check` with no source named, or with a project's root, reads the
//! project's build to find its source, test and resource folders and its class path, the
//! way a Java developer's build tool knows them.
//!
//! - Maven (`pom.xml`, modules too): the folders each pom declares, Maven's defaults
//!   otherwise (`maven.rs`).
//! - Gradle (`settings.gradle(.kts)`, `build.gradle(.kts)`): Gradle's default folders in the
//!   root project and every included one (`gradle.rs`).
//! - Neither, but a `src/main/java`: the same default layout.
//!
//! The class path, unless `--classpath` or dsd.toml gives one, comes from the build tool
//! when it runs offline (`mvn -o dependency:build-classpath`; Gradle through an init script,
//! which also gives the real source sets), else from the jars in `lib/` folders. One line on
//! stderr says what was found and where from.

mod gradle;
mod maven;

use crate::error::Failure;
use crate::report::plural;
use invariants::supervise::{supervise, End};
use std::convert::Infallible;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the build tool may take to print the class path before dsd goes on without it.
const TOOL_TIMEOUT: Duration = Duration::from_secs(300);

/// The source, test and resource folders of a project, over all its modules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// Main source folders.
    pub sources: Vec<PathBuf>,
    /// Test source folders.
    pub tests: Vec<PathBuf>,
    /// Main resource folders.
    pub resources: Vec<PathBuf>,
    /// Test resource folders.
    pub test_resources: Vec<PathBuf>,
    /// The folders of the modules (projects) they come from.
    pub modules: Vec<PathBuf>,
    /// The sources' encoding the build declares (Maven's `project.build.sourceEncoding`,
    /// Gradle's `options.encoding`), if it declares one.
    pub encoding: Option<String>,
}

/// One module's folders, relative to its own folder `dir`.
#[derive(Debug, Clone)]
struct Module {
    /// The module's folder.
    dir: PathBuf,
    /// Main source folders.
    sources: Vec<String>,
    /// Test source folders.
    tests: Vec<String>,
    /// Main resource folders.
    resources: Vec<String>,
    /// Test resource folders.
    test_resources: Vec<String>,
}

impl Module {
    /// A module in `dir` with Maven's and Gradle's default folders.
    fn conventional(dir: PathBuf) -> Module {
        Module {
            dir,
            sources: vec!["src/main/java".into()],
            tests: vec!["src/test/java".into()],
            resources: vec!["src/main/resources".into()],
            test_resources: vec!["src/test/resources".into()],
        }
    }

    /// The module with `f` applied to each folder it names.
    fn map(&self, f: impl Fn(&str) -> String) -> Module {
        let all = |names: &Vec<String>| names.iter().map(|n| f(n)).collect();
        Module {
            dir: self.dir.clone(),
            sources: all(&self.sources),
            tests: all(&self.tests),
            resources: all(&self.resources),
            test_resources: all(&self.test_resources),
        }
    }
}

impl Layout {
    /// Adds `module`'s folders, each once.
    fn add(&mut self, module: &Module) {
        let lists = [
            (&mut self.sources, &module.sources),
            (&mut self.tests, &module.tests),
            (&mut self.resources, &module.resources),
            (&mut self.test_resources, &module.test_resources),
        ];
        for (list, names) in lists {
            for name in names {
                let path = under(&module.dir, Path::new(name));
                if !list.contains(&path) {
                    list.push(path);
                }
            }
        }
        self.modules.push(module.dir.clone());
    }

    /// The layout with only the folders that exist.
    fn existing(mut self) -> Layout {
        for list in [
            &mut self.sources,
            &mut self.tests,
            &mut self.resources,
            &mut self.test_resources,
        ] {
            list.retain(|p| p.is_dir());
        }
        self
    }
}

/// `path` below `dir`, written as the user would: no `./` in front when `dir` is the current
/// folder, and an absolute `path` as it is.
fn under(dir: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() || dir == Path::new(".") || dir.as_os_str().is_empty() {
        path.to_path_buf()
    } else {
        dir.join(path)
    }
}

/// The build that describes a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// A `pom.xml`.
    Maven,
    /// A Gradle settings or build file.
    Gradle,
    /// No build file, but Maven's default `src/main/java`.
    Conventional,
}

impl Build {
    /// The build of the project whose root is `root`, if it is one.
    pub fn of(root: &Path) -> Option<Build> {
        if root.join(maven::POM).is_file() {
            Some(Build::Maven)
        } else if gradle::BUILD_FILES.iter().any(|f| root.join(f).is_file()) {
            Some(Build::Gradle)
        } else if root.join("src/main/java").is_dir() {
            Some(Build::Conventional)
        } else {
            None
        }
    }

    /// How the build is named in the line that says what was found.
    fn describe(self) -> &'static str {
        match self {
            Build::Maven => "Maven project (pom.xml)",
            Build::Gradle => "Gradle project",
            Build::Conventional => "project with Maven's default layout",
        }
    }
}

/// Where the class path of a discovered project came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassPath {
    /// `--classpath` or dsd.toml gave it; discovery left it alone.
    Given,
    /// The build tool printed it (the command line run).
    Tool(String, Vec<PathBuf>),
    /// The jars found in `lib/` folders.
    Lib(Vec<PathBuf>),
    /// None found; what was tried and why it gave nothing, if anything was tried.
    Nothing(Option<String>),
}

/// What discovery found in a project's root.
#[derive(Debug, Clone)]
pub struct Project {
    /// The project's root folder.
    pub root: PathBuf,
    /// Its build.
    pub build: Build,
    /// Its folders that exist.
    pub layout: Layout,
    /// Its class path.
    pub classpath: ClassPath,
}

/// The folder whose build `dsd check` should read, given the sources it was named: the
/// current folder when none was named, the one folder named when it holds a Maven or Gradle
/// build file; `None` when the named sources are to be read as they are.
pub fn root_to_discover(sources: &[PathBuf]) -> Option<PathBuf> {
    match sources {
        [] => Some(PathBuf::from(".")),
        [one] if one.is_dir() && matches!(Build::of(one), Some(Build::Maven | Build::Gradle)) => {
            Some(one.clone())
        }
        _ => None,
    }
}

/// Reads the project in `root`: its folders, and its class path unless `classpath_given`.
pub fn discover(root: &Path, classpath_given: bool) -> Result<Project, Failure> {
    let Some(build) = Build::of(root) else {
        return Err(Failure::new(format!(
            "no sources to check: {} holds no pom.xml, Gradle build or src/main/java; name \
             the source folders (`dsd check src/main/java`), set `sources` in dsd.toml, or \
             run dsd in the project's root",
            shown(root)
        )));
    };
    let mut layout = match build {
        Build::Maven => maven::layout(root)?,
        Build::Gradle => gradle::layout(root),
        Build::Conventional => {
            let mut layout = Layout::default();
            layout.add(&Module::conventional(root.to_path_buf()));
            layout
        }
    };
    let classpath = if classpath_given {
        ClassPath::Given
    } else {
        let (tool, found) = match build {
            Build::Maven => maven_classpath(root),
            Build::Gradle => gradle_classpath(root, &mut layout),
            Build::Conventional => (None, None),
        };
        match found {
            Some((command, entries)) => ClassPath::Tool(command, entries),
            None => {
                let jars = lib_jars(root, &layout);
                if jars.is_empty() {
                    ClassPath::Nothing(tool)
                } else {
                    ClassPath::Lib(jars)
                }
            }
        }
    };
    let layout = layout.existing();
    if layout.sources.is_empty() {
        return Err(Failure::new(format!(
            "{} in {}: none of its source folders exists (looked for src/main/java and what \
             the build declares); name the source folders (`dsd check path/to/java`)",
            build.describe(),
            shown(root)
        )));
    }
    Ok(Project {
        root: root.to_path_buf(),
        build,
        layout,
        classpath,
    })
}

/// A program given by the project (a wrapper script in its root) or on the `PATH`.
fn tool(root: &Path, wrapper: &str, name: &str) -> Option<PathBuf> {
    let wrapper = root.join(wrapper);
    if wrapper.is_file() {
        return Some(wrapper);
    }
    which::which(name).ok()
}

/// The class path Maven prints offline: the command line run and the entries that exist;
/// or, as the first element alone, what was tried and why it gave nothing.
type Found = (Option<String>, Option<(String, Vec<PathBuf>)>);

/// The class path `mvn -o dependency:build-classpath` resolves in `root`.
fn maven_classpath(root: &Path) -> Found {
    let Some(mvn) = tool(root, "mvnw", "mvn") else {
        return (None, None);
    };
    let command = format!("{} -o dependency:build-classpath", tool_name(&mvn));
    match run_tool(&mvn, &maven::CLASSPATH_GOAL, root) {
        Ok(output) => {
            let entries = existing(maven::classpath_from_output(&output));
            (None, Some((command, entries)))
        }
        Err(why) => (Some(format!("`{command}` {why}")), None),
    }
}

/// The source sets and class path Gradle reports offline through the init script; the
/// source sets replace `layout`'s defaults.
fn gradle_classpath(root: &Path, layout: &mut Layout) -> Found {
    let Some(gradle) = tool(root, "gradlew", "gradle") else {
        return (None, None);
    };
    let script = std::env::temp_dir().join(format!("dsd-layout-{}.gradle", std::process::id()));
    if let Err(e) = std::fs::write(&script, gradle::INIT_SCRIPT) {
        return (
            Some(format!("cannot write Gradle's init script: {e}")),
            None,
        );
    }
    let script_arg = script.to_string_lossy().into_owned();
    let args = ["--offline", "-q", "-I", &script_arg, gradle::TASK];
    let command = format!("{} --offline {}", tool_name(&gradle), gradle::TASK);
    let result = run_tool(&gradle, &args, root);
    let _ = std::fs::remove_file(&script);
    match result.map(|output| gradle::from_output(&output)) {
        Ok(Some((reported, classpath))) => {
            let modules = std::mem::take(&mut layout.modules);
            let encoding = layout.encoding.take();
            *layout = reported;
            layout.modules = modules;
            layout.encoding = encoding;
            (None, Some((command, existing(classpath))))
        }
        Ok(None) => (
            Some(format!("`{command}` reported no Java source set")),
            None,
        ),
        Err(why) => (Some(format!("`{command}` {why}")), None),
    }
}

/// The name a build tool is shown by: `./mvnw` for a wrapper, else its file name.
fn tool_name(program: &Path) -> String {
    match program.file_name().and_then(|n| n.to_str()) {
        Some(name @ ("mvnw" | "gradlew")) => format!("./{name}"),
        Some(name) => name.to_string(),
        None => program.display().to_string(),
    }
}

/// The entries that exist: a module the reactor has not built yet has no `target/classes`.
fn existing(entries: Vec<PathBuf>) -> Vec<PathBuf> {
    entries.into_iter().filter(|p| p.exists()).collect()
}

/// The jars in the `lib/` folder of the root and of every module, sorted.
fn lib_jars(root: &Path, layout: &Layout) -> Vec<PathBuf> {
    let folders = std::iter::once(root).chain(layout.modules.iter().map(PathBuf::as_path));
    let mut jars = Vec::new();
    for module in folders {
        let Ok(read) = std::fs::read_dir(module.join("lib")) else {
            continue;
        };
        let mut found: Vec<PathBuf> = read
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jar") && p.is_file())
            .filter(|p| !jars.contains(p))
            .collect();
        found.sort();
        jars.extend(found);
    }
    jars
}

/// Runs a build tool in `dir` and returns what it printed on stdout, or why it gave
/// nothing: it could not start, failed (with its first error line) or ran past
/// `TOOL_TIMEOUT`.
fn run_tool(program: &Path, args: &[&str], dir: &Path) -> Result<String, String> {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start: {e}"))?;
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = read(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read(child.stderr.take().map(|p| Box::new(p) as _));
    // A build tool that prints nothing dsd reads makes no progress: the watch is a timeout.
    let end = supervise(&mut child, TOOL_TIMEOUT, || Ok::<bool, Infallible>(false));
    let out = stdout.join().unwrap_or_default();
    let err = stderr.join().unwrap_or_default();
    match end {
        Ok(End::Exited(s)) if s.success() => Ok(out),
        Ok(End::Exited(s)) => Err(match (s.code(), first_error(&out, &err)) {
            (Some(code), Some(line)) => format!("failed (status {code}): {}", clip(&line)),
            (Some(code), None) => format!("failed (status {code})"),
            (None, _) => "was killed".to_string(),
        }),
        Ok(End::Killed) => Err(format!("did not finish in {} s", TOOL_TIMEOUT.as_secs())),
        Ok(End::Lost(e)) => Err(format!("could not be waited for: {e}")),
        Err(never) => match never {},
    }
}

/// The line of a failed build tool's output that says why: Maven's `[FATAL]` or first
/// `[ERROR]` line, Gradle's line after `What went wrong:`, else the first line on stderr.
fn first_error(stdout: &str, stderr: &str) -> Option<String> {
    let lines: Vec<String> = stdout
        .lines()
        .chain(stderr.lines())
        .map(|l| crate::report::without_colour(l).trim().to_string())
        .collect();
    let tagged = |tag: &str| {
        lines.iter().find_map(|l| {
            let mut rest = l.as_str();
            let mut tagged = false;
            while let Some(after) = rest.strip_prefix(tag) {
                rest = after.trim_start();
                tagged = true;
            }
            (tagged && !rest.is_empty()).then(|| rest.to_string())
        })
    };
    let gradle = || {
        lines
            .iter()
            .position(|l| l.ends_with("What went wrong:"))
            .and_then(|i| lines.get(i + 1).cloned())
    };
    tagged("[FATAL]")
        .or_else(|| tagged("[ERROR]"))
        .or_else(gradle)
        .or_else(|| {
            stderr
                .lines()
                .map(|l| crate::report::without_colour(l).trim().to_string())
                .find(|l| !l.is_empty())
        })
}

/// `line` cut to a length that fits a terminal line.
fn clip(line: &str) -> String {
    const MAX: usize = 160;
    match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// A path as the user wrote it, `.` for the current folder.
fn shown(path: &Path) -> String {
    if path.as_os_str().is_empty() {
        ".".into()
    } else {
        path.display().to_string()
    }
}

/// Up to three folders, then how many more.
fn listed(paths: &[PathBuf]) -> String {
    const SHOWN: usize = 3;
    let mut text: Vec<String> = paths.iter().take(SHOWN).map(|p| shown(p)).collect();
    if paths.len() > SHOWN {
        text.push(format!("and {} more", paths.len() - SHOWN));
    }
    if text.is_empty() {
        "none".into()
    } else {
        text.join(", ")
    }
}

impl Project {
    /// The one line that says what was found and where from.
    pub fn summary(&self, tests_used: bool) -> String {
        let modules = match self.layout.modules.len() {
            0 | 1 => String::new(),
            n => format!(", {n} modules"),
        };
        let tests = if tests_used {
            format!("; tests: {}", listed(&self.layout.tests))
        } else {
            String::new()
        };
        let classpath = match &self.classpath {
            ClassPath::Given => "given".to_string(),
            ClassPath::Tool(command, entries) => {
                format!("{} from `{command}`", plural(entries.len(), "entry"))
            }
            ClassPath::Lib(jars) => format!("{} in lib/", plural(jars.len(), "jar")),
            ClassPath::Nothing(Some(why)) => {
                format!("none ({why}; give --classpath if the project needs jars)")
            }
            ClassPath::Nothing(None) => "none".to_string(),
        };
        let encoding = match &self.layout.encoding {
            Some(name) => format!("; encoding: {name}"),
            None => String::new(),
        };
        format!(
            "dsd: {} in {}{modules}: sources: {}{tests}{encoding}; class path: {classpath}",
            self.build.describe(),
            shown(&self.root),
            listed(&self.layout.sources),
        )
    }

    /// The class path for the run: what the build gave plus the resource folders (the test
    /// resources too when the project's tests run); `None` when `--classpath` gave it.
    pub fn classpath_entries(&self, tests_used: bool) -> Option<Vec<PathBuf>> {
        let mut entries = match &self.classpath {
            ClassPath::Given => return None,
            ClassPath::Tool(_, entries) | ClassPath::Lib(entries) => entries.clone(),
            ClassPath::Nothing(_) => Vec::new(),
        };
        entries.extend(self.layout.resources.iter().cloned());
        if tests_used {
            entries.extend(self.layout.test_resources.iter().cloned());
        }
        Some(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A project with `files`: the root's pom lists the module `core`, another pom is
    /// empty, any other file too.
    fn project(files: &[&str]) -> crate::test_support::TempTree {
        let texts: Vec<(&str, &str)> = files
            .iter()
            .map(|&path| match path {
                "pom.xml" => (
                    path,
                    "<project><modules><module>core</module></modules></project>",
                ),
                _ if path.ends_with("pom.xml") => (path, "<project/>"),
                _ => (path, ""),
            })
            .collect();
        crate::test_support::tree("discover", &texts)
    }

    #[test]
    fn a_folder_named_is_discovered_only_when_it_holds_a_build() {
        assert_eq!(root_to_discover(&[]), Some(PathBuf::from(".")));
        let maven = project(&["pom.xml", "core/pom.xml", "core/src/main/java/A.java"]);
        assert_eq!(
            root_to_discover(std::slice::from_ref(&maven)),
            Some(maven.clone())
        );
        let sources = maven.join("core/src/main/java");
        assert_eq!(root_to_discover(&[sources]), None);
        assert_eq!(root_to_discover(&[maven.clone(), maven.join("core")]), None);
    }

    #[test]
    fn only_existing_folders_are_kept_and_lib_jars_are_the_fallback() {
        let dir = project(&[
            "pom.xml",
            "core/pom.xml",
            "core/src/main/java/A.java",
            "core/src/main/resources/a.properties",
            "core/lib/b.jar",
            "lib/a.jar",
            "lib/notes.txt",
        ]);
        let found = discover(&dir, false).unwrap();
        assert_eq!(found.build, Build::Maven);
        assert_eq!(found.layout.sources, [dir.join("core/src/main/java")]);
        assert!(found.layout.tests.is_empty());
        assert_eq!(found.layout.modules, [dir.clone(), dir.join("core")]);
        if which::which("mvn").is_err() {
            assert_eq!(
                found.classpath,
                ClassPath::Lib(vec![dir.join("lib/a.jar"), dir.join("core/lib/b.jar")])
            );
        }
        let entries = found.classpath_entries(false).unwrap();
        assert_eq!(entries.last(), Some(&dir.join("core/src/main/resources")));
        let given = discover(&dir, true).unwrap();
        assert_eq!(given.classpath, ClassPath::Given);
        assert_eq!(given.classpath_entries(true), None);
    }

    #[test]
    fn a_root_without_a_build_or_sources_is_refused_with_what_to_do() {
        let dir = project(&["notes.txt"]);
        let err = discover(&dir, false).unwrap_err().0;
        assert!(err.starts_with("no sources to check:"), "{err}");
        assert!(err.contains("dsd check src/main/java"), "{err}");
        let empty = project(&["build.gradle"]);
        let err = discover(&empty, true).unwrap_err().0;
        assert!(err.contains("none of its source folders exists"), "{err}");
    }

    #[test]
    fn a_failed_build_tool_is_explained_by_its_first_real_error() {
        let maven = "\u{1b}[0m\u{1b}[0m[INFO] Scanning for projects...\n\
                     [ERROR] [ERROR] Some problems were encountered while processing the POMs:\n\
                     [FATAL] Non-resolvable parent POM for a:b:1: offline\n\
                     [ERROR] The build could not read 1 project\n";
        assert_eq!(
            first_error(maven, "").as_deref(),
            Some("Non-resolvable parent POM for a:b:1: offline")
        );
        assert_eq!(
            first_error("[INFO] x\n[ERROR] \n[ERROR] No plugin found\n", "").as_deref(),
            Some("No plugin found")
        );
        let gradle = "\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n\
                      Could not resolve all files for configuration ':testRuntimeClasspath'.\n";
        assert_eq!(
            first_error("", gradle).as_deref(),
            Some("Could not resolve all files for configuration ':testRuntimeClasspath'.")
        );
        assert_eq!(first_error("", "\n  boom \n").as_deref(), Some("boom"));
    }

    #[test]
    fn the_summary_says_what_was_found_and_where_from() {
        let project = Project {
            root: PathBuf::from("."),
            build: Build::Maven,
            layout: Layout {
                sources: ["a", "b", "c", "d"]
                    .map(|m| Path::new(m).join("src/main/java"))
                    .to_vec(),
                tests: vec![PathBuf::from("a/src/test/java")],
                resources: vec![],
                test_resources: vec![],
                modules: vec![PathBuf::new(); 5],
                encoding: Some("ISO-8859-1".into()),
            },
            classpath: ClassPath::Nothing(Some(
                "`mvn -o dependency:build-classpath` failed (status 1): Non-resolvable parent POM"
                    .into(),
            )),
        };
        assert_eq!(
            project.summary(true),
            "dsd: Maven project (pom.xml) in ., 5 modules: sources: a/src/main/java, \
             b/src/main/java, c/src/main/java, and 1 more; tests: a/src/test/java; encoding: \
             ISO-8859-1; class path: \
             none (`mvn -o dependency:build-classpath` failed (status 1): Non-resolvable \
             parent POM; give --classpath if the project needs jars)"
        );
    }
}
