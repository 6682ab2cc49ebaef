//! `IndexOutOfBoundsException`: a JDK list method given an index outside the list (thrown
//! by the JDK model's lists and `Objects.checkIndex`).

use super::{Kind, Levels};

/// `List.get`, `set`, `remove`, `add(i, e)`, `subList` and similar calls out of range.
pub const INDEX_OUT_OF_BOUNDS: Kind = Kind {
    exception: "java.lang.IndexOutOfBoundsException",
    summary: "index out of bounds",
    what: "Finds `List.get`, `List.set`, `List.remove`, `List.add(index, e)`, `subList`, \
           `Objects.checkIndex` and similar calls whose index can be out of range.",
    why: "Collections throw `IndexOutOfBoundsException` for indices outside `0 <= i < size()`, \
          usually on empty lists.",
    example: "String head(List<String> names) {\n    return names.get(0); // empty list throws\n}",
    fix: "Check `isEmpty()` or `size()` first.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/Lists.java",
    explained: super::INDEX_EXPLAINED,
};
