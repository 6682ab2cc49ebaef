//! `dsd record`: the drivers of `tests/fixtures/record/main` run against the instrumented
//! sources of `tests/fixtures/record/src`; each crash they meet is recorded and replayed by
//! a test whose stack matches the recorded one, and the kept test passes under JUnit.

use dsd_tests::kept::{compile_kept, java_files, junit5};
use dsd_tests::{json_report, root, work_dir};
use invariants::toolchain::{self, Flavour};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixture's folder `part` (`src`, `main`).
fn fixture(part: &str) -> PathBuf {
    root().join("tests/fixtures/record").join(part)
}

/// The project and the drivers compiled as the user built them, below `work`.
fn compiled(work: &Path) -> PathBuf {
    let tools = toolchain::locate(Flavour::JUnit4, &Default::default()).expect("javac");
    let out = work.join("orig");
    let status = Command::new(&tools.javac)
        .arg("-d")
        .arg(&out)
        .args(java_files(&fixture("src")))
        .args(java_files(&fixture("main")))
        .status()
        .expect("run javac");
    assert!(status.success(), "the fixture compiles");
    out
}

/// Runs `dsd record SRC OPTIONS --format json -- java -cp ORIG record.MAIN` in a fresh work
/// directory `name` (or `work`, reused): the exit status and the report, or the error.
#[track_caller]
fn record_in(work: &Path, main: &str, options: &[&str]) -> Result<(i32, Value), String> {
    let orig = compiled(work).display().to_string();
    let src = fixture("src").display().to_string();
    let main = format!("record.{main}");
    let mut command = vec!["record", src.as_str()];
    command.extend(options);
    json_report(work, &command, &["--", "java", "-cp", &orig, &main])
}

