//! `StringIndexOutOfBoundsException`: a JDK string method given an index outside the
//! string (thrown by the JDK model's `String` and `StringBuilder`).

use super::{Kind, Levels};

/// `charAt`, `substring` and similar calls whose indices can lie outside the string.
pub const STRING_INDEX_OUT_OF_BOUNDS: Kind = Kind {
    exception: "java.lang.StringIndexOutOfBoundsException",
    summary: "string index out of bounds",
    what: "Finds `String.charAt`, `substring`, `StringBuilder.deleteCharAt`, `setCharAt` and \
           similar calls whose indices can lie outside the string.",
    why: "Out-of-range indices throw `StringIndexOutOfBoundsException`, typically for empty or \
          short strings, or for an offset found by `indexOf` that was `-1`.",
    example: "char first(String s) {\n    return s.charAt(0); // \"\" throws\n}",
    fix: "Check the string's length (or that `indexOf` found something) before indexing, or \
          use `startsWith` and `endsWith` instead of comparing characters at fixed offsets.",
    levels: Levels::Public,
    fixture: "tests/fixtures/calls/fix/Library.java",
    explained: super::INDEX_EXPLAINED,
};
