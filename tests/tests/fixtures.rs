//! Fixture projects whose comments say which lines must be reported and which must not.

use dsd_tests::{check, mismatches, not_compiled_or_run, root, Run};

/// Checks a fixture's expectations; returns the run.
#[track_caller]
fn expectations_hold(name: &str) -> Run {
    let src = root().join("tests/fixtures").join(name);
    let run = check(name, &src, &[]);
    let problems = mismatches(&run, &src, false);
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
    run
}

/// Checks a fixture's expectations and that every test generated for it compiles and runs.
#[track_caller]
fn fixture(name: &str) {
    let run = expectations_hold(name);
    assert_eq!(
        not_compiled_or_run(&run),
        (0, 0),
        "{name}: every generated test compiles and runs"
    );
}

#[test]
fn arithmetic_is_exact() {
    fixture("arith");
}

#[test]
fn control_flow_and_loops() {
    fixture("flow");
}

#[test]
fn objects_aliasing_dynamic_types_and_static_state() {
    fixture("objects");
}

#[test]
fn calls_exceptions_and_the_jdk() {
    fixture("calls");
}

#[test]
fn state_left_by_sequences_of_public_calls() {
    fixture("sequences");
}

#[test]
fn the_documentation_and_javas_conventions_decide_levels() {
    fixture("documented");
}

#[test]
fn crashes_in_their_callers_context() {
    fixture("callers");
}

#[test]
fn project_classes_named_like_junits_compile_in_the_generated_tests() {
    fixture("clashes");
}

#[test]
fn types_a_test_cannot_name_overloads_generics_inner_classes_varargs_and_aliases() {
    fixture("shapes");
}

#[test]
fn a_file_that_does_not_parse_does_not_stop_the_run() {
    let run = expectations_hold("broken");
    let not_checked: Vec<&str> = run.report["not_checked"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["file"].as_str())
        .collect();
    assert!(
        not_checked.iter().any(|f| f.ends_with("Broken.java")),
        "the file javac rejects is listed as not checked: {not_checked:?}"
    );
    // Its crashes had tests; they are left out with the file, never compiled and counted
    // as tests javac rejected.
    assert_eq!(
        run.report["uncompiled"].as_array().map_or(0, Vec::len),
        0,
        "{}",
        run.report["uncompiled"]
    );
    assert_eq!(not_compiled_or_run(&run), (0, 0));
}

#[test]
fn invariants_from_the_projects_tests_remove_crashes_outside_usage() {
    let root = root().join("tests/fixtures/usage");
    let src = root.join("src/main/java");
    let tests = root.join("src/test/java");
    let with = check(
        "usage-dsd",
        &src,
        &["--tests", tests.to_str().expect("utf-8 path")],
    );
    let problems = mismatches(&with, &src, true);
    assert!(
        problems.is_empty(),
        "with --tests:\n{}",
        problems.join("\n")
    );
    assert!(with.work.join("invariants.json").exists());
    let without = check("usage-plain", &src, &[]);
    let problems = mismatches(&without, &src, false);
    assert!(
        problems.is_empty(),
        "without --tests:\n{}",
        problems.join("\n")
    );
}

#[test]
fn sources_in_a_package_of_the_jdk_are_compiled_and_tested_as_a_patch_of_its_module() {
    // `java.util.Tally` beside the ordinary package `shop` that uses it: the first is
    // compiled and tested as part of java.base, its package-private method included.
    let run = expectations_hold("jdkpatch");
    assert_eq!(
        not_compiled_or_run(&run),
        (0, 0),
        "every test compiles and runs"
    );
    let work = &run.work;
    assert!(work
        .join("patches/java.base/java/util/Tally.class")
        .is_file());
    assert!(work.join("classes/shop/Basket.class").is_file());
    assert!(!work.join("classes/java/util/Tally.class").exists());
}

#[test]
fn string_builders_and_buffers_throw_where_the_jdk_does() {
    fixture("builders");
}

#[test]
fn platform_classes_outside_the_model_are_typed_from_the_jdk() {
    fixture("platform");
}

