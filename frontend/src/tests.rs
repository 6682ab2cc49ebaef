//! Tests of parsing Java sources into the program model.

use super::*;
use crate::ir::Type;

#[test]
fn parse_sources_reads_text_not_files() {
    let (program, summary) = parse_sources(&[
        (
            "/src/p/A.java",
            "package p;\npublic class A { int f() { return 1; } }\n",
        ),
        ("/B.java", "class B {\n"),
    ]);
    let project: Vec<(&str, &str)> = program
        .files
        .iter()
        .filter(|f| !f.library)
        .map(|f| (f.path.as_str(), f.rel.as_str()))
        .collect();
    assert_eq!(
        project,
        [("/src/p/A.java", "p/A.java"), ("/B.java", "B.java")]
    );
    assert!(program.classes.iter().any(|c| c.name == "p.A"));
    assert_eq!(summary.methods, 1);
    assert!(summary
        .diagnostics
        .iter()
        .all(|d| d.starts_with("/B.java:")));
    assert!(!summary.diagnostics.is_empty());
}

#[test]
fn a_member_class_inherited_from_a_later_file_types_a_parameter() {
    let (program, _) = parse_sources(&[
        (
            "/src/p/Sub.java",
            "package p;\npublic class Sub extends Base {\n    void take(Context c) {}\n}\n",
        ),
        (
            "/src/p/Base.java",
            "package p;\npublic abstract class Base {\n    static class Context {}\n}\n",
        ),
    ]);
    let sub = program.classes.iter().find(|c| c.name == "p.Sub");
    let take = sub.and_then(|c| c.methods.iter().find(|m| m.name == "take"));
    assert_eq!(
        take.map(|m| m.descriptor.as_str()),
        Some("(Lp/Base$Context;)V")
    );
}

