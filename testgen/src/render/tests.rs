//! Tests of the Java source written for values and calls.

use super::values::{double, float, integral};
use super::*;
use frontend::ir::Program;
use solver::FieldValue;

/// A program of one file `p/A.java`.
fn program(source: &str) -> Program {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("dsd-render-{}-{n}", std::process::id()));
    let path = dir.join("p/A.java");
    std::fs::create_dir_all(path.parent().expect("parent")).expect("create dir");
    std::fs::write(&path, source).expect("write source");
    let input = frontend::Input {
        path,
        rel: "p/A.java".into(),
    };
    let program = frontend::parse_program(&[input]).0;
    let _ = std::fs::remove_dir_all(&dir);
    program
}

const A: &str = "package p;\n\
        public class A {\n\
          public A(String s, int[] a) {}\n\
          public A(StringBuilder s, int[] a) {}\n\
          private static class Hidden extends A { Hidden() { super(\"\", null); } }\n\
          public class Inner { public Inner(int x) {} }\n\
          public static class Sub extends A { public Sub() { super(\"\", null); } }\n\
          protected void touch() {}\n\
          public static java.util.List<String> names() { return null; }\n\
          public static int f(Hidden h, int d) { return 1 / d; }\n\
        }\n";

fn int(value: i64) -> Value {
    Value::Integral {
        ty: Type::Int,
        value,
    }
}

#[test]
fn literals_read_like_java() {
    assert_eq!(integral(&Type::Int, i32::MIN as i64), "Integer.MIN_VALUE");
    assert_eq!(integral(&Type::Long, 3), "3L");
    assert_eq!(integral(&Type::Char, 'z' as i64), "'z'");
    assert_eq!(integral(&Type::Char, 0), "'\\u0000'");
    assert_eq!(integral(&Type::Char, 10), "'\\n'");
    assert_eq!(integral(&Type::Char, 13), "'\\r'");
    assert_eq!(string(&[13, 10, 0x2028]), "\"\\r\\n\\u2028\"");
    assert_eq!(
        string(&"a\"b".encode_utf16().collect::<Vec<_>>()),
        "\"a\\\"b\""
    );
    assert_eq!(double(1.5f64.to_bits()), "1.5");
    // Large and small values read as literals, which Java rounds to the same bits.
    assert_eq!(double(0x4400000002000000), "3.689348842229701e19");
    assert_eq!(double(5e-324f64.to_bits()), "5e-324");
    assert_eq!(float(3.4e38f32.to_bits()), "3.4e38f");
    assert_eq!(float(f32::NAN.to_bits()), "Float.NaN");
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let arr = Value::Array {
        ty: Type::Array(Box::new(Type::Int)),
        elements: vec![int(1)],
    };
    assert_eq!(
        w.value(&arr, &Type::Array(Box::new(Type::Int))).text,
        "new int[] {1}"
    );
    assert_eq!(access.class_name("p.Outer$Inner"), "Outer.Inner");
    assert_eq!(access.class_name("java.lang.Integer"), "Integer");
    assert_eq!(access.class_name("q.Other"), "q.Other");
}

#[test]
fn null_arguments_are_cast_to_the_parameter_meant() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let e = w.new_object(
        "p.A",
        "(Ljava/lang/StringBuilder;[I)V",
        &[Value::Null, Value::Null],
        None,
    );
    assert_eq!(e.text, "new A((StringBuilder) null, (int[]) null)");
}

#[test]
fn a_call_made_several_times_is_one_counting_loop() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let i = w.local("i", &Type::Int, &Expr::exact("0".into(), Type::Int));
    w.repeat(1, "a.touch();".into());
    w.repeat(16, format!("a.skip({});", i.text));
    assert_eq!(
        w.stmts,
        [
            "int i = 0;",
            "a.touch();",
            "for (int i2 = 0; i2 < 16; i2++) {",
            "    a.skip(i);",
            "}",
        ],
        "once as it is, more often in a loop whose counter takes a free name"
    );
}

// `p.A$1` has no simple name a local can take: `1` is no identifier.
#[test]
fn an_object_of_an_anonymous_class_is_held_in_a_local_named_value() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let e = w.value(
        &Value::Reflect {
            class: "p.A$1".into(),
            fields: Vec::new(),
        },
        &Type::class("p.A"),
    );
    assert_eq!(e.text, "value");
    assert_eq!(
        w.stmts,
        ["Object value = (Object) allocate(type(\"p.A$1\"));"]
    );
}

