//! Checks settled by constant folding: a check on literals or on a value just built is
//! not a site.

use super::check_sites;
use expect_test::expect;

// `make` has no site: `32 < 0` folds to false, so its goal is dropped. Only `neg` has a
// NegativeArraySizeException, a certain one.
#[test]
fn literal_array_size() {
    check_sites(
        r#"
        public class A {
            public static int[] make() { return new int[32]; }
            public static int[] neg() { return new int[-1]; }
        }
        "#,
        expect![[r#"
            3:48 NegativeArraySizeException A.neg(): direct
        "#]],
    );
}

#[test]
fn literal_divisor() {
    check_sites(
        r#"
        public class A {
            public static int half(int x) { return x / 2; }
            public static int rem(int x) { return x % 7; }
            public static int zero(int x) { return x / 0; }
            public static int folded(int x) { return x / (3 - 3); }
        }
        "#,
        expect![[r#"
            4:46 ArithmeticException A.zero(int): direct
            5:48 ArithmeticException A.folded(int): direct
        "#]],
    );
}

#[test]
fn fresh_receiver_is_not_null() {
    check_sites(
        r#"
        public class A {
            int f;
            public int bar() { return 1; }
            public static int use() { return new A().bar() + new A().f; }
        }
        "#,
        expect![[""]],
    );
}

// Both sizes are literals (no NegativeArraySizeException, see `literal_array_size`) and
// the length of an array allocated here is known, so `a[3]` is in bounds: only `a[4]`
// is a site.
#[test]
fn index_into_a_fresh_array_of_known_size() {
    check_sites(
        r#"
        public class A {
            public static int ok() {
                int[] a = new int[4];
                return a[3];
            }
            public static int bad() {
                int[] a = new int[4];
                return a[4];
            }
        }
        "#,
        expect![[r#"
            8:16 ArrayIndexOutOfBoundsException A.bad(): direct
        "#]],
    );
}

#[test]
fn this_is_never_null() {
    check_sites(
        r#"
        public class A {
            int f;
            public int get() { return this.f + f; }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn string_literal_receiver() {
    check_sites(
        r#"
        public class A {
            public static int len() { return "abc".length(); }
            public static char at() { return "abc".charAt(5); }
        }
        "#,
        expect![[r#"
            3:38 StringIndexOutOfBoundsException A.at(): direct
        "#]],
    );
}

// The solver refutes these sites: they are asked because vcgen keeps no "this value was
// just checked" facts. When it does, they are dropped and this expectation changes.
#[test]
fn divisor_checked_before_use() {
    check_sites(
        r#"
        public class A {
            public static int safe(int a, int b) {
                if (b == 0) return 0;
                return a / b;
            }
            public static int guarded(int[] a, int i) {
                if (i >= 0 && i < a.length) return a[i];
                return -1;
            }
        }
        "#,
        expect![[r#"
            4:18 ArithmeticException A.safe(int, int): direct
            7:27 NullPointerException A.guarded(int[], int): direct
            7:44 ArrayIndexOutOfBoundsException A.guarded(int[], int): direct
            7:44 NullPointerException A.guarded(int[], int): direct
        "#]],
    );
}

// `Integer.MIN_VALUE / -1` wraps around in Java: a non-zero literal divisor never throws.
#[test]
fn division_by_minus_one() {
    check_sites(
        r#"
        public class A {
            public static int neg(int x) { return x / -1; }
            public static long lneg(long x) { return x % -1L; }
        }
        "#,
        expect![[""]],
    );
}

// A masked or shifted index has a range, and a check the range decides is no site: a
// table lookup in a hash or a codec is not a query, nor a condition on later sites' paths.
// `never`'s division is on a path that the ranges of a `char` close.
#[test]
fn masked_and_shifted_table_indexes_are_in_bounds() {
    check_sites(
        r#"
        public class Crc {
            private static final int[] T = new int[256];
            private static final int[] SMALL = {1, 2, 3, 4};
            public static int low(int x) { return T[x & 0xff]; }
            public static int high(int x) { return T[x >>> 24]; }
            public static int shifted(int x) { return T[((x << 16) >>> 24)]; }
            public static int unsigned(byte b) { return T[b & 0xff] + SMALL[(b & 0xff) % 4]; }
            public static int wide(int x) { return T[x >>> 23]; }
            public static int signed(byte b) { return T[b]; }
            public static int remainder(int x) { return SMALL[x % 4]; }
            public static int never(char c, int d) { return c < 0 || (c >>> 16) != 0 ? 1 / d : 0; }
        }
        "#,
        expect![[r#"
            8:44 ArrayIndexOutOfBoundsException Crc.wide(int): direct
            9:47 ArrayIndexOutOfBoundsException Crc.signed(byte): direct
            10:49 ArrayIndexOutOfBoundsException Crc.remainder(int): direct
        "#]],
    );
}

#[test]
fn reads_of_what_the_entry_wrote_at_known_addresses_are_decided() {
    // `d` as the constructor sets it is 2: only a receiver built by reflection can
    // divide by zero. `SIZES[0]` as the initialiser filled it is 4, `SIZES[1]` is 0, and
    // a new array's element is its default, 0.
    check_sites(
        r#"
        public class A {
            private static final int[] SIZES = {4, 0};
            private final int d;
            public A() { d = 2; }
            public int div(int x) { return x / d; }
            public static int first(int x) { return x / SIZES[0]; }
            public static int second(int x) { return x / SIZES[1]; }
            public static int fresh() { int[] a = new int[3]; return 10 / a[1]; }
        }
        "#,
        expect![[r#"
            5:38 ArithmeticException A.div(int): reflection
            7:48 ArithmeticException A.second(int): direct
            8:65 ArithmeticException A.fresh(): direct
        "#]],
    );
}

// The text of a primitive has the length of its digits: `"ab" + true` is six chars long,
// so reading its sixth is safe and its eighth of `"ab" + false` is not.
#[test]
fn a_primitive_in_a_string_has_the_length_of_its_text() {
    check_sites(
        r#"
        public class A {
            public static char inside() { return ("ab" + true).charAt(5); }
            public static char outside() { return ("ab" + false).charAt(7); }
            public static char digit(byte b) { return ("" + b).charAt(4); }
        }
        "#,
        expect![[r#"
            3:43 StringIndexOutOfBoundsException A.outside(): direct
            4:47 StringIndexOutOfBoundsException A.digit(byte): direct
        "#]],
    );
}
