//! Checking a solver's formula: solvers loaded from SMT-LIB text, checks that reject false models.

use crate::budget::{self, Budget};
use z3::ast::Bool;
use z3::{SatResult, Solver};

/// A fresh solver holding a slice's text, unless the text does not parse.
pub(super) fn slice_solver(text: &str) -> Option<Solver> {
    let solver = solver_of(text);
    parsed(&solver, text).then_some(solver)
}

/// The answer of one check.
pub(super) enum Checked {
    /// Satisfiable, with a model that makes no assertion false.
    Sat(z3::Model),
    Unsat,
    /// Timed out, or the solver's model was false.
    Unknown,
}

/// The checks of one solver, each with its own timeout; remembers whether the solver
/// gave a false model (it must then be replaced).
pub(super) struct Checks<'s> {
    pub(super) solver: &'s Solver,
    /// The text `solver` was loaded from, when it is a goal's slice.
    slice: Option<&'s str>,
    pub(super) false_model: bool,
    /// The solver has left a check undecided: its models are checked before they are read.
    pub(super) suspect: bool,
    /// The units of work the last check spent.
    pub(super) last_units: u64,
}

impl<'s> Checks<'s> {
    /// The checks of `solver`; `suspect` when it has already left a check undecided.
    pub(super) fn new(solver: &'s Solver, suspect: bool) -> Self {
        Checks {
            solver,
            slice: None,
            false_model: false,
            suspect,
            last_units: 0,
        }
    }

    /// The checks of a fresh solver loaded from a goal's slice, `text`.
    pub(super) fn of_slice(solver: &'s Solver, text: &'s str) -> Self {
        Checks {
            slice: Some(text),
            ..Checks::new(solver, false)
        }
    }

    /// Checks the formula with `prefs` (the goal and preferred inputs) true, with at most
    /// `units` of work. A slice is checked again in a fresh solver with them asserted: a Z3
    /// solver that never saw an assumption solves with its whole-formula tactics, and
    /// assuming them in the slice's own solver cost half a second per goal (commons-lang3).
    pub(super) fn check_preferred(&mut self, prefs: &[Bool], units: u64) -> Checked {
        let Some(text) = self.slice else {
            return self.check(prefs, units);
        };
        let solver = solver_of(text);
        for p in prefs {
            solver.assert(p);
        }
        let mut fresh = Checks::new(&solver, false);
        let checked = fresh.check(&[], units);
        self.last_units = fresh.last_units;
        checked
    }

    /// Checks as [`Checks::check_preferred`] does, with at most `units` of the work `budget`
    /// has left, and spends what it took; `None` when too little is left for a check.
    pub(super) fn check_within(
        &mut self,
        prefs: &[Bool],
        budget: &mut Budget,
        units: u64,
    ) -> Option<Checked> {
        let left = budget.left()?;
        let checked = self.check_preferred(prefs, left.min(units));
        budget.spend(self.last_units);
        Some(checked)
    }

    /// Checks as [`Checks::check_preferred`] does, with `assumed` as assumptions; also
    /// returns the unsatisfiable core among them when the check is unsatisfiable.
    pub(super) fn check_core(&mut self, assumed: &[Bool], units: u64) -> (Checked, Vec<Bool>) {
        let fresh_solver = self.slice.map(solver_of);
        let solver = fresh_solver.as_ref().unwrap_or(self.solver);
        let mut checks = Checks {
            solver,
            slice: None,
            false_model: false,
            suspect: self.suspect && fresh_solver.is_none(),
            last_units: 0,
        };
        let checked = checks.check(assumed, units);
        self.last_units = checks.last_units;
        let core = match checked {
            Checked::Unsat => solver.get_unsat_core(),
            _ => Vec::new(),
        };
        (checked, core)
    }

    /// Checks the solver's assertions under the assumptions `extra` with at most `units` of
    /// work. A model is read only when no assumption is false in it, nor, once the solver is
    /// suspect, any assertion (about 30 ms for a 1 MB prelude): equations between arrays
    /// evaluate to a comparison of lambdas rather than to `true`, so only a `false`
    /// rejects it.
    pub(super) fn check(&mut self, extra: &[Bool], units: u64) -> Checked {
        let before = budget::work_done(self.solver);
        let result =
            budget::with_work_limit(self.solver, units, || self.solver.check_assumptions(extra));
        self.last_units = budget::work_done(self.solver).saturating_sub(before);
        match result {
            SatResult::Sat => match self.solver.get_model() {
                Some(model)
                    if holds_all(&model, extra) && (!self.suspect || self.satisfies(&model)) =>
                {
                    Checked::Sat(model)
                }
                _ => {
                    self.false_model = true;
                    Checked::Unknown
                }
            },
            SatResult::Unsat => Checked::Unsat,
            SatResult::Unknown => {
                self.suspect = true;
                Checked::Unknown
            }
        }
    }

    /// Whether no assertion of the solver is false in `model`.
    pub(super) fn satisfies(&self, model: &z3::Model) -> bool {
        holds_all(model, &self.solver.get_assertions())
    }
}

/// Whether no formula of `formulas` is false in `model`. A formula is first evaluated in
/// the model as it is, and only when that leaves it open with its missing symbols
/// completed: completion is what costs. Each completed evaluation of an element of a
/// 2,048-entry table took 4 ms (commons-codec's `PureJavaCrc32`: 8 s per model for its
/// 2,994 assertions), and every one of them was decided without it (0.15 s).
pub(super) fn holds_all(model: &z3::Model, formulas: &[Bool]) -> bool {
    formulas.iter().all(|b| {
        let value = |complete| model.eval(b, complete).and_then(|v| v.as_bool());
        match value(false) {
            Some(known) => known,
            None => value(true) != Some(false),
        }
    })
}

/// A fresh solver holding SMT-LIB `text`.
pub(super) fn solver_of(text: &str) -> Solver {
    let solver = Solver::new();
    solver.from_string(text);
    solver
}

/// Whether SMT-LIB text went into a solver: Z3 reports parse errors only by asserting
/// nothing.
pub(super) fn parsed(solver: &Solver, text: &str) -> bool {
    !(solver.get_assertions().is_empty() && text.contains("(assert"))
}
