//! Digits and number parsing of the JDK model as formulas over chars.
//!
//! `dsd.Intrinsics.digit(ch, radix)` is `Character.digit(char, int)` exactly, over the
//! whole Basic Multilingual Plane: ASCII digits and letters, the Unicode decimal digits
//! (general category Nd, which come in runs of ten from a zero) and the fullwidth Latin
//! letters. The Nd runs of the plane are the same from Unicode 13 (JDK 17) to Unicode 16
//! (JDK 25); later versions added digits only above it. `Character.isDigit` does not use
//! it: in the shared bench's calculator, whose loop asks `isDigit` of every char, the exact
//! answer made Z3 time out on every crash site.
//!
//! `dsd.Intrinsics.isNumber(chars, radix)` and `number(chars, radix)` read a `char[]` as
//! `Integer.parseInt(String, int)` does: a sign, then up to [`DIGITS`] digits is a number
//! whose value the formula computes; more digits (the first ones checked) are any number
//! or none. Stating that such a number is at least the radix to the power [`DIGITS`] made
//! the calculator time out too. A loop in the model's Java would be cut at the unrolling
//! bound (and sooner when a formula is lowered again with smaller limits), leaving every
//! number longer than the bound unparsed. The parse reads ASCII's digits and letters only:
//! a char above ASCII, a digit to the JVM in Unicode's other scripts and the fullwidth
//! forms, is no digit here. With them, the parse of a settings map's values in the crash
//! corpus (`Options.parse`) took Z3 7.2 s instead of 0.7 s.

use crate::lower::{array_key, Lower};
use crate::smt::{self, Term};
use crate::state::State;
use frontend::ir::Type;

/// Most digits after the sign whose value the formula computes. With nine (the most that
/// cannot overflow), a recursive-descent calculator's formula, a number per operand, kept
/// Z3 busy past ten seconds; with four it took under one.
const DIGITS: i32 = 4;

/// The zero of each run of Unicode decimal digits (Nd) in the Basic Multilingual Plane,
/// ASCII's first, in ascending order (as JDK 17's `Character.isDigit` gives them).
const DIGIT_ZEROS: [u16; 37] = [
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10,
];

/// The runs of letters that are digits from 10 up, each by its first char: ASCII's and the
/// fullwidth forms' capitals and small letters, 26 each.
const LETTER_STARTS: [u16; 4] = [0x0041, 0x0061, 0xFF21, 0xFF41];

/// How many runs of [`LETTER_STARTS`] are ASCII's.
const ASCII_LETTER_RUNS: usize = 2;

/// The name of the function from a char to its digit value in radix 36, or 36 for none.
const DIGIT_FUNCTION: &str = "digit36";

/// The name of the function from a char to its value as a decimal digit, or 36 for none:
/// for a literal radix of ten or less, which reads no letters.
const DECIMAL_FUNCTION: &str = "digit10";

/// A string's chars read as a number.
#[derive(Clone)]
pub struct Parsed {
    /// True when the chars are a number `parseInt` accepts in the radix.
    pub valid: Term,
    /// Its value when it is one.
    pub value: Term,
}

impl<'p> Lower<'p> {
    /// `Character.digit(ch, radix)`: the value of the char `ch` (a 16-bit term) as a digit
    /// in `radix` (a 32-bit term), or -1 when it is none or the radix is out of range.
    pub(crate) fn digit(&mut self, ch: &str, radix: &str) -> Term {
        let value = self.digit_value(ch, reads_letters(radix));
        let wide = format!("((_ zero_extend 16) {value})");
        let accepted = smt::and(&[
            format!("(bvsge {radix} {})", smt::int(2)),
            format!("(bvsle {radix} {})", smt::int(36)),
            format!("(bvslt {wide} {radix})"),
        ]);
        self.smt.define(
            "dg",
            "(_ BitVec 32)",
            smt::ite(&accepted, &wide, &smt::int(-1)),
        )
    }

    /// The chars of the `char[]` object `chars` read as `Integer.parseInt` reads them in
    /// `radix`, stated once for both intrinsics of one parse (`isNumber`, then `number`),
    /// as long as the chars are not written in between.
    pub(crate) fn number(&mut self, st: &State, chars: &str, radix: &str) -> Parsed {
        let heap = self.heap(st, &array_key(&Type::Char)).term;
        let key = (heap.clone(), chars.to_string(), radix.to_string());
        if let Some(known) = self.numbers.get(&key) {
            return known.clone();
        }
        let parsed = self.parse_number(&heap, chars, radix);
        self.numbers.insert(key, parsed.clone());
        parsed
    }

