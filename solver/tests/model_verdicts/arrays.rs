//! Arrays: the tables a static initialiser fills, and arrays made by reflection.

use crate::{verdicts, verdicts_with};
use expect_test::expect;

/// A static initialiser's loop cut at the unrolling bound forgets only what its later
/// iterations may write: the elements of the table it fills from its counter on. A literal
/// table of the same element type keeps its values (the division by `WEIGHTS[i & 1]` is
/// safe), and so do the squares the unrolled iterations wrote (0, 1 and 4: `SQUARES[1]`
/// and `SQUARES[2]` are not zero); past them, a square is
/// any value. Before, every `int[]`'s contents were forgotten, and all three divisions
/// were satisfiable. A `char` counter indexes as an `int` (a table of names over the ASCII
/// chars: its first two are not null). The solver prefers reads of the elements it knows:
/// `any` crashes at a known square (0), `later` only at squares it does not know.
#[test]
fn an_initialisers_loop_forgets_only_the_elements_it_may_still_write() {
    let java = r#"
package p;

public class Weights {
    private static final int[] WEIGHTS = {3, 1, 0};
    private static final int[] SQUARES = new int[100];

    static {
        for (int i = 0; i < SQUARES.length; i++) {
            SQUARES[i] = i * i;
        }
    }

    public static int pair(int i) {
        return 100 / WEIGHTS[i & 1];
    }

    public static int kept(int i) {
        return 1000 / SQUARES[(i & 1) + 1];
    }

    public static int later(int i) {
        return 1000 / SQUARES[(i & 15) + 64];
    }

    public static int any(int i) {
        return 1000 / SQUARES[i & 63];
    }

    public static class Names {
        private static final String[] NAMES = new String[128];

        static {
            for (char c = 0; c < NAMES.length; c++) {
                NAMES[c] = String.valueOf(c);
            }
        }

        public static int kept(int i) {
            return NAMES[i & 1].length();
        }
    }
}
"#;
    expect![[r#"
        15:20:ArithmeticException@pair(I)I direct: unsat, kept: unsat
        19:21:ArithmeticException@kept(I)I direct: unsat, kept: unsat
        23:21:ArithmeticException@later(I)I direct: sat, kept: unsat
        27:21:ArithmeticException@any(I)I direct: sat, kept: sat
        40:20:NullPointerException@kept(I)I direct: unsat, kept: unsat
    "#]]
    .assert_eq(&verdicts("p/Weights.java", java));
}

/// A `Class` object is its type's: `getClass()` of two objects is the same object exactly
/// when their runtime classes are the same, and `Array.newInstance` of an array's component
/// type makes an array of that array's own class, so storing one of the array's elements
/// in it never throws and storing another object may; an `int[]`'s component type makes an
/// `int[]` (the type `int` has an id of its own for the table). Before, `getClass()` was any object
/// and `Array.newInstance` any array: both stores were satisfiable, and so was the cast of
/// the second string.
#[test]
fn reflected_arrays_have_the_runtime_class_they_were_made_of() {
    let java = r#"
package p;

import java.lang.reflect.Array;

public class Grow {
    public static Object[] append(Object[] array, Object element) {
        Object[] grown = (Object[]) Array.newInstance(array.getClass().getComponentType(), 1);
        grown[0] = element;
        return grown;
    }

    public static Object[] copied(Object[] array) {
        Object[] copy = (Object[]) Array.newInstance(array.getClass().getComponentType(), 1);
        copy[0] = array[0];
        return copy;
    }

    public static int[] ints(int[] a) {
        return (int[]) Array.newInstance(a.getClass().getComponentType(), 1);
    }

    public static int same(Object a, String b) {
        if (a.getClass() == b.getClass()) {
            return ((String) a).length();
        }
        return 0;
    }
}
"#;
    expect![[r#"
        8:26:ClassCastException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        8:37:NullPointerException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        8:55:NullPointerException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        9:9:ArrayStoreException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        14:25:ClassCastException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        14:36:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        14:54:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        15:19:ArrayIndexOutOfBoundsException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        15:19:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        15:9:ArrayStoreException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        20:16:ClassCastException@ints([I)[I direct: unsat
        20:24:NullPointerException@ints([I)[I direct: unsat
        20:42:NullPointerException@ints([I)[I direct: sat
        24:13:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: sat
        24:29:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: sat
        25:20:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: unsat
        25:21:ClassCastException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: unsat
    "#]]
    .assert_eq(&verdicts("p/Grow.java", java));
}

/// Reproducing a crash, the array types cast to on the crash's line are the first runtime
/// types tried for an `Object` input: the cast of `rhs` to `Object[]` fails only when `lhs`
/// is an `Object[]`, which the class names after four primitive array types (three are
/// tried, in the order the class names them, and `dsd check` still tries those).
#[test]
fn reproducing_a_crash_an_object_input_may_be_of_the_type_its_line_casts_to() {
    let java = r#"
package p;

public class Pairs {
    public static int compare(Object lhs, Object rhs) {
        if (lhs instanceof long[]) {
            return ((long[]) lhs).length - ((long[]) rhs).length;
        } else if (lhs instanceof int[]) {
            return ((int[]) lhs).length - ((int[]) rhs).length;
        } else if (lhs instanceof short[]) {
            return ((short[]) lhs).length - ((short[]) rhs).length;
        } else if (lhs instanceof char[]) {
            return ((char[]) lhs).length - ((char[]) rhs).length;
        }
        return ((Object[]) lhs).length - ((Object[]) rhs).length;
    }
}
"#;
    let focus = vcgen::Options {
        focus: Some(vcgen::Focus {
            entries: vec![(
                "p.Pairs".into(),
                "compare".into(),
                "(Ljava/lang/Object;Ljava/lang/Object;)I".into(),
            )],
            class: "p.Pairs".into(),
            method: "compare(Ljava/lang/Object;Ljava/lang/Object;)I".into(),
            line: 15,
            exception: "java.lang.ClassCastException".into(),
            recursion: 1,
            calls: Vec::new(),
            beyond_usage: false,
            library_callee: None,
        }),
        ..vcgen::Options::default()
    };
    expect![[r#"
        15:17:ClassCastException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: sat
        15:43:ClassCastException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: sat
    "#]]
    .assert_eq(&verdicts_with("p/Pairs.java", java, &focus));
    // `dsd check` tries the first three array types the class names, whatever the line.
    let check = verdicts("p/Pairs.java", java);
    let line = |l: &str| l.starts_with("15:");
    expect![[r#"
        15:16:NullPointerException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: sat
        15:17:ClassCastException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: sat
        15:42:NullPointerException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: unsat
        15:43:ClassCastException@compare(Ljava/lang/Object;Ljava/lang/Object;)I constructor: unsat"#]]
    .assert_eq(&check.lines().filter(|l| line(l)).collect::<Vec<_>>().join("\n"));
}

#[test]
fn reproducing_a_crash_a_reflective_array_read_may_be_given_a_primitive_array() {
    // `Array.get` reads any array; a primitive one is what the last branch needs, and no
    // cast in the project names one.
    let java = r#"
package p;

public class Cells {
    public static Object cell(Object table, int i) {
        if (table instanceof Object[]) {
            return ((Object[]) table)[0];
        }
        if (table instanceof String) {
            return table;
        }
        return java.lang.reflect.Array.get(table, i);
    }
}
"#;
    let focus = |exception: &str| vcgen::Options {
        focus: Some(vcgen::Focus {
            entries: vec![(
                "p.Cells".into(),
                "cell".into(),
                "(Ljava/lang/Object;I)Ljava/lang/Object;".into(),
            )],
            class: "p.Cells".into(),
            method: "cell(Ljava/lang/Object;I)Ljava/lang/Object;".into(),
            line: 12,
            exception: exception.into(),
            recursion: 1,
            calls: Vec::new(),
            beyond_usage: false,
            library_callee: Some("java.lang.reflect.Array".into()),
        }),
        ..vcgen::Options::default()
    };
    expect![[r#"
        12:16:ArrayIndexOutOfBoundsException@cell(Ljava/lang/Object;I)Ljava/lang/Object; constructor: sat
    "#]]
    .assert_eq(&verdicts_with(
        "p/Cells.java",
        java,
        &focus("java.lang.ArrayIndexOutOfBoundsException"),
    ));
}
