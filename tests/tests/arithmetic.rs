//! The SMT model of Java arithmetic and conversions against values the JVM computes.
//!
//! Every case is a Java expression over literals and the SMT term vcgen builds for it;
//! one generated Java program prints every result, one Z3 query evaluates every term,
//! and the two must agree bit for bit.

use frontend::ir::{BinaryOp, Type};
use std::fmt::Write;
use vcgen::smt;
use z3::{SatResult, Solver};

struct Case {
    java: String,
    ty: Type,
    term: String,
}

fn int_lit(v: i32) -> (String, String) {
    (format!("({v})"), smt::int(v))
}

fn long_lit(v: i64) -> (String, String) {
    (format!("({v}L)"), smt::bv(v, 64))
}

fn double_lit(d: f64) -> (String, String) {
    (
        format!("Double.longBitsToDouble({}L)", d.to_bits() as i64),
        smt::double_bits(d.to_bits()),
    )
}

fn float_lit(f: f32) -> (String, String) {
    (
        format!("Float.intBitsToFloat({})", f.to_bits() as i32),
        smt::float_bits(f.to_bits()),
    )
}

const OPS: [(BinaryOp, &str); 13] = [
    (BinaryOp::Add, "+"),
    (BinaryOp::Sub, "-"),
    (BinaryOp::Mul, "*"),
    (BinaryOp::Div, "/"),
    (BinaryOp::Rem, "%"),
    (BinaryOp::Shl, "<<"),
    (BinaryOp::Shr, ">>"),
    (BinaryOp::Ushr, ">>>"),
    (BinaryOp::And, "&"),
    (BinaryOp::Or, "|"),
    (BinaryOp::Xor, "^"),
    (BinaryOp::Lt, "<"),
    (BinaryOp::Ge, ">="),
];

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let ints = [
        0,
        1,
        -1,
        7,
        -7,
        31,
        32,
        33,
        65536,
        i32::MIN,
        i32::MAX,
        123_456_789,
    ];
    for &a in &ints {
        for &b in &ints {
            for (op, sym) in OPS {
                if matches!(op, BinaryOp::Div | BinaryOp::Rem) && b == 0 {
                    continue;
                }
                let (ja, sa) = int_lit(a);
                let (jb, sb) = int_lit(b);
                let ty = if op.is_comparison() {
                    Type::Boolean
                } else {
                    Type::Int
                };
                let term = smt::binary(op, &sa, &sb, &Type::Int, &Type::Int).expect("modelled");
                out.push(Case {
                    java: format!("{ja} {sym} {jb}"),
                    ty,
                    term,
                });
            }
        }
    }
    let longs = [
        0,
        1,
        -1,
        3,
        -3,
        63,
        64,
        65,
        1 << 32,
        i64::MIN,
        i64::MAX,
        9_876_543_210,
    ];
    for &a in &longs {
        for &b in &longs {
            for (op, sym) in OPS {
                if matches!(op, BinaryOp::Div | BinaryOp::Rem) && b == 0 {
                    continue;
                }
                let (ja, sa) = long_lit(a);
                let (jb, sb) = long_lit(b);
                let ty = if op.is_comparison() {
                    Type::Boolean
                } else {
                    Type::Long
                };
                let term = smt::binary(op, &sa, &sb, &Type::Long, &Type::Long).expect("modelled");
                out.push(Case {
                    java: format!("{ja} {sym} {jb}"),
                    ty,
                    term,
                });
            }
        }
    }
    for &a in &ints {
        for &s in &[1i64, 33, 64, -1] {
            let (ja, sa) = int_lit(a);
            let (js, ss) = long_lit(s);
            let term =
                smt::binary(BinaryOp::Shl, &sa, &ss, &Type::Int, &Type::Long).expect("modelled");
            out.push(Case {
                java: format!("{ja} << {js}"),
                ty: Type::Int,
                term,
            });
        }
        for target in [
            Type::Byte,
            Type::Short,
            Type::Char,
            Type::Long,
            Type::Float,
            Type::Double,
        ] {
            let (ja, sa) = int_lit(a);
            out.push(Case {
                java: format!("({}) {ja}", target.java_name()),
                term: smt::convert(&sa, &Type::Int, &target),
                ty: target,
            });
        }
    }
    for &a in &longs {
        for target in [Type::Int, Type::Char, Type::Double, Type::Float] {
            let (ja, sa) = long_lit(a);
            out.push(Case {
                java: format!("({}) {ja}", target.java_name()),
                term: smt::convert(&sa, &Type::Long, &target),
                ty: target,
            });
        }
    }
    let doubles = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        3.7,
        -3.7,
        1e10,
        -1e10,
        2_147_483_647.5,
        -2_147_483_648.9,
        9.3e18,
        -9.3e18,
        1e19,
    ];
    for &d in &doubles {
        for target in [
            Type::Int,
            Type::Long,
            Type::Short,
            Type::Char,
            Type::Byte,
            Type::Float,
        ] {
            let (jd, sd) = double_lit(d);
            let java = format!("({}) {jd}", target.java_name());
            out.push(Case {
                java,
                term: smt::convert(&sd, &Type::Double, &target),
                ty: target,
            });
        }
        let (jd, sd) = double_lit(d);
        for (op, sym) in [
            (BinaryOp::Lt, "<"),
            (BinaryOp::Eq, "=="),
            (BinaryOp::Ne, "!="),
        ] {
            let (jo, so) = double_lit(3.7);
            let term = smt::binary(op, &sd, &so, &Type::Double, &Type::Double).expect("modelled");
            out.push(Case {
                java: format!("{jd} {sym} {jo}"),
                ty: Type::Boolean,
                term,
            });
        }
    }
    for &f in &[f32::NAN, f32::INFINITY, 2.5e9f32, -2.5e9, 1.5, -0.5] {
        for target in [Type::Int, Type::Long, Type::Double] {
            let (jf, sf) = float_lit(f);
            out.push(Case {
                java: format!("({}) {jf}", target.java_name()),
                term: smt::convert(&sf, &Type::Float, &target),
                ty: target,
            });
        }
    }
    for &(a, b) in &[(1.5f64, 2.25f64), (1e308, 1e308), (0.1, 0.2), (-3.0, 0.0)] {
        for (op, sym) in [
            (BinaryOp::Add, "+"),
            (BinaryOp::Mul, "*"),
            (BinaryOp::Div, "/"),
        ] {
            let (ja, sa) = double_lit(a);
            let (jb, sb) = double_lit(b);
            let term = smt::binary(op, &sa, &sb, &Type::Double, &Type::Double).expect("modelled");
            out.push(Case {
                java: format!("{ja} {sym} {jb}"),
                ty: Type::Double,
                term,
            });
        }
    }
    out
}

