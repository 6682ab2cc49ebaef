//! `dsd reproduce`: traces printed by the JVM running `tests/fixtures/traces` (a `Gen`
//! class outside the sources made them) are reproduced with their frames matching, down
//! to the deepest frame a test can call; bad traces and stale ones are refused.

use dsd_tests::kept::{compile_kept, compile_sources, junit4, junit5};
use dsd_tests::{json_report, root, work_dir};
use invariants::toolchain::{self, Flavour};
use std::path::{Path, PathBuf};

/// The fixture's sources.
fn src() -> PathBuf {
    root().join("tests/fixtures/traces/src")
}

/// Runs `dsd reproduce TRACE SRC --format json` plus `extra` in a fresh work directory:
/// the exit status and the report, or the error that stopped it.
#[track_caller]
fn reproduce(name: &str, trace: &Path, extra: &[&str]) -> Result<(i32, serde_json::Value), String> {
    let work = work_dir(&format!("reproduce-{name}"));
    let (trace, src) = (trace.display().to_string(), src().display().to_string());
    json_report(&work, &["reproduce", &trace, &src], extra)
}

/// The fixture's trace `name`.
fn trace(name: &str) -> PathBuf {
    root().join(format!("tests/fixtures/traces/traces/{name}.trace"))
}

/// The fixture's trace `name` with its exception `shown` replaced by an
/// IllegalStateException, which no frame of it throws, written below the work folder
/// `reproduce-{dir}`.
fn claimed(name: &str, shown: &str, dir: &str) -> PathBuf {
    let path = work_dir(&format!("reproduce-{dir}")).join("claimed.trace");
    let text = std::fs::read_to_string(trace(name)).expect("trace");
    std::fs::write(&path, text.replace(shown, "IllegalStateException")).expect("write");
    path
}

/// Reproduces a fixture trace and checks how many leading frames the kept test matches,
/// that its file holds the trace, and that it names the test.
#[track_caller]
fn check_reproduced(name: &str, extra: &[&str], reached: u64) -> serde_json::Value {
    let (status, report) =
        reproduce(name, &trace(name), extra).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(status, 0, "{name}: {report:#}");
    assert_eq!(report["reproduced"], true, "{report:#}");
    assert_eq!(report["reached"], reached, "{name}: {report:#}");
    let source = written_test(&report);
    let first = std::fs::read_to_string(trace(name)).expect("trace");
    assert!(
        source.contains(first.lines().next().expect("a first line")),
        "{source}"
    );
    let method = report["test"]["method"].as_str().expect("a method");
    assert!(source.contains(&format!("void {method}(")), "{source}");
    report
}

#[test]
fn crashes_a_few_calls_down_are_reproduced_from_the_public_method() {
    // Stats.divide <- Stats.mean <- Orders.average: all three frames.
    check_reproduced("average", &[], 3);
    // Two JDK frames, then Orders.head (private) <- Orders.initial.
    check_reproduced("initial", &[], 4);
    // Shelf.read <- lookup <- count <- Orders.stock.
    check_reproduced("stock", &[], 4);
    // A constructor's frame: `<init>`.
    let report = check_reproduced("ratio", &[], 1);
    assert_eq!(report["test"]["reflection"], false, "{report:#}");
}

#[test]
fn state_no_public_route_reaches_is_set_by_reflection_and_said_so() {
    // Quota's only constructor is private: the parts are set through DsdReflection.
    let report = check_reproduced("quota", &[], 1);
    assert_eq!(report["test"]["reflection"], true, "{report:#}");
    assert_eq!(
        report["test"]["class"], "orders.QuotaCrashTest",
        "{report:#}"
    );
}

