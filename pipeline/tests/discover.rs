//! `dsd check` with no source named checks the project in the current folder.

use std::path::Path;
use std::process::Command;

/// `dsd --work-dir WORK check` run in `dir`: its exit status and stderr.
fn check_here(dir: &Path, work: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dsd"))
        .current_dir(dir)
        .arg("--work-dir")
        .arg(work)
        .args(["check", "--format", "json", "-o"])
        .arg(work.join("report.json"))
        .output()
        .expect("dsd runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_without_a_path_reads_the_maven_project_here() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("discover-here");
    let _ = std::fs::remove_dir_all(&base);
    let project = base.join("project");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/maven");
    for file in ["pom.xml", "src/main/java/fix/Shelf.java"] {
        let to = project.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).expect("create dir");
        std::fs::copy(fixture.join(file), to).expect("copy fixture");
    }
    let (status, stderr) = check_here(&project, &base.join("work"));
    assert_eq!(status, Some(1), "Shelf's crashes are errors: {stderr}");
    let first = stderr.lines().next().unwrap_or("");
    assert!(
        first.starts_with("dsd: Maven project (pom.xml) in .: sources: src/main/java; class path:"),
        "one line says what was found: {stderr}"
    );
    let report = std::fs::read_to_string(base.join("work/report.json")).expect("report");
    assert!(report.contains("Shelf.java"), "{report}");

    let empty = base.join("empty");
    std::fs::create_dir_all(&empty).expect("create dir");
    let (status, stderr) = check_here(&empty, &base.join("work-empty"));
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("no sources to check: . holds no pom.xml, Gradle build or src/main/java"),
        "{stderr}"
    );
}
