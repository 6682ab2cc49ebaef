//! What the solve stage has learnt about each crash site so far, shared by the solver
//! threads: a site with a model needs no harness of the same or a later rank, and a site
//! the solver gave up on in [`MAX_TIMEOUTS`] harnesses is not tried in the others.
//!
//! The ranks keep a more natural harness (a public constructor) of a later entry from
//! being hidden by a reflective harness solved earlier. A model that crashes a
//! `NullPointerException` site only through a `null` passed straight in (a note) settles
//! the site for the other harnesses of its own entry, which would pass the same `null`,
//! except those that prepare an argument by calls: they are asked, for inputs without
//! `null`, whether the object they build crashes the site (`page.text().length()` with a
//! cleared `page`, where `page` itself was the `null`). A caller that inlines the site's
//! method is still asked, but only for inputs without `null`, a crash a real caller
//! causes. A caller is not asked about a site that the
//! site's own entry found unreachable when nothing a caller may set up is beyond that
//! entry's harnesses (vcgen's `own_entry_decides`): vcgen writes a method's entry before
//! its callers', so the answer is known by then. The threads see the ledger a
//! one-thread run would show them: [`crate::schedule`] starts an entry only when the
//! earlier entries that share a site with it have finished.
//!
//! A model outside the entry's contract (an entry no client can call so, or a precondition
//! of its documentation or of Java's conventions broken) is a note too: it settles the site
//! for the entry's other harnesses but for those that prepare an argument by calls, and
//! every other entry is still asked, since a caller within its own contract makes the
//! crash a bug.
//!
//! A harness whose receiver no client can build so (vcgen's `internal_receiver`) finds only
//! notes: it is not asked about a site that already has a model of any level from another
//! entry (on commons-lang3, each of `FastDateFormat`'s `format` methods, built by its
//! protected constructor, solved the same `FastDatePrinter` sites again, 20 s of solver
//! time for notes the report groups under the first).
//!
//! The harnesses of one entry differ only in how the receiver and arguments are built, so
//! a site whose formula is too hard in two of them is too hard in the rest: on
//! commons-codec, each of `PureJavaCrc32.update`'s 23 undecided sites timed out in all
//! eight harnesses, 920 s of solver time for nothing.

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
    /// The site's own entry found it unreachable, and a caller can set up nothing more.
    Unreachable,
    /// The site has a model already and the harness's receiver, which no client can build
    /// so, would add only a note.
    Noted,
}

impl Skip {
    /// The reason written into the counterexample file.
    pub fn reason(self) -> String {
        match self {
            Skip::Settled => {
                "a harness of the same or a better rank already has a model for this site".into()
            }
            Skip::GivenUp => format!("the solver timed out on this site {MAX_TIMEOUTS} times"),
            Skip::Unreachable => {
                "the site's own method cannot reach it, whatever a caller sets up".into()
            }
            Skip::Noted => "the site has a model already, and this harness's receiver, which no \
                            client can build so, would add only a note"
                .into(),
        }
    }
}

/// What to do with a query of a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Do not solve it.
    Skip(Skip),
    /// Solve it.
    Solve,
    /// Solve it for inputs without `null` only: another entry crashes the site through a
    /// `null` passed straight in.
    NonNull,
    /// Solve it for inputs within the asker's contract only: another entry crashes the site
    /// outside its own, a note a further one would not improve on.
    WithinContract,
}

/// Who asks about a site: the query's rank, its entry, and whether its harness builds the
/// state without reflection.
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    /// The query's rank.
    pub rank: u32,
    /// The entry method, `class.method(descriptor)`.
    pub entry: &'a str,
    /// True when the site lies in the entry method itself.
    pub own: bool,
    /// True unless the harness forces state by reflection (its findings are notes).
    pub natural: bool,
    /// The query's `own_entry_decides`: the site's own entry answers for every caller.
    pub own_entry_decides: bool,
    /// True when the harness builds an argument and makes calls on it first.
    pub prepares_argument: bool,
    /// True when the harness's state is extrapolated: calls made again step only its
    /// counters ([`vcgen::ChainCall::repeated`]).
    pub extrapolated: bool,
    /// True when the harness builds its receiver as no client can
    /// ([`vcgen::Harness::internal_receiver`]): its models are notes.
    pub internal_receiver: bool,
}