#[test]
fn state_from_earlier_calls_and_recursion_along_the_trace_are_reproduced() {
    // Route.total runs the legs `add` stored: the ferry without seats must be one of them.
    let report = check_reproduced("route", &[], 2);
    let test = written_test(&report);
    assert!(test.contains(".add("), "{test}");
    // Ledger.share divides by the size `team` put under the same name.
    let report = check_reproduced("ledger", &[], 2);
    let test = written_test(&report);
    assert!(test.contains(".team("), "{test}");
    // Invoice.band indexes by the count of the tally passed in: three `add` calls on it.
    let report = check_reproduced("band", &[], 2);
    let test = written_test(&report);
    assert!(test.contains("tally.add("), "{test}");
    // Till.scan's eleventh line: ten calls first, more than a sequence makes, in a loop.
    let report = check_reproduced("till", &[], 1);
    assert_eq!(report["test"]["reflection"], false, "{report:#}");
    let test = written_test(&report);
    assert!(test.contains("i < 10; i++) {"), "{test}");
    // Nest.item two brackets deep: the recursion followed as deep as the trace shows, and
    // every number on the way parsed as `Integer.parseInt` parses it.
    check_reproduced("nest", &[], 6);
}

#[test]
fn exceptions_the_code_throws_itself_are_reproduced_as_deep_as_the_trace_goes() {
    // `throw new IllegalArgumentException` in Coupons.discounted, and a checked exception
    // of the project's own in Coupons.percent.
    check_reproduced("discount", &[], 1);
    let report = check_reproduced("percent", &[], 1);
    assert_eq!(report["exception"], "orders.OrderException");
    // Integer.parseInt's NumberFormatException, three JDK frames above Coupons.percent.
    check_reproduced("percentnumber", &[], 4);
    // An exception a factory makes (Faults.notPositive), thrown by Coupons.fit.
    check_reproduced("fit", &[], 2);
    // Eight frames: Tariff.charge through seven private steps to the last one's throw.
    check_reproduced("tariff", &[], 8);
    // `new ArrayIndexOutOfBoundsException(slot)`, a constructor of JDK 17's the model
    // lacked; and a class-file constructor, `new BigDecimal(digits)`, that throws below the
    // project's frame.
    check_reproduced("drawer", &[], 1);
    check_reproduced("amount", &[], 2);
}

#[test]
fn a_parse_position_a_method_takes_is_made_at_the_index_the_crash_needs() {
    // Quantity.parse(String, ParsePosition), frame 4: the position was only ever `null`, so
    // no index was read past the text's start; the whole trace through parse(String),
    // which makes its own `new ParsePosition(0)`, is reproduced too.
    let report = check_reproduced("quantity", &["--frame", "4"], 4);
    let source = written_test(&report);
    assert!(source.contains("new java.text.ParsePosition("), "{source}");
    check_reproduced("quantity", &[], 5);
}

#[test]
fn a_bridge_method_javac_wrote_is_passed_through() {
    // Grade.rank compares through the raw Comparable: the trace shows javac's bridge
    // compareTo(Object) at the class's line 4, between the crash and rank.
    check_reproduced("grade", &[], 3);
}

#[test]
fn a_list_holding_another_class_than_its_type_argument_says_is_reproduced() {
    // Basket.total(List<Integer>) called with a raw list holding a String: javac's cast at
    // the loop's line fails; the test passes a list of other objects.
    let report = check_reproduced("basket", &[], 1);
    let source = written_test(&report);
    assert!(
        source.contains("java.util.Arrays.asList(new Object[] {new "),
        "{source}"
    );
}

#[test]
fn an_anonymous_exception_class_is_reproduced_and_its_kept_test_passes() {
    // `orders.Faults$1`, an anonymous IllegalStateException the factory returns: the kept
    // test catches it as the class it extends and checks its name, and it compiles and
    // passes against the fixture with JUnit 5 and with JUnit 4.
    let dir = work_dir("reproduce-anonymous");
    let tools5 = toolchain::locate(Flavour::JUnit5, &Default::default()).expect("JUnit 5");
    let tools4 = toolchain::locate(Flavour::JUnit4, &Default::default()).expect("JUnit 4");
    let project = compile_sources(&tools5, &src(), &dir.join("project"));
    for (flavour, tools) in [("5", &tools5), ("4", &tools4)] {
        let report = check_reproduced("first", &["--junit", flavour], 2);
        let source = written_test(&report);
        assert!(source.contains("(IllegalStateException"), "{source}");
        assert!(source.contains("\"orders.Faults$1\""), "{source}");
        let path = PathBuf::from(report["test"]["path"].as_str().expect("a path"));
        let kept = path
            .parent()
            .and_then(Path::parent)
            .expect("the package's folder");
        let tests = compile_kept(tools, kept, &project);
        let (passed, out) = match flavour {
            "5" => junit5(tools, &tests, &project),
            _ => junit4(
                tools,
                &tests,
                &project,
                &["orders.FirstCrashTest".to_string()],
            ),
        };
        assert!(passed, "JUnit {flavour}: {out}");
    }
}

