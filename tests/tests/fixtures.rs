//! Fixture projects whose comments say which lines must be reported and which must not.

use dsd_tests::{check, mismatches, root};

fn fixture(name: &str) {
    let src = root().join("tests/fixtures").join(name);
    let run = check(name, &src, &[]);
    let problems = mismatches(&run, &src);
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
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
fn a_file_that_does_not_parse_does_not_stop_the_run() {
    fixture("broken");
}
