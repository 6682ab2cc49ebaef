//! SMT-LIB 2 text for Java values: sorts, literals, operations and a command buffer.
//!
//! Every non-atomic value is bound to a fresh constant (`declare-const` and an
//! asserted equation), so terms stay short and the formula for a method is a DAG
//! whose size grows linearly with the code. Not `define-fun`: Z3's parser expands
//! each use of a defined name, which took 32 s instead of 0.3 s to load a 2 MB
//! query from commons-codec.
//!
//! `float` and `double` values are held as their IEEE-754 bits and converted to
//! Z3's floating-point sort only inside arithmetic and comparisons: values that
//! are only moved (through locals, fields and arrays) then cost no
//! floating-point reasoning. Every NaN encoding is the same Java value.

use crate::fold;
use frontend::ir::{BinaryOp, Type};
use std::fmt::Write;

/// An SMT term as text: a name, a literal or a short application.
pub type Term = String;

/// The SMT sort that represents a Java type.
pub fn sort(ty: &Type) -> &'static str {
    match ty {
        Type::Boolean => "Bool",
        Type::Byte => "(_ BitVec 8)",
        Type::Short | Type::Char => "(_ BitVec 16)",
        Type::Int => "(_ BitVec 32)",
        Type::Long => "(_ BitVec 64)",
        Type::Float => "(_ BitVec 32)",
        Type::Double => "(_ BitVec 64)",
        _ => "Int",
    }
}

/// A bit-vector literal of the given width.
pub fn bv(value: i64, width: u32) -> Term {
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    format!("(_ bv{} {width})", (value as u64) & mask)
}

/// The literal for a Java `int`.
pub fn int(value: i32) -> Term {
    bv(value as i64, 32)
}

/// A `float` literal: its IEEE bits.
pub fn float_bits(bits: u32) -> Term {
    bv(bits as i64, 32)
}

/// A `double` literal: its IEEE bits.
pub fn double_bits(bits: u64) -> Term {
    bv(bits as i64, 64)
}

/// The floating-point view of a `float` or `double` held as bits.
pub fn fp(bits: &str, ty: &Type) -> Term {
    match ty {
        Type::Float => format!("((_ to_fp 8 24) {bits})"),
        _ => format!("((_ to_fp 11 53) {bits})"),
    }
}

/// Back to bits from a floating-point term.
fn to_bits(fp: &str) -> Term {
    format!("(fp.to_ieee_bv {fp})")
}

/// The default (zero) value of a type, as fields and array elements start.
pub fn default_value(ty: &Type) -> Term {
    match ty {
        Type::Boolean => "false".into(),
        Type::Float => float_bits(0),
        Type::Double => double_bits(0),
        t => match t.bits() {
            Some(w) => bv(0, w),
            None => "0".into(),
        },
    }
}

/// Quotes a symbol when it is not a simple SMT-LIB symbol.
pub fn symbol(name: &str) -> String {
    if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c))
        && !name.is_empty()
    {
        name.to_string()
    } else {
        format!("|{}|", name.replace(['|', '\\'], "_"))
    }
}

/// A growing list of SMT-LIB commands with a generator of fresh names.
///
/// Definitions are shared: a term defined twice gets the name of its first definition, so
/// the same sub-formula (a check repeated on a path, a value read twice) is written once.
pub struct Smt {
    /// The commands so far (declarations, definitions and assertions).
    pub text: String,
    /// Largest text in bytes; beyond it the lowering stops exploring (nested loops times
    /// inlined calls can grow fast).
    budget: usize,
    counter: u32,
    defined: std::collections::HashMap<Term, Term>,
}

impl Smt {
    /// An empty formula that may grow to `budget` bytes.
    pub fn with_budget(budget: usize) -> Smt {
        Smt {
            text: String::new(),
            budget,
            counter: 0,
            defined: Default::default(),
        }
    }

    /// True once the formula outgrew its budget.
    pub fn exhausted(&self) -> bool {
        self.text.len() > self.budget
    }

