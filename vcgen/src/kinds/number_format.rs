//! `NumberFormatException`: text that is not a number parsed by a JDK method (thrown by the
//! JDK model's `Integer.parseInt` and its kin, all `@Precondition`s).

use super::{Explained, Kind, Levels};

/// `Integer.parseInt`, `Long.parseLong`, `Double.parseDouble` and similar calls on text
/// that is not a number.
pub const NUMBER_FORMAT: Kind = Kind {
    exception: "java.lang.NumberFormatException",
    summary: "malformed number",
    what: "Finds `Integer.parseInt`, `Long.parseLong`, `Double.parseDouble`, `valueOf` and \
           similar calls on strings that are not numbers (or on `null`).",
    why: "Parsing text that is not a number throws `NumberFormatException`; since the method's \
          contract requires a well-formed string, dsd reports these as notes.",
    example: "int port(String s) {\n    return Integer.parseInt(s); // \"80a\" throws\n}",
    fix: "Validate the text, or catch `NumberFormatException` and report a clear error.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/Parsing.java",
    explained: Explained::ByAny,
};
