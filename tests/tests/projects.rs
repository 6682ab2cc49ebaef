//! Real project layouts: a Maven tree checked from its root, a project that needs a
//! third-party jar, and one run split into shards and merged again.

use dsd_tests::{
    check, check_in, copy_tree, dsd, library_jar, mismatches, reported, root, work_dir, Run,
};
use std::path::{Path, PathBuf};

/// The project files (not the JDK model) that the parse stage read in a work directory.
fn parsed_files(work: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(work.join("ir/program.json")).expect("ir written");
    let program: serde_json::Value = serde_json::from_str(&text).expect("ir is JSON");
    let mut files: Vec<String> = program["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter(|f| f["library"] == false)
        .filter_map(|f| f["rel"].as_str().map(str::to_string))
        .collect();
    files.sort();
    files
}

#[test]
fn a_maven_project_checked_from_its_root_reads_only_its_main_sources() {
    let base = work_dir("maven-root");
    let project = base.join("project");
    copy_tree(&root().join("tests/fixtures/maven"), &project);
    // Build output and IDE folders that hold copies of the project's classes.
    let shelf = project.join("src/main/java/fix/Shelf.java");
    for copy in ["target/generated-sources/fix", "build/tmp/fix", ".idea/fix"] {
        std::fs::create_dir_all(project.join(copy)).expect("create dir");
        std::fs::copy(&shelf, project.join(copy).join("Shelf.java")).expect("copy");
    }
    // A work directory inside the project, under a name the walk does not skip by itself.
    let work = project.join("dsd-work");
    let main = project.join("src/main/java");
    // The first two runs read the folders pom.xml names; the third, without it, walks the
    // tree and must skip what is not project code by itself.
    for round in ["first", "second", "walked"] {
        if round == "walked" {
            std::fs::remove_file(project.join("pom.xml")).expect("remove pom.xml");
        }
        let run = check_in(&work, &project, &[]).unwrap_or_else(|e| panic!("{round} run: {e}"));
        assert_eq!(
            parsed_files(&work),
            ["fix/Shelf.java"],
            "{round} run: the tests, the build output and the generated tests are not project code"
        );
        let problems = mismatches(&run, &main, false);
        assert!(problems.is_empty(), "{round} run:\n{}", problems.join("\n"));
        assert_eq!(run.status, 1, "{round} run: errors give exit status 1");
    }
}

#[test]
fn a_class_defined_twice_is_an_error_naming_both_files() {
    let base = work_dir("maven-duplicate");
    let project = base.join("project");
    copy_tree(&root().join("tests/fixtures/maven"), &project);
    // Without its pom.xml, which would name src/main/java alone, the tree is walked.
    std::fs::remove_file(project.join("pom.xml")).expect("remove pom.xml");
    let copy = project.join("generated/fix");
    std::fs::create_dir_all(&copy).expect("create dir");
    std::fs::copy(
        project.join("src/main/java/fix/Shelf.java"),
        copy.join("Shelf.java"),
    )
    .expect("copy");
    let error = match check_in(&base.join("work"), &project, &[]) {
        Ok(run) => panic!("a duplicate class must stop dsd, got exit {}", run.status),
        Err(e) => e,
    };
    assert!(error.contains("`fix.Shelf` is defined twice"), "{error}");
    assert!(
        error.contains("generated/fix/Shelf.java")
            && error.contains("src/main/java/fix/Shelf.java"),
        "{error}"
    );
}

#[test]
fn the_class_path_reaches_every_compile_and_the_test_jvm() {
    let base = work_dir("library");
    let jar = library_jar(&base);
    let app = root().join("tests/fixtures/library/app");
    let error = match check_in(&base.join("without"), &app, &[]) {
        Ok(run) => panic!("a missing library must stop dsd, got exit {}", run.status),
        Err(e) => e,
    };
    assert!(error.contains("package fix.lib"), "{error}");
    assert!(
        error.contains("with --classpath"),
        "says which option fixes it: {error}"
    );
    let jar = jar.display().to_string();
    let run = check_in(&base.join("with"), &app, &["--classpath", &jar])
        .unwrap_or_else(|e| panic!("with --classpath: {e}"));
    let problems = mismatches(&run, &app, false);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let missing = base.join("missing.jar").display().to_string();
    let error = check_in(&base.join("missing"), &app, &["--classpath", &missing])
        .err()
        .expect("a class path entry that does not exist is an error");
    assert!(error.contains("missing.jar"), "{error}");
}

/// Findings as (file, line, column, exception, level, tests), sorted.
fn findings_of(report: &serde_json::Value) -> Vec<(String, u64, u64, String, String, u64)> {
    let mut out: Vec<_> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["col"].as_u64().unwrap_or(0),
                f["exception"].as_str().unwrap_or("").to_string(),
                f["level"].as_str().unwrap_or("").to_string(),
                f["tests"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    out.sort();
    out
}

/// SARIF results without what names the reproducing test and its inputs (each shard writes
/// its own tests): its location, its frame in the code flow, its name.
fn sarif_results(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).expect("SARIF written");
    let log: serde_json::Value = serde_json::from_str(&text).expect("SARIF is JSON");
    log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r["relatedLocations"] = serde_json::Value::Null;
            r["codeFlows"] = serde_json::Value::Null;
            r["message"] = serde_json::Value::Null;
            r["properties"]["test"] = serde_json::Value::Null;
            r["properties"]["inputs"] = serde_json::Value::Null;
            r
        })
        .collect()
}

