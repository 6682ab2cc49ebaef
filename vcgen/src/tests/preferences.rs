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

/// Prints each harness's preferences, the least important first.
#[track_caller]
fn check_preference_names(java: &str, expect: expect_test::Expect) {
    let run = super::run_with(java, &crate::Options::default());
    let mut out = String::new();
    for prelude in &run.generated.preludes {
        let h = &prelude.harness;
        out.push_str(&format!(
            "{} {}: {}\n",
            super::method_name(&h.entry.class, &h.entry.method, &h.entry.descriptor),
            super::route(h),
            h.preferences.join(" ")
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn a_copy_read_past_its_stated_chars_and_documented_nulls_get_preferences_of_their_own() {
    check_preference_names(
        r#"
        class A {
            /**
             * Counts.
             * @param values the values, may be null
             * @param scale the scale
             */
            public static int count(int[] values, Integer scale) {
                return values.length * scale;
            }
            public static int fields(String text) {
                int n = 0;
                int start = 0;
                for (int i = 0; i <= text.length(); i++) {
                    if (i == text.length() || text.charAt(i) == ',') {
                        n += digits(text.substring(start, i));
                        start = i + 1;
                    }
                }
                return n;
            }
            private static int digits(String field) {
                int d = 0;
                for (int k = 0; k < field.length(); k++) {
                    d += 10 / (field.charAt(k) - '0');
                }
                return d;
            }
        }
        "#,
        expect![[r#"
            A.count(int[], Integer) direct: pref!small pref!undocumented pref!nonnull pref!alloc
            A.fields(String) direct: pref!small pref!nonnull pref!alloc pref!stated
        "#]],
    );
}

/// The solver bounds the lengths of input strings and primitive arrays when a model has
/// one long: the harness lists their symbols, of nested inputs too.
#[test]
fn the_lengths_of_input_strings_and_arrays_are_listed() {
    let run = super::run_with(
        r#"
        class Box {
            int n;
            public Box(char[] cs) { n = cs.length; }
        }
        class A {
            public static int f(String text, int[] values, Box box, int k) {
                return text.length() + values.length / k + box.n;
            }
        }
        "#,
        &crate::Options::default(),
    );
    let mut out = String::new();
    for prelude in &run.generated.preludes {
        let h = &prelude.harness;
        let paths: Vec<&str> = h.lengths.iter().map(|s| h.symbols[s].as_str()).collect();
        out.push_str(&format!(
            "{}: {}\n",
            super::method_name(&h.entry.class, &h.entry.method, &h.entry.descriptor),
            paths.join(", ")
        ));
    }
    expect![[r#"
        Box.<init>(char[]): cs.length
        A.f(String, int[], Box, int): text.length(), values.length, box<-Box#arg0.length
    "#]]
    .assert_eq(&out);
}