#[test]
fn a_private_class_is_named_by_reflection_and_held_as_a_visible_supertype() {
    let program = program(A);
    let access = Access::new(&program, "p");
    assert!(!access.nameable("p.A$Hidden"));
    assert!(access.nameable("p.A$Inner"));
    assert!(!access.nameable("p.A$1"));
    assert_eq!(
        access.visible(&Type::class("p.A$Hidden")),
        Type::class("p.A")
    );
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let e = w.value(
        &Value::Reflect {
            class: "p.A$Hidden".into(),
            fields: Vec::new(),
        },
        &Type::class("p.A"),
    );
    assert_eq!(e.text, "hidden");
    assert_eq!(w.stmts, ["A hidden = (A) allocate(type(\"p.A$Hidden\"));"]);
    let args = w.arguments(
        &[Value::Null, int(0)],
        &[Type::class("p.A$Hidden"), Type::Int],
    );
    let call = w.call(None, "p.A", "f", "(Lp/A$Hidden;I)I", &args, false);
    assert_eq!(
        call.text,
        "invoke(null, A.class, \"f\", new Class<?>[] {type(\"p.A$Hidden\"), int.class}, new Object[] {null, 0})"
    );
    assert!(w.helpers.contains(&Helper::Invoke));
}

#[test]
fn helpers_of_a_class_beside_the_test_are_called_through_it() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::Class("DsdReflection"), []);
    w.value(
        &Value::Reflect {
            class: "p.A$Hidden".into(),
            fields: Vec::new(),
        },
        &Type::class("p.A"),
    );
    assert_eq!(
        w.stmts,
        ["A hidden = (A) DsdReflection.allocate(DsdReflection.type(\"p.A$Hidden\"));"]
    );
    assert_eq!(
        w.helpers.into_iter().collect::<Vec<_>>(),
        [Helper::Allocate, Helper::Type]
    );
}

#[test]
fn a_generic_call_result_passes_as_its_erased_type() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let factory = Value::Call {
        class: "p.A".into(),
        method: "names".into(),
        descriptor: "()Ljava/util/List;".into(),
        args: Vec::new(),
    };
    assert_eq!(
        w.argument(&factory, &Type::class("java.util.List")),
        "(java.util.List) A.names()"
    );
}

#[test]
fn a_receiver_of_a_subclass_is_cast_only_when_it_may_not_inherit_the_member() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let sub = w.new_object("p.A$Sub", "()V", &[], None);
    let call = w.call(Some(&sub), "p.A", "size", "()I", &[], false);
    assert_eq!(call.text, "new A.Sub().size()");
    let other = Expr::exact("q".into(), Type::class("q.Q"));
    let call = w.call(Some(&other), "p.A", "size", "()I", &[], false);
    assert_eq!(call.text, "((A) q).size()");
}

#[test]
fn a_protected_member_of_another_package_is_called_by_reflection_and_forces() {
    let program = program(A);
    let access = Access::new(&program, "q");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let a = Expr::exact("a".into(), Type::class("p.A"));
    let call = w.call(Some(&a), "p.A", "touch", "()V", &[], false);
    assert_eq!(
        call.text,
        "invoke(a, p.A.class, \"touch\", new Class<?>[] {}, new Object[] {})"
    );
    assert!(w.forced, "no caller outside p could make this call");
    let same = Access::new(&program, "p");
    let mut w = Writer::new(&same, HelperHome::TestClass, []);
    assert_eq!(
        w.call(Some(&a), "p.A", "touch", "()V", &[], false).text,
        "a.touch()"
    );
    assert!(!w.forced);
}

#[test]
fn a_call_javac_finds_ambiguous_goes_through_reflection() {
    let program = program(
        "package p;\n\
             import java.util.Map;\n\
             public class Maps {\n\
                 public static <K, V> void fill(Map<K, V> m, java.util.List<V> v) {}\n\
                 public static <K, V> void fill(Multi<K, V> m, java.util.List<V> v) {}\n\
                 public static void put(Map m, Object v) {}\n\
                 public static void put(Multi m, Object v) {}\n\
             }\n\
             interface Multi<K, V> extends Map<K, Object> {}\n",
    );
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let args = [
        "(Multi) null".to_string(),
        "(java.util.List) null".to_string(),
    ];
    let multi = "(Lp/Multi;Ljava/util/List;)V";
    assert_eq!(
        w.call(None, "p.Maps", "fill", multi, &args, false).text,
        "invoke(null, Maps.class, \"fill\", new Class<?>[] {Multi.class, java.util.List.class}, new Object[] {(Multi) null, (java.util.List) null})"
    );
    assert!(
        !w.forced,
        "the method is public: only its call is ambiguous in source"
    );
    let map = "(Ljava/util/Map;Ljava/util/List;)V";
    let args = [
        "(java.util.Map) null".to_string(),
        "(java.util.List) null".to_string(),
    ];
    assert_eq!(
        w.call(None, "p.Maps", "fill", map, &args, false).text,
        "Maps.fill((java.util.Map) null, (java.util.List) null)",
        "the Map overload is the only one a Map argument fits"
    );
    let args = ["(Multi) null".to_string(), "(Object) null".to_string()];
    assert_eq!(
        w.call(None, "p.Maps", "put", multi, &args, false).text,
        "Maps.put((Multi) null, (Object) null)",
        "without generics the Multi overload is the most specific"
    );
}

