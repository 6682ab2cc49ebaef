//! `AssertionError`: an `assert` whose condition can be false, an operation vcgen checks.

use super::{Explained, Kind, Levels};

/// `assert` statements that can fail (the tests run with assertions enabled).
pub const ASSERTION: Kind = Kind {
    exception: "java.lang.AssertionError",
    summary: "assertion failure",
    what: "Finds `assert` statements whose condition can be false (assertions enabled, as with `java -ea`).",
    why: "A failing `assert` means the program's own stated invariant does not hold for some input; \
          with assertions disabled the code runs on in a state its author considered impossible.",
    example: "int pop() {\n    assert size > 0; // fails on an empty stack\n    return items[--size];\n}",
    fix: "Establish the invariant for every input, or turn the assertion into an explicit check \
          with a documented exception.",
    levels: Levels::Public,
    fixture: "tests/fixtures/flow/fix/Flow.java",
    explained: Explained::ByAny,
};
