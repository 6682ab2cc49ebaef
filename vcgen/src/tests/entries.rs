//! Entries and routes: which methods are entered, and how each harness builds its state.

use super::check_sites;
use expect_test::expect;

#[test]
fn instance_method_through_public_constructor() {
    check_sites(
        r#"
        public class A {
            private final int d;
            public A(int d) { this.d = d; }
            public int div(int a) { return a / d; }
        }
        "#,
        expect![[r#"
            4:38 ArithmeticException A.div(int): constructor, reflection
        "#]],
    );
}

#[test]
fn constructor_sites() {
    check_sites(
        r#"
        public class A {
            private final int[] xs;
            public A(int n) { xs = new int[n]; }
        }
        "#,
        expect![[r#"
            3:36 NegativeArraySizeException A.<init>(int): direct
        "#]],
    );
}

#[test]
fn chain_variant_sets_state_first() {
    check_sites(
        r#"
        public class A {
            private int d = 1;
            public void set(int d) { this.d = d; }
            public int div(int a) { return a / d; }
        }
        "#,
        expect![[r#"
            4:38 ArithmeticException A.div(int): chain A.set(int), sequence ≤4 A.set(int), reflection
        "#]],
    );
}

#[test]
fn chain_only_through_methods_that_change_what_the_entry_reads() {
    check_sites(
        r#"
        public class A {
            private int d = 1;
            private String name = "a";
            private int[] counts = new int[1];
            public void rename(String name) { this.name = name; }
            public void setD(int d) { this.d = d; }
            public void bump() { counts[0]++; }
            public int div(int a) { return a / d; }
            public int first() { return 10 / counts[0]; }
        }
        "#,
        expect![[r#"
            7:26 ArrayIndexOutOfBoundsException A.bump(): reflection
            7:26 NullPointerException A.bump(): reflection
            8:38 ArithmeticException A.div(int): chain A.setD(int), sequence ≤4 A.setD(int), reflection
            9:36 ArithmeticException A.first(): constructor, sequence ≤4 A.bump(), reflection
            9:38 ArrayIndexOutOfBoundsException A.first(): reflection
            9:38 NullPointerException A.first(): reflection
        "#]],
    );
}

#[test]
fn an_argument_is_prepared_by_calls_to_what_changes_the_state_the_entry_reads() {
    check_sites(
        r#"
        public class A {
            public static class M {
                private int n;
                private String label = "";
                public M() {}
                public void up() { n++; }
                public void rename(String s) { label = s; }
                public int n() { return n; }
            }
            public static int pick(M m, M unused) { int[] xs = new int[2]; return xs[m.n()]; }
        }
        "#,
        expect![[r#"
            10:75 ArrayIndexOutOfBoundsException A.pick(A.M, A.M): constructor, sequence ≤4 on argument 0 A.M.up(), sequence ≤4 on argument 0 A.M.up()*
            10:78 NullPointerException A.pick(A.M, A.M): constructor
        "#]],
    );
}

#[test]
fn an_argument_is_prepared_by_the_calls_it_is_passed_to() {
    check_sites(
        r#"
        public class A {
            public static class Context { int pos; public Context() {} }
            private final int[] buffer = new int[2];
            public A() {}
            public void reset(Context c) { c.pos = 0; }
            public int peek(Context c) { return buffer[c.pos]; }
            public void put(int v, Context c) { buffer[c.pos++] = v; }
        }
        "#,
        expect![[r#"
            5:36 NullPointerException A.reset(A.Context): constructor
            6:41 ArrayIndexOutOfBoundsException A.peek(A.Context): constructor, chain A.put(int, A.Context), sequence ≤4 A.put(int, A.Context), sequence ≤4 on argument 0 A.reset(A.Context)|A.put(int, A.Context), reflection
            6:41 NullPointerException A.peek(A.Context): reflection
            6:48 NullPointerException A.peek(A.Context): constructor, chain A.put(int, A.Context), sequence ≤4 A.put(int, A.Context), reflection
            7:41 ArrayIndexOutOfBoundsException A.put(int, A.Context): constructor, chain A.put(int, A.Context), sequence ≤4 A.put(int, A.Context), sequence ≤4 on argument 1 A.put(int, A.Context)|A.reset(A.Context), reflection
            7:41 NullPointerException A.put(int, A.Context): reflection
            7:48 NullPointerException A.put(int, A.Context): constructor, chain A.put(int, A.Context), sequence ≤4 A.put(int, A.Context), reflection
        "#]],
    );
}

#[test]
fn reflection_when_no_public_route() {
    check_sites(
        r#"
        public class A {
            private int d = 1;
            public int div(int a) { return a / d; }
        }
        "#,
        expect![[r#"
            3:38 ArithmeticException A.div(int): reflection
        "#]],
    );
}

#[test]
fn private_methods_are_not_entries() {
    check_sites(
        r#"
        public class A {
            private static int unused(int a, int b) { return a / b; }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn package_private_class_is_entered() {
    check_sites(
        r#"
        class A {
            static int div(int a, int b) { return a / b; }
        }
        "#,
        expect![[r#"
            2:45 ArithmeticException A.div(int, int): direct
        "#]],
    );
}

// No test can make an `A`: its methods are not entered.
#[test]
fn abstract_class_without_subclass() {
    check_sites(
        r#"
        public abstract class A {
            public int div(int a, int b) { return a / b; }
            public abstract int g();
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn inherited_method_entered_through_a_subclass() {
    check_sites(
        r#"
        public abstract class A {
            public int div(int a, int b) { return a / b; }
        }
        class B extends A {
            public B() {}
        }
        "#,
        expect![[r#"
            2:45 ArithmeticException A.div(int, int): constructor
        "#]],
    );
}

#[test]
fn interface_default_method() {
    check_sites(
        r#"
        public interface I {
            default int div(int a, int b) { return a / b; }
        }
        class C implements I {}
        "#,
        expect![[r#"
            2:46 ArithmeticException I.div(int, int): constructor
        "#]],
    );
}

#[test]
fn inner_class() {
    check_sites(
        r#"
        public class A {
            private int d;
            public A(int d) { this.d = d; }
            public class In {
                public int div(int a) { return a / d; }
            }
        }
        "#,
        expect![[r#"
            5:42 ArithmeticException A.In.div(int): constructor
        "#]],
    );
}

#[test]
fn static_nested_class() {
    check_sites(
        r#"
        public class A {
            public static class N {
                private final int[] xs;
                public N(int n) { xs = new int[n]; }
                public int first() { return xs[0]; }
            }
        }
        "#,
        expect![[r#"
            4:40 NegativeArraySizeException A.N.<init>(int): direct
            5:37 ArrayIndexOutOfBoundsException A.N.first(): constructor, reflection
            5:37 NullPointerException A.N.first(): reflection
        "#]],
    );
}

#[test]
fn static_state() {
    check_sites(
        r#"
        public class A {
            private static int count;
            public static void reset(int c) { count = c; }
            public static int per(int total) { return total / count; }
        }
        "#,
        expect![[r#"
            4:53 ArithmeticException A.per(int): direct, chain A.reset(int), sequence ≤4 A.reset(int), reflection
        "#]],
    );
}

#[test]
fn final_static_constant() {
    check_sites(
        r#"
        public class A {
            private static final int K = 4;
            public static int per(int total) { return total / K; }
        }
        "#,
        expect![[""]],
    );
}

#[test]
fn null_field_from_constructor() {
    check_sites(
        r#"
        public class A {
            private String name;
            public A() {}
            public A(String name) { this.name = name; }
            public int len() { return name.length(); }
        }
        "#,
        expect![[r#"
            5:31 NullPointerException A.len(): constructor, reflection
        "#]],
    );
}

#[test]
fn building_an_input_must_complete_normally() {
    check_sites(
        r#"
        public class A {
            private final int[] xs;
            public A(int n) { xs = new int[n]; }
            public int first() { return xs[0]; }
            public static int size(java.util.ArrayList<String> list, int d) { return list.size() / d; }
        }
        "#,
        expect![[r#"
            3:36 NegativeArraySizeException A.<init>(int): direct
            4:33 ArrayIndexOutOfBoundsException A.first(): constructor, reflection
            4:33 NullPointerException A.first(): reflection
            5:78 NullPointerException A.size(ArrayList, int): constructor
            5:90 ArithmeticException A.size(ArrayList, int): constructor
        "#]],
    );
}

// A `List` or `Iterable` parameter is `null` or an `ArrayList` the harness builds, empty or
// holding elements: its calls run the `ArrayList` model, not every list's (the
// `ArrayIndexOutOfBoundsException` of a `List.of` list, which no harness builds, is not
// asked; a list with more than four kinds, as `Iterable` has, was opaque: any result).
#[test]
fn a_collection_input_runs_the_model_of_the_list_built() {
    check_sites(
        r#"
        public class A {
            public static Object first(java.util.List<String> l) { return l.get(0); }
            public static int each(Iterable<Integer> xs) { int n = 0; for (int x : xs) { n += 6 / x; } return n; }
        }
        "#,
        expect![[r#"
            2:67 IndexOutOfBoundsException A.first(List): constructor
            2:67 NullPointerException A.first(List): constructor
            3:76 NullPointerException A.each(Iterable): constructor
            3:89 ArithmeticException bounded A.each(Iterable): constructor
        "#]],
    );
}

// A class that extends itself (code javac rejects) builds its receiver once: the implicit
// `super()` of its constructor, which always runs when it builds an input, is the
// constructor already running. Before, it ran again without end.
#[test]
fn a_class_that_extends_itself_runs_its_constructor_once() {
    check_sites(
        r#"
        public class A extends A {
            public A() {}
            public int per(int n) { return 6 / n; }
        }
        "#,
        expect![[r#"
            3:38 ArithmeticException A.per(int): constructor
        "#]],
    );
}
