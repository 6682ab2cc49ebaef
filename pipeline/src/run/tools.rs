//! Locating `javac`, `java` and JUnit 4 for the run stage, with the same rules as the
//! infer stage (see [`invariants::toolchain`]): one JDK and one JUnit folder for both.

use crate::error::Failure;
use invariants::toolchain::{self, Flavour, Tools};

/// The Java tools the run stage needs: the generated tests are JUnit 4.
pub type JavaTools = Tools;

/// Finds `javac` and `java` of `jdk` (by default in `$JAVA_HOME/bin` first, then on `PATH`) and the JUnit 4 jars
/// (in `$DSD_JUNIT_DIR`, else `/usr/share/java` where Debian's `junit4` puts them).
pub fn locate(jdk: &toolchain::Jdk) -> Result<JavaTools, Failure> {
    toolchain::locate(Flavour::JUnit4, jdk).map_err(|e| Failure::new(e.0))
}