/// Runs `dsd merge` on `inputs` into `out`.
fn merge(inputs: &[PathBuf], out: &Path) -> Result<i32, String> {
    let mut args: Vec<String> = vec!["merge".into()];
    args.extend(inputs.iter().map(|p| p.display().to_string()));
    args.extend(["-o".into(), out.display().to_string()]);
    dsd(&args)
}

#[test]
fn three_shards_merged_report_what_one_run_reports() {
    let src = root().join("tests/fixtures/objects");
    // One solver thread: which harness settles a site first does not depend on timing. One
    // model per site: a further model gets at most 100 ms, so how many tests reproduce a
    // finding depends on the machine's load (a loaded CI machine found 1 or 2 for the same
    // goal), while which findings a shard reports must not.
    let one = ["--jobs", "1", "--models", "1"];
    let whole: Run = check("shards-whole", &src, &one);
    let base = work_dir("shards");
    let mut json = Vec::new();
    let mut sarif = Vec::new();
    for i in 1..=3 {
        let work = base.join(format!("shard{i}"));
        let shard = format!("{i}/3");
        let run = check_in(
            &work,
            &src,
            &[&["--shard", shard.as_str()][..], &one].concat(),
        )
        .unwrap_or_else(|e| panic!("shard {shard}: {e}"));
        assert_eq!(run.report["summary"]["shard"], shard.as_str());
        json.push(work.join("report.json"));
        let out = work.join("report.sarif");
        let status = dsd(&[
            "--work-dir".into(),
            work.display().to_string(),
            "check".into(),
            src.display().to_string(),
            "--shard".into(),
            shard.clone(),
            "--jobs".into(),
            "1".into(),
            "--models".into(),
            "1".into(),
            "--format".into(),
            "sarif".into(),
            "-o".into(),
            out.display().to_string(),
        ])
        .unwrap_or_else(|e| panic!("shard {shard} as SARIF: {e}"));
        assert!(status <= 1, "shard {shard}: exit {status}");
        sarif.push(out);
    }

    let merged_json = base.join("merged.json");
    let status = merge(&json, &merged_json).expect("merge the JSON reports");
    assert_eq!(status, whole.status, "the merge exits like the whole run");
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&merged_json).expect("merged"))
            .expect("merged report is JSON");
    assert_eq!(findings_of(&merged), findings_of(&whole.report));
    assert!(!reported(&merged).is_empty(), "the fixture has findings");
    let mut summary = merged["summary"].clone();
    let mut expected = whole.report["summary"].clone();
    for s in [&mut summary, &mut expected] {
        s["stages"] = serde_json::Value::Null;
    }
    assert_eq!(summary, expected, "the counts add up to the whole run's");

    let whole_sarif = base.join("whole.sarif");
    dsd(&[
        "--work-dir".into(),
        whole.work.display().to_string(),
        "check".into(),
        src.display().to_string(),
        "--jobs".into(),
        "1".into(),
        "--models".into(),
        "1".into(),
        "--format".into(),
        "sarif".into(),
        "-o".into(),
        whole_sarif.display().to_string(),
    ])
    .expect("the whole run as SARIF");
    let merged_sarif = base.join("merged.sarif");
    merge(&sarif, &merged_sarif).expect("merge the SARIF logs");
    assert_eq!(sarif_results(&merged_sarif), sarif_results(&whole_sarif));

    let error = merge(&json[..2], &base.join("partial.json")).expect_err("a shard is missing");
    assert!(error.contains("shard 3/3 is missing"), "{error}");
    let error = merge(
        &[json[0].clone(), sarif[1].clone(), json[2].clone()],
        &base.join("x"),
    )
    .expect_err("mixed formats");
    assert!(error.contains("one format"), "{error}");
}

