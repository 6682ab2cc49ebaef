//! Refining a satisfiable goal's model: preferred inputs, usage invariants, and further models.

use super::checks::{holds_all, Checked, Checks};
use super::reader::Reader;
use super::{lengths, shorten, Solved, Wanted};
use crate::budget::{self, Budget};
use crate::cex::{Model, Status};
use vcgen::Harness;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{DeclKind, Solver};

/// The models of a goal found satisfiable (with `first`) under `base`. The preferences
/// still wanted (`wanted`, the least important first) and further models only refine it:
/// they share one [`short_budget`], and the first model stands when the budget runs out. A
/// first model that already meets every preference needs no check for them; otherwise the
/// least important preferences are dropped until the rest hold, then each one dropped is
/// taken back when the goal holds with it, the most important first. A check for
/// preferences gets twice the work the first model took (at least [`PREFERENCE_MIN_MS`]'s,
/// at most half the budget): it is the same formula with more constraints, and on
/// commons-lang3 (shard 1/8) those of slices that took over 600 ms ran out the whole budget
/// for 14 of 17 goals. A sequence's calls are shortened first ([`shorten`]), from the same
/// budget ([`budget::refinement_budget`]: a sequence's is a plain goal's; a budget for
/// shortening besides cost commons-codec 17 s of solver time in a pair, on sequences whose
/// tests the JVM refuted), and its preferences then assume them, with the counts of its
/// calls made again, each as small as the goal allows ([`shorten::fewest_repeats`]).
pub(super) fn refine(
    checks: &mut Checks,
    first: z3::Model,
    base: &[Bool],
    wanted: Wanted,
    harness: &Harness,
    max_models: u32,
    timeout_ms: u32,
) -> Solved {
    let preferences = wanted.preferences;
    let refinement_ms = budget::refinement_budget(timeout_ms, harness.is_sequence());
    let mut budget = Budget::of_ms(refinement_ms);
    // A check for preferences, or for the conditions a model keeps, gets twice the work
    // the first model took, at least `min_ms`'s and at most half the budget.
    let first_units = checks.last_units;
    let twice_first = |min_ms: u32| {
        first_units
            .saturating_mul(2)
            .max(budget::units(min_ms))
            .min(budget::units(refinement_ms / 2))
    };
    let preference_units = twice_first(PREFERENCE_MIN_MS);
    let (base, first) = keep_assumed(checks, base, first, &harness.usage, &mut budget, None);
    // The entry's contract: a model within it makes an error, one that must break a
    // precondition a note that names it. A check for it that runs out of twice the first
    // model's work (at least [`CONTRACT_MIN_MS`]'s) counts as no model within the contract.
    let contract: Vec<String> = harness.contracts.iter().map(|c| c.symbol.clone()).collect();
    let (base, first) = keep_assumed(
        checks,
        &base,
        first,
        &contract,
        &mut budget,
        Some(twice_first(CONTRACT_MIN_MS)),
    );
    // A sequence's calls are fixed first: the preferences for fewer calls then say nothing.
    let (base, first, preferences) = match shorten::Steps::of(harness) {
        Some(steps) => {
            let (choices, model) =
                shorten::shorten(checks, &steps, &base, first, &mut budget, preference_units);
            let rest: Vec<&String> = preferences
                .iter()
                .filter(|p| !p.starts_with(vcgen::CALLS_PREFERENCE))
                .collect();
            ([base, choices].concat(), model, rest)
        }
        None => (base, first, preferences.iter().collect()),
    };
    let (counts, first) =
        shorten::fewest_repeats(checks, harness, &base, first, &mut budget, preference_units);
    let base = [base, counts].concat();
    let base = base.as_slice();
    let prefs: Vec<Bool> = preferences
        .iter()
        .map(|p| Bool::new_const(p.as_str()))
        .collect();
    let mut current = first;
    // The least important preferences are dropped until the rest hold together.
    let kept_from = match prefs.iter().all(|p| meets(&current, p)) {
        true => Some(0),
        false => {
            let descent = Descent {
                base,
                prefs: &prefs,
                first_try: usize::from(wanted.clash),
                units: preference_units,
            };
            descent.run(checks, &mut current, &mut budget)
        }
    };
    let mut kept = Kept {
        assumptions: base.to_vec(),
        model: current,
    };
    // Those dropped together may still hold one by one, the most important first: a crash
    // that needs one input `null` keeps the others small (commons-codec's `Caverphone` with
    // its encoder `null` was given a string of 4,096 characters). The one dropped last
    // clashes with those kept. Then a preference for all inputs that does not hold may
    // still hold for most of them, input by input (its parts): after the wholes, so that
    // each whole gets its turn within the budget first. Last, the lengths of strings and
    // arrays still long are bounded where the crash allows ([`lengths`]); a model made so
    // is given the parts it does not meet once more, so that a string made short may be
    // made readable too.
    let mut parts: Vec<Bool> = Vec::new();
    if let Some(start) = kept_from {
        kept.assumptions.extend(prefs[start..].iter().cloned());
        let last = start.checked_sub(1).map(|i| preferences[i].as_str());
        let mut unmet: Vec<&str> = last.into_iter().collect();
        let mut going = true;
        let dropped = prefs[..start.saturating_sub(1)].iter().zip(&preferences);
        for (p, name) in dropped.rev() {
            match kept.add(checks, p, &mut budget, preference_units) {
                Some(true) => {}
                Some(false) => unmet.push(name),
                None => {
                    going = false;
                    break;
                }
            }
        }
        parts = unmet
            .into_iter()
            .filter(|_| going)
            .filter_map(|name| parts_of(checks.solver, name, harness.parts.get(name)?))
            .flatten()
            .collect();
        kept.add_each(checks, &parts, &mut budget, preference_units);
    }
    if lengths::shorten_lengths(checks, harness, &mut kept, &mut budget, preference_units) {
        kept.add_each(checks, &parts, &mut budget, preference_units);
    }
    Solved {
        status: Status::Sat,
        reason: None,
        models: models(
            checks,
            harness,
            kept.model,
            &kept.assumptions,
            max_models,
            &mut budget,
        ),
    }
}

