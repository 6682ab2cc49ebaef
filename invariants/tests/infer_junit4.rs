//! Instruments a tiny JUnit 4 project, runs its tests (one fails, one hangs, one does not
//! compile for a library it lacks) and checks the
//! inferred invariants.

use invariants::{infer_stage, read_invariants, InvariantsFile, MethodSpec, Options};
use std::path::{Path, PathBuf};
use std::time::Duration;

const CALC: &str = r#"package demo;

public class Calc {
    private final int base;
    private String label;

    public Calc(int base) {
        this.base = base;
        label = "c" + base;
    }

    public int scale(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("negative");
        }
        return base * k;
    }

    public static int half(int x) {
        return x / 2;
    }

    public String label() {
        return label;
    }
}
"#;

const SHAPES: &str = r#"package demo;

public class Shape {
    public int area(int side) {
        return side * side;
    }
}

class Square extends Shape {
    @Override
    public int area(int s) {
        return s * s;
    }
}
"#;

const CALC_TEST: &str = r#"package demo;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import org.junit.Test;

public class CalcTest {
    @Test
    public void scales() {
        for (int b = 1; b <= 5; b++) {
            Calc c = new Calc(b);
            assertEquals(2 * b, c.scale(2));
            assertEquals(3 * b, c.scale(3));
            assertEquals("c" + b, c.label());
        }
    }

    @Test
    public void halves() {
        for (int x = 2; x <= 12; x += 2) {
            assertEquals(x / 2, Calc.half(x));
        }
    }

    @Test
    public void failingTestsCostTheirSamples() {
        Calc.half(-100);
        fail("this test fails on purpose");
    }

    @Test(expected = IllegalArgumentException.class)
    public void rejectsNegative() {
        new Calc(1).scale(-1);
    }

    @Test
    public void areas() {
        for (int s = 1; s <= 4; s++) {
            assertEquals(s * s, new Square().area(s));
            assertEquals((s + 4) * (s + 4), new Shape().area(s + 4));
        }
    }
}
"#;

const HANG_TEST: &str = r#"package demo;

import org.junit.Test;

public class HangTest {
    @Test
    public void hangs() {
        Calc.half(-7);
        while (true) {
            Thread.yield();
        }
    }
}
"#;

const LAST_TEST: &str = r#"package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ZLastTest {
    @Test
    public void runsAfterTheHang() {
        assertEquals(3, Calc.half(6));
    }
}
"#;

/// A test that needs a library the class path lacks: left out, the rest of the suite runs.
const MOCKING_TEST: &str = r#"package demo;

import org.junit.Test;
import org.mockito.Mockito;

public class MockingTest {
    @Test
    public void mocks() {
        Calc c = Mockito.mock(Calc.class);
        c.scale(2);
    }
}
"#;

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn texts(invs: &[invariants::Invariant]) -> Vec<&str> {
    invs.iter().map(|i| i.text.as_str()).collect()
}

fn method<'a>(file: &'a InvariantsFile, class: &str, name: &str, desc: &str) -> &'a MethodSpec {
    file.method(class, name, desc)
        .unwrap_or_else(|| panic!("no spec for {class}.{name}{desc}"))
}

#[test]
fn infers_from_a_junit4_suite() {
    if which::which("javac").is_err() || !Path::new("/usr/share/java/junit4.jar").exists() {
        eprintln!(
            "skipped: javac or JUnit 4 missing (apt-get install openjdk-17-jdk-headless junit4)"
        );
        return;
    }
    let root = std::env::temp_dir().join(format!("dsd-infer-it-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write(&root, "src/main/java/demo/Calc.java", CALC);
    write(&root, "src/main/java/demo/Shape.java", SHAPES);
    write(&root, "src/test/java/demo/CalcTest.java", CALC_TEST);
    write(&root, "src/test/java/demo/HangTest.java", HANG_TEST);
    write(&root, "src/test/java/demo/ZLastTest.java", LAST_TEST);
    write(&root, "src/test/java/demo/MockingTest.java", MOCKING_TEST);
    let work = root.join("work");
    let options = Options {
        sources: vec![root.join("src/main/java")],
        tests: vec![root.join("src/test/java")],
        classpath: Vec::<PathBuf>::new(),
        test_timeout: Duration::from_secs(2),
        encoding: None,
        jdk: Default::default(),
    };
    let summary = infer_stage(&work, &options).unwrap();
    assert_eq!(summary.test_classes, 3);
    assert_eq!(summary.lost, vec!["demo.HangTest"]);
    assert_eq!(summary.failed, 1, "{summary:?}");
    assert_eq!(summary.jvms, 2);
    let file = read_invariants(&work).unwrap().unwrap();

    // the failing and the hanging test's calls (-100, -7) are not samples
    let half = method(&file, "demo.Calc", "half", "(I)I");
    assert_eq!(half.entry_samples, 7);
    assert_eq!(texts(&half.requires), vec!["x >= 2", "x <= 12"]);
    assert!(
        texts(&half.ensures).contains(&"x == 2 * \\result"),
        "{:?}",
        texts(&half.ensures)
    );

    // the exceptional exit counts at entry, not at exit
    let scale = method(&file, "demo.Calc", "scale", "(I)I");
    assert_eq!((scale.entry_samples, scale.exit_samples), (11, 10));
    assert!(texts(&scale.requires).contains(&"k one of {-1, 2, 3}"));

    let ctor = method(&file, "demo.Calc", "<init>", "(I)V");
    let ensures = texts(&ctor.ensures);
    assert!(ensures.contains(&"base == this.base"), "{ensures:?}");

    let calc = file.class("demo.Calc").unwrap();
    let class_invs = texts(&calc.invariants);
    assert!(class_invs.contains(&"this.label != null"), "{class_invs:?}");
    assert!(class_invs.contains(&"this.base >= 1"), "{class_invs:?}");
    // what the class invariant says is not repeated in the constructor's postcondition
    assert!(
        class_invs.contains(&"this.label.length() == 2"),
        "{class_invs:?}"
    );
    assert!(
        !ensures.contains(&"this.label.length() == 2"),
        "{ensures:?}"
    );

    // behavioural subtyping: Square's calls count toward Shape.area's precondition
    let shape = method(&file, "demo.Shape", "area", "(I)I");
    assert_eq!(shape.entry_samples, 8);
    assert_eq!(texts(&shape.requires), vec!["side >= 1", "side <= 8"]);
    assert!(file.observed.contains(&"demo.Square.area(I)I".to_string()));

    // the user's files are untouched; the instrumented copy keeps their line count
    let original = std::fs::read_to_string(root.join("src/main/java/demo/Calc.java")).unwrap();
    assert_eq!(original, CALC);
    let copy = std::fs::read_to_string(work.join("infer/src/demo/Calc.java")).unwrap();
    assert_eq!(copy.lines().count(), CALC.lines().count());
    std::fs::remove_dir_all(&root).unwrap();
}
