//! PR mode: only the methods a change touched are checked, through their own entries and
//! their callers'.

use super::check_sites_with;
use crate::{Changed, Options};
use expect_test::expect;
use std::path::Path;

const PROGRAM: &str = r#"
    //- /app/A.java
    public class A {
        private int[] table = new int[B.size];
        public A() { }
        public static int run(int[] a, int d) { return B.div(a.length, d); }
        public int at(int i) { return table[i]; }
        public static int twice(int n, int d) { return run(new int[n], d) * 2; }
    }
    //- /app/B.java
    public class B {
        public static int div(int n, int d) { return n / d; }
        public static int mod(int n, int d) { return n % d; }
        public static int size = 4;
    }
    "#;

/// Options of a run where the lines `ranges` of `file` changed.
fn changed(file: &str, ranges: &[(u32, u32)]) -> Options {
    let mut changed = Changed::default();
    for &(first, last) in ranges {
        changed.add(Path::new(file), first, last);
    }
    Options {
        changed: Some(changed),
        inline_depth: 1,
        ..Options::default()
    }
}

#[test]
fn a_changed_method_is_checked_through_its_callers_up_to_the_inline_depth() {
    // Depth 1: `run` calls `div`, `twice` is two calls away.
    check_sites_with(
        PROGRAM,
        &changed("/app/B.java", &[(2, 2)]),
        expect![[r#"
            B.java:2:52 ArithmeticException B.div(int, int): direct; via A.run(int[], int): direct
        "#]],
    );
}

#[test]
fn sites_of_unchanged_callees_are_not_reported_again() {
    check_sites_with(
        PROGRAM,
        &changed("/app/A.java", &[(4, 4)]),
        expect![[r#"
            A.java:4:58 NullPointerException A.run(int[], int): direct
        "#]],
    );
}

#[test]
fn a_line_outside_every_method_changes_what_runs_it() {
    let program = r#"
        //- /app/A.java
        public class A {
            private int[] table = new int[B.size];
            static { System.out.println(); }
            public A() { }
            public A(int n) { this(); }
            public int at(int i) { return table[i]; }
        }
        "#;
    let changed_methods = |first: u32, last: u32| -> Vec<String> {
        let files = super::fixture(program);
        let sources: Vec<(&str, &str)> = files
            .iter()
            .map(|(path, text)| (path.as_str(), text.as_str()))
            .collect();
        let (p, _) = frontend::parse_sources(&sources);
        let h = frontend::hierarchy::Hierarchy::new(&p);
        let effects = crate::effects::Effects::compute(&p, &h);
        let mut changed = Changed::default();
        changed.add(Path::new("/app/A.java"), first, last);
        crate::changed::select(&p, &effects, &changed, 0)
            .listed
            .into_iter()
            .flatten()
            .map(|m| m.method)
            .collect()
    };
    assert_eq!(
        changed_methods(2, 2),
        ["<clinit>()V", "<init>()V", "<init>(I)V"],
        "a field's initialiser runs in every constructor, or in the static initialiser"
    );
    assert_eq!(changed_methods(3, 3), changed_methods(2, 2));
    assert_eq!(changed_methods(5, 6), ["<init>(I)V", "at(I)I"]);
}

#[test]
fn a_focus_keeps_its_crash_alone_and_reaches_it_through_its_entries() {
    let focus = crate::Focus {
        entries: vec![("A".to_string(), "twice".to_string(), "(II)I".to_string())],
        class: "B".to_string(),
        method: "div(II)I".to_string(),
        line: 2,
        exception: "java.lang.ArithmeticException".to_string(),
    };
    check_sites_with(
        PROGRAM,
        &Options {
            focus: Some(focus),
            ..Options::default()
        },
        expect![[r#"
            B.java:2:52 ArithmeticException B.div(int, int): via A.twice(int, int): direct
        "#]],
    );
}