/// The parts of the preference `whole`, one per input, from its definition
/// `(= whole (and ...))` among `solver`'s assertions: the conjunction of `counts[k]`
/// conjuncts for input k, in order. `None` when the definition is not there, or not as
/// `counts` says.
fn parts_of(solver: &Solver, whole: &str, counts: &[usize]) -> Option<Vec<Bool>> {
    let definition = solver.get_assertions().into_iter().find_map(|a| {
        let decl = a.safe_decl().ok()?;
        let [name, term] = <[Dynamic; 2]>::try_from(a.children()).ok()?;
        let named = name.safe_decl().ok()?.name() == whole;
        (decl.kind() == DeclKind::EQ && named).then_some(term)
    })?;
    if definition.safe_decl().ok()?.kind() != DeclKind::AND {
        return None;
    }
    let conjuncts: Vec<Bool> = definition
        .children()
        .iter()
        .map(Dynamic::as_bool)
        .collect::<Option<_>>()?;
    if conjuncts.len() != counts.iter().sum::<usize>() {
        return None;
    }
    let mut rest = conjuncts.as_slice();
    let parts = counts.iter().map(|&count| {
        let (part, after) = rest.split_at(count);
        rest = after;
        Bool::and(part)
    });
    Some(parts.collect())
}

/// The preferences a model is known to meet beside the goal, and that model.
pub(super) struct Kept {
    /// The goal and the preferences it holds with.
    pub(super) assumptions: Vec<Bool>,
    /// A model of the goal that meets them.
    pub(super) model: z3::Model,
}

impl Kept {
    /// Assumes `p` too when the goal still holds with it (a check with `units` of the work
    /// `budget` has left, unless the model meets it): whether it does, or `None` when the
    /// check or the budget ran out, so that no further check is worth it.
    pub(super) fn add(
        &mut self,
        checks: &mut Checks,
        p: &Bool,
        budget: &mut Budget,
        units: u64,
    ) -> Option<bool> {
        if meets(&self.model, p) {
            self.assumptions.push(p.clone());
            return Some(true);
        }
        let candidate: Vec<Bool> = self.assumptions.iter().chain([p]).cloned().collect();
        self.take(checks, candidate, budget, units)
    }

    /// Assumes each of `ps` that the goal still holds with, in order ([`Kept::add`]), until
    /// a check or the budget runs out.
    pub(super) fn add_each(
        &mut self,
        checks: &mut Checks,
        ps: &[Bool],
        budget: &mut Budget,
        units: u64,
    ) {
        for p in ps {
            if self.assumptions.contains(p) {
                continue;
            }
            if self.add(checks, p, budget, units).is_none() {
                break;
            }
        }
    }