#[track_caller]
fn record(name: &str, main: &str, options: &[&str]) -> (i32, Value) {
    let work = work_dir(&format!("record-{name}"));
    record_in(&work, main, options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks that `n` crashes were recorded and every one replayed; returns them.
#[track_caller]
fn all_replayed(report: &Value, n: usize) -> &Vec<Value> {
    let crashes = report["crashes"].as_array().expect("crashes");
    assert_eq!(crashes.len(), n, "{report:#}");
    assert_eq!(report["recorded"], n, "{report:#}");
    assert_eq!(report["replayed"], n, "{report:#}");
    crashes
}

/// Checks that the only crash was replayed with `reached` frames matching and returns it.
#[track_caller]
fn replayed(report: &Value, reached: u64) -> &Value {
    assert_eq!(report["recorded"], 1, "{report:#}");
    assert_eq!(report["replayed"], 1, "{report:#}");
    let crash = &report["crashes"][0];
    assert_eq!(crash["reproduced"], true, "{report:#}");
    assert_eq!(crash["reached"], reached, "{report:#}");
    crash
}

#[test]
fn a_crash_of_state_that_earlier_calls_built_is_replayed_and_kept() {
    let work = work_dir("record-state");
    let kept = work.join("kept");
    let kept_text = kept.display().to_string();
    let (status, report) =
        record_in(&work, "StateMain", &["--emit-tests", &kept_text]).expect("recorded");
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(report["ran"]["status"], 1, "the command's own exit status");
    let seconds = |v: &Value| v.as_f64().unwrap_or_else(|| panic!("a time: {report:#}"));
    assert!(seconds(&report["ran"]["seconds"]) > 0.0, "{report:#}");
    assert!(seconds(&report["replay_seconds"]) > 0.0, "{report:#}");
    assert!(
        report["crashes"][0].get("seconds").is_none(),
        "a crash's replay is not timed alone: {report:#}"
    );
    // Tally.mean <- Report.line: both frames, from Report.line's test.
    let crash = replayed(&report, 2);
    assert_eq!(crash["captured"], 2);
    assert_eq!(crash["thread"], "main");
    assert_eq!(crash["escaped"], true, "it ended the program: {report:#}");
    assert_eq!(
        crash["test"]["class"], "record.ReportCrash1Test",
        "{report:#}"
    );
    assert_eq!(
        crash["test"]["reflection"], true,
        "Tally's fields are private"
    );
    let frames = std::fs::read_to_string(
        Path::new(crash["dir"].as_str().expect("dir")).join("frames.jsonl"),
    )
    .expect("frames");
    assert!(
        frames
            .lines()
            .next()
            .expect("a frame")
            .contains(r#""name":"count","value":{"class":"java.lang.Integer","value":0}"#),
        "{frames}"
    );
    // The kept test passes under JUnit 5 while the crash is there.
    let emitted = crash["test"]["emitted"].as_str().expect("emitted");
    let source = std::fs::read_to_string(emitted).expect("kept test");
    assert!(
        source.contains(r#"expect("java.lang.ArithmeticException", "record.Tally", "mean", 18,"#),
        "{source}"
    );
    let tools = toolchain::locate(Flavour::JUnit5, &Default::default()).expect("JUnit 5");
    let orig = work.join("orig");
    let classes = compile_kept(&tools, &kept, &orig);
    let (passed, output) = junit5(&tools, &classes, &orig);
    assert!(passed, "{output}");
}

#[test]
fn a_crash_under_a_static_initialiser_is_replayed_from_the_initialiser_s_caller() {
    let work = work_dir("record-static");
    let kept = work.join("kept");
    let kept_text = kept.display().to_string();
    let (status, report) =
        record_in(&work, "StaticMain", &["--emit-tests", &kept_text]).expect("recorded");
    assert_eq!(status, 0, "{report:#}");
    // Rates.table <- Rates.<clinit> <- Quote.price: one crash (the JVM's
    // ExceptionInInitializerError around it is not a second one), replayed from Quote.price,
    // whose call runs the initialiser again in the test's fresh class loader.
    let crash = replayed(&report, 3);
    assert_eq!(crash["exception"], "java.lang.ArithmeticException");
    assert_eq!(crash["captured"], 2, "Rates.table and Quote.price");
    let clinit = &crash["frames"][1];
    assert_eq!(clinit["frame"], "record.Rates.<clinit>(Rates.java:10)");
    assert_eq!(clinit["callable"], false, "{report:#}");
    assert_eq!(clinit["status"], "reproduced", "{report:#}");
    assert_eq!(crash["test"]["class"], "record.QuoteCrash1Test");
    assert_eq!(crash["test"]["reflection"], false, "{report:#}");
    // The kept test passes: its call throws the initialiser's error around the crash.
    let tools = toolchain::locate(Flavour::JUnit5, &Default::default()).expect("JUnit 5");
    let orig = work.join("orig");
    let classes = compile_kept(&tools, &kept, &orig);
    let (passed, output) = junit5(&tools, &classes, &orig);
    assert!(passed, "{output}");
    // With --uncaught the error escapes the program and the same crash is written.
    let (status, report) = record("static-uncaught", "StaticMain", &["--uncaught"]);
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(
        replayed(&report, 3)["exception"],
        "java.lang.ArithmeticException"
    );
}

#[test]
fn a_plain_object_argument_is_rebuilt_as_an_object_not_null() {
    // Labels.width((CharSequence) new Object()): a JDK object the recorder does not look
    // into would be passed as null, and the cast would not throw.
    let (status, report) = record("object", "ObjectMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    let crash = replayed(&report, 1);
    let source =
        std::fs::read_to_string(crash["test"]["path"].as_str().expect("path")).expect("test");
    assert!(source.contains("new Object()"), "{source}");
}

#[test]
fn a_crash_met_again_with_another_message_is_written_once_and_the_cap_counts_distinct_ones() {
    // 150 NumberFormatExceptions from the same stack, then a NullPointerException: two
    // crashes, where the messages alone made 100 (the cap) and lost the second.
    let (status, report) = record("repeat", "RepeatMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    let exceptions: Vec<&str> = all_replayed(&report, 2)
        .iter()
        .map(|c| c["exception"].as_str().expect("exception"))
        .collect();
    assert_eq!(
        exceptions,
        [
            "java.lang.NumberFormatException",
            "java.lang.NullPointerException"
        ]
    );
    assert_eq!(report["capped"], 0, "{report:#}");
    let (_, report) = record("repeat-max", "RepeatMain", &["--max-crashes", "1"]);
    assert_eq!(report["recorded"], 1, "{report:#}");
    assert_eq!(report["capped"], 1, "the JVM says it met more: {report:#}");
}

#[test]
fn a_crash_in_an_element_of_a_list_argument_is_replayed_with_the_list_rebuilt() {
    let (status, report) = record("nested", "NestedMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    // Item.unitPrice <- Shop.unitPrices(List<Item>): the list rebuilt with its items, each
    // by the constructor that assigns its two fields.
    let crash = replayed(&report, 2);
    assert_eq!(crash["test"]["class"], "record.ShopCrash1Test");
    assert_eq!(crash["test"]["reflection"], false, "{report:#}");
    let source =
        std::fs::read_to_string(crash["test"]["path"].as_str().expect("path")).expect("test");
    assert!(source.contains("Item o4 = new Item(5, 0);"), "{source}");
    assert!(source.contains("java.util.List.copyOf("), "{source}");
}

#[test]
fn a_crash_on_a_second_thread_is_recorded_on_that_thread() {
    let (status, report) = record("thread", "ThreadMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(
        report["ran"]["status"], 0,
        "the program itself ends normally"
    );
    // Three JDK frames, Parser.parse, Worker.run.
    let crash = replayed(&report, 5);
    assert_eq!(crash["thread"], "Thread-0");
}

#[test]
fn a_state_the_method_changes_before_it_throws_needs_a_deeper_copy() {
    let (status, report) = record("depth1", "DepthMain", &[]);
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(
        (report["recorded"].as_u64(), report["replayed"].as_u64()),
        (Some(1), Some(0))
    );
    let note = report["crashes"][0]["note"].as_str().expect("a note");
    assert!(note.contains("a larger --depth"), "{note}");
    let (status, report) = record("depth2", "DepthMain", &["--depth", "2"]);
    assert_eq!(status, 0, "{report:#}");
    replayed(&report, 1);
}

#[test]
fn only_uncaught_crashes_are_recorded_with_uncaught() {
    let (status, report) = record("caught", "CaughtMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    let crash = replayed(&report, 4);
    assert_eq!(crash["escaped"], false, "the program caught it: {report:#}");
    let frames = std::fs::read_to_string(
        Path::new(crash["dir"].as_str().expect("dir")).join("frames.jsonl"),
    )
    .expect("frames");
    assert!(
        frames.contains(r#"{"class":"java.lang.String","value":"x\ufffd"}"#),
        "the lone surrogate is written as U+FFFD: {frames}"
    );
    let (status, report) = record("caught-uncaught", "CaughtMain", &["--uncaught"]);
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(report["recorded"], 0, "{report:#}");
    let (status, report) = record("thread-uncaught", "ThreadMain", &["--uncaught"]);
    assert_eq!(status, 0, "{report:#}");
    replayed(&report, 5);
}

#[test]
fn cost_modes_record_fewer_methods() {
    let (_, all) = record("mode-all", "StateMain", &[]);
    let (_, non_trivial) = record("mode-non-trivial", "StateMain", &["--mode", "non-trivial"]);
    let count = |r: &Value| r["instrumented"].as_u64().expect("a count");
    assert!(count(&non_trivial) < count(&all), "{non_trivial:#}");
    replayed(&non_trivial, 2);
    // Second chance: only the classes of the crash recorded before (Tally, Report).
    let work = work_dir("record-second-chance");
    let refused = record_in(&work, "StateMain", &["--mode", "second-chance"]);
    assert!(refused.unwrap_err().contains("--mode all"));
    record_in(&work, "StateMain", &[]).expect("a first run");
    let (status, second) = record_in(
        &work,
        "StateMain",
        &["--mode", "second-chance", "--overhead"],
    )
    .expect("run");
    assert_eq!(status, 0, "{second:#}");
    assert_eq!(
        count(&second),
        5,
        "Tally's three methods, Report's two: {second:#}"
    );
    replayed(&second, 2);
    assert!(
        second["ran"]["uninstrumented_seconds"].is_number(),
        "{second:#}"
    );
}

#[test]
fn a_command_dsd_cannot_record_is_refused() {
    let work = work_dir("record-refused");
    let src = fixture("src").display().to_string();
    let error = json_report(&work, &["record", &src], &["--", "java", "-ea"]).expect_err("refused");
    assert!(error.contains("names no main class"), "{error}");
}

#[test]
fn a_command_that_starts_java_itself_is_recorded_through_the_agent() {
    let work = work_dir("record-agent");
    let orig = compiled(&work).display().to_string();
    let src = fixture("src").display().to_string();
    let script = format!("java -cp {orig} record.NestedMain");
    let (status, report) =
        json_report(&work, &["record", &src], &["--", "sh", "-c", &script]).expect("recorded");
    assert_eq!(status, 0, "{report:#}");
    replayed(&report, 2);
}

/// The fixture's JUnit 5 tests compiled below `work`, and the command that runs the test
/// classes `classes` with JUnit's console launcher (`java -jar`), after `--`.
fn junit_command(work: &Path, classes: &[&str]) -> Vec<String> {
    let orig = compiled(work);
    let tools = toolchain::locate(Flavour::JUnit5, &Default::default()).expect("JUnit 5");
    let tests = work.join("test-classes");
    let mut classpath = vec![orig.clone()];
    classpath.extend(tools.junit.iter().cloned());
    let status = Command::new(&tools.javac)
        .arg("-d")
        .arg(&tests)
        .arg("-cp")
        .arg(toolchain::class_path(&classpath).expect("class path"))
        .args(java_files(&fixture("test")))
        .status()
        .expect("run javac");
    assert!(status.success(), "the fixture's test compiles");
    let run_classpath = toolchain::class_path(&[orig, tests]).expect("class path");
    let mut command: Vec<String> = [
        "--",
        "java",
        "-jar",
        &tools.junit[0].display().to_string(),
        "--disable-banner",
        "--class-path",
        &run_classpath.to_string_lossy(),
    ]
    .map(String::from)
    .into();
    for class in classes {
        command.push("--select-class".into());
        command.push(format!("record.{class}"));
    }
    command
}

/// Runs `dsd record SRC OPTIONS --format json COMMAND` in `work`: the exit status and the
/// report.
#[track_caller]
fn record_command(work: &Path, options: &[&str], command: &[String]) -> (i32, Value) {
    let src = fixture("src").display().to_string();
    let mut args = vec!["record", src.as_str()];
    args.extend(options);
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    json_report(work, &args, &command).expect("recorded")
}

#[test]
fn a_junit_run_started_with_java_jar_is_recorded_through_the_agent() {
    let work = work_dir("record-junit");
    let command = junit_command(&work, &["TallyTest"]);
    let (status, report) = record_command(&work, &[], &command);
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(
        report["ran"]["status"], 1,
        "the JUnit run failed: {report:#}"
    );
    // Tally.mean, called by the test.
    replayed(&report, 1);
}

#[test]
fn jdk_objects_a_crash_needs_are_rebuilt_from_their_data() {
    // Each of Stamps' methods crashes on what its JDK argument holds; passed null in its
    // place, each would throw a NullPointerException instead.
    let (status, report) = record("jdk", "JdkMain", &[]);
    assert_eq!(status, 0, "{report:#}");
    let crashes = all_replayed(&report, 7);
    let expected = [
        ("tenths", "new java.lang.StringBuilder(\"a0\")"),
        ("countryShare", "java.util.Locale.forLanguageTag(\"fr\")"),
        (
            "perHour",
            "setCalendarType(\"gregory\").setTimeZone(java.util.TimeZone.getTimeZone(\"Asia/Kolkata\")).setLenient(true).setWeekDefinition(1, 1).setInstant(-19800000L).build()",
        ),
        (
            "perOffsetHour",
            "java.util.TimeZone.getTimeZone(\"Europe/London\")",
        ),
        ("perMilli", "new java.util.Date(5000L)"),
        ("share", "field(type(\"record.Tally\"), \"count\", true)"),
        ("perMismatch", "java.util.regex.Pattern.compile(\"a\", 2)"),
    ];
    for (crash, (method, made)) in crashes.iter().zip(expected) {
        assert_eq!(crash["reproduced"], true, "{crash:#}");
        assert_eq!(crash["reached"], 1, "{crash:#}");
        assert!(crash.get("notes").is_none(), "{crash:#}");
        let frame = crash["frames"][0]["frame"].as_str().expect("frame");
        assert!(
            frame.starts_with(&format!("record.Stamps.{method}(")),
            "{frame}"
        );
        let source =
            std::fs::read_to_string(crash["test"]["path"].as_str().expect("path")).expect("test");
        assert!(source.contains(made), "{source}");
    }
}

#[test]
fn second_chance_records_the_classes_of_failures_not_of_expected_exceptions() {
    // TallyTest fails with Tally.mean's crash; ExpectedTest's two tests expect theirs
    // (assertThrows on Labels.width, a try/catch around Parser.parse) and pass.
    let work = work_dir("record-expected");
    let command = junit_command(&work, &["TallyTest", "ExpectedTest"]);
    let (status, report) = record_command(&work, &[], &command);
    assert_eq!(status, 0, "{report:#}");
    let escaped: Vec<&Value> = all_replayed(&report, 3)
        .iter()
        .filter(|c| c["escaped"] == true)
        .map(|c| &c["exception"])
        .collect();
    assert_eq!(
        escaped,
        ["java.lang.ArithmeticException"],
        "only the crash that failed a test escaped: {report:#}"
    );
    // Second chance records only the failure's class: Tally's three methods.
    let (status, second) = record_command(&work, &["--mode", "second-chance"], &command);
    assert_eq!(status, 0, "{second:#}");
    assert_eq!(second["instrumented"], 3, "{second:#}");
    assert_eq!(
        std::fs::read_to_string(work.join("record/second-chance.txt")).expect("classes"),
        "record.Tally\n"
    );
    replayed(&second, 1);
    // With --uncaught, only the failure is written.
    let uncaught = work_dir("record-expected-uncaught");
    let command = junit_command(&uncaught, &["TallyTest", "ExpectedTest"]);
    let (status, report) = record_command(&uncaught, &["--uncaught"], &command);
    assert_eq!(status, 0, "{report:#}");
    let crash = replayed(&report, 1);
    assert_eq!(
        (crash["exception"].as_str(), crash["escaped"].as_bool()),
        (Some("java.lang.ArithmeticException"), Some(true)),
        "{report:#}"
    );
}