#[test]
fn a_field_the_test_may_name_is_assigned_and_any_other_set_by_reflection() {
    let program = program(
        "package p;\n\
             public class Gauge {\n\
                 public static int scale;\n\
                 public int cursor;\n\
                 private int divisor;\n\
                 public final int size = 1;\n\
                 public static class Sub extends Gauge { public int cursor; }\n\
             }\n",
    );
    let field = |class: &str, name: &str, value: i64| FieldValue {
        class: class.into(),
        name: name.into(),
        ty: Type::Int,
        value: int(value),
    };
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let gauge = Expr::exact("gauge".into(), Type::class("p.Gauge"));
    let sub = Expr::exact("sub".into(), Type::class("p.Gauge$Sub"));
    w.set_field(None, &field("p.Gauge", "scale", 0));
    w.set_field(Some(&gauge), &field("p.Gauge", "cursor", -1));
    w.set_field(Some(&sub), &field("p.Gauge", "cursor", 2));
    assert_eq!(
        w.stmts,
        [
            "Gauge.scale = 0;",
            "gauge.cursor = -1;",
            "((Gauge) sub).cursor = 2;"
        ],
        "a field hidden by a subclass's is named through its own class"
    );
    assert!(!w.forced && w.helpers.is_empty(), "any caller may do this");
    w.set_field(Some(&gauge), &field("p.Gauge", "divisor", 0));
    w.set_field(Some(&gauge), &field("p.Gauge", "size", 0));
    assert_eq!(
        w.stmts[3..],
        [
            "set(gauge, Gauge.class, \"divisor\", 0);",
            "set(gauge, Gauge.class, \"size\", 0);"
        ]
    );
    assert!(w.forced, "no caller could set a private or final field");
    let other = Access::new(&program, "q");
    let mut w = Writer::new(&other, HelperHome::TestClass, []);
    w.set_field(None, &field("p.Gauge", "scale", 0));
    assert_eq!(w.stmts, ["p.Gauge.scale = 0;"]);
}

#[test]
fn an_inner_class_is_built_on_its_outer_object() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let outer = Value::New {
        class: "p.A".into(),
        descriptor: "(Ljava/lang/String;[I)V".into(),
        args: vec![Value::String { units: Vec::new() }, Value::Null],
        outer: None,
    };
    let e = w.new_object("p.A$Inner", "(I)V", &[int(3)], Some(&outer));
    assert_eq!(e.text, "new A(\"\", (int[]) null).new Inner(3)");
}

/// `new A("a", null)`, an object later values alias (slot 0).
fn shared_a() -> Value {
    Value::Shared {
        slot: 0,
        value: Box::new(Value::New {
            class: "p.A".into(),
            descriptor: "(Ljava/lang/String;[I)V".into(),
            args: vec![Value::String { units: vec![97] }, Value::Null],
            outer: None,
        }),
    }
}

#[test]
fn an_aliased_nested_object_is_built_once_into_a_local() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let shared = shared_a();
    let pair = Value::New {
        class: "p.Pair".into(),
        descriptor: "(Lp/A;Lp/A;)V".into(),
        args: vec![Value::Alias { input: 0 }, shared],
        outer: None,
    };
    let mut w = Writer::new(&access, HelperHome::TestClass, [&pair]);
    let e = w.value(&pair, &Type::class("p.Pair"));
    assert_eq!(w.stmts, ["A a = new A(\"a\", (int[]) null);"]);
    assert_eq!(e.text, "new Pair(a, a)");
    assert_eq!(
        w.fresh_name("default"),
        "default2",
        "keywords are never locals"
    );
}

#[test]
fn an_argument_prepared_by_calls_is_held_in_a_local_named_after_its_parameter() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let shared = shared_a();
    let mut w = Writer::new(&access, HelperHome::TestClass, [&shared]);
    let (local, built) = w.held(&shared, &Type::class("p.A"), "first");
    assert_eq!(w.stmts, ["A first = new A(\"a\", (int[]) null);"]);
    assert_eq!(
        (local.text.as_str(), built.as_str()),
        ("first", "new A(\"a\", (int[]) null)")
    );
    let alias = w.value(&Value::Alias { input: 0 }, &Type::class("p.A"));
    assert_eq!(
        alias.text, "first",
        "a call that takes it passes the same local"
    );
}

#[test]
fn a_map_with_entries_is_filled_by_a_helper() {
    let program = program(A);
    let access = Access::new(&program, "p");
    let mut w = Writer::new(&access, HelperHome::TestClass, []);
    let text = |s: &str| Value::String {
        units: s.encode_utf16().collect(),
    };
    let table = w.value(
        &Value::Filled {
            class: "java.util.Properties".into(),
            entries: vec![text("port"), text("80")],
        },
        &Type::class("java.util.Properties"),
    );
    assert_eq!(
        table.text,
        "filled(new java.util.Properties(), \"port\", \"80\")"
    );
    assert_eq!(table.ty, Type::class("java.util.Properties"));
    assert_eq!(w.helpers.into_iter().collect::<Vec<_>>(), [Helper::Filled]);
}
