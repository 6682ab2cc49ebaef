//! Shortens the model of a sequence harness to the calls its crash needs. The solver's first
//! model of a sequence often makes calls that change nothing the crash needs
//! (`encode(b, 0, 0)`, `setInitialBuffer(null, 0, 0)`): a test a person would not write.
//! The preferences for fewer calls (`pref!calls…`) rarely decide within the budget left
//! after the first model, since every choice of method stays open in them. Here the
//! choices are fixed instead: each made call is left out in turn and the goal checked with
//! the other calls' methods fixed, a formula with no choice left, and a call whose removal
//! keeps the goal satisfiable is dropped. The result is the fixed choices, which the checks
//! for small and non-null inputs then assume.

use super::checks::{Checked, Checks};
use crate::budget::Budget;
use vcgen::Harness;
use z3::ast::{Bool, Int, BV};

/// The steps of a sequence harness: the symbol of each step's choice, in order.
pub(super) struct Steps {
    /// Each step's symbol and whether the step may make no call (option 0).
    steps: Vec<(String, bool)>,
    /// Whether the first call is made with no choice (a sequence of one method, whose first
    /// step has no symbol).
    fixed_first: bool,
}

impl Steps {
    /// The steps of `harness`, when it is a sequence whose calls a model chooses.
    pub(super) fn of(harness: &Harness) -> Option<Steps> {
        let mut steps: Vec<(String, bool)> = Vec::new();
        for call in &harness.chain {
            let Some(made) = &call.when else { continue };
            match steps.iter_mut().find(|(sym, _)| *sym == made.step) {
                Some((_, optional)) => *optional &= made.option != 0,
                None => steps.push((made.step.clone(), made.option != 0)),
            }
        }
        let fixed_first = harness.chain.first().is_some_and(|c| c.when.is_none());
        (!steps.is_empty()).then_some(Steps { steps, fixed_first })
    }

    /// The calls `model` makes: the method (its index among the sequence's methods) of
    /// each call, in order.
    fn calls(&self, model: &z3::Model) -> Vec<i64> {
        let mut calls = Vec::new();
        if self.fixed_first {
            calls.push(0);
        }
        for (sym, optional) in &self.steps {
            let chosen = model
                .eval(&Int::new_const(sym.as_str()), true)
                .and_then(|v| v.as_i64())
                .unwrap_or(0);
            match optional {
                false => calls.push(chosen),
                true if chosen == 0 => break,
                true => calls.push(chosen - 1),
            }
        }
        calls
    }

    /// The choices that make exactly `calls`, as assumptions.
    fn choices(&self, calls: &[i64]) -> Vec<Bool> {
        let first = usize::from(self.fixed_first);
        self.steps
            .iter()
            .enumerate()
            .map(|(i, (sym, optional))| {
                let call = calls.get(i + first);
                let option = match (optional, call) {
                    (false, Some(&m)) => m,
                    (true, Some(&m)) => m + 1,
                    (_, None) => 0,
                };
                Int::new_const(sym.as_str()).eq(Int::from_i64(option))
            })
            .collect()
    }
}

/// Drops the calls of `first`'s sequence that the goal (`base`) does not need, one at a
/// time with the other calls fixed, within `budget` and `units` per check; returns the
/// choices of the sequence left, to be assumed from then on, and its model.
pub(super) fn shorten(
    checks: &mut Checks,
    steps: &Steps,
    base: &[Bool],
    first: z3::Model,
    budget: &mut Budget,
    units: u64,
) -> (Vec<Bool>, z3::Model) {
    let mut calls = steps.calls(&first);
    let mut current = first;
    let mut tried: Vec<Vec<i64>> = Vec::new();
    let mut i = 0;
    while i < calls.len() && calls.len() > 1 {
        let mut shorter = calls.clone();
        shorter.remove(i);
        if tried.contains(&shorter) {
            i += 1;
            continue;
        }
        let assumed: Vec<Bool> = base
            .iter()
            .cloned()
            .chain(steps.choices(&shorter))
            .collect();
        let Some(checked) = checks.check_within(&assumed, budget, units) else {
            break;
        };
        match checked {
            Checked::Sat(model) => {
                calls = shorter;
                current = model;
            }
            Checked::Unsat => {
                tried.push(shorter);
                i += 1;
            }
            Checked::Unknown => break,
        }
    }
    (steps.choices(&calls), current)
}

