//! `NegativeArraySizeException`: an array created with a negative length, an operation
//! vcgen checks (and a contract of `Arrays.copyOf` and the like in the JDK model).

use super::{Edge, Explained, Kind, Levels, Written};

/// `new T[n]` where `n` can be negative.
pub const NEGATIVE_ARRAY_SIZE: Kind = Kind {
    exception: "java.lang.NegativeArraySizeException",
    summary: "negative array size",
    what: "Finds `new T[n]` where `n` can be negative, and JDK calls given a negative length \
           (`Arrays.copyOf`).",
    why: "A negative length throws `NegativeArraySizeException`; sizes computed by subtraction or \
          from overflowing arithmetic are the usual cause.",
    example:
        "int[] window(int from, int to) {\n    return new int[to - from]; // from > to throws\n}",
    fix: "Validate the computed size, or clamp it to zero.",
    levels: Levels::Public,
    fixture: "tests/fixtures/arith/fix/Arith.java",
    explained: Explained::By(&[(Edge::Negative, Written::Enclosed)]),
};
