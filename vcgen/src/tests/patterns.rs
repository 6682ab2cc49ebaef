//! Pattern matching in `switch`: type patterns, guards, `case null`, sealed hierarchies.

use super::{check_goals, check_sites};
use expect_test::expect;

#[test]
fn a_type_pattern_binds_its_variable_and_a_null_selector_throws_at_the_switch() {
    check_sites(
        r#"
        public class A {
            public static int size(Object o) {
                return switch (o) {
                    case String s -> s.length();
                    case Integer i -> 10 / i;
                    default -> 0;
                };
            }
        }
        "#,
        expect![[r#"
            3:24 NullPointerException A.size(Object): constructor
            4:30 NullPointerException A.size(Object): constructor
            5:34 ArithmeticException A.size(Object): constructor
            5:36 NullPointerException A.size(Object): constructor
        "#]],
    );
}

#[test]
fn case_null_takes_the_null_selector() {
    check_sites(
        r#"
        public class A {
            public static int size(Object o, int d) {
                switch (o) {
                    case null -> { return 1 / d; }
                    case String s -> { return s.length(); }
                    default -> { return 0; }
                }
            }
            public static int either(Object o) {
                return switch (o) {
                    case String s -> s.length();
                    case null, default -> 0;
                };
            }
        }
        "#,
        expect![[r#"
            4:37 ArithmeticException A.size(Object, int): constructor
            5:39 NullPointerException A.size(Object, int): constructor
            11:30 NullPointerException A.either(Object): constructor
        "#]],
    );
}

#[test]
fn a_guard_runs_only_when_its_pattern_matches_and_the_labels_before_did_not() {
    check_sites(
        r#"
        public class A {
            public static int jdk17(Object o, int d) {
                switch (o) {
                    case Integer i && i > 3 -> { return 100 / (i - 4); }
                    case Integer i && 10 / d > 1 -> { return 1; }
                    default -> { return 0; }
                }
            }
            public static int jdk21(Object o) {
                return switch (o) {
                    case Integer i when i > 3 -> 100 / (i - 4);
                    case Integer i -> 7 / i;
                    default -> 0;
                };
            }
        }
        "#,
        expect![[r#"
            3:17 NullPointerException A.jdk17(Object, int): constructor
            4:31 NullPointerException A.jdk17(Object, int): constructor
            4:53 ArithmeticException A.jdk17(Object, int): constructor
            4:56 NullPointerException A.jdk17(Object, int): constructor
            5:34 ArithmeticException A.jdk17(Object, int): constructor
            10:24 NullPointerException A.jdk21(Object): constructor
            11:33 NullPointerException A.jdk21(Object): constructor
            11:46 ArithmeticException A.jdk21(Object): constructor
            11:49 NullPointerException A.jdk21(Object): constructor
            12:33 ArithmeticException A.jdk21(Object): constructor
            12:35 NullPointerException A.jdk21(Object): constructor
        "#]],
    );
}

#[test]
fn a_switch_over_a_sealed_hierarchy_needs_no_default() {
    check_sites(
        r#"
        public class A {
            sealed interface Shape permits Circle, Square {}
            static final class Circle implements Shape { int r; }
            static final class Square implements Shape { int s; }
            public static int inverse(Shape shape) {
                int area = switch (shape) {
                    case Circle c -> 3 * c.r * c.r;
                    case Square q -> q.s * q.s;
                };
                return 1000 / area;
            }
        }
        "#,
        expect![[r#"
            6:28 NullPointerException A.inverse(A.Shape): constructor
            7:34 NullPointerException A.inverse(A.Shape): constructor
            7:40 NullPointerException A.inverse(A.Shape): constructor
            8:30 NullPointerException A.inverse(A.Shape): constructor
            8:36 NullPointerException A.inverse(A.Shape): constructor
            10:21 ArithmeticException A.inverse(A.Shape): constructor
        "#]],
    );
}

#[test]
fn the_arm_taken_is_the_first_whose_test_holds() {
    check_goals(
        r#"
        public class A {
            public static int f(Object o) {
                switch (o) {
                    case String s:
                        return 1;
                    case Integer i:
                        return 2 / i;
                    default:
                        return 0;
                }
            }
        }
        "#,
        expect![[r#"
            3:17 NullPointerException A.f(Object) constructor: (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (= m!1 0))
            7:26 ArithmeticException A.f(Object) constructor: (and (and (and (or (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1)))) (or (and (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1))))) (and (not (= m!1 0)) (|sub!Ljava/lang/Integer;| (dtype m!1)))) (and (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1))))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/Integer;| (dtype m!1))))))) (= m!2 1)) (not (= m!1 0))) (= (select m!3 m!1) 0))
            7:28 NullPointerException A.f(Object) constructor: (and (and (or (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1)))) (or (and (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1))))) (and (not (= m!1 0)) (|sub!Ljava/lang/Integer;| (dtype m!1)))) (and (and (and (or (= how(o) 0) (= how(o) 1) (= how(o) 2) (= how(o) 3) (= how(o) 4) (= how(o) 5) (= how(o) 6)) (not (= m!1 0))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/String;| (dtype m!1))))) (not (and (not (= m!1 0)) (|sub!Ljava/lang/Integer;| (dtype m!1))))))) (= m!2 1)) (= m!1 0))
        "#]],
    );
}

