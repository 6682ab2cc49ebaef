//! Contracts of the JDK model: the crashes of common collection, optional, array and
//! parsing methods, at the project's calling line.

use super::{check_goals, check_sites};
use expect_test::expect;

#[test]
fn list_indices_are_checked_as_each_list_checks_them() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static void insert(int i) { new ArrayList<String>().add(i, "a"); }
            public static void append() { List<String> l = new ArrayList<>(); l.add(l.size(), "a"); }
            public static Object view(int from, int to) { return new LinkedList<String>().subList(from, to); }
            public static Object at(int i) { Vector<String> v = new Vector<>(); v.add("a"); return v.get(i); }
            public static Object first() { return new LinkedList<String>().getFirst(); }
            public static Object cleared() { List<String> l = new ArrayList<>(); l.add("a"); l.clear(); return l.get(0); }
        }
        "#,
        expect![[r#"
            3:40 IndexOutOfBoundsException A.insert(int): direct
            5:58 IllegalArgumentException A.view(int, int): direct
            5:58 IndexOutOfBoundsException A.view(int, int): direct
            6:92 ArrayIndexOutOfBoundsException A.at(int): direct
            7:43 NoSuchElementException A.first(): direct
            8:104 IndexOutOfBoundsException A.cleared(): direct
        "#]],
    );
}

#[test]
fn an_empty_deque_throws_and_peeks_null() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object pop(boolean push) { Deque<String> d = new ArrayDeque<>(); if (push) d.push("a"); return d.pop(); }
            public static int peek() { Deque<String> d = new ArrayDeque<>(); d.push("a"); return d.peek().length(); }
            public static void refused(boolean b) { new ArrayDeque<String>().addFirst(b ? null : "a"); }
            public static void accepted(boolean b) { new LinkedList<String>().addFirst(b ? null : "a"); }
        }
        "#,
        expect![[r#"
            3:114 NoSuchElementException A.pop(boolean): direct
            4:90 NullPointerException A.peek(): direct
            5:45 NullPointerException A.refused(boolean): direct
        "#]],
    );
}