#[test]
fn a_trace_not_reproduced_says_why_for_each_frame_tried() {
    // Coupons.discounted throws IllegalArgumentException at line 8, never the
    // IllegalStateException this trace claims: no site, said for the frame tried.
    let claimed = claimed("discount", "IllegalArgumentException", "claimed");
    let (status, report) = reproduce("why", &claimed, &[]).expect("a report");
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(
        report["frames"][0]["tried"]["outcome"], "no_site",
        "{report:#}"
    );
    let work = work_dir("reproduce-why-text");
    let out = work.join("report.txt");
    let args: Vec<String> = [
        "--work-dir",
        &work.display().to_string(),
        "reproduce",
        &claimed.display().to_string(),
        &src().display().to_string(),
        "-o",
        &out.display().to_string(),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    assert_eq!(dsd_tests::dsd(&args), Ok(1));
    let text = std::fs::read_to_string(&out).expect("the report");
    assert!(
        text.contains("no frame reached, frame 1: no crash site"),
        "{text}"
    );
}

#[test]
fn the_budget_stops_the_search_after_the_deepest_frame_and_says_so() {
    // No frame of this trace has an IllegalStateException at its line: with a budget spent
    // at once, the first frame of the search is tried still, the others are not.
    let claimed = claimed("average", "ArithmeticException", "budget-trace");
    let (status, report) = reproduce("budget", &claimed, &["--budget", "0.001"]).expect("a report");
    assert_eq!(status, 1, "{report:#}");
    let outcomes: Vec<&str> = report["frames"]
        .as_array()
        .expect("frames")
        .iter()
        .filter_map(|f| f["tried"]["outcome"].as_str())
        .collect();
    let tried = outcomes.iter().filter(|o| **o != "out_of_time").count();
    assert!(outcomes.len() > 1 && tried == 1, "{report:#}");
    assert!(outcomes.contains(&"no_site"), "{report:#}");
}

/// The source of the test a report names.
fn written_test(report: &serde_json::Value) -> String {
    let path = report["test"]["path"].as_str().expect("the test's path");
    std::fs::read_to_string(path).expect("the test is written")
}

#[test]
fn the_innermost_cause_is_reproduced_and_a_frame_can_be_chosen() {
    // NumberFormatException in Ratio.parse, caught and wrapped by Ratio.load: the test of
    // load raises it as the cause of its IllegalStateException, down to frame 5 of the
    // cause (three JDK frames above parse), and the kept test expects the outer exception.
    let report = check_reproduced("load", &[], 5);
    assert_eq!(report["exception"], "java.lang.NumberFormatException");
    assert_eq!(report["frames"][4]["status"], "reproduced");
    let source = written_test(&report);
    assert!(
        source.contains("assertThrows(IllegalStateException.class, () -> Ratio.load("),
        "{source}"
    );
    // Aimed at Stats.mean, frame 2: the test calls it, and frames 1..2 match.
    let report = check_reproduced("average", &["--frame", "2"], 2);
    assert_eq!(report["target"], 2);
}

#[test]
fn bad_and_stale_traces_are_refused_with_their_line() {
    let dir = work_dir("reproduce-traces");
    let bad = dir.join("bad.trace");
    std::fs::write(
        &bad,
        "java.lang.ArithmeticException: / by zero\n\tat orders.Stats.divide(Orders.java:x)\n",
    )
    .expect("write");
    let error = reproduce("bad", &bad, &[]).expect_err("a bad line is refused");
    assert!(error.contains("bad.trace:2: "), "{error}");
    let stale = dir.join("stale.trace");
    let text = std::fs::read_to_string(trace("average")).expect("trace");
    std::fs::write(&stale, text.replace("Orders.java:35", "Orders.java:90")).expect("write");
    let error = reproduce("stale", &stale, &[]).expect_err("a stale trace is refused");
    assert!(error.contains("line 90 is not in"), "{error}");
    assert!(error.contains("another version of the code"), "{error}");
    let error = reproduce("frame", &trace("average"), &["--frame", "9"]).expect_err("frame 9");
    assert!(error.contains("--frame 9"), "{error}");
}

/// Reproduces the trace `name` of `tests/fixtures/blame` with `--tests` (and `extra`):
/// the report of a reproduction.
#[track_caller]
fn blamed(name: &str, extra: &[&str]) -> serde_json::Value {
    let fixture = root().join("tests/fixtures/blame");
    let work = work_dir(&format!("reproduce-blame-{name}"));
    let trace = fixture.join(format!("traces/{name}.trace"));
    let (src, tests) = (fixture.join("src/main/java"), fixture.join("src/test/java"));
    let (trace, src, tests) = (
        trace.display().to_string(),
        src.display().to_string(),
        tests.display().to_string(),
    );
    let extra: Vec<&str> = ["--tests", &tests]
        .into_iter()
        .chain(extra.iter().copied())
        .collect();
    let (status, report) = json_report(&work, &["reproduce", &trace, &src], &extra)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(status, 0, "{name}: {report:#}");
    assert_eq!(report["reached"], 2, "{name}: {report:#}");
    report
}

/// The broken invariants of frame `index` (from 1) of a report.
fn broken(report: &serde_json::Value, index: usize) -> Vec<String> {
    let frame = &report["frames"][index - 1];
    assert_eq!(frame["usage"]["verdict"], "outside", "{report:#}");
    frame["usage"]["broken"]
        .as_array()
        .expect("broken invariants")
        .iter()
        .map(|b| format!("{} ({})", b["invariant"], b["values"]))
        .collect()
}

#[test]
fn a_reproduction_outside_usage_names_the_caller_that_passed_it() {
    // Shares.evenly splits among people - 1: the project's tests pass three people or
    // more, the trace's caller passed one. Only the needed invariant is broken.
    let report = blamed("evenly", &[]);
    assert_eq!(report["usage"]["within"], false, "{report:#}");
    assert_eq!(report["usage"]["frame"], 2, "{report:#}");
    assert_eq!(report["usage"]["caller"], 3, "{report:#}");
    let evenly = broken(&report, 2);
    assert_eq!(evenly.len(), 1, "{evenly:?}");
    assert!(evenly[0].contains("people == 1"), "{evenly:?}");
    // Shares.byRemainder is called as the tests call it, with a multiple of four, and
    // passes perPart the zero parts no test ever does: the caller is frame 2.
    let report = blamed("remainder", &[]);
    assert_eq!(
        report["frames"][1]["usage"]["verdict"], "within",
        "{report:#}"
    );
    assert_eq!(report["usage"]["frame"], 1, "{report:#}");
    assert_eq!(report["usage"]["caller"], 2, "{report:#}");
    assert!(
        broken(&report, 1).iter().any(|b| b.contains("parts == 0")),
        "{report:#}"
    );
}

#[test]
fn emit_tests_keeps_the_test_under_the_trace_s_name_and_spares_the_project_s_files() {
    let dir = work_dir("reproduce-emitted");
    let tests = dir.join("test");
    let tests_text = tests.display().to_string();
    let report = blamed("remainder", &["--emit-tests", &tests_text, "--junit", "4"]);
    let kept = tests.join("fix/RemainderCrashTest.java");
    assert_eq!(
        report["test"]["emitted"].as_str(),
        Some(kept.display().to_string().as_str()),
        "{report:#}"
    );
    let source = std::fs::read_to_string(&kept).expect("the test is kept");
    assert!(source.starts_with("// Written by dsd"), "{source}");
    assert!(
        source.contains("public class RemainderCrashTest"),
        "{source}"
    );
    assert!(
        source.contains("at fix.Shares.byRemainder(Shares.java:17)"),
        "{source}"
    );
    assert!(
        source.contains("@Test(expected = ArithmeticException.class)"),
        "{source}"
    );
    // The project's own file of that name is never overwritten.
    std::fs::write(&kept, "package fix;\nclass RemainderCrashTest {}\n").expect("write");
    let fixture = root().join("tests/fixtures/blame");
    let work = work_dir("reproduce-emit-refused");
    let trace = fixture.join("traces/remainder.trace").display().to_string();
    let src = fixture.join("src/main/java").display().to_string();
    let error = json_report(
        &work,
        &["reproduce", &trace, &src],
        &["--emit-tests", &tests_text],
    )
    .expect_err("a file dsd did not write stops it");
    assert!(error.contains("was not written by dsd"), "{error}");
}

/// A Maven project that declares its sources' encoding is read and compiled in it by `dsd
/// reproduce` as by `dsd check`: `"café"` in ISO-8859-1 is four chars, and javac refuses
/// the file as UTF-8.
#[test]
fn the_sources_encoding_the_build_declares_is_read() {
    let project = work_dir("reproduce-encoded-project");
    let package = project.join("src/main/java/legacy");
    std::fs::create_dir_all(&package).expect("create the package");
    let accents = root().join("tests/fixtures/encoded/legacy/Accents.java");
    std::fs::copy(accents, package.join("Accents.java")).expect("copy the source");
    std::fs::write(
        project.join("pom.xml"),
        "<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>legacy</groupId>\n  \
         <artifactId>legacy</artifactId>\n  <version>1</version>\n  <properties>\n    \
         <project.build.sourceEncoding>ISO-8859-1</project.build.sourceEncoding>\n  \
         </properties>\n</project>\n",
    )
    .expect("write the pom");
    let trace = project.join("per-letter.trace");
    std::fs::write(
        &trace,
        "java.lang.ArithmeticException: / by zero\n\
         \tat legacy.Accents.perLetter(Accents.java:13)\n\
         \tat Gen.main(Gen.java:1)\n",
    )
    .expect("write the trace");
    let work = work_dir("reproduce-encoded");
    let (trace, project) = (trace.display().to_string(), project.display().to_string());
    let (status, report) =
        json_report(&work, &["reproduce", &trace, &project], &[]).expect("a report");
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(report["reproduced"], true, "{report:#}");
}

/// `path` relative to the current folder, when both lie below the repository's root.
fn relative_to_here(path: &Path) -> PathBuf {
    let here = std::env::current_dir().expect("current folder");
    match (path.strip_prefix(root()), here.strip_prefix(root())) {
        (Ok(below), Ok(depth)) => depth
            .components()
            .map(|_| Path::new(".."))
            .collect::<PathBuf>()
            .join(below),
        _ => path.to_path_buf(),
    }
}

#[test]
fn the_classes_the_project_s_tests_make_are_the_harness_s_first_choices() {
    // Five classes implement `Tariff`, and the harness offers four: the fixed ones, whose
    // constructors take nothing, come first, and none has zero units. The project's tests
    // make only `Custom`, whose units are given: with them it is offered first, and
    // `new Custom(0)` divides by zero as the trace did.
    let fixture = root().join("tests/fixtures/seeding");
    let trace = fixture.join("traces/perunit.trace").display().to_string();
    let src = fixture.join("src/main/java").display().to_string();
    let tests = fixture.join("src/test/java").display().to_string();
    let work = work_dir("reproduce-seeding-plain");
    let (status, report) =
        json_report(&work, &["reproduce", &trace, &src], &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status, 1, "without the tests: {report:#}");
    // A work folder given relative to the current one (as the default `.dsd` is): the usage
    // check's test JVM, which runs in the project's folder, still finds its classes.
    let work = relative_to_here(&work_dir("reproduce-seeding-tests"));
    let (status, report) = json_report(&work, &["reproduce", &trace, &src], &["--tests", &tests])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(report["reached"], 1, "{report:#}");
    assert!(
        written_test(&report).contains("new Custom(0)"),
        "{report:#}"
    );
    assert_eq!(report["usage"]["within"], true, "{report:#}");
}
