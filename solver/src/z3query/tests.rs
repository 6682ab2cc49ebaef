//! Tests of solving one query with Z3 and reading its models back.

use super::reader::Reader;
use super::*;
use crate::cex::Value;
use frontend::ir::Type;
use std::collections::BTreeMap;
use vcgen::{Entry, Plan, Route};
use z3::SatResult;

fn query(goal: &str) -> Query {
    Query {
        id: "q1".into(),
        goal: goal.into(),
        site: "s".into(),
        rank: 0,
        own_entry_decides: false,
        through_caller: false,
    }
}

fn harness(args: Vec<Plan>, inputs: &[&str]) -> Harness {
    Harness {
        entry: Entry {
            class: "C".into(),
            method: "m".into(),
            descriptor: "(I[I)V".into(),
            is_static: true,
            params: vec![],
        },
        receiver: None,
        args,
        chain: Vec::new(),
        statics: Vec::new(),
        fields: Vec::new(),
        route: Route::Direct,
        preferences: vec!["pref!small".into()],
        parts: Default::default(),
        lengths: Vec::new(),
        usage: Vec::new(),
        inputs: inputs.iter().map(|s| s.to_string()).collect(),
        symbols: BTreeMap::new(),
        observed: false,
        contracts: Vec::new(),
        internal: None,
        internal_receiver: None,
        null_safe: Vec::new(),
    }
}

/// A harness whose arguments are the `int` inputs `names`.
fn int_harness(names: &[&str]) -> Harness {
    let plans = names
        .iter()
        .map(|name| Plan::Primitive {
            ty: Type::Int,
            sym: name.to_string(),
        })
        .collect();
    harness(plans, names)
}

/// The `int` arguments of a satisfiable goal's first model.
fn int_args(solved: &Solved) -> Vec<i64> {
    assert_eq!(solved.status, Status::Sat);
    solved.models[0]
        .args
        .iter()
        .map(|v| match v {
            Value::Integral { value, .. } => *value,
            other => panic!("{other:?}"),
        })
        .collect()
}

/// `goal` of `prelude` solved both ways: in the prelude's incremental solver, and in a
/// fresh solver holding its slice (the goal's and the harness's symbols).
fn solved_both_ways(prelude: &str, harness: &Harness, goal: &str) -> [Solved; 2] {
    let slice = |roots: &[&str]| crate::slice::Slicer::new(prelude).slice(roots);
    let incremental =
        Prelude::load(prelude).solve(harness, &query(goal), &[], effort(1, 5000), &slice);
    let roots: Vec<&str> = std::iter::once(goal)
        .chain(harness.solver_symbols())
        .collect();
    let sliced = solve_slice(
        &slice(&roots),
        harness,
        &query(goal),
        &[],
        1,
        5000,
        budget::units(5000),
    );
    [incremental, sliced]
}

