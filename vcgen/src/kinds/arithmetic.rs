//! `ArithmeticException`: integer division or remainder by zero, an operation vcgen checks.

use super::{Edge, Explained, Kind, Levels, Written};

/// Integer `/` and `%` whose divisor can be zero (also inside the JDK model: `Math.floorMod`).
pub const ARITHMETIC: Kind = Kind {
    exception: "java.lang.ArithmeticException",
    summary: "division by zero",
    what: "Finds integer `/` and `%` whose divisor can be zero, in the project's code and in \
           the JDK methods it calls (`Math.floorDiv`, `Math.floorMod`). Floating-point \
           division does not throw.",
    why:
        "Integer division by zero throws `ArithmeticException` at run time and aborts the caller, \
          usually on an input nobody thought of, such as an empty collection's size.",
    example:
        "int average(int total, int count) {\n    return total / count; // count == 0 throws\n}",
    fix: "Check the divisor first, or return a defined value for the empty case.",
    levels: Levels::Public,
    fixture: "tests/fixtures/arith/fix/Arith.java",
    explained: Explained::By(&[(Edge::Zero, Written::AfterDivision)]),
};