#[test]
fn streams_and_readers_over_arrays_and_strings_are_inputs_and_end_where_the_jdk_ends() {
    fixture("streams");
}

#[test]
fn lambdas_method_references_and_anonymous_classes_run_where_they_are_called() {
    fixture("lambdas");
}

#[test]
fn pattern_matching_in_switch_with_guards_null_and_sealed_hierarchies() {
    fixture("patterns");
}

#[test]
fn records_enums_the_jdks_documented_nulls_and_a_stub_of_a_jdk_class() {
    // A record is made through its compact constructor, an enum's method runs on its
    // constants, the JDK's lookups that find nothing return null; the project's own
    // `java.lang.Integer` is left out with a line saying so, and the tests run on the JDK's.
    let run = expectations_hold("modern");
    assert_eq!(not_compiled_or_run(&run), (0, 0));
    let left_out = &run.report["not_checked"];
    assert_eq!(left_out.as_array().map(Vec::len), Some(1), "{left_out}");
    assert_eq!(
        left_out[0]["file"]
            .as_str()
            .map(|f| f.ends_with("java/lang/Integer.java")),
        Some(true)
    );
    assert!(!run
        .work
        .join("patches/java.base/java/lang/Integer.class")
        .exists());
}

#[test]
fn sources_in_another_encoding_are_read_and_compiled_in_it() {
    // `"café"` in ISO-8859-1 is four chars: read as UTF-8 it is no text at all.
    let src = root().join("tests/fixtures/encoded");
    let run = check("encoded", &src, &["--encoding", "ISO-8859-1"]);
    let problems = mismatches(&run, &src, false);
    assert!(problems.is_empty(), "encoded:\n{}", problems.join("\n"));
    assert_eq!(not_compiled_or_run(&run), (0, 0));
    let program = std::fs::read_to_string(run.work.join("ir/program.json")).unwrap();
    assert!(program.contains("\"encoding\":\"ISO-8859-1\""));
}

#[test]
fn jdk_contracts_of_collections_optional_arrays_and_parsing() {
    fixture("contracts");
}

/// Substrings, strings of chars and array copies hold what they were made from: every
/// model of a crash through them is a real crash (with contents unknown, two of three
/// tests of `unbracket` were refuted; with zeros, `fromChars` had no crash at all).
#[test]
fn copies_keep_their_contents() {
    let run = expectations_hold("copies");
    assert_eq!(not_compiled_or_run(&run), (0, 0));
    assert_eq!(
        run.report["summary"]["tests"]["refuted"], 0,
        "every test of a crash through a copy reproduces it"
    );
}

/// Inputs as small as the crash allows: a crash that needs one number large (an overflow
/// of `length * times`, an index at `Integer.MIN_VALUE`) keeps strings and arrays at most
/// 8 long. Before, `repeat` was tested on a string of 2,048 chars or more (most of them
/// NULs) and `reverse` on arrays of thousands of elements.
#[test]
fn inputs_are_as_small_as_the_crash_allows() {
    let run = expectations_hold("readable");
    assert_eq!(not_compiled_or_run(&run), (0, 0));
    let findings = run.report["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 2, "{findings:?}");
    for finding in findings {
        let inputs = finding["test"]["inputs"].as_array().expect("inputs");
        for input in inputs.iter().filter_map(|i| i.as_str()) {
            assert!(shown_length(input) <= 8, "an input too long: {input}");
        }
    }
}

/// The length of the string literal or array initialiser an input line shows
/// (`text = "a\u0000b"` is 3 long, `values = new int[] {1, 2}` 2), 0 for other inputs.
fn shown_length(input: &str) -> usize {
    if let (Some(open), Some(close)) = (input.find('"'), input.rfind('"')) {
        let literal = &input[open + 1..close];
        let escapes = literal.matches("\\u").count();
        return literal.chars().count() - 5 * escapes;
    }
    match (input.find('{'), input.rfind('}')) {
        (Some(open), Some(close)) if close > open + 1 => input[open + 1..close].split(',').count(),
        _ => 0,
    }
}
