//! Snippet tests: a Java file with its documentation in, the verdict of a crash that a
//! test proved at a line of it out (`level rule: text (file:line)`).

use super::*;
use crate::run::classify::tests::site;
use testgen::InputContract;

/// The verdict of an `exception` at `line` of the fixture `p/A.java`, proved by a test
/// that called `A.entry` (its first method named so), whose stack goes through the
/// methods `through` (name and line) down to the site; `change` adjusts the test.
#[track_caller]
fn verdict(
    java: &str,
    exception: &str,
    through: &[(&str, u32)],
    documentation: bool,
    change: impl FnOnce(&mut TestCase),
) -> String {
    verdict_of(java, exception, through, documentation, None, change)
}

/// As [`verdict`], for a crash whose message is `message`.
#[track_caller]
fn verdict_of(
    java: &str,
    exception: &str,
    through: &[(&str, u32)],
    documentation: bool,
    message: Option<&str>,
    change: impl FnOnce(&mut TestCase),
) -> String {
    judged(
        java,
        exception,
        through,
        documentation,
        message,
        Thrown::Project,
        change,
    )
}

/// As [`verdict`], for a crash thrown inside the library method that the last of
/// `through` called.
#[track_caller]
fn verdict_in_library(
    java: &str,
    exception: &str,
    through: &[(&str, u32)],
    documentation: bool,
) -> String {
    judged(
        java,
        exception,
        through,
        documentation,
        None,
        Thrown::Library,
        |_| {},
    )
}

/// Where a crash of a test was thrown.
#[derive(Clone, Copy, PartialEq)]
enum Thrown {
    /// In project code.
    Project,
    /// In a library method the project called.
    Library,
    /// In a JDK method whose `@Precondition` the project's call broke.
    Precondition,
}

#[track_caller]
fn judged(
    java: &str,
    exception: &str,
    through: &[(&str, u32)],
    documentation: bool,
    message: Option<&str>,
    thrown: Thrown,
    change: impl FnOnce(&mut TestCase),
) -> String {
    let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
    let h = Hierarchy::new(&program);
    let judge = Judge::new(&program, &h, documentation);
    let mut test = TestCase {
        class: "p.A_DsdTest".into(),
        method: "t".into(),
        file: "tests/p/A_DsdTest.java".into(),
        line: 3,
        site: "s".into(),
        inputs: Vec::new(),
        null_input: false,
        reflection: false,
        observed: false,
        route: vcgen::Route::Direct,
        contract: InputContract::default(),
    };
    change(&mut test);
    let mut stack = vec![StackFrame {
        class: "p.A_DsdTest".into(),
        method: "t".into(),
        file: "A_DsdTest.java".into(),
        line: 3,
    }];
    stack.extend(through.iter().map(|(method, line)| StackFrame {
        class: "p.A".into(),
        method: method.to_string(),
        file: "p/A.java".into(),
        line: *line,
    }));
    let mut crash = site(exception, through.last().map_or(1, |t| t.1));
    crash.class = "p.A".into();
    crash.precondition = thrown == Thrown::Precondition;
    let why = judge.why(&crash, &test, &stack, message, thrown != Thrown::Project);
    format!("{} {:?}: {}", why.level().as_str(), why.rule, why.line())
}

const JAVA: &str = r#"package p;
public class A {
    /**
     * The code at an index.
     * @param s the text, may be null
     * @param i the index
     * @throws IndexOutOfBoundsException if i is outside s
     */
    public static int at(String s, int i) { return s.charAt(i); }
    /**
     * A checked division.
     * @throws RuntimeException never
     */
    public static int div(int a, int b) { return inner(a, b); }
    static int inner(int a, int b) { return a / b; }
    /**
     * The first code.
     * @param s the text
     */
    public static int first(String s) { return at(s, 0); }
}
"#;

const SIOOBE: &str = "java.lang.StringIndexOutOfBoundsException";
const AE: &str = "java.lang.ArithmeticException";
const NPE: &str = "java.lang.NullPointerException";

#[test]
fn a_documented_supertype_of_the_exception_announces_it() {
    assert_eq!(
        verdict(JAVA, SIOOBE, &[("at", 9)], true, |_| {}),
        "note Documented: documented: @throws IndexOutOfBoundsException (A.java:7)"
    );
    assert_eq!(
        verdict(JAVA, SIOOBE, &[("first", 20), ("at", 9)], true, |_| {}),
        "note Documented: documented: @throws IndexOutOfBoundsException (A.java:7)",
        "a public method on the way to the crash announces it too"
    );
    assert_eq!(
        verdict(JAVA, SIOOBE, &[("at", 9)], false, |_| {}),
        "error Within: a bug: within the contract of A.at(String, int)",
        "with the documentation off, only the code decides"
    );
}

