//! What the solve stage has learnt about each crash site so far, shared by the solver
//! threads: a site with a model needs no harness of the same or a later rank, and a site
//! the solver gave up on in [`MAX_TIMEOUTS`] harnesses is not tried in the others.
//!
//! The ranks keep a more natural harness (a public constructor) of a later entry from
//! being hidden by a reflective or null-argument harness solved earlier. The threads see
//! the ledger a one-thread run would show them: [`crate::schedule`] starts an entry only
//! when the earlier entries that share a site with it have finished.
//!
//! The harnesses of one entry differ only in how the receiver and arguments are built, so
//! a site whose formula is too hard in two of them is too hard in the rest: on
//! commons-codec, each of `PureJavaCrc32.update`'s 23 undecided sites timed out in all
//! eight harnesses, 920 s of solver time for nothing.

use crate::cex::Status;
use std::collections::HashMap;
use std::sync::Mutex;

/// Timeouts after which a site is given up.
pub const MAX_TIMEOUTS: u32 = 2;

/// Why a query of a site is not solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// A harness of the same or a better rank already has a model for the site.
    Settled,
    /// The solver timed out on the site [`MAX_TIMEOUTS`] times.
    GivenUp,
}

impl Skip {
    /// The reason written into the counterexample file.
    pub fn reason(self) -> String {
        match self {
            Skip::Settled => {
                "a harness of the same or a better rank already has a model for this site".into()
            }
            Skip::GivenUp => format!("the solver timed out on this site {MAX_TIMEOUTS} times"),
        }
    }
}

/// Outcomes so far, per site.
#[derive(Default)]
pub struct Ledger {
    sites: Mutex<HashMap<String, SiteRecord>>,
}

/// One site's outcomes so far.
#[derive(Default, Clone, Copy)]
struct SiteRecord {
    /// The best (lowest) rank of a query of the site that has a model.
    settled: Option<u32>,
    timeouts: u32,
}

impl Ledger {
    /// Whether a query of `site` with `rank` should be skipped, and why.
    pub fn skip(&self, site: &str, rank: u32) -> Option<Skip> {
        let sites = self.sites.lock().ok()?;
        let record = sites.get(site).copied().unwrap_or_default();
        if record.settled.is_some_and(|best| best <= rank) {
            Some(Skip::Settled)
        } else if record.timeouts >= MAX_TIMEOUTS {
            Some(Skip::GivenUp)
        } else {
            None
        }
    }

    /// Records the outcome of one query of `site` with `rank`.
    pub fn record(&self, site: &str, rank: u32, status: Status) {
        if !matches!(status, Status::Sat | Status::Unknown) {
            return;
        }
        if let Ok(mut sites) = self.sites.lock() {
            let record = sites.entry(site.to_string()).or_default();
            match status {
                Status::Sat => {
                    record.settled = Some(record.settled.map_or(rank, |best| best.min(rank)))
                }
                _ => record.timeouts += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_settles_a_site() {
        let ledger = Ledger::default();
        assert_eq!(ledger.skip("s", 0), None);
        ledger.record("s", 0, Status::Unsat);
        assert_eq!(ledger.skip("s", 0), None);
        ledger.record("s", 0, Status::Sat);
        assert_eq!(ledger.skip("s", 0), Some(Skip::Settled));
        assert_eq!(ledger.skip("s", 50), Some(Skip::Settled));
        assert_eq!(ledger.skip("t", 0), None);
    }

    #[test]
    fn a_model_of_a_later_rank_leaves_better_harnesses_to_run() {
        let ledger = Ledger::default();
        ledger.record("s", 50, Status::Sat);
        assert_eq!(
            ledger.skip("s", 0),
            None,
            "a public constructor is still tried"
        );
        assert_eq!(ledger.skip("s", 50), Some(Skip::Settled));
        ledger.record("s", 0, Status::Sat);
        assert_eq!(ledger.skip("s", 10), Some(Skip::Settled));
    }

    #[test]
    fn a_site_is_given_up_after_the_last_allowed_timeout() {
        let ledger = Ledger::default();
        for _ in 1..MAX_TIMEOUTS {
            ledger.record("s", 0, Status::Unknown);
            assert_eq!(ledger.skip("s", 0), None);
        }
        ledger.record("s", 0, Status::Unknown);
        assert_eq!(ledger.skip("s", 0), Some(Skip::GivenUp));
    }
}