#[test]
fn an_empty_optional_throws_on_get() {
    check_sites(
        r#"
        import java.util.Optional;
        public class A {
            public static String get(String s) { return Optional.ofNullable(s).get(); }
            public static String present() { return Optional.of("a").get(); }
            public static String orElse(String s) { return Optional.ofNullable(s).orElse("b").trim(); }
        }
        "#,
        expect![[r#"
            3:49 NoSuchElementException A.get(String): direct
            5:52 NullPointerException A.orElse(String): direct
        "#]],
    );
}

#[test]
fn objects_index_checks_are_preconditions() {
    check_sites(
        r#"
        import java.util.Objects;
        public class A {
            public static int at(int[] a, int i) { Objects.checkIndex(i, a.length); return a[i]; }
        }
        "#,
        expect![[r#"
            3:44 IndexOutOfBoundsException precondition A.at(int[], int): direct
            3:66 NullPointerException A.at(int[], int): direct
            3:84 ArrayIndexOutOfBoundsException A.at(int[], int): direct
            3:84 NullPointerException A.at(int[], int): direct
        "#]],
    );
}

#[test]
fn array_copies_have_the_length_asked_for() {
    check_sites(
        r#"
        import java.util.Arrays;
        public class A {
            public static int grow(int[] a, int n) { return Arrays.copyOf(a, n)[n - 1]; }
            public static int last(int[] a) { return Arrays.copyOf(a, 2)[1]; }
            public static String name(String[] a) { return Arrays.copyOfRange(a, 1, 3)[1]; }
            public static void fill(int[] a, int to) { Arrays.fill(a, 0, to, 7); }
        }
        "#,
        expect![[r#"
            3:53 ArrayIndexOutOfBoundsException A.grow(int[], int): direct
            3:53 NegativeArraySizeException A.grow(int[], int): direct
            3:53 NullPointerException A.grow(int[], int): direct
            4:46 NullPointerException A.last(int[]): direct
            5:52 ArrayIndexOutOfBoundsException A.name(String[]): direct
            5:52 NullPointerException A.name(String[]): direct
            6:48 ArrayIndexOutOfBoundsException A.fill(int[], int): direct
            6:48 IllegalArgumentException A.fill(int[], int): direct
            6:48 NullPointerException A.fill(int[], int): direct
        "#]],
    );
}

#[test]
fn parsing_a_number_is_a_precondition() {
    check_sites(
        r#"
        public class A {
            public static long parse(String s) { return Long.parseLong(s) + Short.parseShort(s); }
            public static double real(String s) { return Double.parseDouble(s); }
        }
        "#,
        expect![[r#"
            2:49 NumberFormatException precondition A.parse(String): direct
            2:69 NumberFormatException precondition A.parse(String): direct
            3:50 NullPointerException precondition A.real(String): direct
            3:50 NumberFormatException precondition A.real(String): direct
        "#]],
    );
}

#[test]
fn a_sub_list_has_the_size_of_its_range() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object at(int i) { return new ArrayList<String>().subList(0, 0).get(i); }
            public static Object none() { return new Vector<String>().subList(0, 0).get(0); }
        }
        "#,
        expect![[r#"
            3:45 IndexOutOfBoundsException A.at(int): direct
            4:42 IndexOutOfBoundsException A.none(): direct
        "#]],
    );
}

#[test]
fn a_map_finds_the_value_put_under_a_key() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static int putNull() { Map<String, String> m = new HashMap<>(); m.put("a", null); return m.get("a").length(); }
            public static int putValue() { Map<String, String> m = new HashMap<>(); m.put("a", "x"); return m.get("a").length(); }
            public static int missing() { Map<String, String> m = new HashMap<>(); m.put("a", "x"); return m.get("b").length(); }
            public static int removed() { Map<String, String> m = new HashMap<>(); m.put("a", "x"); m.remove("a"); return 1 / m.size(); }
            public static int kept(String k) { Map<String, String> m = new HashMap<>(); m.put(k, "x"); return m.containsKey(k) ? 1 / m.size() : 0; }
        }
        "#,
        expect![[r#"
            3:101 NullPointerException A.putNull(): direct
            5:100 NullPointerException A.missing(): direct
            6:117 ArithmeticException A.removed(): direct
        "#]],
    );
}

/// `Class.forName` of a name no class has throws `ClassNotFoundException`, which the
/// caller may catch.
#[test]
fn a_class_lookup_may_find_no_class() {
    check_sites(
        r#"
        public class A {
            public static String name(String n) {
                Class<?> c = null;
                try { c = Class.forName(n); } catch (ClassNotFoundException e) { }
                return c.getName();
            }
        }
        "#,
        expect![[r#"
            4:19 NullPointerException A.name(String): direct
            5:16 NullPointerException A.name(String): direct
        "#]],
    );
}

/// A sorted map's navigation finds an entry or nothing (`null`): never anything in an
/// empty map, where a `null` key is not compared.
#[test]
fn a_sorted_maps_navigation_may_find_nothing() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object floor(int k) { TreeMap<Integer, String> m = new TreeMap<>(); m.put(0, "low"); return m.floorEntry(k).getValue(); }
            public static Object higher(String k) { TreeMap<String, String> m = new TreeMap<>(); m.put("a", "x"); return m.higherKey(k).length(); }
            public static Object empty(String k) { return new TreeMap<String, String>().ceilingKey(k); }
        }
        "#,
        expect![[r#"
            3:111 NullPointerException A.floor(int): direct
            4:114 NullPointerException A.higher(String): direct
        "#]],
    );
}

#[test]
fn a_sorted_map_refuses_null_and_an_immutable_one_changes() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object put(String k) { return new TreeMap<String, String>().put(k, "x"); }
            public static Object first() { return new TreeMap<String, String>().firstKey(); }
            public static Object of(String k) { return Map.of("a", "x").put(k, "y"); }
            public static Object empty() { return Collections.emptyMap().put("a", "y"); }
        }
        "#,
        expect![[r#"
            3:49 NullPointerException A.put(String): direct
            4:43 NoSuchElementException A.first(): direct
            5:48 UnsupportedOperationException A.of(String): direct
            6:43 UnsupportedOperationException A.empty(): direct
        "#]],
    );
}

#[test]
fn a_set_grows_by_new_elements_only() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static int same() { Set<String> s = new HashSet<>(); s.add("a"); s.add("a"); return 1 / (s.size() - 1); }
            public static int two() { Set<String> s = new HashSet<>(); s.add("a"); s.add("b"); return 1 / (s.size() - 1); }
            public static Object first() { return new TreeSet<String>().first(); }
        }
        "#,
        expect![[r#"
            3:98 ArithmeticException A.same(): direct
            5:43 NoSuchElementException A.first(): direct
        "#]],
    );
}

#[test]
fn an_iterator_ends_with_its_collection() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object next() { return new ArrayList<String>().iterator().next(); }
            public static Object one() { List<String> l = new ArrayList<>(); l.add("a"); return l.iterator().next(); }
            public static int each() { List<String> l = new LinkedList<>(); l.add("a"); int n = 0; for (String s : l) n++; return 1 / (n - 1); }
            public static Object keys() { return new HashMap<String, String>().keySet().iterator().next(); }
        }
        "#,
        expect![[r#"
            3:42 NoSuchElementException A.next(): direct
            5:125 ArithmeticException A.each(): direct
            6:42 NoSuchElementException A.keys(): direct
        "#]],
    );
}

#[test]
fn collections_wrappers_are_empty_or_refuse_changes() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object get() { return Collections.emptyList().get(0); }
            public static void add(String s) { Collections.unmodifiableList(new ArrayList<String>()).add(s); }
            public static int one() { return 1 / (Collections.singletonList("a").size() - 1); }
            public static Object max() { return Collections.max(new ArrayList<String>()); }
            public static void diamond(String s) { List<String> l = Collections.unmodifiableList(new ArrayList<>()); l.add(s); }
            public static void local(String s) { List<String> b = new ArrayList<>(); List<String> l = Collections.unmodifiableList(b); l.add(s); }
        }
        "#,
        expect![[r#"
            3:41 IndexOutOfBoundsException A.get(): direct
            4:40 UnsupportedOperationException A.add(String): direct
            5:40 ArithmeticException A.one(): direct
            6:41 NoSuchElementException A.max(): direct
            7:110 UnsupportedOperationException A.diamond(String): direct
            8:128 UnsupportedOperationException A.local(String): direct
        "#]],
    );
}

#[test]
fn immutable_lists_and_sets_refuse_nulls_duplicates_and_changes() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object nul(String s) { return List.of("a", s); }
            public static Object get(int i) { return List.of("a", "b").get(i); }
            public static Object far(int i) { return List.of("a", "b", "c").get(i); }
            public static int elem() { return List.of("a", "bc").get(1).length(); }
            public static void add(String s) { List.of("a").add(s); }
            public static Object dup(String s) { return Set.of("a", s); }
            public static Object distinct() { return Set.of("a", "b"); }
            public static void remove(String s) { Set.of("a").remove(s); }
            public static int size() { return 10 / (Set.of("a", "b").size() - 2); }
            public static Object copy(int i) { return List.copyOf(new ArrayList<String>()).get(i); }
            public static boolean keys(String k) { return Map.of("a", 1).keySet().remove(k) || Map.of("a", 1).values().remove(null); }
        }
        "#,
        expect![[r#"
            3:49 NullPointerException A.nul(String): direct
            4:46 IndexOutOfBoundsException A.get(int): direct
            5:46 ArrayIndexOutOfBoundsException A.far(int): direct
            7:40 UnsupportedOperationException A.add(String): direct
            8:49 IllegalArgumentException A.dup(String): direct
            8:49 NullPointerException A.dup(String): direct
            10:43 UnsupportedOperationException A.remove(String): direct
            11:42 ArithmeticException A.size(): direct
            12:47 ArrayIndexOutOfBoundsException A.copy(int): direct
            13:51 UnsupportedOperationException A.keys(String): direct
        "#]],
    );
}

#[test]
fn map_computations_run_their_function_with_the_jdk_null_rules() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static Object absent(int d) { Map<String, Integer> m = new HashMap<>(); return m.computeIfAbsent("a", k -> 10 / d); }
            public static Object present(int d) { Map<String, Integer> m = new HashMap<>(); m.put("a", 1); return m.computeIfAbsent("a", k -> 10 / d); }
            public static int stored() { Map<String, String> m = new HashMap<>(); m.computeIfAbsent("a", k -> "x"); return m.get("a").length(); }
            public static Object merge(Integer v) { return new HashMap<String, Integer>().merge("a", v, (x, y) -> x + y); }
            public static int merged() { Map<String, Integer> m = new HashMap<>(); m.put("a", 1); m.merge("a", 2, (x, y) -> 10 / (x + y - 3)); return 0; }
            public static Object noFunction() { return new HashMap<String, Integer>().compute("a", null); }
            public static Object tree(String k) { Map<String, Integer> m = new TreeMap<>(); m.put("a", 1); return m.get(k); }
            public static Object treeEmpty(String k) { return new TreeMap<String, Integer>().computeIfAbsent(k, x -> null); }
            public static int removed() { Map<String, Integer> m = new HashMap<>(); m.put("a", 1); m.computeIfPresent("a", (k, v) -> null); return 10 / m.size(); }
            public static Object replace() { Map<String, String> m = new HashMap<>(); m.replace("a", "x"); return m.get("a").length(); }
            public static Object frozen() { return Map.of("a", 1).merge("a", 1, (x, y) -> x); }
            public static Object ofNull(String k) { return Map.of("a", 1).get(k); }
            public static Object emptyNull(String k) { return Collections.emptyMap().get(k); }
        }
        "#,
        expect![[r#"
            3:122 ArithmeticException A..Lambda.1.apply(Object): via A.absent(int): direct
            6:52 NullPointerException A.merge(Integer): direct
            7:120 ArithmeticException A..Lambda.5.apply(Object, Object): via A.merged(): direct
            8:48 NullPointerException A.noFunction(): direct
            9:107 NullPointerException A.tree(String): direct
            11:143 ArithmeticException A.removed(): direct
            12:107 NullPointerException A.replace(): direct
            13:44 UnsupportedOperationException A.frozen(): direct
            14:52 NullPointerException A.ofNull(String): direct
        "#]],
    );
}

#[test]
fn entries_iterate_over_what_was_put() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static int keys() { Map<String, String> m = new HashMap<>(); m.put("a", "x"); m.put("b", null); int n = 0; for (Map.Entry<String, String> e : m.entrySet()) n += e.getKey().length(); return n; }
            public static int values() { Map<String, String> m = new HashMap<>(); m.put("a", "x"); m.put("b", null); int n = 0; for (Map.Entry<String, String> e : m.entrySet()) n += e.getValue().length(); return n; }
            public static Object none() { return new HashMap<String, String>().entrySet().iterator().next(); }
            public static Object frozen() { return Map.of("a", "x").entrySet().iterator().next().setValue("y"); }
        }
        "#,
        expect![[r#"
            3:173 NullPointerException A.keys(): direct
            4:175 NullPointerException A.values(): direct
            5:42 NoSuchElementException A.none(): direct
            6:44 UnsupportedOperationException A.frozen(): direct
        "#]],
    );
}