    /// Assumes `p` in place of the assumption `dropped`, as [`Kept::add`] assumes it
    /// beside them; `Some(false)` without a check when `dropped` is not assumed.
    pub(super) fn add_instead(
        &mut self,
        checks: &mut Checks,
        p: &Bool,
        dropped: &Bool,
        budget: &mut Budget,
        units: u64,
    ) -> Option<bool> {
        let rest: Vec<Bool> = self
            .assumptions
            .iter()
            .filter(|a| *a != dropped)
            .cloned()
            .collect();
        if rest.len() == self.assumptions.len() {
            return Some(false);
        }
        let candidate: Vec<Bool> = rest.into_iter().chain([p.clone()]).collect();
        self.take(checks, candidate, budget, units)
    }

    /// Checks the goal under `candidate` and keeps it with its model when it holds.
    fn take(
        &mut self,
        checks: &mut Checks,
        candidate: Vec<Bool>,
        budget: &mut Budget,
        units: u64,
    ) -> Option<bool> {
        match checks.check_within(&candidate, budget, units)? {
            Checked::Sat(model) => {
                self.assumptions = candidate;
                self.model = model;
                Some(true)
            }
            Checked::Unsat => Some(false),
            Checked::Unknown => None,
        }
    }
}

/// The search for a model that meets the most important preferences: the least important
/// are dropped until the rest hold.
struct Descent<'a> {
    base: &'a [Bool],
    /// The least important first.
    prefs: &'a [Bool],
    /// How many of the least important the first check leaves out (one when they are known
    /// to clash).
    first_try: usize,
    /// The work each check may take.
    units: u64,
}

impl Descent<'_> {
    /// The index of the first preference kept (`prefs.len()` when none holds), its model
    /// in `current`; `None` when a check or `budget` ran out.
    fn run(
        &self,
        checks: &mut Checks,
        current: &mut z3::Model,
        budget: &mut Budget,
    ) -> Option<usize> {
        for start in self.first_try..self.prefs.len() {
            let candidate: Vec<Bool> = self
                .base
                .iter()
                .chain(&self.prefs[start..])
                .cloned()
                .collect();
            match checks.check_within(&candidate, budget, self.units)? {
                Checked::Sat(model) => {
                    *current = model;
                    return Some(start);
                }
                Checked::Unsat => {}
                Checked::Unknown => return None,
            }
        }
        Some(self.prefs.len())
    }
}

/// Whether the preference `p` holds in `model`.
fn meets(model: &z3::Model, p: &Bool) -> bool {
    model.eval(p, true).and_then(|v| v.as_bool()) == Some(true)
}

/// Most checks that look for the named conditions a model can keep.
const KEEP_CHECKS: usize = 12;

/// The goal's assumptions `base` with as many of the named conditions `named` as the goal
/// lets hold, and a model of them (else `base` and `first`): the observed invariants of
/// `dsd reproduce` beyond the project's usage, the preconditions of the entry's contract.
/// Every condition is assumed, and those in the unsatisfiable core of a check are dropped
/// until the check is satisfiable; then each dropped one is taken back when the goal still
/// holds with it, unless a core already showed it cannot (the rest of its core is kept: a
/// core of one condition is one the crash needs). The model breaks few conditions, the ones
/// the crash needs. A first model that meets them all needs no check. Each check takes at
/// most `per_check` units of the budget's work when given.
fn keep_assumed(
    checks: &mut Checks,
    base: &[Bool],
    first: z3::Model,
    named: &[String],
    budget: &mut Budget,
    per_check: Option<u64>,
) -> (Vec<Bool>, z3::Model) {
    let mut kept: Vec<Bool> = named.iter().map(|u| Bool::new_const(u.as_str())).collect();
    if kept.iter().all(|k| meets(&first, k)) {
        return (base.iter().chain(&kept).cloned().collect(), first);
    }
    let mut dropped: Vec<Bool> = Vec::new();
    let mut cores: Vec<Vec<String>> = Vec::new();
    let mut tries = KEEP_CHECKS;
    let mut check = |checks: &mut Checks, kept: &[Bool]| {
        let left = budget.left().filter(|_| tries > 0)?;
        let units = per_check.map_or(left, |cap| cap.min(left));
        tries -= 1;
        let assumed: Vec<Bool> = base.iter().chain(kept).cloned().collect();
        let (checked, core) = checks.check_core(&assumed, units);
        budget.spend(checks.last_units);
        Some((checked, core))
    };
    let mut current = loop {
        if kept.is_empty() {
            return (base.to_vec(), first);
        }
        match check(checks, &kept) {
            Some((Checked::Sat(model), _)) => break model,
            Some((Checked::Unsat, core)) => {
                let core: Vec<String> = core.iter().map(Bool::to_string).collect();
                let (out, rest): (Vec<Bool>, Vec<Bool>) = kept
                    .into_iter()
                    .partition(|k| core.contains(&k.to_string()));
                if out.is_empty() {
                    return (base.to_vec(), first);
                }
                cores.push(out.iter().map(Bool::to_string).collect());
                kept = rest;
                dropped.extend(out);
            }
            _ => return (base.to_vec(), first),
        }
    };
    for candidate in dropped {
        let holds = holds_all(&current, std::slice::from_ref(&candidate));
        let name = candidate.to_string();
        let known_unsat = || {
            let kept_names: Vec<String> = kept.iter().map(Bool::to_string).collect();
            cores.iter().any(|core| {
                core.contains(&name) && core.iter().all(|n| *n == name || kept_names.contains(n))
            })
        };
        if !holds && known_unsat() {
            continue;
        }
        kept.push(candidate);
        if holds {
            continue;
        }
        match check(checks, &kept) {
            Some((Checked::Sat(model), _)) => current = model,
            _ => {
                kept.pop();
            }
        }
    }
    (base.iter().chain(&kept).cloned().collect(), current)
}

