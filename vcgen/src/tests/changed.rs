//! PR mode: only the methods a change touched are checked, through their own entries and
//! their callers'.

use super::{check_goals_with, check_sites_with};
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
        recursion: 1,
        calls: Vec::new(),
        beyond_usage: false,
        library_callee: None,
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

const CALLS: &str = r#"
    public class R {
        public static int both(int x) {
            int p = half(x);
            int q = half(x + 1);
            return p + q;
        }
        static int half(int y) { return 10 / y; }
        public static int down(int n) {
            if (n > 0) { return down(n - 2); }
            return 10 / (n + 1);
        }
    }
    "#;

/// A focus on `R`'s crash at `line` of `method`, through `entry`.
fn focus(
    entry: (&str, &str),
    method: &str,
    line: u32,
    call_lines: &[u32],
    recursion: u32,
) -> Options {
    Options {
        focus: Some(crate::Focus {
            entries: vec![("R".to_string(), entry.0.to_string(), entry.1.to_string())],
            class: "R".to_string(),
            method: method.to_string(),
            line,
            exception: "java.lang.ArithmeticException".to_string(),
            recursion,
            calls: call_lines
                .iter()
                .map(|&line| crate::TraceCall {
                    line,
                    callee: "R".to_string(),
                })
                .collect(),
            beyond_usage: false,
            library_callee: None,
        }),
        ..Options::default()
    }
}

#[test]
fn a_focus_reaches_its_crash_only_through_the_calls_on_the_trace_s_lines() {
    // `half` is called on lines 3 and 4: the trace's line picks the call, and a line
    // with no call leaves no goal.
    let both = ("both", "(I)I");
    check_goals_with(
        CALLS,
        &focus(both, "half(I)I", 7, &[4], 1),
        expect![[r#"
            7:40 ArithmeticException R.half(int) via R.both(int) direct: (and (not (= x 0)) (= (bvadd x 1) 0))
        "#]],
    );
    check_goals_with(CALLS, &focus(both, "half(I)I", 7, &[5], 1), expect![""]);
}

#[test]
fn a_focus_follows_recursion_as_deep_as_the_trace_and_no_deeper() {
    // `down` calls itself once more at most: the crash is reached at once or after one
    // recursive call, and the path into a third activation is left out.
    let down = ("down", "(I)I");
    check_goals_with(
        CALLS,
        &focus(down, "down(I)I", 10, &[], 1),
        expect![[r#"
            10:19 ArithmeticException R.down(int) direct: (or (and (and (bvsgt n 0) (not (bvsgt (bvsub n 2) 0))) (= (bvadd (bvsub n 2) 1) 0)) (and (not (bvsgt n 0)) (= (bvadd n 1) 0)))
        "#]],
    );
}

const DISPATCH: &str = r#"
    interface Op { int run(int x); }
    class A implements Op { public int run(int x) { return x; } }
    class B implements Op { public int run(int x) { return x + 1; } }
    class C implements Op { public int run(int x) { return x + 2; } }
    class D implements Op { public int run(int x) { return x + 3; } }
    class E implements Op { public int run(int x) { return 10 / x; } }
    public class R {
        public static int apply(Op[] ops, int x) {
            return ops[0].run(x);
        }
    }
    "#;

/// A focus on `E.run`'s division through `R.apply`, whose call on line 9 the trace shows
/// entering the class `callee`.
fn dispatched(callee: &str) -> Options {
    Options {
        focus: Some(crate::Focus {
            entries: vec![("R".into(), "apply".into(), "([LOp;I)I".into())],
            class: "E".into(),
            method: "run(I)I".into(),
            line: 6,
            exception: "java.lang.ArithmeticException".into(),
            recursion: 1,
            calls: vec![crate::TraceCall {
                line: 9,
                callee: callee.into(),
            }],
            beyond_usage: false,
            library_callee: None,
        }),
        ..Options::default()
    }
}

#[test]
fn a_call_with_too_many_targets_runs_the_one_the_trace_shows() {
    // Five classes implement `run`: too many to follow on an array's element (an input the
    // harness chose among its candidates would be one of theirs), so only the one the
    // trace names runs (the receiver typed as it), and another one named leaves no goal.
    check_goals_with(
        DISPATCH,
        &dispatched("E"),
        expect![[r#"
            6:59 ArithmeticException E.run(int) via R.apply(Op[], int) constructor: (and (and (and (and (and (or (= how(ops) 0) (or (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 0)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 1)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 2)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 3)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 4)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 5)) (and (or (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 0)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 1)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 2)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 3)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 4)) (and (or (and (= how(ops) 1) (= how(ops[0]) 0)) (and (= how(ops) 1) (= how(ops[0]) 1)) (and (= how(ops) 1) (= how(ops[0]) 2)) (and (= how(ops) 1) (= how(ops[0]) 3)) (and (= how(ops) 1) (= how(ops[0]) 4))) (= how(ops[1]) 5))) (= how(ops[2]) 6)))) (not (= m!1 0))) (not (bvsge 0 (alen m!1)))) (not (= (select (select m!2 m!1) 0) 0))) (= (dtype (select (select m!2 m!1) 0)) 124)) (= x 0))
        "#]],
    );
    check_goals_with(DISPATCH, &dispatched("A"), expect![""]);
}