#[test]
fn functions_handed_to_the_jdk_run_at_their_own_lines() {
    check_sites(
        r#"
        import java.util.*;
        public class A {
            public static void each(int d) { List<String> l = new ArrayList<>(); l.add("a"); l.forEach(s -> System.out.println(10 / d)); }
            public static void pairs(int d) { Map<String, Integer> m = new HashMap<>(); m.put("a", 1); m.forEach((k, v) -> System.out.println(v / d)); }
            public static Object map(String s, int d) { return Optional.of(s).map(x -> x.length() / d); }
            public static Object mapEmpty(int d) { return Optional.empty().map(x -> 10 / d); }
            public static void present(String s, int d) { Optional.ofNullable(s).ifPresent(x -> System.out.println(10 / d)); }
            public static Object orElse(String s, int d) { return Optional.ofNullable(s).orElseGet(() -> "" + 10 / d); }
            public static Object require(String s, int d) { return Objects.requireNonNull(s, () -> "" + 10 / d); }
            public static Object filter(String s) { return Optional.of("a").filter(x -> x.equals(s.trim())); }
            public static Object flat(int d) { return Optional.of("a").flatMap(x -> Optional.of(10 / d)); }
            public static Object flatNull() { return Optional.of("a").flatMap(x -> null); }
            public static void orElseRun(String s, int d) { Optional.ofNullable(s).ifPresentOrElse(x -> {}, () -> System.out.println(10 / d)); }
            public static Object or(String s, int d) { return Optional.ofNullable(s).or(() -> Optional.of("" + 10 / d)); }
        }
        "#,
        expect![[r#"
            3:123 ArithmeticException A..Lambda.1.accept(Object): via A.each(int): direct
            4:137 ArithmeticException A..Lambda.2.accept(Object, Object): via A.pairs(int): direct
            5:56 NullPointerException A.map(String, int): direct
            5:80 NullPointerException A..Lambda.3.apply(Object): via A.map(String, int): direct
            5:91 ArithmeticException A..Lambda.3.apply(Object): via A.map(String, int): direct
            7:111 ArithmeticException A..Lambda.5.accept(Object): via A.present(String, int): direct
            8:106 ArithmeticException A..Lambda.6.get(): via A.orElse(String, int): direct
            9:60 NullPointerException precondition A.require(String, int): direct
            9:100 ArithmeticException A..Lambda.7.get(): via A.require(String, int): direct
            10:90 NullPointerException A..Lambda.8.test(Object): via A.filter(String): direct
            11:92 ArithmeticException A..Lambda.9.apply(Object): via A.flat(int): direct
            12:46 NullPointerException A.flatNull(): direct
            13:129 ArithmeticException A..Lambda.12.run(): via A.orElseRun(String, int): direct
            14:107 ArithmeticException A..Lambda.13.get(): via A.or(String, int): direct
        "#]],
    );
}

#[test]
fn a_copy_of_a_substring_holds_the_strings_chars() {
    // The divisor is char 1 of `s`: `toCharArray()` shares the substring's contents, whose
    // reads fold to the string's chars shifted by one.
    check_goals(
        r#"
        public class A {
            public static int second(String s) { return 1 / s.substring(1).toCharArray()[0]; }
        }
        "#,
        expect![[r#"
            2:51 ArithmeticException A.second(String) direct: (and (and (and (or (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (not (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) (not m!3)) (not (bvsge 0 (alen (- 4))))) (= ((_ zero_extend 16) (select (select m!4 (select m!2 m!1)) 1)) 0))
            2:53 ArrayIndexOutOfBoundsException A.second(String) direct: (and (and (or (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (not (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) (not m!3)) (bvsge 0 (alen (- 4))))
            2:53 NullPointerException A.second(String) direct: (and (or (= how(s) 0) (= how(s) 1)) (= m!1 0))
            2:53 StringIndexOutOfBoundsException A.second(String) direct: (and (or (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (not (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) (and (and (and (and (or (= how(s) 0) (= how(s) 1)) (not (= m!1 0))) (not (= (select m!2 m!1) 0))) (not (= (select m!2 m!1) 0))) (bvsgt (alen (select m!2 m!1)) (alen (select m!2 m!1))))) m!3)
        "#]],
    );
}

#[test]
fn a_string_of_chars_holds_those_chars() {
    // The divisor is the copy's char 0, whose read folds to `cs[0 + 1]` (it was a zero:
    // the model's constructor made a new, default-filled array).
    check_goals(
        r#"
        public class A {
            public static int first(char[] cs) { return 1 / new String(cs, 1, 1).charAt(0); }
        }
        "#,
        expect![[r#"
            2:51 ArithmeticException A.first(char[]) direct: (and (and (and (and (or (= how(cs) 0) (= how(cs) 1)) (not (= m!1 0))) (not (= m!1 0))) (not (bvsgt 1 (bvsub (alen m!1) 1)))) (= ((_ zero_extend 16) (ite (bvslt 1 (alen m!1)) (select (select m!2 m!1) 1) 0:16)) 0))
            2:53 NullPointerException A.first(char[]) direct: (and (or (= how(cs) 0) (= how(cs) 1)) (= m!1 0))
            2:53 StringIndexOutOfBoundsException A.first(char[]) direct: (and (and (and (or (= how(cs) 0) (= how(cs) 1)) (not (= m!1 0))) (not (= m!1 0))) (bvsgt 1 (bvsub (alen m!1) 1)))
        "#]],
    );
}

#[test]
fn strings_and_builders_refuse_a_null_array_or_string() {
    // A released buffer handed to `new String` throws as the JDK does; `append(String)`
    // and `append(Object)` write `"null"` instead.
    check_sites(
        r#"
        public class A {
            char[] buf;
            String s;
            public String text(int n) { return new String(buf, 0, n); }
            public String all() { return String.valueOf(buf); }
            public boolean starts() { return "abc".startsWith(s); }
            public String joined() { return "x".concat(s); }
            public int order() { return "x".compareTo(s); }
            public StringBuilder copy() { return new StringBuilder(s); }
            public StringBuilder chars() { return new StringBuilder().append(buf); }
            public StringBuilder text() { return new StringBuilder().append(s).append((Object) s); }
        }
        "#,
        expect![[r#"
            4:40 NullPointerException A.text(int): constructor, reflection
            4:40 StringIndexOutOfBoundsException A.text(int): reflection
            5:34 NullPointerException A.all(): constructor, reflection
            6:38 NullPointerException A.starts(): constructor, reflection
            7:37 NullPointerException A.joined(): constructor, reflection
            8:33 NullPointerException A.order(): constructor, reflection
            9:42 NullPointerException A.copy(): constructor, reflection
            10:43 NullPointerException A.chars(): constructor, reflection
        "#]],
    );
}

#[test]
fn a_reflective_array_read_checks_its_array_and_index() {
    check_sites(
        r#"
        public class A {
            public static Object at(Object array, int i) { return java.lang.reflect.Array.get(array, i); }
            public static Object first(int[] a) { return java.lang.reflect.Array.get(a, 0); }
        }
        "#,
        expect![[r#"
            2:59 ArrayIndexOutOfBoundsException A.at(Object, int): constructor
            2:59 IllegalArgumentException A.at(Object, int): constructor
            2:59 NullPointerException A.at(Object, int): constructor
            3:50 ArrayIndexOutOfBoundsException A.first(int[]): direct
            3:50 IllegalArgumentException A.first(int[]): direct
            3:50 NullPointerException A.first(int[]): direct
        "#]],
    );
}

#[test]
fn a_bit_set_refuses_negative_indexes() {
    check_sites(
        r#"
        import java.util.BitSet;
        public class A {
            public static boolean at(BitSet bits, int i) { return bits.get(i); }
            public static void range(int from, int to) { new BitSet(8).set(from, to); }
            public static int next(BitSet bits) { return bits.nextSetBit(0); }
            public static BitSet sized(int n) { return new BitSet(n); }
        }
        "#,
        expect![[r#"
            3:59 IndexOutOfBoundsException A.at(BitSet, int): constructor
            3:59 NullPointerException A.at(BitSet, int): constructor
            4:50 IndexOutOfBoundsException A.range(int, int): direct
            5:50 NullPointerException A.next(BitSet): constructor
            6:48 NegativeArraySizeException A.sized(int): direct
        "#]],
    );
}
