//! Entries whose formula outgrows the size budget are lowered again with smaller limits
//! instead of being left out.

use super::check_sites;
use expect_test::expect;

#[test]
fn an_entry_too_large_at_the_default_limits_is_kept_with_smaller_ones() {
    // Each level loops and calls the next twice on values that differ: at three unrolls
    // and three levels of inlining the formula outgrows every budget.
    check_sites(
        r#"
        class A {
            private static int d(int[] a, int n) {
                int s = n;
                for (int k = 0; k < n; k++) { s += a[s & 7] * a[(s >> 3) & 7] - a[k] / (s | 1); }
                return s;
            }
            private static int c(int[] a, int n) {
                int s = n;
                for (int k = 0; k < n; k++) { s += d(a, s) + d(a, s + k); }
                return s;
            }
            private static int b(int[] a, int n) {
                int s = n;
                for (int k = 0; k < n; k++) { s += c(a, s) + c(a, s + k); }
                return s;
            }
            public static int top(int[] a, int n) {
                int s = n;
                for (int k = 0; k < n; k++) { s += b(a, s) + b(a, s + k); }
                return s / a[0];
            }
        }
        "#,
        expect![[r#"
            4:44 ArrayIndexOutOfBoundsException A.d(int[], int): via A.top(int[], int): direct
            4:44 NullPointerException A.d(int[], int): via A.top(int[], int): direct
            4:55 ArrayIndexOutOfBoundsException A.d(int[], int): via A.top(int[], int): direct
            4:55 NullPointerException A.d(int[], int): via A.top(int[], int): direct
            4:73 ArithmeticException A.d(int[], int): via A.top(int[], int): direct
            4:73 ArrayIndexOutOfBoundsException A.d(int[], int): via A.top(int[], int): direct
            4:73 NullPointerException A.d(int[], int): via A.top(int[], int): direct
            20:16 ArithmeticException A.top(int[], int): direct
            20:20 ArrayIndexOutOfBoundsException A.top(int[], int): direct
            20:20 NullPointerException A.top(int[], int): direct
        "#]],
    );
}