    /// The formula of [`Lower::number`] over the chars heap `heap`.
    fn parse_number(&mut self, heap: &str, chars: &str, radix: &str) -> Parsed {
        let n = self.array_length(chars);
        let sort16 = "(_ BitVec 16)";
        let at: Vec<Term> = (0..=DIGITS)
            .map(|i| self.select_element("ch", sort16, heap, chars, &smt::int(i)))
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
        let letters = reads_letters(radix);
        let mut all_digits = Vec::new();
        let mut value = smt::int(0);
        for (i, c) in (0..).zip(&at) {
            let index = smt::int(i);
            let counted = smt::and(&[
                format!("(bvsge {index} {from})"),
                format!("(bvslt {index} {n})"),
            ]);
            let (digit, is_digit) = if letters {
                let digit = format!("((_ zero_extend 16) {})", ascii_letter_or_digit(c));
                let digit = self.smt.define("da", "(_ BitVec 32)", digit);
                let is_digit = format!("(bvult {digit} {radix})");
                (digit, is_digit)
            } else {
                // A decimal digit's value is its offset from '0', in the radix when below it.
                let offset = format!("(bvsub {c} {})", bv16(DIGIT_ZEROS[0]));
                let is_digit = format!("(bvult {offset} ((_ extract 15 0) {radix}))");
                (format!("((_ zero_extend 16) {offset})"), is_digit)
            };
            all_digits.push(format!("(=> {counted} {is_digit})"));
            let next = format!("(bvadd (bvmul {value} {radix}) {digit})");
            value = self
                .smt
                .define("dv", "(_ BitVec 32)", smt::ite(&counted, &next, &value));
        }
        let short = format!("(bvsle {digits} {})", smt::int(DIGITS));
        let some = format!("(bvsgt {digits} {})", smt::int(0));
        let radix_ok = smt::and(&[
            format!("(bvsge {radix} {})", smt::int(2)),
            format!("(bvsle {radix} {})", smt::int(36)),
        ]);
        let long_valid = self.smt.declare("dl", "Bool");
        let long_value = self.smt.declare("dx", "(_ BitVec 32)");
        let exact = smt::ite(
            &smt::and(&[signed.clone(), minus]),
            &format!("(bvneg {value})"),
            &value,
        );
        let all_digits = smt::and(&all_digits);
        Parsed {
            valid: smt::and(&[
                radix_ok,
                some,
                all_digits,
                smt::or(&[short.clone(), long_valid]),
            ]),
            value: smt::ite(&short, &exact, &long_value),
        }
    }

    /// The digit value of the char `ch` in radix 36 (16 bits), or 36 when it is none; the
    /// function that gives it is defined once per formula.
    fn digit_value(&mut self, ch: &str, letters: bool) -> Term {
        let (name, runs) = if letters {
            (DIGIT_FUNCTION, LETTER_STARTS.len())
        } else {
            (DECIMAL_FUNCTION, 0)
        };
        self.smt
            .define_function_once(name, "((c (_ BitVec 16)))", "(_ BitVec 16)", || {
                digit_function_body("c", runs)
            });
        self.smt
            .define("dc", "(_ BitVec 16)", format!("({name} {ch})"))
    }
}

/// The body of the digit function over the char `c`: the value of `c` in radix 36, or 36.
/// Each run of decimal digits lies within one block of 16 chars, from the block's char 0
/// or 6, so a char is a digit when its block is a run's and its place in the block at most
/// nine past the run's zero.
fn digit_function_body(c: &str, letter_runs: usize) -> Term {
    let block = format!("((_ extract 15 4) {c})");
    let place = format!("((_ extract 3 0) {c})");
    let run_from = |first: u16| {
        let blocks: Vec<Term> = DIGIT_ZEROS
            .iter()
            .filter(|z| *z & 0xF == first)
            .map(|z| smt::eq(&block, &smt::bv((*z >> 4) as i64, 12)))
            .collect();
        smt::or(&blocks)
    };
    let from_six = format!("(bvsub {place} {})", smt::bv(6, 4));
    let decimal = smt::ite(
        &smt::and(&[run_from(0), format!("(bvule {place} {})", smt::bv(9, 4))]),
        &format!("((_ zero_extend 12) {place})"),
        &smt::ite(
            &smt::and(&[run_from(6), format!("(bvuge {place} {})", smt::bv(6, 4))]),
            &format!("((_ zero_extend 12) {from_six})"),
            &bv16(36),
        ),
    );
    with_letters(c, decimal, letter_runs)
}

/// The value in radix 36 of an ASCII char `c`, digit or letter, or 36.
fn ascii_letter_or_digit(c: &str) -> Term {
    let decimal = format!("(bvsub {c} {})", bv16(DIGIT_ZEROS[0]));
    let value = smt::ite(
        &smt::and(&[
            format!("(bvuge {c} {})", bv16(DIGIT_ZEROS[0])),
            format!("(bvule {decimal} {})", bv16(9)),
        ]),
        &decimal,
        &bv16(36),
    );
    with_letters(c, value, ASCII_LETTER_RUNS)
}

/// `otherwise` unless the char `c` is a letter of the first `letter_runs` runs of
/// [`LETTER_STARTS`], whose value in radix 36 it is then.
fn with_letters(c: &str, otherwise: Term, letter_runs: usize) -> Term {
    let mut value = otherwise;
    for &start in LETTER_STARTS[..letter_runs].iter().rev() {
        let offset = format!("(bvsub {c} {})", bv16(start));
        let letter = smt::and(&[
            format!("(bvuge {c} {})", bv16(start)),
            format!("(bvule {offset} {})", bv16(25)),
        ]);
        value = smt::ite(&letter, &format!("(bvadd {offset} {})", bv16(10)), &value);
    }
    value
}

/// Whether a digit in `radix` (a term) may be a letter: unless it is a literal of ten or
/// less.
fn reads_letters(radix: &str) -> bool {
    (2..=10).all(|r| radix != smt::int(r))
}

/// A 16-bit literal.
fn bv16(v: u16) -> Term {
    smt::bv(v as i64, 16)
}