#[test]
fn the_jdk_interface_an_override_implements_announces_too() {
    let java = r#"package p;
public class A extends java.util.AbstractList<String> implements java.util.List<String> {
    private final String[] items = new String[2];
    public String get(int index) { return items[index]; }
    public int size() { return 2; }
}
"#;
    let aioobe = "java.lang.ArrayIndexOutOfBoundsException";
    assert_eq!(
        verdict(java, aioobe, &[("get", 4)], true, |_| {}),
        "note Documented: documented: @throws IndexOutOfBoundsException, inherited from List.get"
    );
    let comparator = r#"package p;
public class A implements java.util.Comparator<Object> {
    public int compare(Object a, Object b) { return ((Comparable<Object>) a).compareTo(b); }
}
"#;
    assert_eq!(
        verdict(comparator, "java.lang.ClassCastException", &[("compare", 3)], true, |_| {}),
        "note Documented: documented: @throws ClassCastException, inherited from Comparator.compare"
    );
    let comparable = r#"package p;
public class A implements Comparable<A> {
    private String name;
    public int compareTo(A other) { return name.length() - other.name.length(); }
}
"#;
    let npe = "java.lang.NullPointerException";
    assert_eq!(
        verdict(comparable, npe, &[("compareTo", 4)], true, |_| {}),
        "error Within: a bug: within the contract of A.compareTo(A)",
        "an @throws NullPointerException documents a null passed in, and none was"
    );
    assert_eq!(
        verdict(comparable, npe, &[("compareTo", 4)], true, |t| {
            t.null_input = true
        }),
        "note Documented: documented: @throws NullPointerException, inherited from \
         Comparable.compareTo"
    );
}

#[test]
fn an_exception_too_general_announces_nothing() {
    assert_eq!(
        verdict(JAVA, AE, &[("div", 14), ("inner", 15)], true, |_| {}),
        "error Within: a bug: within the contract of A.div(int, int)"
    );
}

#[test]
fn a_null_the_documentation_allows_is_a_bug_and_another_a_note() {
    let documented = vcgen::contract::NullSafe {
        param: 0,
        name: "s".into(),
        value: true,
        elements: false,
        file: "p/A.java".into(),
        line: 5,
    };
    assert_eq!(
        verdict(JAVA, NPE, &[("first", 20), ("at", 9)], true, |t| {
            t.contract.documented_null = Some(documented)
        }),
        "error DocumentedNull: a bug: documented: s may be null (A.java:5)"
    );
    assert_eq!(
        verdict(JAVA, NPE, &[("first", 20), ("at", 9)], true, |t| t
            .null_input =
            true),
        "note NullInput: a null passed straight in"
    );
}

#[test]
fn the_entry_is_named_through_a_bridge_and_a_lambda_by_its_class() {
    let java = r#"package p;
public class A {
    public static java.util.Comparator<String> byKey(int k) {
        return new java.util.Comparator<String>() {
            @Override
            public int compare(String x, String y) { return x.charAt(k) - y.charAt(k); }
        };
    }
    public static java.util.function.IntUnaryOperator per(int d) { return x -> x / d; }
}
"#;
    let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
    let h = Hierarchy::new(&program);
    let judge = Judge::new(&program, &h, true);
    let frame = |class: &str, method: &str, line: u32| StackFrame {
        class: class.into(),
        method: method.into(),
        file: "p/A.java".into(),
        line,
    };
    let test = frame("p.A_DsdTest", "t", 3);
    // javac's bridge `compare(Object, Object)` stands at the class's line.
    let through_bridge = [
        test.clone(),
        frame("p.A$1", "compare", 4),
        frame("p.A$1", "compare", 6),
    ];
    assert_eq!(
        judge.entry(&through_bridge).as_deref(),
        Some("A$1.compare(String, String)")
    );
    let lambda = [test, frame("p.A", "lambda$per$0", 9)];
    assert_eq!(judge.entry(&lambda).as_deref(), Some("a lambda of A"));
}

