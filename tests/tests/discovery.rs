//! Project discovery: `dsd check` on a Maven project's root reads its modules' source and
//! test folders and takes the class path from the build tool or the `lib/` folders.

use dsd_tests::{check_in, copy_tree, library_jar, mismatches, root, work_dir, Run};
use std::path::{Path, PathBuf};

/// A Maven project of two modules in `dir`: `shelf` (the `maven` fixture, with its test) and
/// `app` (the `library` fixture's application, which needs the library's jar).
fn two_modules(dir: &Path) -> PathBuf {
    let project = dir.join("project");
    let _ = std::fs::remove_dir_all(&project);
    std::fs::create_dir_all(project.join("app/src/main/java")).expect("create dir");
    std::fs::write(
        project.join("pom.xml"),
        "<project><packaging>pom</packaging>\
         <modules><module>shelf</module><module>app</module></modules></project>",
    )
    .expect("write pom");
    copy_tree(&root().join("tests/fixtures/maven"), &project.join("shelf"));
    std::fs::write(project.join("app/pom.xml"), "<project/>").expect("write pom");
    copy_tree(
        &root().join("tests/fixtures/library/app"),
        &project.join("app/src/main/java"),
    );
    project
}

/// Checks that `run` found what both modules' sources expect.
fn both_modules_found(run: &Run, project: &Path) {
    let problems = mismatches(run, project, false);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let files: Vec<&str> = run.findings.iter().map(|f| f.file.as_str()).collect();
    assert!(
        files.contains(&"Shelf.java") && files.contains(&"Packer.java"),
        "{files:?}"
    );
    assert_eq!(run.status, 1, "errors give exit status 1");
}

#[test]
fn a_multi_module_maven_project_is_checked_from_its_root_with_its_lib_jars() {
    let base = work_dir("discover-lib");
    let project = two_modules(&base);
    let jar = library_jar(&base);
    std::fs::create_dir_all(project.join("app/lib")).expect("create dir");
    std::fs::copy(&jar, project.join("app/lib/units.jar")).expect("copy jar");
    let run = check_in(&base.join("work"), &project, &[])
        .unwrap_or_else(|e| panic!("the jar in app/lib is on the class path: {e}"));
    both_modules_found(&run, &project);
}

#[cfg(unix)]
#[test]
fn the_build_tools_class_path_is_used_and_tests_come_from_the_build() {
    use std::os::unix::fs::PermissionsExt;
    let base = work_dir("discover-tool");
    let project = two_modules(&base);
    let jar = library_jar(&base);
    // A Maven wrapper that answers as `mvn -o dependency:build-classpath` does.
    let wrapper = project.join("mvnw");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n\
             [ \"$*\" = '-o -B -Dstyle.color=never dependency:build-classpath' ] || exit 3\n\
             echo '[INFO] Dependencies classpath:'\necho '{}'\n",
            jar.display()
        ),
    )
    .expect("write wrapper");
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let work = base.join("work");
    let run = check_in(&work, &project, &["--tests"])
        .unwrap_or_else(|e| panic!("the wrapper's class path reaches every compile: {e}"));
    both_modules_found(&run, &project);
    assert!(
        work.join("invariants.json").is_file(),
        "--tests without folders ran shelf's tests"
    );
    let invariants = std::fs::read_to_string(work.join("invariants.json")).expect("read");
    assert!(invariants.contains("perSlot"), "shelf's test calls perSlot");
}

#[test]
fn tests_without_folders_need_a_project() {
    let base = work_dir("discover-no-project");
    let src = root().join("tests/fixtures/arith");
    let error = match check_in(&base.join("work"), &src, &["--tests"]) {
        Ok(run) => panic!(
            "--tests without a project must stop dsd, got {}",
            run.status
        ),
        Err(e) => e,
    };
    assert!(
        error.starts_with("--tests without folders uses the test folders of a Maven"),
        "{error}"
    );
}
