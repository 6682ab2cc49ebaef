//! Input strings and arrays as short as the crash allows. `pref!small` bounds every input
//! at once, so a crash that needs one number beyond it (`reverse(array, 0,
//! Integer.MIN_VALUE)`) drops the whole of it, and the lengths are then whatever the
//! solver chose: commons-lang3's `ArrayUtils.reverse` was tested on an array of 4,095
//! elements, `StringUtils.repeat` on a string of 3,082 chars, most of them NULs. A model
//! with an input longer than [`SHORT_LENGTH`] is checked again with the long ones bounded
//! to it, all at once and then one at a time. The lengths are bounded here rather than
//! by a preference of the prelude, which would change Z3's search for every goal of the
//! prelude (a declared `pref!short` lost two findings of the public bench to timeouts);
//! only goals whose model has a long input pay for a check.

use super::checks::Checks;
use super::refine::Kept;
use crate::budget::Budget;
use vcgen::{Harness, ALLOC_PREFERENCE, SHORT_LENGTH};
use z3::ast::{Bool, BV};

/// Bounds the lengths of `kept`'s model that are over [`SHORT_LENGTH`], with checks of
/// `units` of the work `budget` has left: all together, else without `pref!alloc` (it
/// bounds the arrays the entry allocates on every path, not only the crash's: `repeat`
/// sizes a `char[times]` for a one-char string, and the bound held `times` small where
/// `length * times` overflows, so that crash needed a long string), else one at a time.
/// Whether the model changed.
pub(super) fn shorten_lengths(
    checks: &mut Checks,
    harness: &Harness,
    kept: &mut Kept,
    budget: &mut Budget,
    units: u64,
) -> bool {
    let long: Vec<Bool> = harness
        .lengths
        .iter()
        .map(|sym| BV::new_const(sym.as_str(), 32))
        .filter(|len| {
            kept.model
                .eval(len, true)
                .and_then(|v| v.as_i64())
                .is_some_and(|v| v > i64::from(SHORT_LENGTH))
        })
        .map(|len| len.bvsle(BV::from_i64(i64::from(SHORT_LENGTH), 32)))
        .collect();
    if long.is_empty() {
        return false;
    }
    let all = Bool::and(&long);
    match kept.add(checks, &all, budget, units) {
        Some(true) => return true,
        None => return false,
        Some(false) => {}
    }
    let alloc = Bool::new_const(ALLOC_PREFERENCE);
    match kept.add_instead(checks, &all, &alloc, budget, units) {
        Some(true) => return true,
        None => return false,
        Some(false) => {}
    }
    let mut changed = false;
    for short in long.iter().filter(|_| long.len() > 1) {
        match kept.add(checks, short, budget, units) {
            Some(true) => changed = true,
            Some(false) => {}
            None => break,
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::super::checks::{slice_solver, Checked};
    use super::*;
    use crate::test_support::harness;

    /// An array input (`len`, at most 4,096) and an `int` input `x` whose crash needs
    /// `Integer.MIN_VALUE`; `pref!alloc` bounds `y`, which sizes an allocation, and
    /// `goal!1` needs `len * y` to overflow.
    const PRELUDE: &str = "
        (declare-const x (_ BitVec 32))
        (declare-const y (_ BitVec 32))
        (declare-const len (_ BitVec 32))
        (assert (and (bvsge len #x00000000) (bvsle len #x00001000)))
        (declare-const pref!alloc Bool)
        (assert (= pref!alloc (bvsle y #x00100000)))
        (declare-const goal!0 Bool)
        (assert (= goal!0 (= x #x80000000)))
        (declare-const goal!1 Bool)
        (assert (= goal!1 (and (bvsge len #x00000003) (bvslt (bvmul len y) #x00000000))))";

    /// Whether `shorten_lengths` changed a model of `goal` (under `assumed`) whose `len`
    /// is at least 2,048, and the length it leaves.
    fn shortened(goal: &str, assumed: &[&str]) -> (bool, i64) {
        shortened_from(goal, assumed, |len| len.bvuge(BV::from_i64(2048, 32)))
    }

    /// Whether `shorten_lengths` changed a first model of `goal` (under `assumed`) with
    /// `first` of its `len`, and the length it leaves.
    fn shortened_from(goal: &str, assumed: &[&str], first: impl Fn(&BV) -> Bool) -> (bool, i64) {
        let solver = slice_solver(PRELUDE).expect("parses");
        let mut checks = Checks::new(&solver, false);
        let goal = Bool::new_const(goal);
        let assumptions: Vec<Bool> = std::iter::once(goal.clone())
            .chain(assumed.iter().map(|a| Bool::new_const(*a)))
            .collect();
        let len = BV::new_const("len", 32);
        let mut first_model: Vec<Bool> = assumptions.clone();
        first_model.push(first(&len));
        let Checked::Sat(model) = checks.check(&first_model, u64::MAX) else {
            panic!("the first model");
        };
        let mut kept = Kept { assumptions, model };
        let mut h = harness();
        h.lengths = vec!["len".into()];
        let changed = shorten_lengths(
            &mut checks,
            &h,
            &mut kept,
            &mut Budget::of_ms(1000),
            u64::MAX,
        );
        let value = kept.model.eval(&len, true).and_then(|v| v.as_i64());
        assert!(kept.model.eval(&goal, true).and_then(|g| g.as_bool()) == Some(true));
        (changed, value.expect("a length"))
    }

    #[test]
    fn a_long_input_the_crash_does_not_need_is_made_short() {
        let (changed, len) = shortened("goal!0", &[]);
        assert!(changed);
        assert!(len <= 8, "{len}");
    }

    #[test]
    fn the_allocation_preference_gives_way_to_a_short_input() {
        let (changed, len) = shortened("goal!1", &["pref!alloc"]);
        assert!(changed);
        assert!((3..=8).contains(&len), "{len}");
    }

    #[test]
    fn a_short_model_is_left_as_it_is() {
        let (changed, len) = shortened_from("goal!0", &[], |len| len.eq(BV::from_i64(3, 32)));
        assert!(!changed);
        assert_eq!(len, 3);
    }
}
