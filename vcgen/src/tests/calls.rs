//! Calls: inlining of private helpers, virtual dispatch, opaque calls.

use super::{check_sites, goals};
use crate::Options;
use expect_test::expect;

#[test]
fn private_helper_reported_through_its_caller() {
    check_sites(
        r#"
        public class A {
            private static int div(int a, int b) { return a / b; }
            public static int run(int a, int b) { return div(a, b); }
        }
        "#,
        expect![[r#"
            2:53 ArithmeticException A.div(int, int): via A.run(int, int): direct
        "#]],
    );
}

#[test]
fn public_callee_is_checked_through_itself_and_its_callers() {
    check_sites(
        r#"
        public class A {
            public static int div(int a, int b) { return a / b; }
            public static int run(int a, int b) { return div(a, b); }
        }
        "#,
        expect![[r#"
            2:52 ArithmeticException A.div(int, int): direct; via A.run(int, int): direct
        "#]],
    );
}

#[test]
fn helper_argument_folded_at_the_call() {
    check_sites(
        r#"
        public class A {
            private static int div(int a, int b) { return a / b; }
            public static int run(int a) { return div(a, 4); }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn helper_at_the_inlining_depth() {
    check_sites(
        r#"
        public class A {
            private static int d1(int a, int b) { return d2(a, b); }
            private static int d2(int a, int b) { return d3(a, b); }
            private static int d3(int a, int b) { return a / b; }
            public static int run(int a, int b) { return d1(a, b); }
        }
        "#,
        expect![[r#"
            4:52 ArithmeticException A.d3(int, int): via A.run(int, int): direct
        "#]],
    );
}

// One call deeper than Options::inline_depth (3): the call to `d4` is not inlined and its
// site is not seen, as no test can call the private `d4` directly.
#[test]
fn helper_past_the_inlining_depth_is_not_seen() {
    check_sites(
        r#"
        public class A {
            private static int d1(int a, int b) { return d2(a, b); }
            private static int d2(int a, int b) { return d3(a, b); }
            private static int d3(int a, int b) { return d4(a, b); }
            private static int d4(int a, int b) { return a / b; }
            public static int run(int a, int b) { return d1(a, b); }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn recursion_is_cut() {
    check_sites(
        r#"
        public class A {
            private static int f(int n, int d) { return n <= 0 ? 1 / d : f(n - 1, d); }
            public static int run(int n, int d) { return f(n, d); }
        }
        "#,
        expect![[r#"
            2:60 ArithmeticException A.f(int, int): via A.run(int, int): direct
        "#]],
    );
}

#[test]
fn virtual_dispatch_with_few_implementations() {
    check_sites(
        r#"
        public class A {
            interface Shape { int area(int d); }
            private static class Square implements Shape {
                public int area(int d) { return 10 / d; }
            }
            private static class Circle implements Shape {
                private final int[] r = {1, 2};
                public int area(int d) { return r[d]; }
            }
            private final Shape s;
            public A(boolean square) { s = square ? new Square() : new Circle(); }
            public int run(int d) { return s.area(d); }
        }
        "#,
        expect![[r#"
            4:44 ArithmeticException A.Square.area(int): via A.run(int): constructor
            8:41 ArrayIndexOutOfBoundsException A.Circle.area(int): via A.run(int): constructor
            8:41 NullPointerException A.Circle.area(int): via A.run(int): constructor
            12:36 NullPointerException A.run(int): constructor, reflection
        "#]],
    );
}

#[test]
fn call_with_four_implementations_is_inlined() {
    check_sites(
        r#"
        public class A {
            interface I { int f(int d); }
            private static class B1 implements I { public int f(int d) { return 1 / d; } }
            private static class B2 implements I { public int f(int d) { return 2 / d; } }
            private static class B3 implements I { public int f(int d) { return 3 / d; } }
            private static class B4 implements I { public int f(int d) { return 4 / d; } }
            private final I i;
            public A(int k) { i = k == 1 ? new B1() : k == 2 ? new B2() : k == 3 ? new B3() : new B4(); }
            public int run(int d) { return i.f(d); }
        }
        "#,
        expect![[r#"
            3:75 ArithmeticException A.B1.f(int): via A.run(int): constructor
            4:75 ArithmeticException A.B2.f(int): via A.run(int): constructor
            5:75 ArithmeticException A.B3.f(int): via A.run(int): constructor
            6:75 ArithmeticException A.B4.f(int): via A.run(int): constructor
            9:36 NullPointerException A.run(int): constructor, reflection
        "#]],
    );
}

// With a fifth implementation the call is opaque: its targets' sites are not reached
// through `run`, and as private classes they are not entries of their own.
#[test]
fn call_with_five_implementations_is_opaque() {
    check_sites(
        r#"
        public class A {
            interface I { int f(int d); }
            private static class B1 implements I { public int f(int d) { return 1 / d; } }
            private static class B2 implements I { public int f(int d) { return 2 / d; } }
            private static class B3 implements I { public int f(int d) { return 3 / d; } }
            private static class B4 implements I { public int f(int d) { return 4 / d; } }
            private static class B5 implements I { public int f(int d) { return 5 / d; } }
            private final I i;
            public A(int k) { i = k == 1 ? new B1() : k == 2 ? new B2() : k == 3 ? new B3() : k == 4 ? new B4() : new B5(); }
            public int run(int d) { return i.f(d); }
        }
        "#,
        expect![[r#"
            10:36 NullPointerException A.run(int): constructor, reflection
        "#]],
    );
}

#[test]
fn call_on_object_with_one_override_is_inlined() {
    check_sites(
        r#"
        public class A {
            private static class B {
                private int z;
                B(int z) { this.z = z; }
                public int hashCode() { return 1 / z; }
            }
            private final Object o;
            public A(int z) { o = new B(z); }
            public int run() { return o.hashCode(); }
        }
        "#,
        expect![[r#"
            5:42 ArithmeticException A.B.hashCode(): via A.run(): constructor, reflection
            9:31 NullPointerException A.run(): reflection
        "#]],
    );
}

// `Object.hashCode` has the JDK model's implementations as well as the project's: with
// five overrides the call is opaque, and the division by zero in each (a real crash:
// `new A(1).run()`) is not seen, as private classes are not entries of their own.
#[test]
fn call_on_object_with_many_implementations_is_opaque() {
    check_sites(
        r#"
        public class A {
            static int z;
            private static class B1 { public int hashCode() { return 1 / z; } }
            private static class B2 { public int hashCode() { return 2 / z; } }
            private static class B3 { public int hashCode() { return 3 / z; } }
            private static class B4 { public int hashCode() { return 4 / z; } }
            private static class B5 { public int hashCode() { return 5 / z; } }
            private final Object o;
            public A(int k) { o = k == 1 ? new B1() : k == 2 ? new B2() : k == 3 ? new B3() : k == 4 ? new B4() : new B5(); }
            public int run() { return o.hashCode(); }
        }
        "#,
        expect![[r#"
            10:31 NullPointerException A.run(): constructor, reflection
        "#]],
    );
}

#[test]
fn call_with_few_overriders_is_inlined() {
    check_sites(
        r#"
        public class A {
            public static int run(Base b, int d) { return b.f(d); }
        }
        class Base { int f(int d) { return 1; } }
        class Sub extends Base { int f(int d) { return 10 / d; } }
        "#,
        expect![[r#"
            2:51 NullPointerException A.run(Base, int): constructor
            5:51 ArithmeticException Sub.f(int): constructor; via A.run(Base, int): constructor
        "#]],
    );
}

#[test]
fn null_returned_by_a_helper() {
    check_sites(
        r#"
        public class A {
            private static String pick(int k) { return k > 0 ? "x" : null; }
            public static int run(int k) { return pick(k).length(); }
        }
        "#,
        expect![[r#"
            3:43 NullPointerException A.run(int): direct
        "#]],
    );
}

#[test]
fn unmodelled_library_call_result() {
    check_sites(
        r#"
        import java.util.HashMap;
        public class A {
            public static int run(HashMap<String, String> m) { return m.get("k").length(); }
        }
        "#,
        expect![[r#"
            3:63 NullPointerException A.run(HashMap): constructor
        "#]],
    );
}

#[test]
fn sites_in_several_files() {
    check_sites(
        r#"
        //- /p/A.java
        package p;
        public class A {
            public static int run(B b) { return b.get(); }
        }
        //- /p/B.java
        package p;
        public class B {
            private int[] xs;
            public B(int n) { xs = new int[n]; }
            public int get() { return xs[0]; }
        }
        "#,
        expect![[r#"
            p/A.java:3:41 NullPointerException A.run(B): constructor
            p/B.java:4:36 NegativeArraySizeException B.<init>(int): direct
            p/B.java:5:31 ArrayIndexOutOfBoundsException B.get(): constructor, reflection; via A.run(B): constructor
            p/B.java:5:31 NullPointerException B.get(): reflection; via A.run(B): constructor
        "#]],
    );
}

// A caller's call-chain variant prepares the caller's receiver, not the callee's state:
// the callee's site is asked through the caller's constructor variant only.
#[test]
fn a_callee_is_not_asked_again_through_its_callers_call_chains() {
    check_sites(
        r#"
        public class A {
            private int d;
            public A() {}
            public void set(int v) { d = v; }
            public static int div(int a, int b) { return a / b; }
            public int run(int a) { return div(a, d); }
        }
        "#,
        expect![[r#"
            5:52 ArithmeticException A.div(int, int): direct; via A.run(int): constructor
        "#]],
    );
}

// A caller's caller is asked about a callee's site when it writes static state of another
// class that the callee reads: `Top.run` sets the divisor two calls up; `Top.other` sets
// nothing, so `Mid.pass`'s own entry speaks for it.
#[test]
fn a_callers_caller_that_sets_a_static_the_callee_reads_is_asked() {
    check_sites(
        r#"
        //- /Flags.java
        public class Flags {
            static int d = 1;
        }
        //- /Sink.java
        public class Sink {
            public static int div(int a) { return a / Flags.d; }
        }
        //- /Mid.java
        public class Mid {
            public static int pass(int a) { return Sink.div(a); }
        }
        //- /Top.java
        public class Top {
            public static int run(int a) { Flags.d = 0; return Mid.pass(a); }
            public static int other(int a) { return Mid.pass(a); }
        }
        "#,
        expect![[r#"
            Sink.java:2:45 ArithmeticException Sink.div(int): via Top.run(int): direct
        "#]],
    );
}

#[test]
fn a_call_too_wide_to_inline_forgets_only_what_its_receivers_class_writes() {
    // Five implementations are too many to inline (the sink is an array's element, not an
    // input the harness chose among its candidates); only `Log` writes an `int` array, so
    // after `first.put` the array `rest` keeps its element unless `first` is a `Log`.
    let java = r#"
        public interface Sink { void put(Object o); }
        public class S1 implements Sink { public void put(Object o) {} }
        public class S2 implements Sink { public void put(Object o) {} }
        public class S3 implements Sink { public void put(Object o) {} }
        public class S4 implements Sink { public void put(Object o) {} }
        public class Log implements Sink {
            private final int[] count = new int[1];
            public void put(Object o) { count[0]++; }
        }
        public class A {
            public static int run(Sink[] sinks, int[] rest) {
                if (rest == null || rest.length != 1 || rest[0] != 0) return 0;
                Sink first = sinks[0];
                first.put("x");
                return 10 / rest[0];
            }
        }
        "#;
    let all = goals(java, &Options::default());
    let divide = all
        .lines()
        .find(|l| l.starts_with("15:19 ArithmeticException A.run(Sink[], int[]) constructor:"))
        .expect("the division's goal");
    assert!(
        divide.contains("(select (select (ite (= (dtype "),
        "the element read after the call is forgotten only for a Log: {divide}"
    );
}

#[test]
fn a_call_on_an_input_the_harness_chose_runs_the_methods_of_its_candidates() {
    // Five classes implement `run`, too many to inline on any `Op`; the harness offers
    // four of them for `op`, so the call runs one of theirs and each of their divisions is
    // reached through `apply`, but never the fifth's.
    check_sites(
        r#"
        public interface Op { int run(int x); }
        public class A implements Op { public int run(int x) { return 10 / x; } }
        public class B implements Op { public int run(int x) { return 10 / (x - 1); } }
        public class C implements Op { public int run(int x) { return 10 / (x - 2); } }
        public class D implements Op { public int run(int x) { return 10 / (x - 3); } }
        public class E implements Op { public int run(int x) { return 10 / (x - 4); } }
        public class R {
            public static int apply(Op op, int x) { return op.run(x); }
        }
        "#,
        expect![[r#"
            2:66 ArithmeticException A.run(int): constructor
            3:66 ArithmeticException B.run(int): constructor; via R.apply(Op, int): constructor
            4:66 ArithmeticException C.run(int): constructor; via R.apply(Op, int): constructor
            5:66 ArithmeticException D.run(int): constructor; via R.apply(Op, int): constructor
            6:66 ArithmeticException E.run(int): constructor; via R.apply(Op, int): constructor
            8:52 NullPointerException R.apply(Op, int): constructor
        "#]],
    );
}
