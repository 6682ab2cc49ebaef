//! `NoSuchElementException`: an element taken from an empty optional, collection or
//! iterator (thrown by the JDK model's `Optional`, deques, sorted sets and iterators).

use super::{Explained, Kind, Levels};

/// `Optional.get`, `Deque.getFirst`, `Iterator.next`, `Collections.max` and similar calls
/// that can meet nothing to return.
pub const NO_SUCH_ELEMENT: Kind = Kind {
    exception: "java.util.NoSuchElementException",
    summary: "no such element",
    what: "Finds `Optional.get`, `Deque.getFirst`, `LinkedList.removeLast`, `Queue.element`, \
           `TreeSet.first`, `Iterator.next`, `Collections.max` and similar calls that can \
           meet an empty optional, collection or iterator.",
    why: "Taking an element that is not there throws `NoSuchElementException`, usually on \
          the first empty input a caller passes.",
    example:
        "String newest(Deque<String> log) {\n    return log.getLast(); // empty deque throws\n}",
    fix: "Check `isPresent()` or `isEmpty()` first, or use `orElse`, `peekLast` or `pollLast`.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/Optionals.java",
    explained: Explained::ByAny,
};
