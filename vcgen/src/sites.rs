//! Crash sites: the stable identity of a potential exception, shared by every stage.

use serde::{Deserialize, Serialize};

/// A place where a primitive operation (or a modelled JDK call) may throw.
///
/// The identity `file:line:col:kind` plus the method's JVM descriptor is carried by
/// queries, counterexamples, tests and reports alike.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Site {
    /// Stable identity: `rel:line:col:Kind@class.method(descriptor)`.
    pub id: String,
    /// Path of the source file as it can be opened from where dsd ran.
    pub file: String,
    /// Path below the source root, e.g. `bench/traps/Precision.java`.
    pub rel: String,
    /// Line, from 1.
    pub line: u32,
    /// First line of the statement holding the site (at most `line`): the JVM reports a
    /// crash in a statement that spans lines at the line of the statement's start or of an
    /// enclosing call, not always at the operation's own line.
    #[serde(default)]
    pub first_line: u32,
    /// Column, from 1.
    pub col: u32,
    /// Last line of the failing operation: the operator of an arithmetic crash, the whole
    /// expression of the others (a call, an array access, a dereference).
    #[serde(default)]
    pub end_line: u32,
    /// Column just past the failing operation on `end_line`.
    #[serde(default)]
    pub end_col: u32,
    /// Fully qualified exception class, e.g. `java.lang.ArithmeticException`.
    pub exception: String,
    /// Binary name of the class whose code holds the site.
    pub class: String,
    /// Method holding the site: name plus descriptor, e.g. `get(II)I`.
    pub method: String,
    /// The source line, for reports.
    pub source_line: String,
    /// True when the exception is a library precondition (e.g. `Integer.parseInt`'s
    /// NumberFormatException): confirmed crashes are notes, not errors.
    #[serde(default)]
    pub precondition: bool,
    /// True when some path to the site was checked only through loops that end within
    /// the unrolling bound: a crash that needs more iterations there may be missed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bounded: bool,
}

/// The file `vc/sites.json`: every crash site found, in source order.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
pub struct SiteTable {
    /// All sites.
    pub sites: Vec<Site>,
    /// Methods analysed only in part, in source order.
    #[serde(default)]
    pub partial: Vec<PartialMethod>,
    /// PR mode (`--changed-since`): the methods the change touched, the only ones whose
    /// sites were checked; absent when every method was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<Vec<crate::ChangedMethod>>,
    /// Whether the project's documentation states its contracts
    /// ([`crate::Options::documentation`]); later stages read it the same way.
    #[serde(default = "documented")]
    pub documentation: bool,
}

fn documented() -> bool {
    true
}

/// A method whose formula outgrew the size budget even with loops unrolled once and no
/// call inlined: its paths are checked up to where the budget ran out, and the crashes
/// further on are not checked (the report says so).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct PartialMethod {
    /// Binary name of the class.
    pub class: String,
    /// Name plus descriptor, e.g. `f(I[I)I`.
    pub method: String,
    /// Path of the source file as it can be opened from where dsd ran.
    pub file: String,
    /// Line of the declaration, from 1.
    pub line: u32,
    /// Column of the declaration, from 1.
    pub col: u32,
    /// Why the analysis stopped, for people.
    pub reason: String,
}
