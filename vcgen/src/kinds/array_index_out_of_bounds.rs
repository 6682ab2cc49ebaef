//! `ArrayIndexOutOfBoundsException`: an array index outside the array, an operation vcgen
//! checks (and a contract of `System.arraycopy` and the like in the JDK model).

use super::{Kind, Levels};

/// Array reads and writes whose index can lie outside the array.
pub const ARRAY_INDEX_OUT_OF_BOUNDS: Kind = Kind {
    exception: "java.lang.ArrayIndexOutOfBoundsException",
    summary: "array index out of bounds",
    what: "Finds array reads and writes whose index can be negative or at least the array's \
           length, and JDK calls that copy between arrays out of their bounds \
           (`System.arraycopy`).",
    why: "An out-of-bounds index throws instead of reading a wrong value: the operation fails for \
          inputs at the edges (empty arrays, off-by-one loop bounds, negative offsets).",
    example: "int last(int[] a) {\n    return a[a.length]; // should be a.length - 1\n}",
    fix: "Keep indices in `0 <= i < a.length`; check lengths of arrays received from callers.",
    levels: Levels::Public,
    fixture: "tests/fixtures/flow/fix/Flow.java",
    explained: super::INDEX_EXPLAINED,
};