    /// The largest text in bytes.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// A fresh name with a readable prefix.
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        symbol(&format!("{prefix}!{}", self.counter))
    }

    /// Declares a constant and returns its name.
    pub fn declare(&mut self, prefix: &str, sort: &str) -> Term {
        let name = self.fresh(prefix);
        let _ = writeln!(self.text, "(declare-const {name} {sort})");
        name
    }

    /// Declares a constant with an exact name (inputs and observations).
    pub fn declare_named(&mut self, name: &str, sort: &str) -> Term {
        let name = symbol(name);
        let _ = writeln!(self.text, "(declare-const {name} {sort})");
        name
    }

    /// Binds a term to a fresh name, unless it is already atomic.
    pub fn define(&mut self, prefix: &str, sort: &str, term: Term) -> Term {
        if is_atomic(&term) {
            return term;
        }
        if let Some(name) = self.defined.get(&term) {
            return name.clone();
        }
        let name = self.fresh(prefix);
        let _ = writeln!(self.text, "(declare-const {name} {sort})");
        let _ = writeln!(self.text, "(assert (= {name} {term}))");
        self.defined.insert(term, name.clone());
        name
    }

    /// Defines the function `name` with `params` (`((c (_ BitVec 16)))`), result `sort` and
    /// the body `body` gives, the first time it is asked for; returns its name.
    pub fn define_function_once(
        &mut self,
        name: &str,
        params: &str,
        sort: &str,
        body: impl FnOnce() -> Term,
    ) -> Term {
        let key = format!("function {name}");
        if !self.defined.contains_key(&key) {
            let _ = writeln!(self.text, "(define-fun {name} {params} {sort} {})", body());
            self.defined.insert(key, name.to_string());
        }
        name.to_string()
    }

    /// True when `term` already has a name (a [`Smt::define`] of it returns that name).
    pub fn is_defined(&self, term: &str) -> bool {
        self.defined.contains_key(term)
    }

    /// Adds an assertion.
    pub fn assert(&mut self, term: &str) {
        let _ = writeln!(self.text, "(assert {term})");
    }

    /// Adds an assertion that the definitions before it imply (a lemma that spares Z3
    /// work, never a constraint of its own): a nullary `define-fun` named with
    /// [`FACT_PREFIX`], asserted by its name. Z3 expands the name, so it reads the same
    /// formula as a plain assertion; the solver's slicer keeps the fact only in a slice that
    /// keeps every constant it mentions, where a plain assertion would be kept in every
    /// slice with the definitions it reaches.
    pub fn assert_fact(&mut self, term: &str) {
        let name = self.fresh(FACT_PREFIX.trim_end_matches('!'));
        let _ = writeln!(self.text, "(define-fun {name} () Bool {term})");
        let _ = writeln!(self.text, "(assert {name})");
    }

    /// Adds a comment line (for people reading the query).
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.text, "; {}", text.replace('\n', " "));
    }
}

/// How the name of a fact ([`Smt::assert_fact`]) begins.
pub const FACT_PREFIX: &str = "fact!";

/// True for names and literals, which need no definition.
pub fn is_atomic(term: &str) -> bool {
    !term.starts_with('(') || term.starts_with("(_ bv")
}

