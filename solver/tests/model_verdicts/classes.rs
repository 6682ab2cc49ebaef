//! Runtime classes: `Class.getSuperclass()` answers as the JVM's does, from the classes
//! the program and the JDK model declare (it was any class or `null`, so a method that
//! took the superclass of its argument's class was judged to crash for every argument).

use crate::verdicts;
use expect_test::expect;

/// The project's classes, arrays, interfaces and `Object` answer exactly. A class of the JDK
/// model extends what its class file in the JDK's image says; this test reads no image, so
/// `String`'s superclass is the solver's choice (the fixture `modern` checks the image's).
#[test]
fn superclasses_are_the_declared_ones() {
    let java = r#"
package p;

public class Types {
    static class Base {}

    static class Derived extends Base {}

    interface Shape {}

    public static class Circle implements Shape {}

    public static class Square implements Shape {}

    public static class Point {}

    public static String parent(Object value) {
        if (value == null) {
            return "";
        }
        return value.getClass().getSuperclass().getSimpleName();
    }

    public static String parentOrSelf(Object value) {
        Class<?> parent = value.getClass().getSuperclass();
        return parent == null ? "self" : parent.getSimpleName();
    }

    public static int derived(int k) {
        return Derived.class.getSuperclass() == Base.class ? 10 / k : 1;
    }

    public static int base(int k) {
        return Base.class.getSuperclass() != Object.class ? 10 / k : 1;
    }

    public static int string(int k) {
        return String.class.getSuperclass() == null ? 10 / k : 1;
    }

    public static int array(int k) {
        return int[].class.getSuperclass() != Object.class ? 10 / k : 1;
    }

    public static int shape(int k) {
        return Shape.class.getSuperclass() != null ? 10 / k : 1;
    }

    public static int object(int k) {
        return Object.class.getSuperclass() == null ? 10 / k : 1;
    }
}
"#;
    expect![[r#"
        21:16:NullPointerException@parent(Ljava/lang/Object;)Ljava/lang/String; constructor: sat
        25:27:NullPointerException@parentOrSelf(Ljava/lang/Object;)Ljava/lang/String; constructor: sat
        26:42:NullPointerException@parentOrSelf(Ljava/lang/Object;)Ljava/lang/String; constructor: unsat
        30:65:ArithmeticException@derived(I)I direct: sat
        34:64:ArithmeticException@base(I)I direct: unsat
        38:58:ArithmeticException@string(I)I direct: sat
        42:65:ArithmeticException@array(I)I direct: unsat
        46:57:ArithmeticException@shape(I)I direct: unsat
        50:58:ArithmeticException@object(I)I direct: sat
    "#]]
    .assert_eq(&verdicts("p/Types.java", java));
}