/// What a solved query found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A model whose test reaches the crash as a caller may.
    Model,
    /// Only models that pass `null` straight into a `NullPointerException` (notes).
    NullModel,
    /// Only models outside the entry's contract (notes): an entry no client can call so,
    /// or a precondition broken.
    ContractModel,
    /// Only models that are notes for the harness's own way of building the state (a
    /// receiver no client can build so): they settle nothing.
    NoteModel,
    /// No model: unsatisfiable.
    Nothing,
    /// The solver gave up.
    Timeout,
}

/// Outcomes so far, per site.
#[derive(Default)]
pub struct Ledger {
    sites: Mutex<HashMap<String, SiteRecord>>,
}

/// One site's outcomes so far.
#[derive(Default, Clone)]
struct SiteRecord {
    /// The best (lowest) rank of a query of the site that has a model.
    settled: Option<u32>,
    /// The entries whose models reach the site only with a `null` passed straight in.
    null_entries: Vec<String>,
    /// The entries whose models reach the site only outside their contract.
    contract_entries: Vec<String>,
    timeouts: u32,
    /// A query of the site's own entry found it unreachable.
    unreachable: bool,
    /// Some harness has a model of the site, of any level.
    modelled: bool,
}

impl Ledger {
    /// What to do with a query of `site` asked by `asker`.
    pub fn ask(&self, site: &str, asker: Asker) -> Ask {
        let Ok(sites) = self.sites.lock() else {
            return Ask::Solve;
        };
        let Some(record) = sites.get(site) else {
            return Ask::Solve;
        };
        if record.settled.is_some_and(|best| best <= asker.rank) {
            Ask::Skip(Skip::Settled)
        } else if record.timeouts >= MAX_TIMEOUTS {
            Ask::Skip(Skip::GivenUp)
        } else if asker.internal_receiver && !asker.own && record.modelled {
            Ask::Skip(Skip::Noted)
        } else if record.null_entries.iter().any(|e| e == asker.entry) {
            if asker.prepares_argument {
                Ask::NonNull
            } else {
                Ask::Skip(Skip::Settled)
            }
        } else if record.contract_entries.iter().any(|e| e == asker.entry) {
            if asker.prepares_argument {
                Ask::WithinContract
            } else {
                Ask::Skip(Skip::Settled)
            }
        } else if asker.own {
            Ask::Solve
        } else if !record.null_entries.is_empty() {
            if asker.natural {
                Ask::NonNull
            } else {
                Ask::Skip(Skip::Settled)
            }
        } else if asker.own_entry_decides
            && record.unreachable
            && record.settled.is_none()
            && record.timeouts == 0
        {
            Ask::Skip(Skip::Unreachable)
        } else if !record.contract_entries.is_empty() {
            // A reflective harness's model would be one more note.
            if asker.natural {
                Ask::WithinContract
            } else {
                Ask::Skip(Skip::Settled)
            }
        } else {
            Ask::Solve
        }
    }

