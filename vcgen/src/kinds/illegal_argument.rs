//! `IllegalArgumentException`: a JDK call whose arguments break its contract (thrown by the
//! JDK model; a `throw` in the project's own code is never a crash).

use super::{Explained, Kind, Levels};

/// JDK calls given a reversed range, a negative capacity, a bound that is not positive,
/// a duplicate key or an invalid code point.
pub const ILLEGAL_ARGUMENT: Kind = Kind {
    exception: "java.lang.IllegalArgumentException",
    summary: "illegal argument to a JDK method",
    what: "Finds JDK calls whose arguments break the method's contract: a reversed range \
           (`Arrays.copyOfRange(a, 5, 2)`, `List.subList(5, 2)`, `Arrays.fill(a, 5, 2, v)`), \
           a negative initial capacity (`new ArrayList<>(n)`, `new HashMap<>(n)`), a bound \
           that is not positive (`Random.nextInt(0)`), duplicate elements or keys \
           (`Set.of`, `Map.of`) or an invalid code point (`Character.toChars`). A `throw` in \
           the project's own code is never reported.",
    why: "The JDK rejects such arguments with `IllegalArgumentException`, so the call fails \
          for every input that computes the argument that way, not just a rare one.",
    example: "int[] window(int[] a, int from, int to) {\n    return Arrays.copyOfRange(a, from, to); // from > to throws\n}",
    fix: "Order the range's ends, or check them before the call.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/ArrayCopies.java",
    explained: Explained::ByAny,
};