const THROWS: &str = r#"
    class Bad extends Exception { Bad(String m) { super(m); } }
    public class T {
        public static int rate(int r) {
            if (r > 100) { throw new IllegalArgumentException("rate"); }
            return r;
        }
        public static int checked(int r) throws Bad {
            if (r < 0) { throw new Bad("negative"); }
            return r;
        }
        public static int made(int r) {
            if (r == 7) { throw fault(r); }
            return r;
        }
        static IllegalStateException fault(int r) {
            return new IllegalStateException() { };
        }
        public static int parsed(String s) throws Bad {
            return Integer.parseInt(s);
        }
        public static Class<?> load(String name) throws Exception {
            return Class.forName(name);
        }
        public static int order(Double a, Double b) {
            return a.compareTo(b);
        }
        public static int named(String name) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("no name: "
                        + name.trim());
            }
            return name.length();
        }
        public static int wrap(String s) {
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new IllegalStateException(s);
            }
        }
    }
    "#;

/// A focus on the trace's `exception` at `line` of `T.method`, through the entry `T.entry`
/// (name and descriptor).
fn thrown(entry: (&str, &str), method: &str, line: u32, exception: &str) -> Options {
    thrown_in(entry, method, line, exception, None)
}

/// [`thrown`], with the class of the library method the trace shows the crash's frame
/// calling, when its top frames are a library's.
fn thrown_in(
    entry: (&str, &str),
    method: &str,
    line: u32,
    exception: &str,
    library_callee: Option<&str>,
) -> Options {
    Options {
        focus: Some(crate::Focus {
            entries: vec![("T".into(), entry.0.into(), entry.1.into())],
            class: "T".into(),
            method: method.into(),
            line,
            exception: exception.into(),
            recursion: 1,
            calls: Vec::new(),
            beyond_usage: false,
            library_callee: library_callee.map(String::from),
        }),
        ..Options::default()
    }
}

