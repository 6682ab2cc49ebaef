//! The order in which the solver threads take preludes, chosen so that the answers do not
//! depend on which thread is faster.
//!
//! Whether a query is solved at all depends on the [`crate::ledger`]: a site settled by
//! an earlier harness is skipped, and a prelude's solver is loaded with only the goals
//! still open. Two threads taking preludes as they come made both depend on timing
//! (commons-lang3: three of 111 errors differed between two runs). The preludes of one
//! entry form a unit that one thread solves in order, and a unit starts only once every
//! earlier unit that shares a crash site with it has finished: each query then sees
//! exactly the ledger that one thread solving every prelude in order would have shown
//! it. Most entries share no site with another (on commons-lang3 a unit waits for 0.3
//! others on average); replaying commons-lang3's and commons-codec's solver times
//! through this schedule on two threads, the solve takes 1.8% and 0.7% longer than with
//! no order at all.
//!
//! Which ready unit a thread takes does not change any answer, so it takes the one with
//! the most work behind it: its own queries and those of the longest chain of units that
//! wait for it. Taken in vcgen's order, commons-lang3's `DateUtils` units (each waits for
//! the last, all sharing the sites of `modify`) came last, and one thread solved them
//! alone for the last 57 s of a 542 s solve; replayed through the two orders, the solve
//! took 571 s and 543 s, the half of the total solver time.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Condvar, Mutex};
use vcgen::Prelude;

/// The units of a solve and which of them are taken and finished.
pub struct Schedule {
    units: Vec<Unit>,
    state: Mutex<State>,
    changed: Condvar,
}

/// The consecutive preludes of one entry.
struct Unit {
    preludes: Range<usize>,
    /// The latest earlier unit with each of its sites: when those have finished, so has
    /// every earlier unit with one of its sites.
    after: Vec<usize>,
    /// The queries of the unit and of the longest chain of units waiting for it.
    behind: usize,
}

/// Progress of the units.
struct State {
    /// The units not taken yet, in order.
    waiting: Vec<usize>,
    finished: Vec<bool>,
}

impl Schedule {
    /// The schedule of `preludes`, in the order vcgen wrote them.
    pub fn new(preludes: &[Prelude]) -> Schedule {
        let mut units: Vec<Unit> = Vec::new();
        let mut last_with_site: HashMap<&str, usize> = HashMap::new();
        for (i, prelude) in preludes.iter().enumerate() {
            let same_entry = i > 0 && preludes[i - 1].harness.entry == prelude.harness.entry;
            if !same_entry {
                units.push(Unit {
                    preludes: i..i,
                    after: Vec::new(),
                    behind: 0,
                });
            }
            let index = units.len() - 1;
            let unit = units.last_mut().expect("pushed above");
            unit.preludes.end = i + 1;
            unit.behind += prelude.queries.len();
            for query in &prelude.queries {
                match last_with_site.insert(&query.site, index) {
                    Some(earlier) if earlier != index && !unit.after.contains(&earlier) => {
                        unit.after.push(earlier)
                    }
                    _ => {}
                }
            }
        }
        // A unit waits only for earlier ones: going backwards, every unit that waits for
        // one has added its chain before the unit is read.
        let own: Vec<usize> = units.iter().map(|u| u.behind).collect();
        for u in (0..units.len()).rev() {
            let behind = units[u].behind;
            for i in 0..units[u].after.len() {
                let e = units[u].after[i];
                units[e].behind = units[e].behind.max(own[e] + behind);
            }
        }
        let state = State {
            waiting: (0..units.len()).collect(),
            finished: vec![false; units.len()],
        };
        Schedule {
            units,
            state: Mutex::new(state),
            changed: Condvar::new(),
        }
    }

