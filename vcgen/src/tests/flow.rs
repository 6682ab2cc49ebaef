//! Control flow: try/catch routing, throw statements, loops and branches.

use super::{check_goals, check_sites};
use expect_test::expect;

#[test]
fn caught_exception_is_not_a_crash() {
    check_sites(
        r#"
        public class A {
            public static int safe(int a, int b) {
                try {
                    return a / b;
                } catch (ArithmeticException e) {
                    return 0;
                }
            }
            public static int wide(int[] a, int i) {
                try {
                    return a[i];
                } catch (RuntimeException e) {
                    return 0;
                }
            }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn catch_of_another_type_does_not_cover() {
    check_sites(
        r#"
        public class A {
            public static int f(int a, int b) {
                try {
                    return a / b;
                } catch (NullPointerException e) {
                    return 0;
                }
            }
        }
        "#,
        expect![[r#"
            4:22 ArithmeticException A.f(int, int): direct
        "#]],
    );
}

#[test]
fn site_in_a_catch_block_is_a_crash() {
    check_sites(
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
            6:22 ArithmeticException A.f(int, int, int): direct
        "#]],
    );
}

#[test]
fn caught_in_the_caller_across_inlining() {
    check_sites(
        r#"
        public class A {
            private static int div(int a, int b) { return a / b; }
            public static int safe(int a, int b) {
                try {
                    return div(a, b);
                } catch (ArithmeticException e) {
                    return 0;
                }
            }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn throw_statements_are_not_sites() {
    check_sites(
        r#"
        public class A {
            public static int check(int x) {
                if (x < 0) throw new IllegalArgumentException("negative");
                return x;
            }
            public static void fail() {
                throw new IllegalStateException();
            }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn code_after_a_throw_is_unreachable() {
    check_sites(
        r#"
        public class A {
            public static int f(int a, int b) {
                if (b == 0) throw new IllegalArgumentException();
                return a / b;
            }
        }
        "#,
        expect![[r#"
            4:18 ArithmeticException A.f(int, int): direct
        "#]],
    );
}

#[test]
fn loops_are_unrolled() {
    check_sites(
        r#"
        public class A {
            public static int sum(int[] a) {
                int s = 0;
                for (int i = 0; i <= a.length; i++) s += a[i];
                return s;
            }
            public static int count(int n, int d) {
                int k = 0;
                while (k < n) { k += 100 / d; }
                return k;
            }
        }
        "#,
        expect![[r#"
            4:30 NullPointerException A.sum(int[]): direct
            4:50 ArrayIndexOutOfBoundsException A.sum(int[]): direct
            4:50 NullPointerException A.sum(int[]): direct
            9:34 ArithmeticException bounded A.count(int, int): direct
        "#]],
    );
}

#[test]
fn crash_within_the_unrolled_iterations() {
    check_sites(
        r#"
        public class A {
            public static int f() {
                int s = 0;
                for (int i = 2; i >= 0; i--) s += 10 / i;
                return s;
            }
        }
        "#,
        expect![[r#"
            4:46 ArithmeticException A.f(): direct
        "#]],
    );
}

// The division by zero happens in the fourth iteration, one past the unrolling (3): the
// extra copy of the body, entered at any later iteration with `i = 3 - 3 - k`, finds it.
#[test]
fn crash_past_the_unrolled_iterations_is_found_at_any_later_one() {
    check_sites(
        r#"
        public class A {
            public static int f() {
                int s = 0;
                for (int i = 3; i >= 0; i--) s += 10 / i;
                return s;
            }
            public static int eleventh() {
                int[] a = new int[10];
                for (int i = 0; i <= a.length; i++) a[i] = i;
                return a[0];
            }
            public static int thousandth(int d) {
                int s = 0;
                for (int i = 0; i < 1000; i += 3) s += 1 / (999 - i);
                return s;
            }
            public static int each(int[] a) {
                int s = 0;
                for (int x : a) s += 60 / (x - 7);
                return s;
            }
        }
        "#,
        expect![[r#"
            4:46 ArithmeticException A.f(): direct
            9:45 ArrayIndexOutOfBoundsException A.eleventh(): direct
            14:50 ArithmeticException A.thousandth(int): direct
            19:22 NullPointerException A.each(int[]): direct
            19:33 ArithmeticException A.each(int[]): direct
        "#]],
    );
}

// Within bounds at every iteration: no crash at any iteration. A loop known to go on
// (its condition folds to true) runs past `--unroll` to its end, so the code after it
// sees the exact exit: `i` is 1,000 there, and the division by zero is certain.
#[test]
fn a_loop_with_a_known_bound_runs_to_its_end() {
    check_sites(
        r#"
        public class A {
            public static int fill() {
                int[] a = new int[10];
                for (int i = 0; i < a.length; i++) a[i] = i;
                return a[9];
            }
            public static int after(int n) {
                int i = 0;
                while (i < 1000) { i++; }
                return 10 / (i - 1000);
            }
        }
        "#,
        expect![[r#"
            10:19 ArithmeticException A.after(int): direct
        "#]],
    );
}

// Past `--unroll` only while the loop is known to go on: a counter over a constant bound
// and a for-each over an array of known length run to their ends, and the code after them
// is checked exactly; a loop longer than the most iterations unrolled is still cut there,
// and as it never exits within them, the code after it (`huge`'s division) is out of reach.
#[test]
fn the_code_after_a_loop_with_a_known_bound_is_checked_exactly() {
    check_sites(
        r#"
        public class A {
            public static int after(int d) {
                int s = 0;
                for (int i = 0; i < 64; i++) { s = s + 1; }
                return 10 / (d - s);
            }
            public static int each(int d) {
                int[] a = new int[20];
                int n = 0;
                for (int x : a) { n++; }
                return 10 / (d - n);
            }
            public static int huge(int d) {
                int s = 0;
                for (int i = 0; i < 100000; i++) { s = s + i; }
                return 10 / d;
            }
        }
        "#,
        expect![[r#"
            5:19 ArithmeticException A.after(int): direct
            11:19 ArithmeticException A.each(int): direct
        "#]],
    );
}

#[test]
fn enhanced_for_over_an_array() {
    check_sites(
        r#"
        public class A {
            public static int sum(int[] a, int d) {
                int s = 0;
                for (int x : a) s += x / d;
                return s;
            }
        }
        "#,
        expect![[r#"
            4:22 NullPointerException A.sum(int[], int): direct
            4:32 ArithmeticException A.sum(int[], int): direct
        "#]],
    );
}

// The branch condition is not folded: the solver refutes the site.
#[test]
fn site_on_an_impossible_branch() {
    check_sites(
        r#"
        public class A {
            public static int f(int a) {
                int b = 0;
                if (a > 0 && a < 0) return 10 / b;
                return a;
            }
        }
        "#,
        expect![[r#"
            4:39 ArithmeticException A.f(int): direct
        "#]],
    );
}

#[test]
fn switch_and_conditional() {
    check_sites(
        r#"
        public class A {
            public static int f(int k, int a, int b) {
                switch (k) {
                    case 1: return a / b;
                    default: return k == 2 ? a % b : 0;
                }
            }
        }
        "#,
        expect![[r#"
            4:30 ArithmeticException A.f(int, int, int): direct
            5:40 ArithmeticException A.f(int, int, int): direct
        "#]],
    );
}

#[test]
fn a_switch_expression_yields_the_value_of_the_arm_taken() {
    check_sites(
        r#"
        public class A {
            public static int run(int kind, int total, int count) {
                int divisor = switch (kind) {
                    case 0 -> count;
                    case 1, 2 -> 4;
                    default -> { int half = count / 2; yield half; }
                };
                return total / divisor;
            }
            public static int safe(int kind, int total) {
                int divisor = switch (kind) { case 0 -> 1; default -> 2; };
                return total / divisor;
            }
        }
        "#,
        expect![[r#"
            8:22 ArithmeticException A.run(int, int, int): direct
            12:22 ArithmeticException A.safe(int, int): direct
        "#]],
    );
}

#[test]
fn an_enum_input_is_one_of_its_constants_and_a_string_switch_compares_contents() {
    check_sites(
        r#"
        public class A {
            enum Size { SMALL, LARGE }
            public static int scale(Size size, int n) {
                int factor = switch (size) { case SMALL -> 1; case LARGE -> 0; };
                return n / factor;
            }
            public static int weight(String name, int n) {
                switch (name) {
                    case "box": return 10 / n;
                    default: return 1;
                }
            }
        }
        "#,
        expect![[r#"
            4:30 NullPointerException A.scale(A.Size, int): direct
            5:18 ArithmeticException A.scale(A.Size, int): direct
            8:17 NullPointerException A.weight(String, int): direct
            9:35 ArithmeticException A.weight(String, int): direct
        "#]],
    );
}

#[test]
fn a_handler_in_the_caller_sees_the_callers_locals() {
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
                } catch (ArithmeticException e) {
                    return 10 / d;
                }
            }
        }
        "#,
        expect![[r#"
            11:23 ArithmeticException A.m(int, int, int) direct: (and (= b 0) (= c 0))
        "#]],
    );
}

#[test]
fn a_site_past_a_loop_cut_at_the_unrolling_bound_is_bounded() {
    check_sites(
        r#"
        public class A {
            public static int after(int n) {
                int i = 0;
                while (i < n) {
                    i = i + 1;
                }
                return 10 / (i - 5);
            }
            public static int fill(int[] a) {
                for (int i = 0; i <= a.length; i++) {
                    a[i] = i;
                }
                return 0;
            }
            public static int shortLoop(int d) {
                for (int i = 0; i < 2; i++) {
                    d = d + 1;
                }
                return 10 / d;
            }
        }
        "#,
        expect![[r#"
            7:19 ArithmeticException bounded A.after(int): direct
            10:30 NullPointerException A.fill(int[]): direct
            11:13 ArrayIndexOutOfBoundsException A.fill(int[]): direct
            11:13 NullPointerException A.fill(int[]): direct
            19:19 ArithmeticException A.shortLoop(int): direct
        "#]],
    );
}

// Every entry that reads `table` runs the initialiser. Its loop, cut at the unrolling
// bound while it would go on, ends in a state where what it writes is forgotten: without
// it the initialiser never completed and `f` had no sites at all.
#[test]
fn a_static_initialisers_loop_cut_at_the_unrolling_bound_still_ends() {
    check_sites(
        r#"
        public class A {
            static int[] table = new int[64];
            static {
                for (int i = 0; i < table.length; i++) table[i] = i;
            }
            public static int f(int d) {
                return 10 / (d - table[63]);
            }
        }
        "#,
        expect![[r#"
            7:19 ArithmeticException A.f(int): direct, reflection
            7:26 ArrayIndexOutOfBoundsException A.f(int): reflection
            7:26 NullPointerException A.f(int): reflection
        "#]],
    );
}

#[test]
fn an_exhaustive_switch_expression_has_the_value_of_the_arm_taken() {
    // Without `default`, the path on which no arm matched left the switch without a value,
    // and the divisor was any value (`v!`) instead of 1 or 2.
    check_goals(
        r#"
        public class A {
            enum E { X, Y }
            public static int f(E e) { int d = switch (e) { case X -> 1; case Y -> 2; }; return 10 / (d - 1); }
        }
        "#,
        expect![[r#"
            3:48 NullPointerException A.f(A.E) direct: (and (or (= how(e) 0) (= how(e) 1) (= how(e) 2)) (= m!1 0))
            3:92 ArithmeticException A.f(A.E) direct: (and (or (and (and (or (= how(e) 0) (= how(e) 1) (= how(e) 2)) (not (= m!1 0))) (= m!1 (- 1))) (and (and (or (= how(e) 0) (= how(e) 1) (= how(e) 2)) (not (= m!1 0))) (= m!1 (- 2)))) (= (bvsub m!2 1) 0))
        "#]],
    );
}

#[test]
fn printing_in_a_loop_leaves_the_loop_going() {
    // `System.out` is the platform's stream, never `null` in the model: were it, every
    // path would end at the first `println`, and the read past the end never be reached.
    check_sites(
        r#"
        public class Show {
            public static void show() {
                int[] a = {1, 2, 3};
                for (int i = 0; i <= a.length; i++) {
                    System.out.println(a[i]);
                }
            }
        }
        "#,
        expect![[r#"
            5:32 ArrayIndexOutOfBoundsException Show.show(): direct
        "#]],
    );
}