#[test]
fn a_string_label_next_to_case_null_compares_contents_and_never_dereferences_null() {
    check_goals(
        r#"
        public class A {
            public static int code(String name, int n) {
                return switch (name) {
                    case null -> 0;
                    case "box" -> 10 / n;
                    default -> 1;
                };
            }
        }
        "#,
        expect![[r#"
            3:24 NullPointerException A.code(String, int) direct: (and (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (= m!1 0))) (= m!1 0))
            5:30 ArithmeticException A.code(String, int) direct: (and (and (or (and (or (= how(name) 0) (= how(name) 1)) (= m!1 0)) (or (and (or (or (and (and (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (= m!1 0))) (not (= m!1 0))) (and (= (alen (select m!2 m!1)) 3) (= (select (select m!3 (select m!2 m!1)) 0) 98:16) (= (select (select m!3 (select m!2 m!1)) 1) 111:16) (= (select (select m!3 (select m!2 m!1)) 2) 120:16))) (and (and (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (= m!1 0))) (not (= m!1 0))) (not (and (= (alen (select m!2 m!1)) 3) (= (select (select m!3 (select m!2 m!1)) 0) 98:16) (= (select (select m!3 (select m!2 m!1)) 1) 111:16) (= (select (select m!3 (select m!2 m!1)) 2) 120:16))))) (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (not (= m!1 0))))) m!4) (and (or (or (and (and (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (= m!1 0))) (not (= m!1 0))) (and (= (alen (select m!2 m!1)) 3) (= (select (select m!3 (select m!2 m!1)) 0) 98:16) (= (select (select m!3 (select m!2 m!1)) 1) 111:16) (= (select (select m!3 (select m!2 m!1)) 2) 120:16))) (and (and (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (= m!1 0))) (not (= m!1 0))) (not (and (= (alen (select m!2 m!1)) 3) (= (select (select m!3 (select m!2 m!1)) 0) 98:16) (= (select (select m!3 (select m!2 m!1)) 1) 111:16) (= (select (select m!3 (select m!2 m!1)) 2) 120:16))))) (and (and (or (= how(name) 0) (= how(name) 1)) (not (= m!1 0))) (not (not (= m!1 0))))) (not m!4)))) (= m!5 1)) (= n 0))
        "#]],
    );
}

#[test]
fn a_total_pattern_takes_null_as_on_jdk_17() {
    check_sites(
        r#"
        public class A {
            public static int hashOf(Object o) {
                return switch (o) {
                    case String s -> s.length();
                    case Object x -> x.hashCode();
                };
            }
        }
        "#,
        expect![[r#"
            4:30 NullPointerException A.hashOf(Object): constructor
            5:30 NullPointerException A.hashOf(Object): constructor
        "#]],
    );
}