#[test]
fn a_focus_aims_at_the_exceptions_the_code_makes_itself() {
    // `throw new` of a JDK exception and of a checked one of the project's: reaching the
    // construction is the goal.
    check_goals_with(
        THROWS,
        &thrown(
            ("rate", "(I)I"),
            "rate(I)I",
            4,
            "java.lang.IllegalArgumentException",
        ),
        expect![[r#"
            4:30 IllegalArgumentException T.rate(int) direct: (bvsgt r 100)
        "#]],
    );
    check_goals_with(
        THROWS,
        &thrown(("checked", "(I)I"), "checked(I)I", 8, "Bad"),
        expect![[r#"
            8:28 Bad T.checked(int) direct: (bvslt r 0)
        "#]],
    );
    // The exception a factory makes, an anonymous subclass: the trace's top frame is the
    // factory's, reached from the method that throws what it returns.
    check_goals_with(
        THROWS,
        &thrown(
            ("made", "(I)I"),
            "fault(I)Ljava/lang/IllegalStateException;",
            16,
            "T$1",
        ),
        expect![[r#"
            16:16 T$1 T.fault(int) via T.made(int) direct: (= r 7)
        "#]],
    );
    // A construction over two lines, reported at the second one (javac numbers the
    // constructor's call with the line of the last call before it, `trim()`).
    let named = ("named", "(Ljava/lang/String;)I");
    check_sites_with(
        THROWS,
        &thrown(
            named,
            &format!("named{}", named.1),
            30,
            "java.lang.IllegalArgumentException",
        ),
        expect![[r#"
            29:19 IllegalArgumentException T.named(String): direct
        "#]],
    );
    // Another exception at that line is not the trace's.
    check_goals_with(
        THROWS,
        &thrown(
            ("rate", "(I)I"),
            "rate(I)I",
            4,
            "java.lang.IllegalStateException",
        ),
        expect![""],
    );
}

#[test]
fn a_focus_aims_at_the_jdk_model_s_own_throws_below_the_trace_s_line() {
    // Integer.parseInt's NumberFormatException, thrown in the model, at the calling line.
    check_sites_with(
        THROWS,
        &thrown(
            ("parsed", "(Ljava/lang/String;)I"),
            "parsed(Ljava/lang/String;)I",
            19,
            "java.lang.NumberFormatException",
        ),
        expect![[r#"
            19:16 NumberFormatException precondition T.parsed(String): direct
        "#]],
    );
}

#[test]
fn a_focus_aims_at_what_a_library_call_throws_below_the_trace_s_line() {
    // Class.forName's ClassNotFoundException, a checked exception the model throws.
    let load = ("load", "(Ljava/lang/String;)Ljava/lang/Class;");
    check_sites_with(
        THROWS,
        &thrown(
            load,
            &format!("load{}", load.1),
            22,
            "java.lang.ClassNotFoundException",
        ),
        expect![[r#"
            22:16 ClassNotFoundException T.load(String): direct
        "#]],
    );
    // Double.compareTo has no body in the model: when the trace's top frames are the
    // library's, the call may throw the trace's exception, for the test to confirm.
    let order = ("order", "(Ljava/lang/Double;Ljava/lang/Double;)I");
    let method = format!("order{}", order.1);
    let exception = "java.lang.IllegalStateException";
    check_goals_with(
        THROWS,
        &thrown_in(order, &method, 25, exception, Some("java.lang.Double")),
        expect![[r#"
            25:16 IllegalStateException T.order(Double, Double) direct: (and (and (or (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 0)) (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 1))) (not (= m!1 0))) throws!2)
        "#]],
    );
    check_goals_with(THROWS, &thrown(order, &method, 25, exception), expect![""]);
    // A NullPointerException there needs a reference argument null.
    let npe = "java.lang.NullPointerException";
    check_goals_with(
        THROWS,
        &thrown_in(order, &method, 25, npe, Some("java.lang.Double")),
        expect![[r#"
        25:16 NullPointerException T.order(Double, Double) direct: (or (and (or (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 0)) (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 1))) (= m!1 0)) (and (and (or (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 0)) (and (or (= how(a) 0) (= how(a) 1)) (= how(b) 1))) (not (= m!1 0))) (= m!2 0)))
    "#]],
    );
}

#[test]
fn a_focus_aims_at_a_crash_a_handler_catches() {
    // parseInt's NumberFormatException, caught and wrapped in an IllegalStateException: a
    // goal under a focus (the trace shows it as the cause), none in `dsd check`.
    let wrap = ("wrap", "(Ljava/lang/String;)I");
    let method = format!("wrap{}", wrap.1);
    let exception = "java.lang.NumberFormatException";
    check_sites_with(
        THROWS,
        &thrown(wrap, &method, 36, exception),
        expect![[r#"
            36:20 NumberFormatException precondition T.wrap(String): direct
        "#]],
    );
}

#[test]
fn without_a_focus_the_code_s_own_throws_are_no_sites() {
    check_sites_with(
        THROWS,
        &Options::default(),
        expect![[r#"
            19:16 NumberFormatException precondition T.parsed(String): direct
            22:16 NullPointerException T.load(String): direct
            25:16 NullPointerException T.order(Double, Double): direct
            28:13 NullPointerException T.named(String): direct
            30:23 NullPointerException T.named(String): direct
            32:16 NullPointerException T.named(String): direct
        "#]],
    );
}

#[test]
fn reproducing_a_class_cast_the_element_casts_of_generic_lists_are_sites() {
    // javac casts each element to `Integer` at the loop's line; `dsd check` takes callers
    // to respect the type argument, a trace of that cast failing shows one that did not.
    let java = r#"
        import java.util.List;
        public class T {
            public static int sum(List<Integer> xs) {
                int s = 0;
                for (Integer x : xs) { s += x; }
                return s;
            }
        }
        "#;
    check_sites_with(
        java,
        &thrown(
            ("sum", "(Ljava/util/List;)I"),
            "sum(Ljava/util/List;)I",
            5,
            "java.lang.ClassCastException",
        ),
        expect![[r#"
            5:26 ClassCastException bounded T.sum(List): constructor
        "#]],
    );
    check_sites_with(
        java,
        &Options::default(),
        expect![[r#"
        5:26 NullPointerException T.sum(List): constructor
        5:37 NullPointerException bounded T.sum(List): constructor
    "#]],
    );
}

#[test]
fn reproducing_a_class_cast_the_casts_of_bridge_methods_are_sites() {
    // `Integer.compareTo(Integer)` called as `Comparable.compareTo(Object)` is entered
    // through javac's bridge, whose cast fails on an argument of another class; so is the
    // first comparison of `Arrays.sort` on elements that are not mutually comparable.
    let java = r#"
        import java.util.Arrays;
        public class T {
            @SuppressWarnings("unchecked")
            public static int order(Integer a, Object b) {
                Comparable<Object> c = (Comparable<Object>) (Object) a;
                return c.compareTo(b);
            }
            public static Object[] sorted(Integer a, Object b) {
                Object[] both = {b, a};
                Arrays.sort(both);
                return both;
            }
        }
        "#;
    let order = thrown(
        ("order", "(Ljava/lang/Integer;Ljava/lang/Object;)I"),
        "order(Ljava/lang/Integer;Ljava/lang/Object;)I",
        6,
        "java.lang.ClassCastException",
    );
    check_sites_with(
        java,
        &order,
        expect![[r#"
        6:16 ClassCastException T.order(Integer, Object): constructor
    "#]],
    );
    let mut sorted = thrown_in(
        (
            "sorted",
            "(Ljava/lang/Integer;Ljava/lang/Object;)[Ljava/lang/Object;",
        ),
        "sorted(Ljava/lang/Integer;Ljava/lang/Object;)[Ljava/lang/Object;",
        10,
        "java.lang.ClassCastException",
        Some("java.util.Arrays"),
    );
    check_sites_with(
        java,
        &sorted,
        expect![[r#"
        10:9 ClassCastException T.sorted(Integer, Object): constructor
    "#]],
    );
    sorted.focus = None;
    check_sites_with(
        java,
        &sorted,
        expect![[r#"
        5:32 ClassCastException T.order(Integer, Object): constructor
        6:16 NullPointerException T.order(Integer, Object): constructor
    "#]],
    );
}

#[test]
fn reproducing_a_class_cast_a_generic_methods_result_is_cast_to_the_calls_type() {
    // `e.getKey()` returns an `Object` that javac casts to `String` at the call's line.
    let java = r#"
        import java.util.Map;
        public class T {
            public static int keys(Map<String, Integer> m) {
                int n = 0;
                for (Map.Entry<String, Integer> e : m.entrySet()) {
                    String k = e.getKey();
                    n += k.length();
                }
                return n;
            }
        }
        "#;
    let mut keys = thrown(
        ("keys", "(Ljava/util/Map;)I"),
        "keys(Ljava/util/Map;)I",
        6,
        "java.lang.ClassCastException",
    );
    check_sites_with(
        java,
        &keys,
        expect![[r#"
        6:24 ClassCastException bounded T.keys(Map): constructor
    "#]],
    );
    keys.focus = None;
    check_sites_with(
        java,
        &keys,
        expect![[r#"
        5:45 NullPointerException T.keys(Map): constructor
        6:24 NullPointerException bounded T.keys(Map): constructor
        7:18 NullPointerException bounded T.keys(Map): constructor
    "#]],
    );
}

#[test]
fn a_focus_aims_at_jdk_exceptions_made_with_any_of_their_constructors() {
    // JDK 17's constructors from an index and from a cause or an object: without them in
    // the JDK model, `new` named no constructor and was no site (commons-math3's
    // `ResizableDoubleArray.getElement` throws `new ArrayIndexOutOfBoundsException(index)`).
    let java = r#"
        public class T {
            public static int at(int i) {
                if (i > 3) { throw new ArrayIndexOutOfBoundsException(i); }
                if (i < -3) { throw new IndexOutOfBoundsException(i); }
                if (i == 0) { throw new AssertionError(i); }
                if (i == 1) { throw new Error("one", null); }
                return i;
            }
        }
        "#;
    let at = ("at", "(I)I");
    for (line, exception) in [
        (3, "java.lang.ArrayIndexOutOfBoundsException"),
        (4, "java.lang.IndexOutOfBoundsException"),
        (5, "java.lang.AssertionError"),
        (6, "java.lang.Error"),
    ] {
        let sites = super::sites_with(java, &thrown(at, "at(I)I", line, exception));
        let kind = exception.rsplit('.').next().expect("a simple name");
        assert!(
            sites.starts_with(&format!("{line}:")) && sites.contains(kind),
            "{exception} at line {line}: {sites}"
        );
    }
}

#[test]
fn a_call_with_too_many_targets_at_the_crash_runs_the_library_method_the_trace_shows() {
    // `CharSequence.charAt` has more implementations than a call follows: at the crash's
    // line, the one the trace's top frames are in (`String`'s) runs, with its index check.
    let java = r#"
        class A implements CharSequence {
            public int length() { return 0; }
            public char charAt(int i) { return 'a'; }
            public CharSequence subSequence(int s, int e) { return this; }
        }
        class B extends A { public char charAt(int i) { return 'b'; } }
        class C extends A { public char charAt(int i) { return 'c'; } }
        public class T {
            public static char at(CharSequence s, int i) { return s.charAt(i); }
        }
        "#;
    let at = ("at", "(Ljava/lang/CharSequence;I)C");
    let method = format!("at{}", at.1);
    let exception = "java.lang.StringIndexOutOfBoundsException";
    check_sites_with(
        java,
        &thrown_in(at, &method, 9, exception, Some("java.lang.String")),
        expect![[r#"
            9:59 StringIndexOutOfBoundsException T.at(CharSequence, int): constructor
        "#]],
    );
    check_sites_with(
        java,
        &thrown_in(at, &method, 9, exception, Some("java.lang.Object")),
        expect![""],
    );
}
