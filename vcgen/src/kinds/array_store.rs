//! `ArrayStoreException`: an object stored into an array whose runtime element type does
//! not accept it, an operation vcgen checks.

use super::{Explained, Kind, Levels};

/// Stores into a covariant array of the wrong runtime element type.
pub const ARRAY_STORE: Kind = Kind {
    exception: "java.lang.ArrayStoreException",
    summary: "array store of the wrong type",
    what:
        "Finds stores into an array whose runtime element type does not accept the stored object, \
         and copies (`System.arraycopy`) from an array of a wider element type into one that \
         refuses an element.",
    why: "Java arrays are covariant: an `Object[]` variable may hold a `String[]`, and storing an \
          `Integer` into it throws `ArrayStoreException`.",
    example: "void fill(Object[] a) {\n    a[0] = 1; // a String[] passed as Object[] throws\n}",
    fix: "Use generic collections, or create arrays of the exact element type.",
    levels: Levels::Public,
    fixture: "tests/fixtures/objects/fix/Shapes.java",
    explained: Explained::ByAny,
};
