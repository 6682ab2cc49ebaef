//! Constant folding: Java operations on literal operands computed at lowering time.
//!
//! A check whose operands are literals (`32 < 0` for `new char[32]`, `new X() == null`
//! for a receiver just allocated) becomes `true` or `false` before it reaches the solver,
//! so its goal is dropped instead of being solved, and nothing that depends only on
//! literals is written into a query. The arithmetic is Java's: two's-complement
//! wrap-around at the operand width, division truncating toward zero.

use frontend::ir::BinaryOp;

/// A bit-vector literal `(_ bvV W)`: its value (zero-extended) and width.
pub fn bv_literal(term: &str) -> Option<(u64, u32)> {
    let rest = term.strip_prefix("(_ bv")?.strip_suffix(')')?;
    let (value, width) = rest.split_once(' ')?;
    Some((value.parse().ok()?, width.parse().ok()?))
}

/// An integer literal (`0`, `7`, `(- 14)`): references are integers.
pub fn int_literal(term: &str) -> Option<i64> {
    match term.strip_prefix("(- ").and_then(|t| t.strip_suffix(')')) {
        Some(n) => n.parse::<i64>().ok().map(|n| -n),
        None if term.bytes().all(|b| b.is_ascii_digit()) && !term.is_empty() => term.parse().ok(),
        None => None,
    }
}

/// Whether a term is a literal: a bit vector, an integer (a reference) or a boolean.
pub fn is_literal(term: &str) -> bool {
    bv_literal(term).is_some() || int_literal(term).is_some() || matches!(term, "true" | "false")
}

/// `Some(true)` or `Some(false)` when two terms are literals of the same kind whose
/// equality is known; `None` otherwise.
pub fn literal_equality(a: &str, b: &str) -> Option<bool> {
    if let (Some((x, w)), Some((y, v))) = (bv_literal(a), bv_literal(b)) {
        return (w == v).then_some(x == y);
    }
    if let (Some(x), Some(y)) = (int_literal(a), int_literal(b)) {
        return Some(x == y);
    }
    match (a, b) {
        ("true" | "false", "true" | "false") => Some(a == b),
        _ => None,
    }
}

/// The value of `op` on two literals of `width` bits (`None` when either operand is not a
/// literal of that width, or for division by zero, which is left to the crash check).
pub fn binary(op: BinaryOp, l: &str, r: &str, width: u32) -> Option<String> {
    use BinaryOp::*;
    let (a, wa) = bv_literal(l)?;
    let (b, wb) = bv_literal(r)?;
    if wa != width || wb != width || width == 0 || width > 64 {
        return None;
    }
    let (sa, sb) = (signed(a, width), signed(b, width));
    let bit = |v: bool| v.to_string();
    let value = match op {
        Add => sa.wrapping_add(sb),
        Sub => sa.wrapping_sub(sb),
        Mul => sa.wrapping_mul(sb),
        Div if sb != 0 => sa / sb,
        Rem if sb != 0 => sa % sb,
        And => sa & sb,
        Or => sa | sb,
        Xor => sa ^ sb,
        Shl => sa << (b & (width as u64 - 1)),
        Shr => sa >> (b & (width as u64 - 1)),
        Ushr => (a >> (b & (width as u64 - 1))) as i128,
        Eq => return Some(bit(a == b)),
        Ne => return Some(bit(a != b)),
        Lt => return Some(bit(sa < sb)),
        Le => return Some(bit(sa <= sb)),
        Gt => return Some(bit(sa > sb)),
        Ge => return Some(bit(sa >= sb)),
        _ => return None,
    };
    Some(literal(value, width))
}

/// A literal after `extract`, `sign_extend` or `zero_extend` to `to` bits.
pub fn resize(term: &str, to: u32, sign: bool) -> Option<String> {
    let (value, from) = bv_literal(term)?;
    if from == 0 || from > 64 || to == 0 || to > 64 {
        return None;
    }
    let v = if sign {
        signed(value, from)
    } else {
        value as i128
    };
    Some(literal(v, to))
}

/// The signed value of a `width`-bit pattern.
pub fn signed(value: u64, width: u32) -> i128 {
    let v = value as i128 & mask(width);
    if v >> (width - 1) & 1 == 1 {
        v - (1i128 << width)
    } else {
        v
    }
}

fn mask(width: u32) -> i128 {
    (1i128 << width) - 1
}

/// The `width`-bit literal of a value, wrapped.
fn literal(value: i128, width: u32) -> String {
    format!("(_ bv{} {width})", value & mask(width))
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOp::*;

    #[test]
    fn java_int_arithmetic() {
        let int = |v: i32| literal(v as i128, 32);
        assert_eq!(
            binary(Add, &int(i32::MAX), &int(1), 32),
            Some(int(i32::MIN))
        );
        assert_eq!(binary(Div, &int(-7), &int(2), 32), Some(int(-3)));
        assert_eq!(binary(Rem, &int(-7), &int(2), 32), Some(int(-1)));
        assert_eq!(
            binary(Div, &int(i32::MIN), &int(-1), 32),
            Some(int(i32::MIN))
        );
        assert_eq!(binary(Rem, &int(i32::MIN), &int(-1), 32), Some(int(0)));
        assert_eq!(binary(Div, &int(1), &int(0), 32), None);
        assert_eq!(binary(Shl, &int(1), &int(33), 32), Some(int(2)));
        assert_eq!(binary(Shr, &int(-8), &int(1), 32), Some(int(-4)));
        assert_eq!(binary(Ushr, &int(-1), &int(28), 32), Some(int(15)));
        assert_eq!(binary(Lt, &int(32), &int(0), 32), Some("false".into()));
        assert_eq!(binary(Ge, &int(-1), &int(-2), 32), Some("true".into()));
        assert_eq!(binary(Add, "x", &int(1), 32), None);
    }

    #[test]
    fn long_arithmetic_and_widening() {
        let long = |v: i64| literal(v as i128, 64);
        assert_eq!(binary(Mul, &long(i64::MAX), &long(2), 64), Some(long(-2)));
        assert_eq!(resize(&literal(-1, 8), 32, true), Some(literal(-1, 32)));
        assert_eq!(
            resize(&literal(-1, 16), 32, false),
            Some(literal(65535, 32))
        );
        assert_eq!(resize(&literal(300, 32), 8, true), Some(literal(44, 8)));
    }

    #[test]
    fn literal_equalities() {
        assert_eq!(literal_equality("(- 14)", "0"), Some(false));
        assert_eq!(literal_equality("(- 3)", "(- 3)"), Some(true));
        assert_eq!(literal_equality("(_ bv0 32)", "(_ bv1 32)"), Some(false));
        assert_eq!(literal_equality("o!3", "0"), None);
        assert_eq!(literal_equality("true", "false"), Some(false));
    }
}
