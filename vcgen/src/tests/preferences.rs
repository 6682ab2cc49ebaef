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
            A.count(int[], Integer) direct: pref!small pref!short pref!undocumented pref!nonnull pref!alloc
            A.fields(String) direct: pref!small pref!short pref!nonnull pref!alloc pref!stated
        "#]],
    );
}

/// Prints the definition of the preference `name` in each harness, inputs as Java paths.
#[track_caller]
fn check_preference_definition(java: &str, name: &str, expect: expect_test::Expect) {
    let run = super::run_with(java, &crate::Options::default());
    let mut out = String::new();
    for prelude in &run.generated.preludes {
        let harness = &prelude.harness;
        let definitions = super::definitions(&run.texts[&prelude.id]);
        let entry = &harness.entry;
        let mut definition = String::from("none");
        if let Some(term) = definitions.get(name) {
            definition.clear();
            let mut names = std::collections::HashMap::new();
            super::expand(term, &definitions, harness, &mut names, &mut definition);
        }
        out.push_str(&format!(
            "{}: {definition}\n",
            super::method_name(&entry.class, &entry.method, &entry.descriptor),
        ));
    }
    expect.assert_eq(&out);
}

/// An allocation asks for a modest size only where it is made: `new char[count]` on the
/// path of one-char strings said nothing of the overflow of `length * count` on the other
/// path, yet kept `count` at most 2^20 there, so the crash needed a string of 2,048 chars.
#[test]
fn an_allocation_is_modest_only_on_its_own_path() {
    check_preference_definition(
        r#"
        class A {
            public static int f(String text, int count) {
                if (text.length() == 1) {
                    char[] out = new char[count];
                    return out.length;
                }
                return new int[text.length() * count].length;
            }
        }
        "#,
        "pref!alloc",
        expect![[r#"
            A.f(String, int): (and (=> (and (and (and (and (or (= how(text) 0) (= how(text) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (= (alen (select m!2 m!1)) 1)) (not (bvslt count 0))) (bvsle count 1048576)) (=> (and (and (and (and (and (and (or (= how(text) 0) (= how(text) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (alen (select m!2 m!1)) 1))) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (bvslt (bvmul (alen (select m!2 m!1)) count) 0))) (bvsle (bvmul (alen (select m!2 m!1)) count) 1048576)))
        "#]],
    );
}

/// Strings and arrays stay short when a crash needs another input beyond `pref!small`
/// (`reverse(array, 0, Integer.MIN_VALUE)` was tested on an array of 4,095 elements):
/// `pref!short` asks only for their lengths, and outlives `pref!small`.
#[test]
fn strings_and_arrays_have_a_preference_for_short_lengths() {
    let java = r#"
        class A {
            public static int f(String text, int[] values, int k) {
                return text.length() + values.length / k;
            }
            public static int g(int k) {
                return 10 / k;
            }
        }
        "#;
    check_preference_names(
        java,
        expect![[r#"
            A.f(String, int[], int) direct: pref!small pref!short pref!nonnull pref!alloc
            A.g(int) direct: pref!small pref!nonnull pref!alloc
        "#]],
    );
    check_preference_definition(
        java,
        "pref!short",
        expect![[r#"
        A.f(String, int[], int): (and (bvsle text.length() 8) (bvsle values.length 8))
        A.g(int): none
    "#]],
    );
}
