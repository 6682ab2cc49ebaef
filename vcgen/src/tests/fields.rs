//! Public fields: a test assigns the ones the entry reads, as any caller may, instead of
//! forcing them by reflection.

use super::{check_goals, check_goals_observed, check_sites};
use expect_test::expect;

#[test]
fn public_static_field_of_another_class() {
    check_sites(
        r#"
        //- /p/Config.java
        package p;
        public class Config {
            public static int limit = 1;
        }
        //- /p/A.java
        package p;
        public class A {
            public static int per(int total) { return total / Config.limit; }
        }
        "#,
        expect![[r#"
            p/A.java:3:53 ArithmeticException A.per(int): fields
        "#]],
    );
}

/// Mode dsd: the tests ran with `limit` at 1 and `strict` off, so the test that assigns
/// them keeps those values and neither division crashes; `scale`, whose field no
/// invariant covers, is still asked.
#[test]
fn public_static_fields_keep_the_values_the_tests_ran_with() {
    check_goals_observed(
        r#"
        //- /p/Config.java
        package p;
        public class Config {
            public static int limit = 1;
            public static boolean strict = false;
            public static int scale = 1;
        }
        //- /p/A.java
        package p;
        public class A {
            public static int per(int total) { return total / Config.limit; }
            public static int mean(int total, int n) {
                if (Config.strict) { return total / n; }
                return n == 0 ? 0 : total / n;
            }
            public static int scaled(int total) { return total / Config.scale; }
        }
        "#,
        r#"{ "methods": [], "classes": [], "observed": [], "statics": [
            { "text": "p.Config.limit == 1", "samples": 9, "distinct": 1,
              "kind": "const", "var": "p.Config.limit", "value": 1 },
            { "text": "p.Config.strict == 0", "samples": 9, "distinct": 1,
              "kind": "const", "var": "p.Config.strict", "value": 0 } ] }"#,
        expect![[r#"
            p/A.java:3:53 ArithmeticException A.per(int) fields: (and (= ((_ sign_extend 32) p.Config.limit) 1:64) (= p.Config.limit 0))
            p/A.java:6:35 ArithmeticException A.mean(int, int) direct: (and (not (= n 0)) (= n 0))
            p/A.java:5:43 ArithmeticException A.mean(int, int) fields: (and (and (= (ite p.Config.strict 1:64 0:64) 0:64) p.Config.strict) (= n 0))
            p/A.java:6:35 ArithmeticException A.mean(int, int) fields: (and (and (and (= (ite p.Config.strict 1:64 0:64) 0:64) (not p.Config.strict)) (not (= n 0))) (= n 0))
            p/A.java:8:56 ArithmeticException A.scaled(int) fields: (= p.Config.scale 0)
        "#]],
    );
}

#[test]
fn public_and_private_static_fields_of_the_class() {
    check_sites(
        r#"
        public class A {
            public static int count = 1;
            private static int hidden = 1;
            public static int per(int total) { return total / count; }
            public static int part(int total) { return total / hidden; }
        }
        "#,
        expect![[r#"
            4:53 ArithmeticException A.per(int): fields, reflection
            5:54 ArithmeticException A.part(int): reflection
        "#]],
    );
}

#[test]
fn public_instance_field_of_the_receiver() {
    check_sites(
        r#"
        public class Box {
            public int count;
            private final int[] xs = new int[2];
            public Box() {}
            public int get() { return xs[count]; }
            public int size() { return xs.length; }
        }
        "#,
        expect![[r#"
            5:31 ArrayIndexOutOfBoundsException Box.get(): fields, reflection
            5:31 NullPointerException Box.get(): reflection
            6:32 NullPointerException Box.size(): reflection
        "#]],
    );
}

#[test]
fn fields_no_caller_may_assign_stay_with_reflection() {
    check_sites(
        r#"
        //- /p/A.java
        package p;
        public class A {
            public final int d;
            protected int e = 1;
            public A(int d) { this.d = d; }
            public int div(int a) { return a / d; }
            public int rem(int a) { return a % e; }
            public static int per(int a) { return a / Hidden.limit; }
        }
        //- /p/Hidden.java
        package p;
        class Hidden {
            public static int limit = 1;
        }
        "#,
        expect![[r#"
            p/A.java:6:38 ArithmeticException A.div(int): constructor, reflection
            p/A.java:7:38 ArithmeticException A.rem(int): reflection
        "#]],
    );
}

#[test]
fn a_public_field_read_in_a_callee() {
    check_sites(
        r#"
        public class A {
            public int d = 1;
            public A() {}
            private int div(int a) { return a / d; }
            public int run(int a) { return div(a) + 1; }
        }
        "#,
        expect![[r#"
            4:39 ArithmeticException A.div(int): via A.run(int): fields, reflection
        "#]],
    );
}

#[test]
fn assigned_fields_are_inputs() {
    check_goals(
        r#"
        public class A {
            public static int scale = 1;
            public int d = 1;
            public A() {}
            public int div(int a) { return a / (d * scale); }
        }
        "#,
        expect![[r#"
            5:38 ArithmeticException A.div(int) fields: (= (bvmul this.d A.scale) 0)
            5:38 ArithmeticException A.div(int) reflection: (= (bvmul this.d 1) 0)
        "#]],
    );
}

/// A receiver built by reflection gets values only for the fields the entry may read; the
/// others keep their defaults, in the formula as in the test (a value chosen for an unread
/// field could only break the test: commons-lang3's `FastDateFormat` notes built its
/// `parser` with a constructor that threw before the site).
#[test]
fn a_reflected_receiver_sets_only_the_fields_the_entry_may_read() {
    let run = super::run_with(
        r#"
        public class Format {
            private Object printer;
            private Object parser;
            private int width;
            public int width() { return printer.hashCode() / width; }
        }
        "#,
        &crate::Options::default(),
    );
    let set: Vec<Vec<String>> = run
        .generated
        .preludes
        .iter()
        .filter(|p| p.harness.route == crate::Route::Reflection)
        .map(|p| {
            let receiver = serde_json::to_value(&p.harness.receiver).unwrap();
            receiver["of"]["fields"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|f| f["name"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .collect();
    assert_eq!(set, [["printer", "width"]]);
}
