//! Finally blocks: they run on every way out of a try, uncaught exceptions included.

use super::{check_goals, check_sites};
use expect_test::expect;

#[test]
fn a_finally_runs_when_the_body_throws() {
    check_goals(
        r#"
        public class A {
            public static void m(int x) {
                try {
                    if (x > 0) throw new IllegalStateException("boom");
                    return;
                } finally {
                    assert x < 5;
                }
            }
        }
        "#,
        expect![[r#"
            7:13 AssertionError A.m(int) direct: (or (and (not (bvsgt x 0)) (not (bvslt x 5))) (and (bvsgt x 0) (not (bvslt x 5))))
        "#]],
    );
}

#[test]
fn a_finally_reached_only_by_a_throw_has_sites() {
    check_sites(
        r#"
        public class A {
            public static void m(int d) {
                try {
                    throw new IllegalStateException();
                } finally {
                    int r = 10 / d;
                }
            }
        }
        "#,
        expect![[r#"
            6:24 ArithmeticException A.m(int): direct
        "#]],
    );
}

#[test]
fn a_failing_site_of_the_body_is_still_a_crash_and_runs_the_finally() {
    check_goals(
        r#"
        public class A {
            public static int m(String s, int d) {
                int r = 0;
                try {
                    r = s.length();
                } finally {
                    r = 10 / d;
                }
                return r;
            }
        }
        "#,
        expect![[r#"
            5:17 NullPointerException A.m(String, int) direct: (and (or (= how(s) 0) (= how(s) 1)) (= m!1 0))
            7:20 ArithmeticException A.m(String, int) direct: (or (and (and (or (= how(s) 0) (= how(s) 1)) (= m!1 0)) (= d 0)) (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (= d 0)))
        "#]],
    );
}

#[test]
fn a_site_caught_inside_the_try_is_not_a_crash() {
    check_sites(
        r#"
        public class A {
            public static void m(int a, int b) {
                try {
                    try {
                        a = a / b;
                    } catch (ArithmeticException e) {
                        a = 0;
                    }
                } finally {
                    a = a + 1;
                }
            }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn nested_finally_blocks_run_innermost_first() {
    check_goals(
        r#"
        public class A {
            public static void m(int d, int e) {
                try {
                    try {
                        throw new IllegalStateException();
                    } finally {
                        int r = 10 / d;
                    }
                } finally {
                    int q = 10 / e;
                }
            }
        }
        "#,
        expect![[r#"
            10:24 ArithmeticException A.m(int, int) direct: (and (or (= d 0) (not (= d 0))) (= e 0))
            7:28 ArithmeticException A.m(int, int) direct: (= d 0)
        "#]],
    );
}

#[test]
fn an_exception_thrown_in_a_catch_clause_runs_the_finally() {
    check_sites(
        r#"
        public class A {
            public static void m(int d) {
                try {
                    throw new IllegalStateException();
                } catch (IllegalStateException e) {
                    throw new IllegalArgumentException();
                } finally {
                    int r = 10 / d;
                }
            }
        }
        "#,
        expect![[r#"
            8:24 ArithmeticException A.m(int): direct
        "#]],
    );
}

#[test]
fn an_exception_leaving_a_callee_runs_the_callers_finally_in_the_callers_frame() {
    check_goals(
        r#"
        public class A {
            private static int div(int a, int b) {
                int q = a / b;
                return q;
            }
            public static int m(int a, int b, int c) {
                int d = c;
                try {
                    return div(a, b);
                } finally {
                    int r = 10 / d;
                }
            }
        }
        "#,
        expect![[r#"
            11:24 ArithmeticException A.m(int, int, int) direct: (or (and (not (= b 0)) (= c 0)) (and (= b 0) (= c 0)))
            3:19 ArithmeticException A.div(int, int) via A.m(int, int, int) direct: (= b 0)
        "#]],
    );
}

#[test]
fn a_callees_finally_runs_before_the_callers_handler() {
    check_goals(
        r#"
        public class A {
            private static void f(int x, int d) {
                try {
                    if (x > 0) throw new IllegalStateException();
                } finally {
                    int r = 10 / d;
                }
            }
            public static int m(int x, int d, int e) {
                try {
                    f(x, d);
                    return 0;
                } catch (IllegalStateException ex) {
                    return 10 / e;
                }
            }
        }
        "#,
        expect![[r#"
            14:23 ArithmeticException A.m(int, int, int) direct: (and (and (bvsgt x 0) (not (= d 0))) (= e 0))
            6:24 ArithmeticException A.f(int, int) via A.m(int, int, int) direct: (or (and (bvsgt x 0) (= d 0)) (and (not (bvsgt x 0)) (= d 0)))
        "#]],
    );
}

#[test]
fn a_finally_that_returns_discards_the_exception() {
    check_sites(
        r#"
        public class A {
            private static int swallow() {
                try {
                    throw new IllegalStateException();
                } finally {
                    return 0;
                }
            }
            public static int m(int d) {
                swallow();
                return 10 / d;
            }
        }
        "#,
        expect![[r#"
            11:19 ArithmeticException A.m(int): direct
        "#]],
    );
}