/// `(and a b ...)` with trivial cases folded.
pub fn and(parts: &[Term]) -> Term {
    let parts: Vec<&Term> = parts.iter().filter(|p| p.as_str() != "true").collect();
    if parts.iter().any(|p| p.as_str() == "false") {
        return "false".into();
    }
    match parts.len() {
        0 => "true".into(),
        1 => parts[0].clone(),
        _ => format!(
            "(and {})",
            parts
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// `(or a b ...)` with trivial cases folded.
pub fn or(parts: &[Term]) -> Term {
    let parts: Vec<&Term> = parts.iter().filter(|p| p.as_str() != "false").collect();
    if parts.iter().any(|p| p.as_str() == "true") {
        return "true".into();
    }
    match parts.len() {
        0 => "false".into(),
        1 => parts[0].clone(),
        _ => format!(
            "(or {})",
            parts
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// `(not a)` with constants folded.
pub fn not(a: &str) -> Term {
    match a {
        "true" => "false".into(),
        "false" => "true".into(),
        _ => format!("(not {a})"),
    }
}

/// `(= a b)`, folded when both sides are the same text or both are literals.
pub fn eq(a: &str, b: &str) -> Term {
    if a == b {
        return "true".into();
    }
    match fold::literal_equality(a, b) {
        Some(known) => known.to_string(),
        None => format!("(= {a} {b})"),
    }
}

/// `(ite c a b)` with constant conditions folded.
pub fn ite(c: &str, a: &str, b: &str) -> Term {
    match c {
        "true" => a.to_string(),
        "false" => b.to_string(),
        _ if a == b => a.to_string(),
        _ => format!("(ite {c} {a} {b})"),
    }
}

/// The sum of two `int` terms, folded when both are literals.
pub fn int_add(l: &str, r: &str) -> Term {
    let int = Type::Int;
    // Every sum of integral operands has a term; the fallback is never reached.
    binary(BinaryOp::Add, l, r, &int, &int).unwrap_or_else(|| format!("(bvadd {l} {r})"))
}

/// A comparison of two `int` terms (`<`, `>=`, ...), folded when both are literals.
pub fn int_compare(op: BinaryOp, l: &str, r: &str) -> Term {
    let int = Type::Int;
    // Every comparison of integral operands has a term; `false` is never reached.
    binary(op, l, r, &int, &int).unwrap_or_else(|| "false".into())
}

/// Converts a value between Java primitive types as a cast does (JLS 5.1.2–5.1.4).
pub fn convert(value: &str, from: &Type, to: &Type) -> Term {
    if from == to {
        return value.to_string();
    }
    match (from.bits(), to.bits()) {
        (Some(f), Some(t)) => {
            let signed = *from != Type::Char;
            if let Some(folded) = fold::resize(value, t, signed) {
                folded
            } else if t < f {
                format!("((_ extract {} 0) {value})", t - 1)
            } else if t == f {
                value.to_string()
            } else if *from == Type::Char {
                format!("((_ zero_extend {}) {value})", t - f)
            } else {
                format!("((_ sign_extend {}) {value})", t - f)
            }
        }
        (Some(_), None) => match to {
            Type::Float => to_bits(&format!("((_ to_fp 8 24) RNE {})", widen_char(value, from))),
            Type::Double => to_bits(&format!(
                "((_ to_fp 11 53) RNE {})",
                widen_char(value, from)
            )),
            _ => value.to_string(),
        },
        (None, Some(t)) => match from {
            Type::Float | Type::Double => float_to_integral(&fp(value, from), from, to, t),
            _ => value.to_string(),
        },
        (None, None) => match (from, to) {
            (Type::Float, Type::Double) => {
                to_bits(&format!("((_ to_fp 11 53) RNE {})", fp(value, from)))
            }
            (Type::Double, Type::Float) => {
                to_bits(&format!("((_ to_fp 8 24) RNE {})", fp(value, from)))
            }
            _ => value.to_string(),
        },
    }
}

fn widen_char(value: &str, from: &Type) -> Term {
    // Signed integral to floating: char is unsigned, so zero-extend it first.
    if *from == Type::Char {
        format!("((_ zero_extend 16) {value})")
    } else {
        value.to_string()
    }
}

/// Java's floating-to-integral conversion: NaN gives 0, out-of-range values saturate,
/// everything else rounds toward zero; narrower targets go through `int` first.
fn float_to_integral(value: &str, from: &Type, to: &Type, to_bits: u32) -> Term {
    let wide = if to_bits == 64 { 64 } else { 32 };
    let (eb, sb) = if *from == Type::Float {
        (8, 24)
    } else {
        (11, 53)
    };
    let max = if wide == 64 {
        i64::MAX
    } else {
        i32::MAX as i64
    };
    let min = if wide == 64 {
        i64::MIN
    } else {
        i32::MIN as i64
    };
    let fmax = format!("((_ to_fp {eb} {sb}) RTZ {})", bv(max, wide));
    let fmin = format!("((_ to_fp {eb} {sb}) RTZ {})", bv(min, wide));
    let converted = format!(
        "(ite (fp.isNaN {value}) {} (ite (fp.geq {value} {fmax}) {} (ite (fp.leq {value} {fmin}) {} ((_ fp.to_sbv {wide}) RTZ {value}))))",
        bv(0, wide),
        bv(max, wide),
        bv(min, wide)
    );
    if to_bits < wide {
        convert(&converted, &Type::Int, to)
    } else {
        converted
    }
}

/// The term of a Java binary operation on operands already promoted to `op_ty`
/// (`rhs_ty` is the shift distance's own type); `None` where Java's result is not
/// modelled exactly (floating `%`).
pub fn binary(op: BinaryOp, l: &str, r: &str, op_ty: &Type, rhs_ty: &Type) -> Option<Term> {
    use BinaryOp::*;
    if matches!(op_ty, Type::Float | Type::Double) {
        let (a, b) = (fp(l, op_ty), fp(r, op_ty));
        return Some(match op {
            Add => to_bits(&format!("(fp.add RNE {a} {b})")),
            Sub => to_bits(&format!("(fp.sub RNE {a} {b})")),
            Mul => to_bits(&format!("(fp.mul RNE {a} {b})")),
            Div => to_bits(&format!("(fp.div RNE {a} {b})")),
            Eq => format!("(fp.eq {a} {b})"),
            Ne => format!("(not (fp.eq {a} {b}))"),
            Lt => format!("(fp.lt {a} {b})"),
            Le => format!("(fp.leq {a} {b})"),
            Gt => format!("(fp.gt {a} {b})"),
            Ge => format!("(fp.geq {a} {b})"),
            _ => return None,
        });
    }
    if *op_ty == Type::Boolean {
        return Some(match op {
            And | CondAnd => and(&[l.into(), r.into()]),
            Or | CondOr => or(&[l.into(), r.into()]),
            Xor | Ne => format!("(xor {l} {r})"),
            Eq => eq(l, r),
            _ => return None,
        });
    }
    if !op_ty.is_integral() {
        return match op {
            Eq => Some(eq(l, r)),
            Ne => Some(not(&eq(l, r))),
            _ => None,
        };
    }
    let width = op_ty.bits().unwrap_or(32);
    let dist = if op.is_shift() {
        convert(r, rhs_ty, op_ty)
    } else {
        r.to_string()
    };
    if let Some(folded) = fold::binary(op, l, &dist, width) {
        return Some(folded);
    }
    let shift = |f: &str| format!("({f} {l} (bvand {dist} {}))", bv(width as i64 - 1, width));
    Some(match op {
        Add => format!("(bvadd {l} {r})"),
        Sub => format!("(bvsub {l} {r})"),
        Mul => format!("(bvmul {l} {r})"),
        Div => format!("(bvsdiv {l} {r})"),
        Rem => format!("(bvsrem {l} {r})"),
        And => format!("(bvand {l} {r})"),
        Or => format!("(bvor {l} {r})"),
        Xor => format!("(bvxor {l} {r})"),
        Shl => shift("bvshl"),
        Shr => shift("bvashr"),
        Ushr => shift("bvlshr"),
        Eq => eq(l, r),
        Ne => not(&eq(l, r)),
        Lt => format!("(bvslt {l} {r})"),
        Le => format!("(bvsle {l} {r})"),
        Gt => format!("(bvsgt {l} {r})"),
        Ge => format!("(bvsge {l} {r})"),
        CondAnd | CondOr | Concat => return None,
    })
}

/// The length of the decimal text of a primitive value (`String.valueOf(x)`, `"" + x`)
/// as an `int` term: exact for the integral types, `char` and `boolean`; `None` for
/// `float` and `double` (see [`decimal_length_range`]) and references.
pub fn decimal_length(value: &str, ty: &Type) -> Option<Term> {
    let width = match ty {
        Type::Boolean => return Some(ite(value, &int(4), &int(5))),
        Type::Char => return Some(int(1)),
        Type::Byte => 8,
        Type::Short => 16,
        Type::Int => 32,
        Type::Long => 64,
        _ => return None,
    };
    let largest = i64::MAX.checked_shr(64 - width).unwrap_or(i64::MAX);
    let powers: Vec<i64> = std::iter::successors(Some(10i64), |p| p.checked_mul(10))
        .take_while(|p| *p <= largest)
        .collect();
    let count = |compare: &dyn Fn(i64) -> Term| -> Term {
        let ones: Vec<Term> = powers
            .iter()
            .map(|p| format!("(ite {} {} {})", compare(*p), int(1), int(0)))
            .collect();
        format!("(bvadd {})", ones.join(" "))
    };
    let digits_up = count(&|p| format!("(bvsge {value} {})", bv(p, width)));
    let digits_down = count(&|p| format!("(bvsle {value} {})", bv(-p, width)));
    Some(format!(
        "(ite (bvslt {value} {}) (bvadd {} {digits_down}) (bvadd {} {digits_up}))",
        bv(0, width),
        int(2),
        int(1)
    ))
}

/// The shortest and longest decimal text of a `float` or `double` (`"NaN"`, `"0.0"`;
/// `"-1.17549435E-38"`, `"-2.2250738585072014E-308"`).
pub fn decimal_length_range(ty: &Type) -> Option<(i32, i32)> {
    match ty {
        Type::Float => Some((3, 15)),
        Type::Double => Some((3, 24)),
        _ => None,
    }
}

/// Facts about `result` = `x / c` or `x % c` for a literal `c > 1` (Java's truncating
/// division, as `bvsdiv` and `bvsrem`) that Z3 would otherwise derive by bit-blasting: the
/// remainder lies strictly between `-c` and `c` with the dividend's sign, and the quotient
/// between zero and the dividend. With them `value[n % 10]` for `n >= 0` is proved in range
/// by propagation (a digit loop unrolled five times timed out at 5 s without them). Valid
/// for every width (checked exhaustively by Z3 at 8 and 12 bits, for any positive divisor).
/// A divisor that is not a literal gets none: on the public bench they doubled the time of
/// the satisfiable goals of a calculator whose operands are both inputs.
pub fn division_facts(op: BinaryOp, x: &str, c: &str, result: &str, width: u32) -> Option<Term> {
    let (bits, _) = fold::bv_literal(c)?;
    let sign = 1u64 << (width - 1);
    if bits < 2 || bits >= sign {
        return None;
    }
    let zero = bv(0, width);
    let neg_c = bv(-(bits as i64), width);
    let facts = match op {
        BinaryOp::Rem => vec![
            format!("(bvslt {result} {c})"),
            format!("(bvsgt {result} {neg_c})"),
            format!("(=> (bvsge {x} {zero}) (bvsge {result} {zero}))"),
            format!("(=> (bvsle {x} {zero}) (bvsle {result} {zero}))"),
        ],
        BinaryOp::Div => vec![
            format!("(=> (bvsge {x} {zero}) (and (bvsge {result} {zero}) (bvsle {result} {x})))"),
            format!("(=> (bvsle {x} {zero}) (and (bvsle {result} {zero}) (bvsge {result} {x})))"),
        ],
        _ => return None,
    };
    Some(and(&facts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quotient_or_remainder_by_a_literal_gets_its_bounds() {
        let rem = division_facts(BinaryOp::Rem, "n", &int(10), "r", 32).unwrap();
        assert_eq!(
            rem,
            "(and (bvslt r (_ bv10 32)) (bvsgt r (_ bv4294967286 32)) \
             (=> (bvsge n (_ bv0 32)) (bvsge r (_ bv0 32))) \
             (=> (bvsle n (_ bv0 32)) (bvsle r (_ bv0 32))))"
        );
        let div = division_facts(BinaryOp::Div, "n", &bv(2, 64), "q", 64).unwrap();
        assert!(div.contains("(bvsle q n)") && div.contains("(bvsge q n)"));
        for divisor in ["d".to_string(), int(1), int(0), int(-10)] {
            assert_eq!(division_facts(BinaryOp::Rem, "n", &divisor, "r", 32), None);
        }
        assert_eq!(division_facts(BinaryOp::Mul, "n", &int(10), "p", 32), None);
    }

    #[test]
    fn literals_and_folding() {
        assert_eq!(int(-1), "(_ bv4294967295 32)");
        assert_eq!(bv(-1, 8), "(_ bv255 8)");
        assert_eq!(and(&["true".into(), "x".into()]), "x");
        assert_eq!(or(&["false".into()]), "false");
        assert_eq!(symbol("a b"), "|a b|");
        assert_eq!(
            convert("x", &Type::Char, &Type::Int),
            "((_ zero_extend 16) x)"
        );
        assert_eq!(
            convert("x", &Type::Long, &Type::Int),
            "((_ extract 31 0) x)"
        );
        assert_eq!(
            convert("x", &Type::Byte, &Type::Int),
            "((_ sign_extend 24) x)"
        );
    }
}