/// How the JVM prints a value: integral as a number, floating as raw bits, booleans as words.
fn java_print(c: &Case) -> String {
    match c.ty {
        Type::Float => format!("Float.floatToRawIntBits({})", c.java),
        Type::Double => format!("Double.doubleToRawLongBits({})", c.java),
        Type::Char => format!("(int) ({})", c.java),
        _ => format!("({})", c.java),
    }
}

fn jvm_results(cases: &[Case]) -> Vec<String> {
    let dir = dsd_tests::work_dir("arithmetic");
    let mut src = String::from("public class Arith {\n");
    for (chunk_index, chunk) in cases.chunks(200).enumerate() {
        let _ = writeln!(src, "  static void part{chunk_index}() {{");
        for c in chunk {
            let _ = writeln!(src, "    System.out.println({});", java_print(c));
        }
        src.push_str("  }\n");
    }
    src.push_str("  public static void main(String[] a) {\n");
    for i in 0..cases.chunks(200).count() {
        let _ = writeln!(src, "    part{i}();");
    }
    src.push_str("  }\n}\n");
    std::fs::write(dir.join("Arith.java"), src).expect("write Java");
    let javac = std::process::Command::new("javac")
        .arg("-d")
        .arg(&dir)
        .arg(dir.join("Arith.java"))
        .output()
        .expect("run javac");
    assert!(
        javac.status.success(),
        "{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let java = std::process::Command::new("java")
        .arg("-cp")
        .arg(&dir)
        .arg("Arith")
        .output()
        .expect("run java");
    assert!(java.status.success());
    String::from_utf8_lossy(&java.stdout)
        .lines()
        .map(String::from)
        .collect()
}

fn z3_results(cases: &[Case]) -> Vec<String> {
    let mut text = String::new();
    for (i, c) in cases.iter().enumerate() {
        let sort = smt::sort(&c.ty);
        let _ = writeln!(
            text,
            "(declare-const r{i} {sort}) (assert (= r{i} {}))",
            c.term
        );
        if matches!(c.ty, Type::Float | Type::Double) {
            let nan = smt::fp(&format!("r{i}"), &c.ty);
            let _ = writeln!(
                text,
                "(declare-const nan{i} Bool) (assert (= nan{i} (fp.isNaN {nan})))"
            );
        }
    }
    let solver = Solver::new();
    solver.from_string(text);
    assert_eq!(solver.check(), SatResult::Sat);
    let model = solver.get_model().expect("model");
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let name = format!("r{i}");
            match c.ty {
                Type::Boolean => {
                    let b = z3::ast::Bool::new_const(name);
                    model
                        .eval(&b, true)
                        .and_then(|v| v.as_bool())
                        .map(|v| v.to_string())
                        .unwrap_or_default()
                }
                Type::Float | Type::Double => {
                    let nan = z3::ast::Bool::new_const(format!("nan{i}"));
                    if model.eval(&nan, true).and_then(|v| v.as_bool()) == Some(true) {
                        return "NaN".to_string();
                    }
                    let width = if c.ty == Type::Float { 32 } else { 64 };
                    let b = z3::ast::BV::new_const(name, width);
                    let bits = model.eval(&b, true).and_then(|b| b.as_u64()).unwrap_or(0);
                    if c.ty == Type::Float {
                        (bits as u32 as i32).to_string()
                    } else {
                        (bits as i64).to_string()
                    }
                }
                _ => {
                    let w = c.ty.bits().unwrap_or(32);
                    let bv = z3::ast::BV::new_const(name, w);
                    let raw = model.eval(&bv, true).and_then(|b| b.as_u64()).unwrap_or(0);
                    match c.ty {
                        Type::Byte => (raw as u8 as i8).to_string(),
                        Type::Short => (raw as u16 as i16).to_string(),
                        Type::Char => (raw as u16).to_string(),
                        Type::Int => (raw as u32 as i32).to_string(),
                        _ => (raw as i64).to_string(),
                    }
                }
            }
        })
        .collect()
}

/// Every NaN bit pattern the JVM prints is the same Java value; call it `NaN`.
fn canonical_nan(ty: &Type, printed: &str) -> String {
    let nan = match ty {
        Type::Float => printed
            .parse::<i32>()
            .is_ok_and(|b| f32::from_bits(b as u32).is_nan()),
        Type::Double => printed
            .parse::<i64>()
            .is_ok_and(|b| f64::from_bits(b as u64).is_nan()),
        _ => false,
    };
    if nan {
        "NaN".to_string()
    } else {
        printed.to_string()
    }
}

#[test]
fn smt_model_agrees_with_the_jvm() {
    let cases = cases();
    let jvm = jvm_results(&cases);
    let z3 = z3_results(&cases);
    assert_eq!(jvm.len(), cases.len());
    let mut wrong = Vec::new();
    for ((c, j), z) in cases.iter().zip(&jvm).zip(&z3) {
        let j = &canonical_nan(&c.ty, j);
        if j != z {
            wrong.push(format!("{} : JVM {j}, model {z}", c.java));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}
