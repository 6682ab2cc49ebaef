//! Value ranges of integral terms: comparisons that the ranges decide fold at lowering time.
//!
//! Table-driven code indexes its tables with masked or shifted values:
//! `T[((x << 24) >>> 24) + 0x700]` in a 2,048-entry CRC table, `DECODE[b & 0xff]`. Such an
//! index is always in bounds, yet without ranges its bounds check is a query of its own
//! and, worse, a condition on the path to every later site, which drags the whole table
//! lookup into their formulas. A range is a signed interval that certainly holds the
//! value of an `int` or `long` term; it is computed as each operation is lowered, with
//! Java's wrap-around: an operation that might overflow gives the whole range of its
//! width.

use frontend::ir::{BinaryOp, Type};

/// An inclusive signed interval that certainly holds a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// Least possible value.
    pub lo: i128,
    /// Greatest possible value.
    pub hi: i128,
}

impl Range {
    /// Every value of a `width`-bit signed integer.
    pub fn full(width: u32) -> Range {
        Range {
            lo: -(1i128 << (width - 1)),
            hi: (1i128 << (width - 1)) - 1,
        }
    }

    /// The values a Java primitive type holds (`char` is unsigned); `None` for
    /// `boolean` and the floating types.
    pub fn of_type(ty: &Type) -> Option<Range> {
        match ty {
            Type::Char => Some(Range { lo: 0, hi: 0xffff }),
            Type::Byte | Type::Short | Type::Int | Type::Long => Some(Range::full(ty.bits()?)),
            _ => None,
        }
    }

    /// The single value `v`.
    pub fn point(v: i128) -> Range {
        Range { lo: v, hi: v }
    }

    /// The range itself when it fits `width` bits, else the whole width (wrap-around).
    fn fit(self, width: u32) -> Range {
        let full = Range::full(width);
        if self.lo >= full.lo && self.hi <= full.hi {
            self
        } else {
            full
        }
    }

    /// The range of the narrowest interval holding every value of `values`.
    fn hull(values: &[i128]) -> Range {
        Range {
            lo: *values.iter().min().unwrap_or(&0),
            hi: *values.iter().max().unwrap_or(&0),
        }
    }
}

/// The range of `l op r` on `width`-bit integers, given the operands' ranges.
pub fn binary(op: BinaryOp, l: Range, r: Range, width: u32) -> Range {
    use BinaryOp::*;
    let full = Range::full(width);
    // A shift distance is masked to the width, as Java does.
    let shift = (r.lo == r.hi).then(|| (r.lo & i128::from(width - 1)) as u32);
    let range = match op {
        Add => Range {
            lo: l.lo + r.lo,
            hi: l.hi + r.hi,
        },
        Sub => Range {
            lo: l.lo - r.hi,
            hi: l.hi - r.lo,
        },
        Mul => Range::hull(&[l.lo * r.lo, l.lo * r.hi, l.hi * r.lo, l.hi * r.hi]),
        And => match (l.lo >= 0, r.lo >= 0) {
            (true, true) => Range {
                lo: 0,
                hi: l.hi.min(r.hi),
            },
            (true, false) => Range { lo: 0, hi: l.hi },
            (false, true) => Range { lo: 0, hi: r.hi },
            (false, false) => full,
        },
        Or | Xor if l.lo >= 0 && r.lo >= 0 => Range {
            lo: 0,
            hi: ones_up_to(l.hi.max(r.hi)),
        },
        Shl => match shift {
            Some(k) => Range {
                lo: l.lo << k,
                hi: l.hi << k,
            },
            None => full,
        },
        Shr => match shift {
            Some(k) => Range {
                lo: l.lo >> k,
                hi: l.hi >> k,
            },
            None => full,
        },
        Ushr => match shift {
            Some(k) if l.lo >= 0 => Range {
                lo: l.lo >> k,
                hi: l.hi >> k,
            },
            // A negative value shifted right by k ≥ 1 becomes a non-negative one below 2^(w-k).
            Some(k) if k >= 1 => Range {
                lo: 0,
                hi: ((1i128 << width) - 1) >> k,
            },
            _ => full,
        },
        Div => match r.lo == r.hi && r.lo != 0 {
            // Truncating division by a constant is monotone in the dividend.
            true => Range::hull(&[l.lo / r.lo, l.hi / r.lo]),
            false if l.lo >= 0 && r.lo > 0 => Range { lo: 0, hi: l.hi },
            false => full,
        },
        Rem if r.lo > 0 || r.hi < 0 => {
            let m = r.lo.abs().max(r.hi.abs()) - 1;
            Range {
                lo: if l.lo >= 0 { 0 } else { (-m).max(l.lo) },
                hi: if l.hi <= 0 { 0 } else { m.min(l.hi) },
            }
        }
        _ => full,
    };
    range.fit(width)
}