#[test]
fn a_member_type_of_a_library_class_types_a_parameter() {
    let (program, _) = parse_sources(&[(
        "/src/p/Pair.java",
        "package p;\nimport java.util.Map;\npublic class Pair {\n    Pair(Map.Entry e) {}\n    Pair(Map m) {}\n}\n",
    )]);
    let pair = program.classes.iter().find(|c| c.name == "p.Pair");
    let descriptors: Vec<&str> = pair
        .map(|c| c.methods.iter().map(|m| m.descriptor.as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        descriptors,
        ["(Ljava/util/Map$Entry;)V", "(Ljava/util/Map;)V"]
    );
}

#[test]
fn anonymous_classes_are_named_as_javac_names_them_and_lambdas_get_classes_of_their_own() {
    let (program, summary) = parse_sources(&[(
        "/src/p/A.java",
        "package p;\n\
             public class A {\n\
                 Op r = new Op() { public int apply(int x) { return x; } };\n\
                 static Object make(int d) {\n\
                     return new Object() { Op in = new Op() { public int apply(int x) { return d; } }; };\n\
                 }\n\
                 enum E { X { int f() { return 1; } }, Y; int f() { return 0; } }\n\
                 interface Op { int apply(int x); }\n\
                 static Op div(int d) { return x -> x / d; }\n\
             }\n",
    )]);
    assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
    let class = |name: &str| program.classes.iter().find(|c| c.name == name);
    let r = class("p.A$1").expect("p.A$1");
    assert_eq!(r.interfaces, vec![Type::class("p.A$Op")]);
    assert!(r.inner, "written in an instance initialiser");
    let made = class("p.A$2").expect("p.A$2");
    assert!(!made.inner, "written in a static method");
    let inner = class("p.A$2$1").expect("p.A$2$1");
    assert!(inner.inner);
    assert_eq!(
        inner
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>(),
        ["val$d"]
    );
    let x = class("p.A$E$1").expect("p.A$E$1");
    assert_eq!(x.superclass, Some(Type::class("p.A$E")));
    let lambda = class("p.A$$Lambda$1").expect("the lambda's class");
    assert_eq!(lambda.interfaces, vec![Type::class("p.A$Op")]);
    assert_eq!(
        lambda
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>(),
        ["val$d"]
    );
}

#[test]
fn a_lambda_passed_to_a_generic_method_is_typed_by_what_the_other_arguments_bind() {
    let (program, summary) = parse_sources(&[(
        "/src/p/A.java",
        "package p;\n\
             import java.util.*;\n\
             public class A {\n\
                 interface Visit<T> { void at(T t); }\n\
                 static <T> void each(Collection<T> items, Visit<? super T> v) {}\n\
                 static void run(ArrayList<String> names) { each(names, s -> s.length()); }\n\
             }\n",
    )]);
    assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
    let lambda = program
        .classes
        .iter()
        .find(|c| c.name == "p.A$$Lambda$1")
        .expect("the lambda's class");
    let at = lambda.methods.iter().find(|m| m.name == "at").expect("at");
    // `T` is `String`: `ArrayList<String>` seen as the `Collection<T>` the method takes.
    assert_eq!(at.params()[0].ty, Type::class("java.lang.String"));
}

#[test]
fn a_file_not_valid_in_its_encoding_is_named_at_the_line_of_its_first_bad_byte() {
    let dir = std::env::temp_dir().join(format!("dsd-bad-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let path = dir.join("A.java");
    std::fs::write(
        &path,
        b"package p;\n\nclass A { String s = \"caf\xE9\"; }\n",
    )
    .expect("write");
    let input = crate::walk::Input {
        path: path.clone(),
        rel: "p/A.java".into(),
    };
    let (program, _) = parse_program(&[input]);
    std::fs::remove_dir_all(&dir).expect("remove the temp folder");
    let bad = program
        .diagnostics
        .iter()
        .find(|d| d.message.starts_with("not valid UTF-8"))
        .expect("the file is named");
    assert_eq!(bad.span.line, 3, "{}", bad.message);
}

#[test]
fn local_classes_are_named_as_javac_names_them_and_their_constructors_take_the_captures() {
    let (program, summary) = parse_sources(&[(
        "/src/p/B.java",
        "package p;\n\
             public class B {\n\
                 static int f(int d) {\n\
                     class Helper { int go(int x) { return x / d; } }\n\
                     return new Helper().go(10);\n\
                 }\n\
                 int g() { class Helper {} class Other {} return 0; }\n\
             }\n",
    )]);
    assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
    let class = |name: &str| program.classes.iter().find(|c| c.name == name);
    let helper = class("p.B$1Helper").expect("p.B$1Helper");
    assert!(!helper.inner, "declared in a static method");
    assert_eq!(
        helper
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>(),
        ["val$d"]
    );
    let ctor = helper.methods.iter().find(|m| m.is_constructor());
    assert_eq!(ctor.map(|m| m.descriptor.as_str()), Some("(I)V"));
    assert!(class("p.B$2Helper").is_some_and(|c| c.inner));
    assert!(class("p.B$1Other").is_some());
}

#[test]
fn a_pattern_switch_is_lowered_to_tests_and_a_switch_on_the_arm_without_casts() {
    let (program, summary) = parse_sources(&[(
        "/src/p/S.java",
        "package p;\n\
             public class S {\n\
                 enum E { X, Y }\n\
                 static int f(Object o) {\n\
                     switch (o) {\n\
                         case null -> { return 0; }\n\
                         case String s && s.length() > 2 -> { return s.length(); }\n\
                         case Integer i when i > 3 -> { return i; }\n\
                         case E e -> { return e.ordinal(); }\n\
                         default -> { return -1; }\n\
                     }\n\
                 }\n\
                 static int g(String t, Integer n, E e) {\n\
                     int a = switch (t) { case \"a\" -> 1; case null, default -> 2; };\n\
                     int b = switch (n) { case 1 -> 1; case null -> 0; default -> 2; };\n\
                     int c = switch (e) { case X -> 1; case null -> 0; default -> 2; };\n\
                     return a + b + c;\n\
                 }\n\
                 static boolean h(Object o) { return o instanceof S(int x); }\n\
             }\n",
    )]);
    assert_eq!(summary.diagnostics, Vec::<String>::new());
    assert_eq!(summary.unknown_nodes, 1, "the record pattern only");
    let s = program
        .classes
        .iter()
        .find(|c| c.name == "p.S")
        .expect("p.S");
    let body = |name: &str| {
        let m = s.methods.iter().find(|m| m.name == name).expect("method");
        serde_json::to_string(m).expect("json")
    };
    for name in ["f", "g"] {
        let f = body(name);
        assert!(f.contains("switch$arm$"), "{name} is a switch on its arm");
        assert!(
            !f.contains("\"checked\""),
            "{name} has no cast that can fail"
        );
        assert!(!f.contains("unknown"), "{name}: {f}");
    }
    assert!(body("h").contains("record pattern"));
}
