//! dsd's Java agent (`java/agent/`), which every test JVM loads: it makes `System.exit`,
//! `Runtime.halt`, starting a process and starting a thread call its hook first, on any JDK
//! from 17 on. Built once per folder with the JDK's `javac` (at `--release 17`) and `jar`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The agent's sources: file name and text.
const SOURCES: [(&str, &str); 2] = [
    (
        "DsdAgent.java",
        include_str!("../../java/agent/DsdAgent.java"),
    ),
    (
        "DsdHook.java",
        include_str!("../../java/agent/DsdHook.java"),
    ),
];

/// The agent's manifest: its class, its jar on the boot class path (where `java.base` can call
/// the hook), and the right to patch classes already loaded.
const MANIFEST: &str = "Premain-Class: dsd.agent.DsdAgent\nBoot-Class-Path: dsd-agent.jar\n\
                        Can-Retransform-Classes: true\n";

/// The agent's jar in `dir`, as [`prepare`] writes it.
pub fn jar(dir: &Path) -> PathBuf {
    dir.join("agent").join("dsd-agent.jar")
}

/// Writes the agent's sources below `dir/agent/`, compiles them with `javac` and packs them
/// into [`jar`], unless the jar is there and the sources and the manifest are unchanged.
/// Returns the jar.
pub fn prepare(javac: &Path, dir: &Path) -> Result<PathBuf, String> {
    let root = dir.join("agent");
    let src = root.join("src").join("dsd").join("agent");
    let jar = jar(dir);
    let manifest = root.join("manifest.txt");
    let current = SOURCES
        .iter()
        .all(|(name, text)| std::fs::read_to_string(src.join(name)).is_ok_and(|s| s == *text))
        && std::fs::read_to_string(&manifest).is_ok_and(|s| s == MANIFEST);
    if current && jar.is_file() {
        return Ok(jar);
    }
    let _ = std::fs::remove_file(&jar);
    let io = |path: &Path, e: std::io::Error| format!("cannot write {}: {e}", path.display());
    std::fs::create_dir_all(&src).map_err(|e| io(&src, e))?;
    let mut files = Vec::new();
    for (name, text) in SOURCES {
        let path = src.join(name);
        std::fs::write(&path, text).map_err(|e| io(&path, e))?;
        files.push(path);
    }
    let classes = root.join("classes");
    std::fs::write(&manifest, MANIFEST).map_err(|e| io(&manifest, e))?;
    let mut compile = Command::new(javac);
    compile
        .args(["-nowarn", "--release", "17", "-encoding", "UTF-8", "-d"])
        .arg(&classes)
        .args(&files);
    run(compile, "compile dsd's agent")?;
    let mut pack = Command::new(jar_tool(javac)?);
    pack.arg("--create")
        .arg("--file")
        .arg(&jar)
        .arg("--manifest")
        .arg(&manifest)
        .arg("-C")
        .arg(&classes)
        .arg("dsd");
    run(pack, "pack dsd's agent")?;
    Ok(jar)
}

/// The `jar` tool beside `javac`, else the one [`crate::toolchain::find_tool`] finds.
fn jar_tool(javac: &Path) -> Result<PathBuf, String> {
    let real = std::fs::canonicalize(javac).unwrap_or_else(|_| javac.to_path_buf());
    match real.parent().map(|bin| bin.join("jar")) {
        Some(beside) if beside.is_file() => Ok(beside),
        _ => crate::toolchain::find_tool("jar").map_err(|e| e.0),
    }
}

/// Runs a JDK tool to its end; its output in the error when it fails.
fn run(mut command: Command, what: &str) -> Result<(), String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .map_err(|e| format!("cannot run {program} to {what}: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&output.stderr);
    let said = said.lines().take(5).collect::<Vec<_>>().join("\n");
    Err(format!(
        "{program} could not {what} (it needs JDK 17 or later):\n{said}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_puts_the_jar_on_the_boot_class_path_under_its_own_name() {
        let name = jar(Path::new("/w")).file_name().unwrap().to_owned();
        assert!(MANIFEST.contains(&format!("Boot-Class-Path: {}\n", name.to_string_lossy())));
        assert!(MANIFEST.contains("Can-Retransform-Classes: true"));
    }
}
