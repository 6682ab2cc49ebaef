//! The JUnit Platform listener of `dsd record` (`java/DsdTestListener.java`): it tells the
//! recorder which exceptions failed a test, so that a crash a test expected (and caught) is
//! told from one that failed it. It is compiled against JUnit 5's jars, when dsd finds them,
//! into `WORK/record/build/listener.jar` with the service file through which every JUnit
//! Platform run loads it; the recorded command gets the jar on its class path ([`listener_jar`]).
//! Its own jar keeps it off the boot class path of the recorder's agent, where the JUnit
//! classes it names cannot be loaded.

use super::{build_dir, write_jar};
use crate::stage::io_error;
use crate::toolchain::{self, Flavour, Jdk};
use crate::{runtime, Error};
use std::path::{Path, PathBuf};

/// The service the listener provides.
const SERVICE: &str = "org.junit.platform.launcher.TestExecutionListener";

/// The listener's jar (absolute), beside the instrumented classes' folder, where the agent
/// looks for it.
pub fn listener_jar(work: &Path) -> PathBuf {
    build_dir(work).join("listener.jar")
}

/// Compiles the listener against JUnit 5 and the recorder in `classes`, and writes its jar
/// ([`listener_jar`]); without a JUnit 5 that dsd finds there is none, and a test's failure
/// is not told from a caught exception.
pub fn write_listener(work: &Path, classes: &Path, jdk: &Jdk) -> Result<(), Error> {
    let Ok(tools) = toolchain::locate(Flavour::JUnit5, jdk) else {
        return Ok(());
    };
    let dir = build_dir(work);
    let source = runtime::write_test_listener(&dir.join("listener-src")).map_err(Error)?;
    let out = dir.join("listener");
    let mut classpath = vec![classes.to_path_buf()];
    classpath.extend(tools.junit.iter().cloned());
    crate::run::compile(&tools, &classpath, &[source], &out, &dir, None).map_err(|(e, _)| {
        Error(format!(
            "the recorder's test listener does not compile: {e}"
        ))
    })?;
    let services = out.join("META-INF").join("services");
    std::fs::create_dir_all(&services).map_err(|e| io_error("create", &services, e))?;
    let service = services.join(SERVICE);
    std::fs::write(&service, "dsd.listener.DsdTestListener\n")
        .map_err(|e| io_error("write", &service, e))?;
    write_jar(
        &listener_jar(work),
        &["-C".as_ref(), out.as_os_str(), ".".as_ref()],
    )
}
