//! Locating `javac`, `java` and JUnit 4.

use crate::error::Failure;
use std::env;
use std::path::PathBuf;

/// Default JUnit 4 jars of Debian's `junit4` package.
const DEBIAN_JUNIT: [&str; 2] = [
    "/usr/share/java/junit4.jar",
    "/usr/share/java/hamcrest-core.jar",
];

/// The Java tools the run stage needs.
#[derive(Debug, Clone)]
pub struct JavaTools {
    /// The compiler.
    pub javac: PathBuf,
    /// The launcher.
    pub java: PathBuf,
    /// JUnit 4 and its dependencies.
    pub junit: Vec<PathBuf>,
}

/// Finds `javac` and `java` (in `$JAVA_HOME/bin` first, then on `PATH`) and the JUnit 4 jars
/// (`$DSD_JUNIT_CP`, else Debian's `junit4` package).
pub fn locate() -> Result<JavaTools, Failure> {
    Ok(JavaTools {
        javac: find_tool("javac")?,
        java: find_tool("java")?,
        junit: junit_classpath()?,
    })
}

fn find_tool(name: &str) -> Result<PathBuf, Failure> {
    invariants::toolchain::find_tool(name).map_err(|e| Failure::new(e.0))
}

fn junit_classpath() -> Result<Vec<PathBuf>, Failure> {
    let (entries, origin): (Vec<PathBuf>, &str) = match env::var_os("DSD_JUNIT_CP") {
        Some(cp) => (
            env::split_paths(&cp)
                .filter(|p| !p.as_os_str().is_empty())
                .collect(),
            "DSD_JUNIT_CP",
        ),
        None => (
            DEBIAN_JUNIT.iter().map(PathBuf::from).collect(),
            "the default JUnit location",
        ),
    };
    if entries.is_empty() {
        return Err(Failure::new(
            "DSD_JUNIT_CP is empty; set it to the JUnit 4 jars (junit4.jar:hamcrest-core.jar)",
        ));
    }
    match entries.iter().find(|p| !p.exists()) {
        Some(missing) => Err(Failure::new(format!(
            "JUnit 4 jar {} (from {origin}) does not exist; install it with `apt-get install junit4` \
             or set DSD_JUNIT_CP to the JUnit 4 jars",
            missing.display()
        ))),
        None => Ok(entries),
    }
}
