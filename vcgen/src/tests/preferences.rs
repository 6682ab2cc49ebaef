//! The preference for small inputs says which of its conjuncts belong to which input, so
//! that a crash that needs one number large still leaves the other inputs small: the
//! solver keeps the conjuncts of those inputs.

use super::check_preference_parts;
use expect_test::expect;

#[test]
fn the_preference_for_small_inputs_splits_by_input() {
    check_preference_parts(
        r#"
        class Box {
            public Box() {}
            int v;
        }
        class A {
            public static int f(Box x, Box y, int i, short k) {
                return x.v / y.v + i / k;
            }
        }
        "#,
        expect![[r#"
            A.f(Box, Box, int, short) constructor:
              pref!small: (and (bvsge i -100) (bvsle i 100))
              pref!small: (and (bvsge k -100:16) (bvsle k 100:16))
        "#]],
    );
}

#[test]
fn a_single_input_has_no_parts() {
    check_preference_parts(
        r#"
        class A {
            public static int f(int i) {
                return 10 / i;
            }
        }
        "#,
        expect![[r#"
            A.f(int) direct:
        "#]],
    );
}
