//! `UnsupportedOperationException`: a change of a collection that refuses changes (thrown
//! by the JDK model's unmodifiable collections and views).

use super::{Explained, Kind, Levels};

/// `add`, `put`, `remove`, `clear` and similar calls on an unmodifiable collection.
pub const UNSUPPORTED_OPERATION: Kind = Kind {
    exception: "java.lang.UnsupportedOperationException",
    summary: "change of an unmodifiable collection",
    what: "Finds `add`, `put`, `remove`, `clear` and similar calls on a collection that \
           refuses changes: `List.of`, `Map.of`, `Collections.emptyList`, \
           `Collections.singletonList`, `Collections.unmodifiableList`/`Map`/`Set`/`Collection`, \
           a map's key and entry views.",
    why: "An unmodifiable collection throws `UnsupportedOperationException` on every change, \
          often far from where it was made unmodifiable: code that fills a collection it \
          received cannot tell from the type that it may not.",
    example: "List<String> names = Collections.emptyList();\nnames.add(\"a\"); // throws",
    fix: "Copy the collection into a modifiable one (`new ArrayList<>(c)`) before changing it, \
          or return a modifiable collection.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/Immutables.java",
    explained: Explained::ByAny,
};
