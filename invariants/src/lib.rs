//! Infers the invariants that a project's own tests respect, so that later stages can assume
//! them (DSD-Crasher's first dynamic step, dissertation chapters 6 and 7).
//!
//! The stage ([`infer_stage`]):
//! 1. parses the project ([`frontend`]) and instruments a copy of its sources in `WORK/infer/src`
//!    ([`instrument`]): every method and constructor records its entry values, its result and
//!    whether it threw, through the recorder `dsd.recorder.DsdRecorder` (Java source shipped in
//!    this crate's `java/` folder). The user's files are never touched;
//! 2. compiles the copy with the recorder, a test runner and the project's tests, and runs the
//!    tests with JUnit 4 or JUnit 5 ([`discover`], [`run`]); the recorder writes
//!    `WORK/traces/trace-N.tsv` ([`trace`] describes the format). Failing tests' samples are
//!    dropped; a hanging test ends its JVM and costs only its own samples; the tests run in
//!    dsd's [`sandbox`], where they may write only below the work directory;
//! 3. infers Daikon-style invariants from the samples ([`templates`], justified by the rule in
//!    [`justify`]) with behavioural subtyping ([`spec`]) and writes `WORK/invariants.json`.
//!
//! # What is recorded
//! Per call: primitives (`boolean`, `float`, `double` excepted), strings' nullness and length,
//! references' nullness and runtime class, boxed numbers' nullness and value, arrays' nullness,
//! length and whether an element is null, the receiver's own fields one level deep (at entry,
//! except in constructors, and at normal exit), the public static fields any caller could
//! assign that the method reads (at entry; a `boolean` one as 0 or 1), and the result.
//!
//! # `invariants.json`
//! ```json
//! { "methods": [ { "class": "bench.usage.Scaler", "method": "share", "descriptor": "(II)I",
//!                  "entry_samples": 4, "exit_samples": 4,
//!                  "requires": [ { "text": "parts >= 2", "samples": 4, "distinct": 4,
//!                                  "kind": "lower", "var": "parts", "bound": 2 } ],
//!                  "ensures": [ ... ] } ],
//!   "classes": [ { "class": "bench.usage.Payload", "invariants": [ ... ] } ],
//!   "statics": [ { "text": "bench.usage.Config.strict == 0", "kind": "const", ... } ],
//!   "observed": [ "bench.usage.Scaler.share(II)I" ] }
//! ```
//! Every invariant has `text` (JML-like), `samples` (samples in which its variables had a
//! value), `distinct` (distinct value tuples among them) and a structured form tagged by `kind`
//! ([`model::Form`]):
//!
//! | kind | fields | text |
//! |---|---|---|
//! | `const` | `var`, `value` | `x == 3` |
//! | `one_of` | `var`, `values` (2 or 3, ascending) | `x one of {1, 2}` |
//! | `lower` / `upper` | `var`, `bound` | `x >= 1` / `x <= 9` |
//! | `non_zero` | `var` | `x != 0` |
//! | `null` / `non_null` | `var` | `x == null` / `x != null` |
//! | `cmp` | `lhs`, `op` (`==` `!=` `<` `<=` `>` `>=`), `rhs` | `length == value.length` |
//! | `linear` | `y`, `a`, `x`, `b` | `\result == 2 * n + 1` |
//! | `type` | `var`, `class` (binary name) | `\typeof(o) == \type(java.util.ArrayList)` |
//! | `non_null_elements` | `var` | `\nonnullelements(args)` |
//!
//! Variables are paths: a root (`this`, a parameter name as written in the declaration,
//! `\result`, or in `statics` a static field by its class's binary name), then field
//! names, then optionally `.length` (arrays) or `.length()` (strings).
//! An integer template on a reference path (a boxed number) is about its unboxed value. In
//! `ensures`, parameters mean their values at entry and `this.f` the value after the call; each
//! postcondition mentions `\result` or a field. Requires/ensures that repeat a class invariant
//! are left out. `observed` lists every method observed often enough to justify an
//! invariant (four calls at least, the rule of `x != null`; its precondition was observed,
//! even when it is `true`): a `null` its precondition allows is then a real input.

pub mod check;
pub mod discover;
pub mod instrument;
pub mod javac;
pub mod justify;
pub mod model;
pub mod modules;
pub mod ppt;
pub mod record;
pub mod run;
pub mod runtime;
pub mod sandbox;
pub mod spec;
pub mod supervise;
pub mod table;
pub mod templates;
pub mod toolchain;
pub mod trace;
pub mod usage;

mod stage;

pub use model::{ClassSpec, CmpOp, Form, Invariant, InvariantsFile, MethodSpec};
pub use stage::{
    infer_stage, read_invariants, resource_dirs, InferSummary, Options, DEFAULT_TEST_TIMEOUT,
};

use std::path::{Path, PathBuf};

/// An error that stops the infer stage: what happened, where, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Path of `invariants.json` inside a work directory.
pub fn invariants_path(work_dir: &Path) -> PathBuf {
    work_dir.join("invariants.json")
}