/// How many times the model read by `reader` makes each call of `harness`'s chain again
/// (none for a call it does not make: `made`); empty when it makes none again.
fn repeated_counts(harness: &Harness, made: &[bool], reader: &Reader) -> Vec<u32> {
    let counts: Vec<u32> = harness
        .chain
        .iter()
        .zip(made)
        .map(|(c, &made)| match (&c.repeated, made) {
            (Some(sym), true) => u32::try_from(reader.bits(sym)).unwrap_or(u32::MAX),
            _ => 0,
        })
        .collect();
    match counts.iter().all(|&r| r == 0) {
        true => Vec::new(),
        false => counts,
    }
}

/// Reads `current`, then blocks it and asks for another, up to `max_models` or until
/// `budget` runs out; the blocking clauses live in a scope popped at the end.
pub(super) fn models(
    checks: &mut Checks,
    harness: &Harness,
    current: z3::Model,
    assumptions: &[Bool],
    max_models: u32,
    budget: &mut Budget,
) -> Vec<Model> {
    let mut models = Vec::new();
    let mut current = Some(current);
    checks.solver.push();
    // Distinct input symbols can still render as the same Java values: bound the tries.
    for _ in 0..max_models * 3 {
        let Some(m) = current.take() else { break };
        let reader = Reader::new(&m);
        let made: Vec<bool> = harness
            .chain
            .iter()
            .map(|c| {
                c.when
                    .as_ref()
                    .is_none_or(|w| reader.int(&w.step) == i64::from(w.option))
            })
            .collect();
        let mut model = Model {
            receiver: harness.receiver.as_ref().map(|p| reader.value(p)),
            args: harness.args.iter().map(|p| reader.value(p)).collect(),
            chain: harness
                .chain
                .iter()
                .zip(&made)
                .map(|(c, &made)| match made {
                    true => c.args.iter().map(|p| reader.value(p)).collect(),
                    false => Vec::new(),
                })
                .collect(),
            repeated: repeated_counts(harness, &made, &reader),
            made: match made.iter().all(|&m| m) {
                true => Vec::new(),
                false => made,
            },
            statics: harness.statics.iter().map(|f| reader.field(f)).collect(),
            fields: harness.fields.iter().map(|f| reader.field(f)).collect(),
            broken: harness
                .contracts
                .iter()
                .filter(|c| !meets(&m, &Bool::new_const(c.symbol.as_str())))
                .cloned()
                .collect(),
        };
        reader.build_aliased(&mut model, harness);
        model.drop_unshared();
        let block = reader.blocking_clause(&harness.inputs);
        if !models.contains(&model) {
            models.push(model);
        }
        if models.len() as u32 >= max_models {
            break;
        }
        let (Some(b), Some(units)) = (block, budget.left()) else {
            break;
        };
        checks.solver.assert(b.not());
        let checked = checks.check(assumptions, units.min(budget::units(FURTHER_MODEL_MS)));
        budget.spend(checks.last_units);
        if let Checked::Sat(next) = checked {
            current = Some(next);
        }
    }
    checks.solver.pop(1);
    models
}

/// The least time a check for preferred inputs gets.
const PREFERENCE_MIN_MS: u32 = 250;

/// The least time a check for a model within the entry's contract gets.
const CONTRACT_MIN_MS: u32 = 60;

/// The longest check for a further model of a satisfiable goal. Further models are
/// second chances for a site whose first test is refuted; most come in milliseconds, and
/// the ones that do not are not worth a second each.
const FURTHER_MODEL_MS: u32 = 100;
