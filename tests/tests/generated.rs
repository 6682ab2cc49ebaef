//! Every test dsd generates compiles, over systematically enumerated Java shapes: each pair
//! of parameter kinds (overloads that only a cast tells apart, private and inner nested
//! classes, generics whose type arguments do not fit, interfaces, abstract classes, enums,
//! arrays of generics) as overloaded methods and constructors, plus varargs and receivers
//! that only reflection or an outer object can build.

use dsd_tests::{check, not_compiled_or_run, work_dir};
use std::fmt::Write as _;

/// A parameter kind: its type as the declaring class writes it, and its erasure (two
/// overloads must differ in erasure).
struct Kind {
    ty: &'static str,
    erasure: &'static str,
}

const KINDS: &[Kind] = &[
    Kind {
        ty: "String",
        erasure: "String",
    },
    Kind {
        ty: "StringBuilder",
        erasure: "StringBuilder",
    },
    Kind {
        ty: "Object",
        erasure: "Object",
    },
    Kind {
        ty: "Kinds.Shape",
        erasure: "Shape",
    },
    Kind {
        ty: "Kinds.Polygon",
        erasure: "Polygon",
    },
    Kind {
        ty: "Kinds.Mode",
        erasure: "Mode",
    },
    Kind {
        ty: "Hidden",
        erasure: "Hidden",
    },
    Kind {
        ty: "Secret",
        erasure: "Secret",
    },
    Kind {
        ty: "java.util.List<String>",
        erasure: "List",
    },
    Kind {
        ty: "Kinds.Box<String>",
        erasure: "Box",
    },
    Kind {
        ty: "java.util.List<String>[]",
        erasure: "List[]",
    },
    Kind {
        ty: "Kinds.Outer.Inner",
        erasure: "Inner",
    },
];

/// The declarations every generated class refers to.
const KINDS_JAVA: &str = r#"package gen;

import java.util.ArrayList;
import java.util.List;

public final class Kinds {
    private Kinds() {
    }

    public interface Shape {
        int sides();
    }

    public abstract static class Polygon implements Shape {
        public abstract int corners();
    }

    public static class Square extends Polygon {
        public int sides() {
            return 4;
        }

        public int corners() {
            return 4;
        }
    }

    public enum Mode {
        ON, OFF
    }

    public static class Box<T> {
        public T item;

        public Box(T item) {
            this.item = item;
        }
    }

    public static Box<Integer> boxOfInt(int i) {
        return new Box<Integer>(i);
    }

    public static List<Integer> numbers() {
        return new ArrayList<Integer>();
    }

    public static Shape shape() {
        return new Square();
    }

    public class Outer {
        public class Inner {
            public Inner(int n) {
            }
        }
    }
}
"#;

/// Receivers only reflection or an outer object can build, and varargs.
const RECEIVERS_JAVA: &str = r#"package gen;

public abstract class Receivers {
    int parts;

    public int share(int total) {
        return total / parts;
    }

    private static final class Only extends Receivers {
    }

    public class Counter {
        private final int step;

        public Counter(int step) {
            this.step = step;
        }

        public int steps(int n) {
            return n / step;
        }
    }

    public static int first(String... all) {
        return all[0].length();
    }

    public static int first(String one) {
        return one.length();
    }

    public static int count(Kinds.Box<String>... boxes) {
        return 10 / boxes.length;
    }
}
"#;

/// A package-private subclass in another package: only reflection builds it.
const ELSEWHERE_JAVA: &str = r#"package gen.other;

class Elsewhere extends gen.Receivers {
}
"#;

/// One class per pair of kinds: overloaded static methods and constructors on the pair,
/// next to the private nested class and enum the kinds `Hidden` and `Secret` name.
fn pair_class(n: usize, a: &Kind, b: &Kind) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "package gen;\n\npublic class Pair{n} {{");
    let _ = writeln!(out, "    private final int value;\n");
    let _ = writeln!(out, "    private static class Hidden {{\n    }}\n");
    let _ = writeln!(out, "    private enum Secret {{\n        ONE\n    }}\n");
    for (i, k) in [a, b].iter().enumerate() {
        let _ = writeln!(
            out,
            "    public Pair{n}({} p, int d) {{\n        value = {} / d;\n    }}\n",
            k.ty,
            10 + i
        );
        let _ = writeln!(
            out,
            "    public static int m({} p, int d) {{\n        return {} / d;\n    }}\n",
            k.ty,
            20 + i
        );
    }
    let _ = writeln!(
        out,
        "    public int value() {{\n        return value;\n    }}\n}}"
    );
    out
}

#[test]
fn every_test_generated_for_enumerated_shapes_compiles() {
    let src = work_dir("generated-src");
    let package = src.join("gen");
    std::fs::create_dir_all(package.join("other")).expect("create package");
    std::fs::write(package.join("Kinds.java"), KINDS_JAVA).expect("write");
    std::fs::write(package.join("Receivers.java"), RECEIVERS_JAVA).expect("write");
    std::fs::write(package.join("other/Elsewhere.java"), ELSEWHERE_JAVA).expect("write");
    let mut n = 0;
    for (i, a) in KINDS.iter().enumerate() {
        for b in &KINDS[i + 1..] {
            assert_ne!(a.erasure, b.erasure, "overloads differ in erasure");
            n += 1;
            std::fs::write(package.join(format!("Pair{n}.java")), pair_class(n, a, b))
                .expect("write");
        }
    }
    let run = check(
        "generated",
        &src,
        &["--jobs", "1", "--timeout", "2", "--models", "1"],
    );
    let tests = run.report["summary"]["tests"]["tests"]
        .as_u64()
        .unwrap_or(0);
    assert!(
        tests as usize >= 4 * n,
        "{tests} tests for {n} pair classes"
    );
    assert_eq!(
        not_compiled_or_run(&run),
        (0, 0),
        "every generated test compiles and runs: see {}",
        run.work.join("results/findings.json").display()
    );
}