/// Makes each call of `current`'s sequence that is made again ([`vcgen::ChainCall::repeated`])
/// as few times as the goal (`base`, with the calls fixed) allows, one call after another,
/// by halving within `budget` and `units` per check: a cursor that fails past its sixteen
/// characters got 262,145 calls of `skip()` from the first model. Returns the counts
/// found, to be assumed from then on, and their model.
pub(super) fn fewest_repeats(
    checks: &mut Checks,
    harness: &Harness,
    base: &[Bool],
    first: z3::Model,
    budget: &mut Budget,
    units: u64,
) -> (Vec<Bool>, z3::Model) {
    let mut counts: Vec<Bool> = Vec::new();
    let mut current = first;
    for call in &harness.chain {
        let Some(sym) = &call.repeated else { continue };
        let made = call.when.as_ref().is_none_or(|w| {
            current
                .eval(&Int::new_const(w.step.as_str()), true)
                .and_then(|v| v.as_i64())
                == Some(i64::from(w.option))
        });
        if !made {
            continue;
        }
        let repeats = BV::new_const(sym.as_str(), 32);
        let value = |m: &z3::Model| m.eval(&repeats, true).and_then(|v| v.as_u64());
        let Some(mut high) = value(&current) else {
            continue;
        };
        let mut low = 0;
        while low < high {
            let middle = low + (high - low) / 2;
            let at_most = repeats.bvule(BV::from_u64(middle, 32));
            let assumed: Vec<Bool> = base
                .iter()
                .chain(&counts)
                .cloned()
                .chain([at_most])
                .collect();
            match checks.check_within(&assumed, budget, units) {
                Some(Checked::Sat(model)) => match value(&model) {
                    Some(v) => {
                        high = v;
                        current = model;
                    }
                    None => break,
                },
                Some(Checked::Unsat) => low = middle + 1,
                Some(Checked::Unknown) | None => break,
            }
        }
        counts.push(repeats.eq(BV::from_u64(high, 32)));
    }
    (counts, current)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget;
    use vcgen::{ChainCall, Made};

    /// Three calls, each of `add` (which counts) or `noop`; the goal needs a count of two.
    const SEQUENCE: &str = "
        (declare-const in!step1 Int)
        (declare-const in!step2 Int)
        (declare-const in!step3 Int)
        (assert (and (>= in!step1 0) (< in!step1 2)))
        (assert (and (>= in!step2 0) (< in!step2 3)))
        (assert (and (>= in!step3 0) (< in!step3 3)))
        (assert (=> (= in!step2 0) (= in!step3 0)))
        (declare-const goal!0 Bool)
        (assert (= goal!0 (= (+ (ite (= in!step1 0) 1 0) (ite (= in!step2 1) 1 0)
                                (ite (= in!step3 1) 1 0)) 2)))";

    fn call(method: &str, step: &str, option: u32) -> ChainCall {
        ChainCall {
            class: "Counter".into(),
            method: method.into(),
            descriptor: "()V".into(),
            is_static: false,
            args: Vec::new(),
            when: Some(Made {
                step: step.into(),
                option,
            }),
            repeated: None,
            on: None,
            passes: None,
        }
    }

    #[test]
    fn a_call_the_goal_does_not_need_is_left_out() {
        let mut harness = crate::test_support::harness();
        harness.chain = vec![
            call("add", "in!step1", 0),
            call("noop", "in!step1", 1),
            call("add", "in!step2", 1),
            call("noop", "in!step2", 2),
            call("add", "in!step3", 1),
            call("noop", "in!step3", 2),
        ];
        let steps = Steps::of(&harness).expect("a sequence with choices");
        let solver = super::super::checks::solver_of(SEQUENCE);
        let mut checks = Checks::new(&solver, false);
        let goal = Bool::new_const("goal!0");
        // The solver's first model: add, noop, add.
        let long = [&[goal.clone()][..], &steps.choices(&[0, 1, 0])].concat();
        let Checked::Sat(first) = checks.check(&long, budget::units(1000)) else {
            panic!("add, noop, add counts two");
        };
        assert_eq!(steps.calls(&first), [0, 1, 0]);
        let mut budget = Budget::new(5000);
        let (choices, model) = shorten(
            &mut checks,
            &steps,
            &[goal],
            first,
            &mut budget,
            budget::units(1000),
        );
        assert_eq!(steps.calls(&model), [0, 0], "the noop is left out");
        assert!(super::super::checks::holds_all(&model, &choices));
    }

    /// One call of `skip`, made again `in!repeat1` times first: the goal needs the cursor
    /// at 16 or more, and the first model makes it far more often.
    const REPEATED: &str = "
        (declare-const in!repeat1 (_ BitVec 32))
        (assert (and (bvsge in!repeat1 #x00000000) (bvsle in!repeat1 #x00100000)))
        (declare-const goal!0 Bool)
        (assert (= goal!0 (bvsge (bvadd in!repeat1 #x00000001) #x00000010)))";

    #[test]
    fn a_call_made_again_is_made_as_few_times_as_the_goal_needs() {
        let mut harness = crate::test_support::harness();
        let mut skip = call("skip", "in!step1", 0);
        skip.when = None;
        skip.repeated = Some("in!repeat1".into());
        harness.chain = vec![skip];
        let solver = super::super::checks::solver_of(REPEATED);
        let mut checks = Checks::new(&solver, false);
        let goal = Bool::new_const("goal!0");
        let repeats = BV::new_const("in!repeat1", 32);
        let many = [goal.clone(), repeats.bvuge(BV::from_u64(200_000, 32))];
        let Checked::Sat(first) = checks.check(&many, budget::units(1000)) else {
            panic!("200,000 calls and one more pass 16");
        };
        let mut budget = Budget::new(5000);
        let (counts, model) = fewest_repeats(
            &mut checks,
            &harness,
            &[goal],
            first,
            &mut budget,
            budget::units(1000),
        );
        let made = model.eval(&repeats, true).and_then(|v| v.as_u64());
        assert_eq!(
            made,
            Some(15),
            "fifteen calls and the modelled one reach 16"
        );
        assert!(super::super::checks::holds_all(&model, &counts));
    }
}