#[test]
fn the_parameter_the_jvm_names_null_decides_when_the_crash_is_in_the_method_called() {
    let message = r#"Cannot invoke "String.charAt(int)" because "s" is null"#;
    assert_eq!(
        verdict_of(JAVA, NPE, &[("at", 9)], true, Some(message), |t| t
            .null_input =
            true),
        "error DocumentedNull: a bug: documented: s may be null (A.java:5)",
        "another null beside it, undocumented, does not matter"
    );
    assert_eq!(
        verdict_of(
            JAVA,
            NPE,
            &[("first", 20), ("at", 9)],
            true,
            Some(message),
            |t| t.null_input = true
        ),
        "note NullInput: a null passed straight in",
        "a frame deeper, the null is the caller's to pass on"
    );
    assert_eq!(null_parameter(Some(message)), Some("s"));
    assert_eq!(
        null_parameter(Some(
            r#"Cannot invoke "Object.toString()" because the return value of "p.A.f()" is null"#
        )),
        None
    );
    assert_eq!(
        null_parameter(Some(r#"Cannot read field "x" because "this.p" is null"#)),
        None
    );
}

#[test]
fn a_store_past_the_end_of_an_output_array_the_caller_gave_is_the_callers() {
    let java = r#"package p;
public class A {
    public static void encode(byte[] data, char[] out, int outOffset) { fill(data, out, outOffset); }
    private static void fill(byte[] data, char[] out, int outOffset) {
        for (int i = 0, j = outOffset; i < data.length; i++) {
            out[j++] = 'x';
        }
    }
    public static char[] encode(byte[] data) {
        char[] out = new char[data.length];
        for (int i = 0; i <= data.length; i++) {
            out[i] = 'x';
        }
        return out;
    }
}
"#;
    let aioobe = "java.lang.ArrayIndexOutOfBoundsException";
    assert_eq!(
        verdict(java, aioobe, &[("encode", 3), ("fill", 6)], true, |_| {}),
        "note Precondition: needs out to hold what is written from outOffset (an output array)"
    );
    assert_eq!(
        verdict(java, aioobe, &[("encode", 12)], true, |_| {}),
        "error Within: a bug: within the contract of A.encode(byte[])",
        "an array the method made itself"
    );
}

#[test]
fn an_announced_null_pointer_exception_wins_over_a_class_that_handles_null_input() {
    let java = r#"package p;
/** Converters. They handle null input arrays gracefully. */
public class A {
    /**
     * Converts.
     * @param bytes the bytes
     * @throws NullPointerException if the input is null
     */
    public static int n(byte[] bytes) { return bytes.length; }
}
"#;
    let message = r#"Cannot read the array length because "bytes" is null"#;
    assert_eq!(
        verdict_of(java, NPE, &[("n", 9)], true, Some(message), |t| t
            .null_input =
            true),
        "note Documented: documented: @throws NullPointerException (A.java:7)"
    );
}

#[test]
fn visibility_reflection_and_broken_preconditions_make_notes() {
    assert_eq!(
        verdict(JAVA, AE, &[("inner", 15)], true, |t| {
            t.contract.internal = Some("package-private".into())
        }),
        "note Internal: not client code: A.inner(int, int) is package-private; no public caller reached it"
    );
    assert_eq!(
        verdict(JAVA, AE, &[("div", 14), ("inner", 15)], true, |t| t
            .reflection =
            true),
        "note Reflection: the test set private state by reflection"
    );
    let broken = vcgen::contract::Contract {
        symbol: "doc!0".into(),
        broken: "i outside 0..s.length() - 1".into(),
        reason: "an index parameter".into(),
        file: "p/A.java".into(),
        line: 6,
    };
    assert_eq!(
        verdict(JAVA, SIOOBE, &[("at", 9)], true, |t| t.contract.broken =
            vec![broken]),
        "note Precondition: needs i outside 0..s.length() - 1 (an index parameter; A.java:6)"
    );
}

#[test]
fn a_number_the_method_wrote_itself_is_its_own_to_parse() {
    let java = r##"package p;
public class A {
    public enum Unit { PX, EM }
    private final int scale;
    private String name = "a";
    public A(int scale) { this.scale = scale; }
    public static int viaHex(int argb, boolean alpha, Unit unit) {
        return Integer.decode("#" + Integer.toHexString(argb));
    }
    public static int parse(String s) { return Integer.parseInt(s.trim()); }
    public static int ofChar(char c) { return Integer.parseInt("1" + c); }
    public int scaled(int k) { return Integer.parseInt("" + k * scale); }
    public static int viaHexCode(int argb) { return Integer.parseInt(null); }
}
"##;
    let nfe = "java.lang.NumberFormatException";
    let parse = |method: &str, line: u32, exception: &str, message: &str| {
        judged(
            java,
            exception,
            &[(method, line)],
            true,
            Some(message),
            Thrown::Precondition,
            |_| {},
        )
    };
    assert_eq!(
        parse(
            "viaHex",
            8,
            nfe,
            "For input string: \"ffffffe5\" under radix 16"
        ),
        "error Within: a bug: within the contract of A.viaHex(int, boolean, Unit)"
    );
    let callers = "note LibraryPrecondition: a JDK method's precondition broken by the caller";
    // Text the caller gave: a string, a char, or a field of the object it made.
    let text = "For input string: \"x\"";
    assert_eq!(parse("parse", 10, nfe, text), callers);
    // Digits read in a radix below ten (`Integer.decode("08")` reads octal) are a decimal
    // number the caller gave and the method read otherwise; other text in that radix, or
    // digits in radix ten (too many of them), stay the caller's.
    let within = "error Within: a bug: within the contract of A.parse(String)";
    assert_eq!(
        parse("parse", 10, nfe, "For input string: \"8\" under radix 8"),
        within
    );
    assert_eq!(
        parse("parse", 10, nfe, "For input string: \"019\" under radix 2"),
        within
    );
    for caller_s in [
        "For input string: \"8a\" under radix 8",
        "For input string: \"\" under radix 8",
        "For input string: \"99999999999\"",
        "For input string: \"99\" under radix 16",
    ] {
        assert_eq!(parse("parse", 10, nfe, caller_s), callers, "{caller_s}");
    }
    assert_eq!(parse("ofChar", 11, nfe, text), callers);
    assert_eq!(parse("scaled", 12, nfe, text), callers);
    // Another precondition than a well-formed number stays the caller's: a radix, or
    // another exception.
    let radix = "radix 1 less than Character.MIN_RADIX";
    assert_eq!(parse("viaHex", 8, nfe, radix), callers);
    assert_eq!(
        parse("viaHexCode", 13, "java.lang.IllegalArgumentException", text),
        callers
    );
}

#[test]
fn a_library_call_given_the_callers_values_unchanged_has_the_library_contract() {
    let java = r#"package p;
import java.util.*;
public class A {
    private final List<String> order = new ArrayList<>();
    private final TreeMap<String, String> map = new TreeMap<>();
    public String get(int index) { return order.get(index); }
    public String next(int index) { return order.get(index + 1); }
    public String first() { return map.firstKey(); }
    public String firstOr(String other) { String k = map.firstKey(); return k == null ? other : k; }
    /**
     * The element at an index.
     * @param index the index; one past the end results in no change
     */
    public String safe(int index) { return order.get(index); }
    public String view(int from, int to) { return order.subList(from, to).get(0); }
}
"#;
    let ioobe = "java.lang.IndexOutOfBoundsException";
    let nsee = "java.util.NoSuchElementException";
    assert_eq!(
        verdict_in_library(java, ioobe, &[("get", 6)], true),
        "note Precondition: needs a value List.get(int) refuses in index (passed on to it unchanged)"
    );
    assert_eq!(
        verdict_in_library(java, ioobe, &[("get", 6)], false),
        "note Precondition: needs a value List.get(int) refuses in index (passed on to it unchanged)",
        "a convention: it holds with the documentation off"
    );
    assert_eq!(
        verdict_in_library(java, nsee, &[("first", 8)], true),
        "note Documented: the contract of TreeMap.firstKey(), the one call A.first() makes"
    );
    assert_eq!(
        verdict(java, ioobe, &[("get", 6)], true, |_| {}),
        "error Within: a bug: within the contract of A.get(int)",
        "thrown by the method's own code, not by the library it calls"
    );
    for (method, line, exception, entry, why) in [
        (
            "next",
            7,
            ioobe,
            "next(int)",
            "an index the method computed",
        ),
        (
            "firstOr",
            9,
            nsee,
            "firstOr(String)",
            "the call is not all the method does",
        ),
        (
            "safe",
            14,
            ioobe,
            "safe(int)",
            "the documentation gives more indexes a meaning",
        ),
        (
            "view",
            15,
            ioobe,
            "view(int, int)",
            "two library calls on the line",
        ),
    ] {
        assert_eq!(
            verdict_in_library(java, exception, &[(method, line)], true),
            format!("error Within: a bug: within the contract of A.{entry}"),
            "{why}"
        );
    }
}

#[test]
fn a_method_documented_not_to_check_its_input_leaves_it_to_the_caller() {
    let java = r#"package p;
public class A {
    /**
     * The name after the last dot.
     * <p>The string passed in is assumed to be a class name - it is not checked.</p>
     * @param name the class name
     */
    public static String shortName(String name) { return name.substring(name.lastIndexOf('.') + 1, name.length() - 1); }
    /**
     * The name after the last dot.
     * @param name the class name
     */
    public static String checkedName(String name) { return name.substring(name.lastIndexOf('.') + 1, name.length() - 1); }
}
"#;
    assert_eq!(
        verdict(java, SIOOBE, &[("shortName", 8)], true, |_| {}),
        "note Documented: documented: its input is not checked (A.java:3)"
    );
    assert_eq!(
        verdict(java, SIOOBE, &[("checkedName", 13)], true, |_| {}),
        "error Within: a bug: within the contract of A.checkedName(String)"
    );
    assert_eq!(
        verdict(java, NPE, &[("shortName", 8)], true, |_| {}),
        "error Within: a bug: within the contract of A.shortName(String)",
        "a null is the null rules' to judge"
    );
}
