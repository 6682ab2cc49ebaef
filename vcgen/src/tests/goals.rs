//! The crash conditions themselves, for the semantics a site list cannot show.

use super::check_goals;
use expect_test::expect;

#[test]
fn division_fails_on_zero_only() {
    check_goals(
        r#"
        public class A {
            public static int div(int a, int b) { return a / b; }
        }
        "#,
        expect![[r#"
            2:52 ArithmeticException A.div(int, int) direct: (= b 0)
        "#]],
    );
}

#[test]
fn checked_divisor() {
    check_goals(
        r#"
        public class A {
            public static int safe(int a, int b) {
                if (b == 0) return 0;
                return a / b;
            }
        }
        "#,
        expect![[r#"
            4:18 ArithmeticException A.safe(int, int) direct: (and (not (= b 0)) (= b 0))
        "#]],
    );
}

#[test]
fn array_bounds() {
    check_goals(
        r#"
        public class A {
            public static long get(long[] a, int i) { return a[i]; }
        }
        "#,
        expect![[r#"
            2:54 ArrayIndexOutOfBoundsException A.get(long[], int) direct: (and (and (or (= how(a) 0) (= how(a) 1)) (not (= m!1 0))) (or (bvslt i 0) (bvsge i (alen m!1))))
            2:54 NullPointerException A.get(long[], int) direct: (and (or (= how(a) 0) (= how(a) 1)) (= m!1 0))
        "#]],
    );
}

#[test]
fn long_remainder_and_narrowing() {
    check_goals(
        r#"
        public class A {
            public static int f(long a, byte b) { return (int) (a % b); }
        }
        "#,
        expect![[r#"
            2:59 ArithmeticException A.f(long, byte) direct: (= ((_ sign_extend 56) b) 0:64)
        "#]],
    );
}

#[test]
fn constants_hold_values_of_their_fields_types() {
    check_goals(
        r#"
        public class A {
            static final byte PAD = '=';
            static final int PRIME = (int) 2654435761L;
            static final long WIDE = 7;
            public static int f(byte b) { return 1 / (b - PAD); }
            public static int g(int i) { return 1 / (i - PRIME); }
            public static long h(long l) { return 1 / (l - WIDE); }
        }
        "#,
        expect![[r#"
            5:44 ArithmeticException A.f(byte) direct: (= (bvsub ((_ sign_extend 24) b) 61) 0)
            6:43 ArithmeticException A.g(int) direct: (= (bvsub i -1640531535) 0)
            7:45 ArithmeticException A.h(long) direct: (= (bvsub l 7:64) 0:64)
        "#]],
    );
}

#[test]
fn helper_goal_in_terms_of_the_callers_inputs() {
    check_goals(
        r#"
        public class A {
            private static int div(int a, int b) { return a / b; }
            public static int run(int x, int y) { return div(x, y + 1); }
        }
        "#,
        expect![[r#"
            2:53 ArithmeticException A.div(int, int) via A.run(int, int) direct: (= (bvadd y 1) 0)
        "#]],
    );
}

#[test]
fn goal_of_a_crash_in_a_catch_block() {
    check_goals(
        r#"
        public class A {
            public static int f(int a, int b, int c) {
                try {
                    return a / b;
                } catch (ArithmeticException e) {
                    return a / c;
                }
            }
        }
        "#,
        expect![[r#"
            6:22 ArithmeticException A.f(int, int, int) direct: (and (= b 0) (= c 0))
        "#]],
    );
}

// An allocation too large for the test JVM's heap ends the path (OutOfMemoryError): a
// crash after it needs a size within the limit.
#[test]
fn a_path_goes_on_only_after_an_allocation_the_test_jvm_can_hold() {
    check_goals(
        r#"
        public class A {
            public static int f(int n) {
                int[] a = new int[n];
                return a.length / (n - 3);
            }
        }
        "#,
        expect![[r#"
            3:27 NegativeArraySizeException A.f(int) direct: (bvslt n 0)
            4:25 ArithmeticException A.f(int) direct: (and (and (not (bvslt n 0)) (bvsle n 67108864)) (= (bvsub n 3) 0))
        "#]],
    );
}

#[test]
fn an_array_clone_is_a_new_array_after_a_null_check() {
    check_goals(
        r#"
        public class A {
            public static int first(int[] a) {
                int[] copy = a.clone();
                return copy[0];
            }
        }
        "#,
        expect![[r#"
            3:22 NullPointerException A.first(int[]) direct: (and (or (= how(a) 0) (= how(a) 1)) (= m!1 0))
            4:16 ArrayIndexOutOfBoundsException A.first(int[]) direct: (and (and (or (= how(a) 0) (= how(a) 1)) (not (= m!1 0))) (bvsge 0 (alen (- 1))))
        "#]],
    );
}

#[test]
fn a_class_input_is_one_of_the_class_literals_a_test_names() {
    check_goals(
        r#"
        public class A {
            public static int width(Class<?> type) {
                int bits = type == int.class ? 0 : 32;
                return 64 / bits;
            }
        }
        "#,
        expect![[r#"
            4:19 ArithmeticException A.width(Class) direct: (and (or (and (or (= how(type) 0) (= how(type) 1) (= how(type) 2) (= how(type) 3) (= how(type) 4) (= how(type) 5) (= how(type) 6)) (= m!1 700120)) (and (or (= how(type) 0) (= how(type) 1) (= how(type) 2) (= how(type) 3) (= how(type) 4) (= how(type) 5) (= how(type) 6)) (not (= m!1 700120)))) (= m!2 0))
        "#]],
    );
}

#[test]
fn a_parameter_the_body_never_reads_is_passed_null_not_built() {
    check_goals(
        r#"
        public class A {
            public A(int n) {
                if (n < 0) {
                    throw new IllegalArgumentException();
                }
            }
            public static int ignores(A unused, int d) {
                return 10 / d;
            }
            public static int reads(A used, int d) {
                return used == null ? 0 : 10 / d;
            }
        }
        "#,
        expect![[r#"
            8:19 ArithmeticException A.ignores(A, int) direct: (= d 0)
            11:38 ArithmeticException A.reads(A, int) constructor: (and (and (or (= how(used) 0) (and (= how(used) 1) (not (bvslt used<-A#arg0 0)))) (not (= m!1 0))) (= d 0))
        "#]],
    );
}

/// A search gives a position where the string holds the char looked for, or -1.
#[test]
fn a_string_search_finds_what_it_looks_for() {
    check_goals(
        r#"
        public class A {
            public static int after(String s) { return 10 / (s.indexOf('/') - 2); }
        }
        "#,
        expect![[r#"
            2:51 ArithmeticException A.after(String) direct: (and (or (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (and (and (and (bvsge v!3 0) (bvsge v!3 0)) (bvslt v!3 (alen (select m!2 m!1)))) (= ((_ zero_extend 16) (select (select m!4 (select m!2 m!1)) v!3)) 47))) (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (and (and (and (bvsge v!3 0) (bvsge v!3 0)) (bvslt v!3 (alen (select m!2 m!1)))) (= ((_ zero_extend 16) (select (select m!4 (select m!2 m!1)) v!3)) 47))))) (= (bvsub m!5 2) 0))
            2:54 NullPointerException A.after(String) direct: (and (or (= how(s) 0) (= how(s) 1)) (= m!1 0))
        "#]],
    );
}

/// An object read back from an object stream is the one last written: its field holds the
/// divisor that went in.
#[test]
fn a_serialization_round_trip_keeps_the_object() {
    check_goals(
        r#"
        import java.io.*;
        public class A {
            static class Box implements Serializable { final int d; Box(int d) { this.d = d; } }
            public static int back(int n, int d) throws Exception {
                ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream());
                out.writeObject(new Box(d));
                Box b = (Box) new ObjectInputStream(new ByteArrayInputStream(new byte[0])).readObject();
                return n / b.d;
            }
        }
        "#,
        expect![[r#"
            7:17 ClassCastException A.back(int, int) direct: (not (and (not (= (- 4) 0)) (|sub!LA$Box;| (dtype (- 4)))))
            8:18 ArithmeticException A.back(int, int) direct: (and (not (not (and (not (= (- 4) 0)) (|sub!LA$Box;| (dtype (- 4)))))) (= d 0))
        "#]],
    );
}
