//! `Integer.parseInt` of the JDK model as one formula over the chars
//! (`dsd.Intrinsics.isDecimal` and `decimal`): a sign, then up to [`DIGITS`] ASCII digits
//! is a number whose value the formula computes; more digits (the first ones checked) are
//! any number or none. A
//! loop in the model's Java would be cut at the unrolling bound (and sooner when a formula
//! is lowered again with smaller limits), leaving every number longer than the bound
//! unparsed. A digit above ASCII, which the JVM reads too, is no number here: a model that
//! used one would be exact only by chance.

use crate::lower::{array_key, Lower};
use crate::smt::{self, Term};
use crate::state::State;
use frontend::ir::Type;

/// Most digits after the sign whose value the formula computes. With nine (the most that
/// cannot overflow), a recursive-descent calculator's formula, a number per operand, kept
/// Z3 busy past ten seconds; with four it took under one.
const DIGITS: i32 = 4;

/// A string's chars read as a decimal number.
#[derive(Clone)]
pub struct Decimal {
    /// True when the chars are a number `parseInt` accepts.
    pub valid: Term,
    /// Its value when it is one.
    pub value: Term,
}

impl<'p> Lower<'p> {
    /// The chars of the `char[]` object `chars` read as `Integer.parseInt` reads them,
    /// stated once for both intrinsics of one parse (`isDecimal`, then `decimal`), as long
    /// as the chars are not written in between.
    pub(crate) fn decimal(&mut self, st: &State, chars: &str) -> Decimal {
        let heap = self.heap(st, &array_key(&Type::Char)).term;
        let key = (heap.clone(), chars.to_string());
        if let Some(known) = self.decimals.get(&key) {
            return known.clone();
        }
        let parsed = self.parse_decimal(&heap, chars);
        self.decimals.insert(key, parsed.clone());
        parsed
    }

    /// The formula of [`Lower::decimal`] over the chars heap `heap`.
    fn parse_decimal(&mut self, heap: &str, chars: &str) -> Decimal {
        let n = self.array_length(chars);
        let sort16 = "(_ BitVec 16)";
        let at: Vec<Term> = (0..=DIGITS)
            .map(|i| self.select_element("dg", sort16, heap, chars, &smt::int(i)))
            .collect();
        let first = &at[0];
        let minus = smt::eq(first, &smt::bv('-' as i64, 16));
        let plus = smt::eq(first, &smt::bv('+' as i64, 16));
        let signed = smt::and(&[
            format!("(bvsgt {n} {})", smt::int(0)),
            smt::or(&[minus.clone(), plus]),
        ]);
        let signed = self.smt.define("sg", "Bool", signed);
        let from = smt::ite(&signed, &smt::int(1), &smt::int(0));
        let digits = self
            .smt
            .define("nd", "(_ BitVec 32)", format!("(bvsub {n} {from})"));
        let mut all_digits = Vec::new();
        let mut value = smt::int(0);
        for (i, c) in at.iter().enumerate() {
            let i = smt::int(i as i32);
            let counted = smt::and(&[format!("(bvsge {i} {from})"), format!("(bvslt {i} {n})")]);
            let offset = format!("(bvsub {c} {})", smt::bv('0' as i64, 16));
            let digit = format!("(bvule {offset} {})", smt::bv(9, 16));
            all_digits.push(format!("(=> {counted} {digit})"));
            let next = format!(
                "(bvadd (bvmul {value} {}) ((_ zero_extend 16) {offset}))",
                smt::int(10)
            );
            value = self
                .smt
                .define("dv", "(_ BitVec 32)", smt::ite(&counted, &next, &value));
        }
        let short = format!("(bvsle {digits} {})", smt::int(DIGITS));
        let some = format!("(bvsgt {digits} {})", smt::int(0));
        let long_valid = self.smt.declare("dl", "Bool");
        let long_value = self.smt.declare("dx", "(_ BitVec 32)");
        let exact = smt::ite(
            &smt::and(&[signed.clone(), minus]),
            &format!("(bvneg {value})"),
            &value,
        );
        let all_digits = smt::and(&all_digits);
        Decimal {
            valid: smt::and(&[some, all_digits, smt::or(&[short.clone(), long_valid])]),
            value: smt::ite(&short, &exact, &long_value),
        }
    }
}