/// The range of a value converted from `from` to `to` (a widening keeps the range, a
/// narrowing keeps it when it fits); `None` when either type is not integral.
pub fn convert(value: Range, from: &Type, to: &Type) -> Option<Range> {
    let from = Range::of_type(from)?;
    let to = Range::of_type(to)?;
    let value = Range {
        lo: value.lo.max(from.lo),
        hi: value.hi.min(from.hi),
    };
    Some(if value.lo >= to.lo && value.hi <= to.hi {
        value
    } else {
        to
    })
}

/// `Some(outcome)` when the ranges of the operands decide the comparison `l op r`.
pub fn compare(op: BinaryOp, l: Range, r: Range) -> Option<bool> {
    use BinaryOp::*;
    let lt = |a: Range, b: Range| {
        if a.hi < b.lo {
            Some(true)
        } else if a.lo >= b.hi {
            Some(false)
        } else {
            None
        }
    };
    let equal = if l.hi < r.lo || r.hi < l.lo {
        Some(false)
    } else if l.lo == l.hi && l == r {
        Some(true)
    } else {
        None
    };
    match op {
        Lt => lt(l, r),
        Ge => lt(l, r).map(|b| !b),
        Gt => lt(r, l),
        Le => lt(r, l).map(|b| !b),
        Eq => equal,
        Ne => equal.map(|b| !b),
        _ => None,
    }
}

/// The least number of the form 2^k - 1 that is at least `v` (`v` not negative).
fn ones_up_to(v: i128) -> i128 {
    let mut ones = 0;
    while ones < v {
        ones = ones * 2 + 1;
    }
    ones
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOp::*;

    fn r(lo: i128, hi: i128) -> Range {
        Range { lo, hi }
    }

    #[test]
    fn masks_and_shifts_bound_a_table_index() {
        let int = Range::full(32);
        let low_byte = binary(
            Ushr,
            binary(Shl, int, Range::point(24), 32),
            Range::point(24),
            32,
        );
        assert_eq!(low_byte, r(0, 255));
        assert_eq!(
            binary(Add, low_byte, Range::point(0x700), 32),
            r(0x700, 0x7ff)
        );
        assert_eq!(binary(Ushr, int, Range::point(24), 32), r(0, 255));
        assert_eq!(binary(And, int, Range::point(0xff), 32), r(0, 255));
        assert_eq!(binary(Rem, int, Range::point(10), 32), r(-9, 9));
        assert_eq!(binary(Rem, r(0, 100), Range::point(-10), 32), r(0, 9));
    }

    #[test]
    fn overflow_gives_the_whole_width() {
        let int = Range::full(32);
        assert_eq!(
            binary(Add, r(0, i32::MAX as i128), Range::point(1), 32),
            Range::full(32)
        );
        assert_eq!(
            binary(Shl, r(0, 255), Range::point(24), 32),
            Range::full(32)
        );
        assert_eq!(binary(Ushr, int, Range::point(0), 32), Range::full(32));
        assert_eq!(binary(Ushr, int, Range::point(32), 32), Range::full(32));
        assert_eq!(binary(Div, int, Range::point(-1), 32), Range::full(32));
        assert_eq!(binary(Or, int, Range::point(1), 32), Range::full(32));
    }

    #[test]
    fn conversions_keep_what_fits() {
        let byte = Range::of_type(&Type::Byte).unwrap();
        assert_eq!(convert(byte, &Type::Byte, &Type::Int), Some(r(-128, 127)));
        assert_eq!(
            convert(Range::full(32), &Type::Int, &Type::Char),
            Some(r(0, 0xffff))
        );
        assert_eq!(convert(r(0, 300), &Type::Int, &Type::Byte), Some(byte));
        assert_eq!(convert(r(0, 100), &Type::Int, &Type::Byte), Some(r(0, 100)));
        assert_eq!(convert(byte, &Type::Byte, &Type::Float), None);
    }

    #[test]
    fn comparisons_decided_by_ranges() {
        assert_eq!(compare(Lt, r(0, 255), Range::point(0)), Some(false));
        assert_eq!(
            compare(Ge, r(0x700, 0x7ff), Range::point(2048)),
            Some(false)
        );
        assert_eq!(compare(Lt, r(0, 255), Range::point(256)), Some(true));
        assert_eq!(compare(Le, r(0, 255), Range::point(255)), Some(true));
        assert_eq!(compare(Gt, r(0, 255), Range::point(255)), Some(false));
        assert_eq!(compare(Eq, r(0, 255), Range::point(-1)), Some(false));
        assert_eq!(compare(Ne, Range::point(0), Range::point(0)), Some(false));
        assert_eq!(compare(Eq, r(0, 1), r(0, 1)), None);
        assert_eq!(compare(Lt, r(0, 255), Range::point(100)), None);
    }
}