    /// Records what a query of `site` asked by `asker` found.
    pub fn record(&self, site: &str, asker: Asker, found: Found) {
        if found == Found::Nothing && !asker.own {
            return;
        }
        if let Ok(mut sites) = self.sites.lock() {
            let record = sites.entry(site.to_string()).or_default();
            record.modelled |= matches!(
                found,
                Found::Model | Found::NullModel | Found::ContractModel | Found::NoteModel
            );
            match found {
                // The JVM refutes more of an extrapolated state's models: the later harnesses
                // (reflection, whose note a refuted test would hide) are still asked. On
                // commons-lang3, `StrTokenizer`'s four notes were lost to `nextToken()` made
                // again.
                Found::Model if asker.extrapolated => {}
                Found::Model => {
                    record.settled = Some(record.settled.map_or(asker.rank, |b| b.min(asker.rank)))
                }
                Found::NullModel => record.null_entries.push(asker.entry.to_string()),
                Found::ContractModel => record.contract_entries.push(asker.entry.to_string()),
                Found::NoteModel => {}
                Found::Timeout => record.timeouts += 1,
                Found::Nothing => record.unreachable = true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A query of `entry` from a natural harness, about a site in another method.
    fn natural(rank: u32, entry: &str) -> Asker<'_> {
        Asker {
            rank,
            entry,
            own: false,
            natural: true,
            own_entry_decides: false,
            prepares_argument: false,
            extrapolated: false,
            internal_receiver: false,
        }
    }

    /// A query of `entry` about a site in the entry method itself.
    fn own(rank: u32, entry: &str) -> Asker<'_> {
        Asker {
            own: true,
            ..natural(rank, entry)
        }
    }

    #[test]
    fn a_model_settles_a_site() {
        let ledger = Ledger::default();
        assert_eq!(ledger.ask("s", natural(0, "A.f()")), Ask::Solve);
        ledger.record("s", natural(0, "A.f()"), Found::Nothing);
        assert_eq!(ledger.ask("s", natural(0, "A.f()")), Ask::Solve);
        ledger.record("s", natural(0, "A.f()"), Found::Model);
        assert_eq!(
            ledger.ask("s", natural(0, "B.g()")),
            Ask::Skip(Skip::Settled)
        );
        assert_eq!(
            ledger.ask("s", natural(50, "A.f()")),
            Ask::Skip(Skip::Settled)
        );
        assert_eq!(ledger.ask("t", natural(0, "A.f()")), Ask::Solve);
    }

    #[test]
    fn a_model_of_a_later_rank_leaves_better_harnesses_to_run() {
        let ledger = Ledger::default();
        ledger.record("s", natural(50, "A.f()"), Found::Model);
        assert_eq!(
            ledger.ask("s", natural(0, "A.f()")),
            Ask::Solve,
            "a public constructor is still tried"
        );
        assert_eq!(
            ledger.ask("s", natural(50, "A.f()")),
            Ask::Skip(Skip::Settled)
        );
        ledger.record("s", natural(0, "A.f()"), Found::Model);
        assert_eq!(
            ledger.ask("s", natural(10, "A.f()")),
            Ask::Skip(Skip::Settled)
        );
    }

    #[test]
    fn a_null_passed_straight_in_leaves_other_entries_to_look_without_null() {
        let ledger = Ledger::default();
        ledger.record("s", natural(0, "Sink.f(String)"), Found::NullModel);
        assert_eq!(
            ledger.ask("s", natural(10, "Sink.f(String)")),
            Ask::Skip(Skip::Settled),
            "the entry's other harnesses would pass the same null"
        );
        assert_eq!(ledger.ask("s", natural(20, "Caller.g()")), Ask::NonNull);
        let reflective = Asker {
            natural: false,
            ..natural(70, "Caller.g()")
        };
        assert_eq!(ledger.ask("s", reflective), Ask::Skip(Skip::Settled));
        ledger.record("s", natural(20, "Caller.g()"), Found::Model);
        assert_eq!(
            ledger.ask("s", natural(20, "Other.h()")),
            Ask::Skip(Skip::Settled)
        );
    }

    #[test]
    fn a_model_of_an_extrapolated_state_leaves_the_later_harnesses_to_ask() {
        let ledger = Ledger::default();
        let repeated = Asker {
            extrapolated: true,
            ..own(20, "Tokens.next()")
        };
        ledger.record("s", repeated, Found::Model);
        assert_eq!(
            ledger.ask("s", own(50, "Tokens.next()")),
            Ask::Solve,
            "reflection is still asked: the JVM may refute the calls made again"
        );
    }

    #[test]
    fn a_site_of_a_callee_is_asked_of_its_own_entry_with_null_allowed() {
        let ledger = Ledger::default();
        ledger.record("s", natural(20, "Caller.g()"), Found::NullModel);
        assert_eq!(
            ledger.ask("s", own(0, "Sink.f(String)")),
            Ask::Solve,
            "the site's own entry may still pass null"
        );
    }

    #[test]
    fn a_null_passed_in_leaves_the_object_an_argument_is_prepared_into_to_ask() {
        let ledger = Ledger::default();
        ledger.record("s", own(0, "Printer.print(Page)"), Found::NullModel);
        assert_eq!(
            ledger.ask("s", own(10, "Printer.print(Page)")),
            Ask::Skip(Skip::Settled),
            "a receiver's chain would pass the same null"
        );
        let preparing = Asker {
            prepares_argument: true,
            ..own(18, "Printer.print(Page)")
        };
        assert_eq!(ledger.ask("s", preparing), Ask::NonNull);
    }

    #[test]
    fn a_caller_is_not_asked_where_the_callee_decides_and_found_no_way() {
        let ledger = Ledger::default();
        ledger.record("s", own(0, "Sink.f(int)"), Found::Nothing);
        let decided = Asker {
            own_entry_decides: true,
            ..natural(20, "Caller.g()")
        };
        assert_eq!(ledger.ask("s", decided), Ask::Skip(Skip::Unreachable));
        assert_eq!(
            ledger.ask("s", natural(20, "Caller.g()")),
            Ask::Solve,
            "a caller may set up another class's statics"
        );
        ledger.record("s", own(50, "Sink.f(int)"), Found::Model);
        assert_eq!(
            ledger.ask("s", decided),
            Ask::Solve,
            "reached by reflection: a caller may reach it naturally"
        );
    }

    #[test]
    fn a_model_outside_the_contract_leaves_other_entries_to_ask() {
        let ledger = Ledger::default();
        ledger.record(
            "s",
            own(0, "Sum.of(byte[], int, int)"),
            Found::ContractModel,
        );
        assert_eq!(
            ledger.ask("s", own(10, "Sum.of(byte[], int, int)")),
            Ask::Skip(Skip::Settled),
            "the entry's other harnesses would break the same precondition"
        );
        assert_eq!(
            ledger.ask("s", natural(20, "Sum.of(byte[])")),
            Ask::WithinContract,
            "a caller within its own contract makes the crash a bug"
        );
        let preparing = Asker {
            prepares_argument: true,
            ..own(18, "Sum.of(byte[], int, int)")
        };
        assert_eq!(ledger.ask("s", preparing), Ask::WithinContract);
        ledger.record("s", natural(20, "Sum.of(byte[])"), Found::Model);
        assert_eq!(
            ledger.ask("s", natural(20, "Other.h()")),
            Ask::Skip(Skip::Settled)
        );
    }

    #[test]
    fn a_model_of_a_receiver_no_client_builds_settles_nothing() {
        let ledger = Ledger::default();
        ledger.record("s", own(0, "Map.get(Object)"), Found::NoteModel);
        assert_eq!(ledger.ask("s", own(10, "Map.get(Object)")), Ask::Solve);
        assert_eq!(ledger.ask("s", natural(20, "Other.h()")), Ask::Solve);
    }

    #[test]
    fn a_receiver_no_client_builds_adds_no_note_to_a_modelled_site() {
        let ledger = Ledger::default();
        let hidden = |entry| Asker {
            internal_receiver: true,
            ..natural(10, entry)
        };
        assert_eq!(ledger.ask("s", hidden("Format.a()")), Ask::Solve);
        ledger.record("s", hidden("Format.a()"), Found::NoteModel);
        assert_eq!(
            ledger.ask("s", hidden("Format.b()")),
            Ask::Skip(Skip::Noted)
        );
        assert_eq!(ledger.ask("s", natural(20, "Other.h()")), Ask::Solve);
        ledger.record("t", natural(0, "Other.h()"), Found::ContractModel);
        assert_eq!(
            ledger.ask("t", hidden("Format.b()")),
            Ask::Skip(Skip::Noted)
        );
        assert_eq!(
            ledger.ask(
                "t",
                Asker {
                    own: true,
                    ..hidden("Format.b()")
                }
            ),
            Ask::Solve
        );
    }

    #[test]
    fn a_site_is_given_up_after_the_last_allowed_timeout() {
        let ledger = Ledger::default();
        for _ in 1..MAX_TIMEOUTS {
            ledger.record("s", natural(0, "A.f()"), Found::Timeout);
            assert_eq!(ledger.ask("s", natural(0, "A.f()")), Ask::Solve);
        }
        ledger.record("s", natural(0, "A.f()"), Found::Timeout);
        assert_eq!(
            ledger.ask("s", natural(0, "A.f()")),
            Ask::Skip(Skip::GivenUp)
        );
    }
}
