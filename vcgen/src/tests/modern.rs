//! Records, enums and the JDK's documented nulls: the shapes of modern and everyday Java a
//! harness must build the way a caller would.

use super::{check_goals, check_sites};
use expect_test::expect;

#[test]
fn a_record_is_built_through_its_compact_constructor() {
    // The compact constructor's check holds for every record a caller makes: the harness
    // runs it, then assigns the components (JLS 8.10.4.2), so the division's goal carries
    // `v > 0` and cannot be met through the constructor.
    check_goals(
        r#"
        public record Pos(int v) {
            public Pos {
                if (v <= 0) throw new IllegalArgumentException();
            }
            public int inv() { return 100 / v; }
        }
        "#,
        expect![[r#"
            5:35 ArithmeticException Pos.inv() constructor: (and (not (bvsle this<-Pos#arg0 0)) (= this<-Pos#arg0 0))
        "#]],
    );
}

#[test]
fn a_compact_constructor_may_change_what_it_stores() {
    check_goals(
        r#"
        public record Clamp(int v) {
            public Clamp {
                if (v < 1) v = 1;
            }
            public int inv() { return 100 / v; }
        }
        "#,
        expect![[r#"
            5:35 ArithmeticException Clamp.inv() constructor: (and (or (bvslt this<-Clamp#arg0 1) (not (bvslt this<-Clamp#arg0 1))) (= m!1 0))
        "#]],
    );
}

#[test]
fn a_canonical_constructor_written_out_replaces_the_generated_one() {
    check_goals(
        r#"
        public record Pos(int v) {
            public Pos(int v) {
                if (v <= 0) throw new IllegalArgumentException();
                this.v = v;
            }
            public int inv() { return 100 / v; }
        }
        "#,
        expect![[r#"
            6:35 ArithmeticException Pos.inv() constructor: (and (not (bvsle this<-Pos#arg0 0)) (= this<-Pos#arg0 0))
        "#]],
    );
}

#[test]
fn an_enum_method_runs_on_one_of_its_constants() {
    // Never on an object made by reflection: a caller has only the constants.
    check_sites(
        r#"
        public enum Op {
            ONE, TWO, ZERO;
            int factor() {
                switch (this) {
                    case ONE: return 1;
                    case TWO: return 2;
                    default: return 0;
                }
            }
            public int scale(int base) { return base / factor(); }
        }
        "#,
        expect![[r#"
            4:17 NullPointerException Op.factor(): direct; via Op.scale(int): direct
            10:46 ArithmeticException Op.scale(int): direct
        "#]],
    );
}

#[test]
fn the_jdk_methods_documented_to_return_null_may() {
    check_sites(
        r#"
        import java.io.File;
        import java.util.Properties;

        public class Look {
            public static int prop(String key) { return System.getProperty(key).length(); }
            public static int env(String name) { return System.getenv(name).length(); }
            public static String res(String name) { return Look.class.getResource(name).getPath(); }
            public static int list(File dir) { return dir.list().length; }
            public static String parent(File f) { return f.getParentFile().getName(); }
            public static int option(Properties p, String k) { return p.getProperty(k).length(); }
            public static int millis() { return Long.toString(System.currentTimeMillis()).length(); }
        }
        "#,
        expect![[r#"
            5:49 NullPointerException Look.prop(String): direct
            6:49 NullPointerException Look.env(String): direct
            7:52 NullPointerException Look.res(String): direct
            8:47 NullPointerException Look.list(File): constructor
            9:50 NullPointerException Look.parent(File): constructor
            10:63 NullPointerException Look.option(Properties, String): constructor
        "#]],
    );
}

#[test]
fn code_points_and_decoding_throw_where_the_jdk_does() {
    check_sites(
        r#"
        public class Points {
            public static int first(CharSequence s) { return Character.codePointAt(s, 1); }
            public static int at(char[] a, int i) { return Character.codePointAt(a, i); }
            public static int last(String s) { return s.codePointAt(s.length() - 2); }
            public static int number(String s) { return Integer.decode(s); }
        }
        "#,
        expect![[r#"
            2:54 NullPointerException Points.first(CharSequence): direct
            2:54 StringIndexOutOfBoundsException Points.first(CharSequence): direct
            3:52 ArrayIndexOutOfBoundsException Points.at(char[], int): direct
            3:52 NullPointerException Points.at(char[], int): direct
            4:47 NullPointerException Points.last(String): direct
            4:47 StringIndexOutOfBoundsException Points.last(String): direct
            4:61 NullPointerException Points.last(String): direct
            5:49 NumberFormatException precondition Points.number(String): direct
            5:49 StringIndexOutOfBoundsException precondition Points.number(String): direct
        "#]],
    );
}

/// A property table holds what is put in it, and its names are its keys: a caller's table
/// with one name this class does not know has no option.
#[test]
fn property_tables_hold_what_is_put() {
    check_sites(
        r#"
        import java.util.*;

        public class Tables {
            private final Map<String, StringBuilder> options = new HashMap<>();
            public Tables() { options.put("port", new StringBuilder()); }
            public void load(Properties table) {
                for (String name : table.stringPropertyNames()) { options.get(name).append(table.getProperty(name)); }
            }
            public static int put(Hashtable<String, String> t, String k, String v) { t.put(k, v); return t.size(); }
            public static int get(Hashtable<String, String> t, String k) { return t.get(k).length(); }
            public static int kept(String k) { Properties p = new Properties(); p.setProperty(k, "v"); return p.getProperty(k).length(); }
        }
        "#,
        expect![[r#"
            7:28 NullPointerException Tables.load(Properties): constructor, reflection
            7:59 NullPointerException bounded Tables.load(Properties): constructor, reflection
            7:84 NullPointerException bounded Tables.load(Properties): constructor, reflection
            9:78 NullPointerException Tables.put(Hashtable, String, String): constructor
            9:98 NullPointerException Tables.put(Hashtable, String, String): constructor
            10:75 NullPointerException Tables.get(Hashtable, String): constructor
            11:73 NullPointerException Tables.kept(String): direct
            11:103 NullPointerException Tables.kept(String): direct
        "#]],
    );
}

#[test]
fn an_enum_makes_only_the_constants_that_what_runs_reads() {
    // `Level.FATAL` is made with its text (no null dereference at `text()`), but none of the
    // constants past those a test may name that nothing reads: a catalogue of hundreds of
    // messages (commons-math3's `LocalizedFormats`) outgrew the formula's budget.
    let names: Vec<String> = (0..24).map(|i| format!("L{i}(\"l{i}\")")).collect();
    let java = format!(
        r#"
        public enum Level {{
            {}, FATAL("fatal");
            private final String text;
            Level(String text) {{ this.text = text; }}
            public String text() {{ return text; }}
            public static int fatal(int k) {{ return k / (FATAL.text().length() - 5); }}
        }}
        "#,
        names.join(", ")
    );
    let run = super::run_with(&java, &crate::Options::default());
    let preludes: String = run.texts.values().cloned().collect();
    assert!(!preludes.is_empty(), "the division has a goal");
    assert!(
        super::goals_of(&run).contains("ArithmeticException"),
        "{}",
        super::goals_of(&run)
    );
    assert!(
        !super::goals_of(&run).contains("NullPointerException"),
        "FATAL is made with its text: {}",
        super::goals_of(&run)
    );
    // Each constant made is one object of the enum's type, `(dtype (- n))`, in the one
    // prelude of the one entry.
    assert_eq!(run.texts.len(), 1);
    let made = preludes.matches("(assert (= (dtype (- ").count();
    assert_eq!(made, 17, "the 16 constants a test may name, and FATAL");
}