    /// Takes every waiting unit away: [`Schedule::next`] gives no more (the stage failed).
    pub fn stop(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.waiting.clear();
        }
        self.changed.notify_all();
    }

    /// The waiting unit with the most work behind it (the first of them) among those whose
    /// earlier units are finished, once there is one, with the range of its preludes;
    /// `None` when every unit is taken. The unit counts as finished when the returned
    /// [`Taken`] is dropped.
    pub fn next(&self) -> Option<Taken<'_>> {
        let mut state = self.state.lock().ok()?;
        loop {
            if state.waiting.is_empty() {
                return None;
            }
            let ready = state
                .waiting
                .iter()
                .enumerate()
                .filter(|(_, &u)| self.units[u].after.iter().all(|&e| state.finished[e]))
                .max_by_key(|(_, &u)| (self.units[u].behind, std::cmp::Reverse(u)))
                .map(|(position, _)| position);
            if let Some(position) = ready {
                let unit = state.waiting.remove(position);
                return Some(Taken {
                    schedule: self,
                    unit,
                });
            }
            state = self.changed.wait(state).ok()?;
        }
    }
}

/// A unit a thread is solving.
pub struct Taken<'s> {
    schedule: &'s Schedule,
    unit: usize,
}

impl Taken<'_> {
    /// The indices of the unit's preludes.
    pub fn preludes(&self) -> Range<usize> {
        self.schedule.units[self.unit].preludes.clone()
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.schedule.state.lock() {
            state.finished[self.unit] = true;
        }
        self.schedule.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::harness;
    use vcgen::Query;

    fn prelude(entry: &str, sites: &[&str]) -> Prelude {
        let mut h = harness();
        h.entry.method = entry.into();
        Prelude {
            id: format!("p-{entry}"),
            harness: h,
            queries: sites
                .iter()
                .map(|s| Query {
                    id: format!("q-{entry}-{s}"),
                    site: s.to_string(),
                    goal: "g".into(),
                    rank: 0,
                    own_entry_decides: false,
                    through_caller: false,
                })
                .collect(),
        }
    }

    #[test]
    fn an_entry_is_one_unit_and_waits_for_earlier_units_with_its_sites() {
        let preludes = [
            prelude("a", &["s1"]),
            prelude("a", &["s2"]),
            prelude("b", &["s3"]),
            prelude("c", &["s2", "s3"]),
        ];
        let schedule = Schedule::new(&preludes);
        let a = schedule.next().unwrap();
        assert_eq!(a.preludes(), 0..2);
        let b = schedule.next().unwrap();
        assert_eq!(b.preludes(), 2..3);
        drop(a);
        let taken = std::thread::scope(|scope| {
            let waiter = scope.spawn(|| schedule.next().map(|c| c.preludes()));
            std::thread::sleep(std::time::Duration::from_millis(50));
            assert!(!waiter.is_finished(), "c shares s3 with b, still running");
            drop(b);
            waiter.join().unwrap()
        });
        assert_eq!(taken, Some(3..4));
        assert!(schedule.next().is_none());
    }

    #[test]
    fn a_unit_with_no_shared_site_overtakes_a_waiting_one() {
        let preludes = [
            prelude("a", &["s1"]),
            prelude("b", &["s1"]),
            prelude("c", &["s2"]),
        ];
        let schedule = Schedule::new(&preludes);
        let _a = schedule.next().unwrap();
        assert_eq!(schedule.next().unwrap().preludes(), 2..3);
    }

    #[test]
    fn a_unit_others_wait_for_is_taken_before_an_earlier_one_nobody_waits_for() {
        let preludes = [
            prelude("x", &["s9", "s8"]),
            prelude("a", &["s1"]),
            prelude("b", &["s1", "s2"]),
            prelude("c", &["s2"]),
        ];
        let schedule = Schedule::new(&preludes);
        let a = schedule.next().unwrap();
        assert_eq!(a.preludes(), 1..2, "a has b and c behind it");
        assert_eq!(schedule.next().unwrap().preludes(), 0..1);
    }
}
