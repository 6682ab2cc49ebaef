//! Entries whose formula outgrows the size budget are lowered again with smaller limits
//! instead of being left out, and one too large even then is analysed up to the budget.

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
            4:44 ArrayIndexOutOfBoundsException bounded A.d(int[], int): via A.top(int[], int): direct
            4:44 NullPointerException bounded A.d(int[], int): via A.top(int[], int): direct
            4:55 ArrayIndexOutOfBoundsException bounded A.d(int[], int): via A.top(int[], int): direct
            4:55 NullPointerException bounded A.d(int[], int): via A.top(int[], int): direct
            4:73 ArrayIndexOutOfBoundsException bounded A.d(int[], int): via A.top(int[], int): direct
            4:73 NullPointerException bounded A.d(int[], int): via A.top(int[], int): direct
            4:78 ArithmeticException bounded A.d(int[], int): via A.top(int[], int): direct
            20:18 ArithmeticException bounded A.top(int[], int): direct
            20:20 ArrayIndexOutOfBoundsException bounded A.top(int[], int): direct
            20:20 NullPointerException bounded A.top(int[], int): direct
        "#]],
    );
}

#[test]
fn a_method_too_large_even_at_the_smallest_limits_is_analysed_up_to_the_budget() {
    let statements: String = (0..6000)
        .map(|i| format!("        x = a[x & 7] / (x | {i});\n"))
        .collect();
    let java = format!(
        "class A {{\n    public static int f(int[] a, int x) {{\n{statements}        return x;\n    }}\n}}\n"
    );
    let out = super::sites(&java);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"3:22 ArithmeticException A.f(int[], int): direct"),
        "the first statements are checked: {:?}",
        &lines[..lines.len().min(4)]
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("6002:")),
        "the statements past the budget are not"
    );
    assert_eq!(
        lines.last().copied(),
        Some("analysed in part: A.f(int[], int)")
    );
}

#[test]
fn a_sequence_too_large_makes_fewer_calls_before_its_calls_are_inlined_less() {
    // `mix` is long enough that four copies of it outgrow the budget while two fit: the
    // sequence is shortened to two calls and `mix` stays inlined, so the state it leaves is
    // known. Inlining less first kept four calls to a `mix` left out of the formula, whose
    // effects are any value, and no model through such a call proves anything. The variant
    // whose calls may be made again fits one call of `mix`, made any number of times.
    let statements: String = (0..200)
        .map(|i| format!("        t[(x + {i}) & 7] += x * (n + {i});\n"))
        .collect();
    let java = format!(
        "public class Acc {{\n    private final int[] t = new int[8];\n    private int n;\n    public void mix(int x) {{\n{statements}        n++;\n    }}\n    public int last() {{\n        return 100 / (n - 2);\n    }}\n}}\n"
    );
    let out = super::sites(&java);
    let last: Vec<&str> = out.lines().filter(|l| l.contains("Acc.last()")).collect();
    assert_eq!(
        last,
        ["208:20 ArithmeticException Acc.last(): sequence ≤2 Acc.mix(int), chain Acc.mix(int)*, reflection"],
        "{out}"
    );
}
