//! Lambdas and method references: objects of their own classes, their bodies inlined where
//! the object's class is known.

use super::check_sites;
use expect_test::expect;

#[test]
fn a_lambda_body_is_checked_where_it_is_called_with_its_captured_locals() {
    check_sites(
        r#"
        public class A {
            interface Op { int apply(int x); }
            public static int run(int x, int d) {
                Op f = y -> y / d;
                return f.apply(x);
            }
            public static int safe(int x) {
                int d = 4;
                Op f = y -> y / d;
                return f.apply(x);
            }
        }
        "#,
        expect![[r#"
            4:23 ArithmeticException A..Lambda.1.apply(int): via A.run(int, int): direct
        "#]],
    );
}

#[test]
fn this_in_a_lambda_is_the_enclosing_instance() {
    check_sites(
        r#"
        public class A {
            interface Op { int apply(int x); }
            private int base;
            public A(int base) { this.base = base; }
            public int run(int x) {
                Op f = y -> y / this.base + y / base;
                return f.apply(x);
            }
        }
        "#,
        expect![[r#"
            6:23 ArithmeticException A..Lambda.1.apply(int): via A.run(int): constructor
            6:39 ArithmeticException A..Lambda.1.apply(int): via A.run(int): constructor
        "#]],
    );
}

#[test]
fn a_lambda_passed_to_a_method_is_typed_by_its_parameter() {
    check_sites(
        r#"
        public class A {
            interface Op { int apply(int x); }
            interface Pair { int apply(int x, int y); }
            static int call(Op f, int x) { return f.apply(x); }
            static int call(Pair f, int x) { return f.apply(x, x); }
            public static int run(int x) {
                return call((a, b) -> 10 / (a - b), x) + call(a -> 10 / a, x);
            }
        }
        "#,
        expect![[r#"
            4:43 NullPointerException A.call(A.Op, int): direct
            5:45 NullPointerException A.call(A.Pair, int): direct
            7:34 ArithmeticException A..Lambda.1.apply(int, int): via A.run(int): direct
            7:63 ArithmeticException A..Lambda.2.apply(int): via A.run(int): direct
        "#]],
    );
}

#[test]
fn method_references_call_their_method() {
    check_sites(
        r#"
        public class A {
            interface Op { int apply(int x); }
            interface Len { int of(String s); }
            private static int inverse(int x) { return 100 / x; }
            public static int run(int x) {
                Op f = A::inverse;
                return f.apply(x);
            }
            public static int bound(String s, String t) {
                Len l = s::compareTo;
                return l.of(t);
            }
        }
        "#,
        expect![[r#"
            4:52 ArithmeticException A.inverse(int): via A.run(int): direct
            10:17 NullPointerException precondition A.bound(String, String): direct
            11:16 NullPointerException A.bound(String, String): direct
        "#]],
    );
}

#[test]
fn an_anonymous_class_reads_its_captured_locals_and_its_enclosing_instance() {
    check_sites(
        r#"
        public class A {
            interface Op { int apply(int x); }
            private int base;
            public A(int base) { this.base = base; }
            public int run(int x, int d) {
                Op f = new Op() {
                    int first = 10 / d;
                    public int apply(int y) { return y / base + first; }
                };
                return f.apply(x);
            }
        }
        "#,
        expect![[r#"
            7:28 ArithmeticException A.1.<init>(int): via A.run(int, int): constructor
            8:48 ArithmeticException A.1.apply(int): via A.run(int, int): constructor
        "#]],
    );
}

#[test]
fn a_call_through_a_generic_interface_reaches_the_narrower_override() {
    check_sites(
        r#"
        public class A {
            interface Fn<T> { int apply(T x); }
            private static class Len implements Fn<String> {
                public int apply(String s) { return 10 / s.length(); }
            }
            public static int run(String s) {
                Fn<String> f = new Len();
                return f.apply(s);
            }
        }
        "#,
        expect![[r#"
            4:48 ArithmeticException A.Len.apply(String): via A.run(String): direct
            4:50 NullPointerException A.Len.apply(String): via A.run(String): direct
        "#]],
    );
}

/// A lambda kept in a list or a map and taken out again runs its body where it is called;
/// a lambda the entry made is never taken for an object that came from elsewhere.
#[test]
fn a_lambda_kept_in_a_collection_runs_where_it_is_taken_out() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            interface Op { int apply(int x); }
            public static int chain(int v, int m) {
                List<Op> ops = new ArrayList<>();
                ops.add(x -> x + 1);
                ops.add(x -> x % m);
                for (Op op : ops) { v = op.apply(v); }
                return v;
            }
            public static int byName(int v, int m, String name) {
                Map<String, Op> ops = new HashMap<>();
                ops.put("mod", x -> x % m);
                Op op = ops.get(name);
                return op == null ? v : op.apply(v);
            }
            public static int given(Op op, int v, int m) {
                Op mine = x -> x / m;
                return op.apply(v);
            }
        }
        "#,
        expect![[r#"
            7:24 ArithmeticException A..Lambda.2.apply(int): via A.chain(int, int): direct
            13:31 ArithmeticException A..Lambda.3.apply(int): via A.byName(int, int, String): direct
            15:33 NullPointerException A.byName(int, int, String): direct
            19:16 NullPointerException A.given(A.Op, int, int): direct
        "#]],
    );
}

/// An anonymous class's or a lambda's method is an entry of its own, on the object a
/// public static method makes and returns; one only package-private code makes is not.
#[test]
fn an_anonymous_class_or_lambda_is_reached_through_the_method_that_returns_it() {
    check_sites(
        r#"
        import java.util.Comparator;
        public class A {
            interface Op { int apply(int x); }
            public static Comparator<String> byKey(int k) {
                return new Comparator<String>() {
                    public int compare(String x, String y) { return x.length() / k - y.length(); }
                };
            }
            public static Op per(int d) {
                return x -> x / d;
            }
            static Op hidden(int d) {
                return x -> x % d;
            }
        }
        "#,
        expect![[r#"
            6:61 NullPointerException A.1.compare(String, String): constructor
            6:72 ArithmeticException A.1.compare(String, String): constructor
            6:78 NullPointerException A.1.compare(String, String): constructor
            10:23 ArithmeticException A..Lambda.1.apply(int): constructor
        "#]],
    );
}

/// `List.sort`, `Collections.sort` and `Arrays.sort` with a comparator make TimSort's first
/// comparison, of the second element with the first: a comparator that throws, throws
/// there. A list copied from an `ArrayList` keeps the elements known of it.
#[test]
fn a_sort_makes_its_comparators_first_comparison() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            static Comparator<String> byChar(int k) {
                return new Comparator<String>() {
                    public int compare(String a, String b) { return a.charAt(k) - b.charAt(k); }
                };
            }
            public static List<String> sorted(List<String> codes, int k) {
                List<String> copy = new ArrayList<>(codes);
                copy.sort(byChar(k));
                return copy;
            }
            public static void inPlace(List<String> codes, int k) {
                Collections.sort(codes, (a, b) -> a.length() / k);
            }
            public static void array(String[] codes, int k) {
                Arrays.sort(codes, (a, b) -> b.length() / k);
            }
        }
        "#,
        expect![[r#"
            5:61 NullPointerException A.1.compare(String, String): via A.sorted(List, int): constructor
            5:61 StringIndexOutOfBoundsException A.1.compare(String, String): via A.sorted(List, int): constructor
            5:75 NullPointerException A.1.compare(String, String): via A.sorted(List, int): constructor
            5:75 StringIndexOutOfBoundsException A.1.compare(String, String): via A.sorted(List, int): constructor
            9:29 NullPointerException A.sorted(List, int): constructor
            14:43 NullPointerException A..Lambda.1.compare(Object, Object): via A.inPlace(List, int): constructor
            14:54 ArithmeticException A..Lambda.1.compare(Object, Object): via A.inPlace(List, int): constructor
            17:9 NullPointerException A.array(String[], int): direct
            17:38 NullPointerException A..Lambda.2.compare(Object, Object): via A.array(String[], int): direct
            17:49 ArithmeticException A..Lambda.2.compare(Object, Object): via A.array(String[], int): direct
        "#]],
    );
}

/// A table of five lambdas in a map, filled by the constructor: the one a lookup finds runs
/// (a call over more than four implementations was opaque, and none had a site).
#[test]
fn a_lambda_looked_up_in_a_table_of_many_runs() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            interface Step { int next(int x, int k); }
            private final Map<String, Step> steps = new HashMap<>();
            public A() {
                steps.put("inc", (x, k) -> x + k);
                steps.put("dec", (x, k) -> x - k);
                steps.put("half", (x, k) -> x / 2);
                steps.put("share", (x, k) -> x / k);
                steps.put("same", (x, k) -> x);
            }
            public int run(String name, int x, int k) {
                Step step = steps.get(name);
                return step == null ? x : step.next(x, k);
            }
        }
        "#,
        expect![[r#"
            9:40 ArithmeticException A..Lambda.4.next(int, int): via A.run(String, int, int): constructor
            13:21 NullPointerException A.run(String, int, int): reflection
            14:35 NullPointerException A.run(String, int, int): constructor, reflection
        "#]],
    );
}
