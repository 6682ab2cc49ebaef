//! What a run leaves out: files matched by `--exclude`, crash kinds named by `--ignore`.

use super::check_sites_with;
use crate::{Options, Scope};
use expect_test::expect;

const TWO_FILES: &str = r#"
    //- /app/A.java
    public class A {
        public static int run(int[] a, int d) { return gen.B.div(a.length, d); }
    }
    //- /gen/B.java
    package gen;
    public class B {
        public static int div(int n, int d) { return n / d; }
    }
    "#;

fn scoped(exclude: &[&str], ignore: &[&str]) -> Options {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    Options {
        scope: Scope::new(&strings(exclude), &strings(ignore)).unwrap(),
        ..Options::default()
    }
}

#[test]
fn everything_is_checked_by_default() {
    check_sites_with(
        TWO_FILES,
        &scoped(&[], &[]),
        expect![[r#"
            A.java:2:62 NullPointerException A.run(int[], int): direct
            gen/B.java:3:52 ArithmeticException B.div(int, int): direct; via A.run(int[], int): direct
        "#]],
    );
}

#[test]
fn an_excluded_file_has_no_entries_and_no_sites_even_through_callers() {
    check_sites_with(
        TWO_FILES,
        &scoped(&["gen/**"], &[]),
        expect![[r#"
            A.java:2:62 NullPointerException A.run(int[], int): direct
        "#]],
    );
}

#[test]
fn an_ignored_kind_has_no_sites() {
    check_sites_with(
        TWO_FILES,
        &scoped(&[], &["NullPointerException"]),
        expect![[r#"
            gen/B.java:3:52 ArithmeticException B.div(int, int): direct; via A.run(int[], int): direct
        "#]],
    );
}