const PRELUDE: &str = "
        (declare-const x (_ BitVec 32))
        (declare-const len (_ BitVec 32))
        (declare-const elems (Array (_ BitVec 32) (_ BitVec 32)))
        (declare-const pref!small Bool)
        (assert (= pref!small (and (bvsle x #x00000064) (bvsge x #xffffff9c))))
        (declare-const goal!0 Bool)
        (assert (= goal!0 (and (bvsgt x #x00000000) (= len #x00000002) (= (select elems #x00000001) x))))
        (declare-const goal!1 Bool)
        (assert (= goal!1 (and (bvsgt x #x00000000) (bvslt x #x00000000))))
        (declare-const pref!big Bool)
        (assert (= pref!big (bvsgt x #x000003e8)))
        (declare-const goal!2 Bool)
        (assert (= goal!2 (bvslt x #x00000005)))";

/// What a goal may get: `max_models` models, `timeout_ms` of work, its slice too.
fn effort(max_models: u32, timeout_ms: u32) -> Effort {
    Effort {
        max_models,
        timeout_ms,
        slice: true,
    }
}

/// The slice of some constants of [`PRELUDE`].
fn whole(roots: &[&str]) -> String {
    crate::slice::Slicer::new(PRELUDE).slice(roots)
}

#[test]
fn a_required_preference_must_hold() {
    let mut prelude = Prelude::load(PRELUDE);
    let mut harness = int_harness(&["x"]);
    harness.preferences = vec!["pref!big".into()];
    let required = ["pref!big".to_string()];
    let solved = prelude.solve(
        &harness,
        &query("goal!0"),
        &required,
        effort(1, 5000),
        &whole,
    );
    assert_eq!(solved.status, Status::Sat);
    let Value::Integral { value: x, .. } = solved.models[0].args[0] else {
        panic!("x is an int")
    };
    assert!(x > 1000, "the required preference holds: {x}");
    let solved = prelude.solve(
        &harness,
        &query("goal!2"),
        &required,
        effort(1, 5000),
        &whole,
    );
    assert_eq!(
        solved.status,
        Status::Unsat,
        "a goal the requirement rules out is unsat, not relaxed"
    );
}

#[test]
fn a_preference_dropped_beside_one_the_goal_breaks_still_holds_alone() {
    // goal!3 needs y == 0, so `pref!ynonzero` never holds; `pref!seven`, the less
    // important, was dropped first and with it lost, though it holds beside the goal.
    let prelude = format!(
        "{PRELUDE}
            (declare-const y (_ BitVec 32))
            (declare-const pref!seven Bool)
            (assert (= pref!seven (= x #x00000007)))
            (declare-const pref!ynonzero Bool)
            (assert (= pref!ynonzero (not (= y #x00000000))))
            (declare-const goal!3 Bool)
            (assert (= goal!3 (and (= y #x00000000) (bvsge x #x00000005))))"
    );
    let mut harness = int_harness(&["x", "y"]);
    harness.preferences = vec!["pref!seven".into(), "pref!ynonzero".into()];
    let [incremental, sliced] = solved_both_ways(&prelude, &harness, "goal!3");
    assert_eq!(int_args(&incremental), [7, 0], "in the prelude's solver");
    assert_eq!(int_args(&sliced), [7, 0], "in the slice's solver");
}

#[test]
fn a_preference_for_all_inputs_still_holds_for_those_the_goal_leaves_free() {
    // goal!4 needs x large, so `pref!both` never holds; its conjunct for y still does.
    let prelude = format!(
        "{PRELUDE}
            (declare-const y (_ BitVec 32))
            (declare-const pref!both Bool)
            (assert (= pref!both (and (= x #x00000007) (= y #x00000007))))
            (declare-const goal!4 Bool)
            (assert (= goal!4 (bvsgt x #x000003e8)))"
    );
    let mut harness = int_harness(&["x", "y"]);
    harness.preferences = vec!["pref!both".into()];
    harness.parts = BTreeMap::from([("pref!both".to_string(), vec![1, 1])]);
    let [incremental, sliced] = solved_both_ways(&prelude, &harness, "goal!4");
    assert_eq!(int_args(&incremental)[1], 7, "in the prelude's solver");
    assert_eq!(int_args(&sliced)[1], 7, "in the slice's solver");
}

#[test]
fn beyond_usage_a_model_breaks_only_the_invariants_its_goal_needs_broken() {
    // goal!2 wants x < 5; usage says x >= 50, len == 2 and len >= 1.
    let prelude = format!(
        "{PRELUDE}
            (declare-const usage!0 Bool)
            (assert (= usage!0 (bvsge x #x00000032)))
            (declare-const usage!1 Bool)
            (assert (= usage!1 (= len #x00000002)))
            (declare-const usage!2 Bool)
            (assert (= usage!2 (bvsge len #x00000001)))"
    );
    let slice = |roots: &[&str]| crate::slice::Slicer::new(&prelude).slice(roots);
    let mut harness = int_harness(&["x", "len"]);
    harness.usage = vec!["usage!0".into(), "usage!1".into(), "usage!2".into()];
    let mut loaded = Prelude::load(&prelude);
    let solved = loaded.solve(&harness, &query("goal!2"), &[], effort(1, 5000), &slice);
    let values = int_args(&solved);
    assert!(values[0] < 5, "the goal holds: {values:?}");
    assert_eq!(values[1], 2, "the invariants over len are kept: {values:?}");
}

/// A contract precondition named `symbol` that `broken` describes.
fn precondition(symbol: &str, broken: &str) -> vcgen::contract::Contract {
    vcgen::contract::Contract {
        symbol: symbol.into(),
        broken: broken.into(),
        reason: "an index parameter".into(),
        file: String::new(),
        line: 0,
    }
}

#[test]
fn a_model_keeps_the_contract_when_the_goal_allows_and_names_what_it_breaks() {
    // goal!2 wants x < 5; the contract asks x >= 0 (kept) and x >= 10 (broken).
    let prelude = format!(
        "{PRELUDE}
            (declare-const doc!0 Bool)
            (assert (= doc!0 (bvsge x #x00000000)))
            (declare-const doc!1 Bool)
            (assert (= doc!1 (bvsge x #x0000000a)))"
    );
    let slice = |roots: &[&str]| crate::slice::Slicer::new(&prelude).slice(roots);
    let mut harness = int_harness(&["x", "len"]);
    harness.contracts = vec![
        precondition("doc!0", "x < 0"),
        precondition("doc!1", "x < 10"),
    ];
    let mut loaded = Prelude::load(&prelude);
    let solved = loaded.solve(&harness, &query("goal!2"), &[], effort(3, 5000), &slice);
    assert_eq!(solved.status, Status::Sat);
    let x = |m: &crate::cex::Model| match m.args[0] {
        Value::Integral { value, .. } => value,
        ref other => panic!("{other:?}"),
    };
    for model in &solved.models {
        assert!((0..5).contains(&x(model)), "within doc!0, outside doc!1");
        let broken: Vec<&str> = model.broken.iter().map(|c| c.symbol.as_str()).collect();
        assert_eq!(broken, ["doc!1"], "x = {}", x(model));
    }
    // goal!0 wants x > 0: a model within the whole contract, when there is one.
    let solved = loaded.solve(&harness, &query("goal!0"), &[], effort(2, 5000), &slice);
    assert_eq!(solved.status, Status::Sat);
    for model in &solved.models {
        assert!(
            model.broken.is_empty() && x(model) >= 10,
            "x = {}",
            x(model)
        );
    }
}

#[test]
fn reads_models_back_through_the_plans() {
    let mut prelude = Prelude::load(PRELUDE);
    let plans = vec![
        Plan::Primitive {
            ty: Type::Int,
            sym: "x".into(),
        },
        Plan::Array {
            ty: Type::Array(Box::new(Type::Int)),
            len: "len".into(),
            elems: "elems".into(),
        },
    ];
    let solved = prelude.solve(
        &harness(plans, &["x", "len"]),
        &query("goal!0"),
        &[],
        effort(3, 5000),
        &whole,
    );
    assert_eq!(solved.status, Status::Sat);
    assert_eq!(solved.models.len(), 3, "three distinct models");
    for m in &solved.models {
        let Value::Integral { value: x, .. } = m.args[0] else {
            panic!("x is an int")
        };
        assert!((1..=100).contains(&x), "small preferred: {x}");
        let Value::Array { elements, .. } = &m.args[1] else {
            panic!("an array")
        };
        assert_eq!(elements.len(), 2);
        assert_eq!(
            elements[1],
            Value::Integral {
                ty: Type::Int,
                value: x
            }
        );
    }
}

#[test]
fn a_goal_is_solved_from_its_slice_alone() {
    let h = int_harness(&["x"]);
    let sliced = |goal: &str| {
        solve_slice(
            &whole(&[goal, "pref!small"]),
            &h,
            &query(goal),
            &[],
            2,
            5000,
            budget::units(5000),
        )
    };
    let sat = sliced("goal!0");
    assert_eq!(sat.status, Status::Sat);
    assert_eq!(sat.models.len(), 2);
    for m in &sat.models {
        let Value::Integral { value: x, .. } = m.args[0] else {
            panic!("x is an int")
        };
        assert!((1..=100).contains(&x), "positive, small preferred: {x}");
    }
    let unsat = sliced("goal!1");
    assert_eq!(unsat.status, Status::Unsat);
}

#[test]
fn a_goal_whose_preferred_slice_runs_out_is_given_up() {
    // Without the preference the goal holds for x = 0; with it, only for two factors
    // of a prime, which Z3 searches at length before it knows there are none.
    let text = "
            (declare-const x (_ BitVec 32))
            (declare-const y (_ BitVec 32))
            (declare-const pref!small Bool)
            (assert (= pref!small (bvugt x #x00000001)))
            (declare-const goal!0 Bool)
            (assert (= goal!0 (or (= x #x00000000)
                (and (= (bvmul x y) #x7fffffff) (bvugt y #x00000001)
                     (bvult x #x0000ffff) (bvult y #x0000ffff)))))
            (assert goal!0)";
    let solved = solve_slice(
        text,
        &int_harness(&["x"]),
        &query("goal!0"),
        &[],
        1,
        100,
        budget::units(200),
    );
    assert_eq!(
        solved.status,
        Status::Unknown,
        "not checked again without x > 1"
    );
    assert_eq!(solved.reason.as_deref(), Some(TIMEOUT));
}

#[test]
fn a_short_timeout_still_leaves_time_for_preferences() {
    let mut prelude = Prelude::load(PRELUDE);
    let mut harness = int_harness(&["x"]);
    harness.preferences = vec!["pref!small".into()];
    // A 1 s timeout leaves 100 ms for a check for preferences, less than its minimum.
    let solved = prelude.solve(&harness, &query("goal!0"), &[], effort(1, 1000), &whole);
    assert_eq!(solved.status, Status::Sat);
    assert_eq!(solved.models.len(), 1);
}

#[test]
fn a_further_model_must_differ_in_what_its_test_shows() {
    // The argument is null in every model of the goal; the length of the array the
    // other option would build is free, and writes nothing into the test.
    let text = "
            (declare-const c Int)
            (declare-const len (_ BitVec 32))
            (declare-const elems (Array (_ BitVec 32) (_ BitVec 32)))
            (assert (and (>= c 0) (<= c 1)))
            (declare-const goal!0 Bool)
            (assert (= goal!0 (= c 0)))";
    let plan = Plan::Choice {
        sym: "c".into(),
        options: vec![
            Plan::Null,
            Plan::Array {
                ty: Type::Array(Box::new(Type::Int)),
                len: "len".into(),
                elems: "elems".into(),
            },
        ],
    };
    let solver = solver_of(text);
    let goal = Bool::new_const("goal!0");
    let Checked::Sat(model) = Checks::new(&solver, false).check(&[goal], budget::units(1000))
    else {
        panic!("the goal is satisfiable")
    };
    let reader = Reader::new(&model);
    assert_eq!(reader.value(&plan), Value::Null);
    let block = reader
        .blocking_clause(&["c".to_string(), "len".to_string()])
        .expect("the choice was read")
        .to_string();
    assert!(block.contains('c') && !block.contains("len"), "{block}");
}

#[test]
fn an_impossible_goal_is_unsat() {
    let mut prelude = Prelude::load(PRELUDE);
    let solved = prelude.solve(
        &harness(Vec::new(), &[]),
        &query("goal!1"),
        &[],
        effort(3, 5000),
        &whole,
    );
    assert_eq!(solved.status, Status::Unsat);
    assert!(solved.models.is_empty());
}

#[test]
fn a_model_that_makes_an_assertion_false_is_not_read() {
    let other = Solver::new();
    other.from_string("(declare-const x Int)(assert (= x 1))");
    assert_eq!(other.check(), SatResult::Sat);
    let wrong = other.get_model().unwrap();
    let solver = Solver::new();
    solver.from_string("(declare-const x Int)(assert (> x 5))");
    let mut checks = Checks::new(&solver, true);
    assert!(!checks.satisfies(&wrong), "x = 1 makes (> x 5) false");
    let Checked::Sat(model) = checks.check(&[], budget::units(1000)) else {
        panic!("the formula is satisfiable");
    };
    assert!(checks.satisfies(&model));
    assert!(!checks.false_model);
}

#[test]
fn a_slice_meets_its_preferences_in_a_fresh_solver() {
    let text = "(declare-const x Int)(declare-const p Bool)(assert (= p (= x 7)))(assert (> x 5))";
    let solver = Solver::new();
    solver.from_string(text);
    let mut checks = Checks::of_slice(&solver, text);
    assert!(matches!(
        checks.check(&[], budget::units(1000)),
        Checked::Sat(_)
    ));
    let Checked::Sat(model) = checks.check_preferred(&[Bool::new_const("p")], budget::units(1000))
    else {
        panic!("x = 7 meets the preference");
    };
    let x = model.eval(&z3::ast::Int::new_const("x"), true).unwrap();
    assert_eq!(x.as_i64(), Some(7));
    assert!(
        solver.get_assertions().len() == 2,
        "the slice's own solver is unchanged"
    );
}

#[test]
fn a_model_with_equal_arrays_is_read() {
    let solver = Solver::new();
    solver.from_string(
        "(declare-const a (Array Int Int))(declare-const b (Array Int Int))
             (assert (= b (store a 0 1)))(assert (= (select b 0) 1))",
    );
    let mut checks = Checks::new(&solver, true);
    assert!(matches!(
        checks.check(&[], budget::units(1000)),
        Checked::Sat(_)
    ));
    assert!(!checks.false_model);
}

#[test]
fn a_prelude_that_does_not_parse_is_unknown() {
    let mut prelude = Prelude::load("(assert (= y 1))");
    let solved = prelude.solve(
        &harness(Vec::new(), &[]),
        &query("goal!0"),
        &[],
        effort(1, 5000),
        &whole,
    );
    assert_eq!(solved.status, Status::Unknown);
}