/// `dsd check` with no option but the settings file `config` and the `extra` arguments,
/// in the work directory `work`: the findings as `File.java:line Kind`.
fn configured_findings(config: &Path, work: &Path, extra: &[&str]) -> Vec<String> {
    let out = work.join("report.json");
    let mut args: Vec<String> = [
        "--config",
        &config.display().to_string(),
        "--work-dir",
        &work.display().to_string(),
        "check",
        "--format",
        "json",
        "-o",
        &out.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    let status = dsd(&args).unwrap_or_else(|e| panic!("dsd check failed: {e}"));
    assert_eq!(status, 1, "an error is found");
    let text = std::fs::read_to_string(&out).expect("report written");
    let report: serde_json::Value = serde_json::from_str(&text).expect("report is JSON");
    reported(&report)
        .into_iter()
        .map(|r| format!("{}:{} {}", r.file, r.line, r.exception))
        .collect()
}

#[test]
fn dsd_toml_names_the_sources_and_leaves_out_kinds_and_files() {
    let base = work_dir("configured");
    let project = base.join("project");
    copy_tree(&root().join("tests/fixtures/configured"), &project);
    let config = project.join("dsd.toml");
    assert_eq!(
        configured_findings(&config, &base.join("work"), &[]),
        ["Stock.java:6 ArithmeticException"],
        "the index crash is an ignored kind, and legacy/Ledger.java is excluded"
    );
    let mut found = configured_findings(
        &config,
        &base.join("work"),
        &["--ignore", "NullPointerException"],
    );
    found.sort();
    assert_eq!(
        found,
        [
            "Stock.java:11 ArrayIndexOutOfBoundsException",
            "Stock.java:6 ArithmeticException"
        ],
        "--ignore on the command line replaces the file's list; the exclusion stays"
    );
}

#[test]
fn suppressed_findings_do_not_fail_and_an_unused_suppression_is_a_note() {
    let src = root().join("tests/fixtures/suppressed");
    let run = check("suppressed", &src, &[]);
    assert_eq!(run.status, 1, "the error nothing suppresses fails the run");
    let findings = run.report["findings"].as_array().expect("findings");
    let suppressed: Vec<(u64, &str)> = findings
        .iter()
        .filter_map(|f| Some((f["line"].as_u64()?, f["suppressed"]["text"].as_str()?)))
        .collect();
    assert_eq!(
        suppressed,
        [
            (6, "// dsd:ignore[ArithmeticException]"),
            (11, "@SuppressWarnings({\"unused\", \"dsd\"})"),
            (11, "@SuppressWarnings({\"unused\", \"dsd\"})"),
        ],
        "the comment covers its line, the annotation its method's two crashes"
    );
    let failing: Vec<u64> = findings
        .iter()
        .filter(|f| f["suppressed"].is_null())
        .filter_map(|f| f["line"].as_u64())
        .collect();
    assert_eq!(failing, [15]);
    let unused = run.report["unused_suppressions"]
        .as_array()
        .expect("unused");
    assert_eq!(unused.len(), 1, "{unused:?}");
    assert_eq!(
        (unused[0]["line"].as_u64(), unused[0]["text"].as_str()),
        (Some(19), Some("// dsd:ignore"))
    );
    let summary = &run.report["summary"];
    assert_eq!(
        (
            summary["suppressed"].as_u64(),
            summary["unused_suppressions"].as_u64()
        ),
        (Some(3), Some(1))
    );
    let sarif = run.work.join("report.sarif");
    let status = dsd(&[
        "--work-dir".into(),
        run.work.display().to_string(),
        "check".into(),
        src.display().to_string(),
        "--format".into(),
        "sarif".into(),
        "-o".into(),
        sarif.display().to_string(),
    ])
    .expect("dsd check");
    assert_eq!(status, 1);
    let results = sarif_results(&sarif);
    let in_source = results
        .iter()
        .filter(|r| r["suppressions"][0]["kind"] == "inSource")
        .count();
    assert_eq!(
        in_source, 3,
        "each suppressed result says it is suppressed in the source"
    );
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).expect("sarif written"))
            .expect("JSON");
    let notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications");
    assert!(
        notes
            .iter()
            .any(|n| n["descriptor"]["id"] == "unused-suppression"
                && n["locations"][0]["physicalLocation"]["region"]["startLine"] == 19),
        "{notes:?}"
    );
}
