//! `NullPointerException`: a dereference of `null`, an operation vcgen checks (and the
//! contract of `Objects.requireNonNull` and other JDK methods that refuse `null`).

use super::{Edge, Explained, Kind, Levels, Written};

/// Field accesses, calls, array accesses, unboxing, `synchronized`, `switch` and for-each
/// on a reference that can be `null`.
pub const NULL_POINTER: Kind = Kind {
    exception: "java.lang.NullPointerException",
    summary: "null dereference",
    what: "Finds field accesses, method calls, array accesses, unboxing, `synchronized`, \
           `switch` and for-each loops on a reference that can be `null`, and JDK calls that \
           refuse a `null` argument (`Objects.requireNonNull`, `Map.of`). A `throw` in the \
           project's own code is never reported.",
    why:
        "Dereferencing `null` throws `NullPointerException`, far from where the `null` came from. \
          When the `null` was passed straight in by the caller, dsd reports a note, since the \
          method may simply require a non-null argument.",
    example: "int length(String s) {\n    return s.length(); // s == null throws\n}",
    fix: "Check for `null` where it can arise, or document and enforce the non-null contract \
          (e.g. `Objects.requireNonNull`).",
    levels: Levels::NullInputNote,
    fixture: "tests/fixtures/calls/fix/Library.java",
    explained: Explained::By(&[(Edge::Null, Written::Anywhere)]),
};
