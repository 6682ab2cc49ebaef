//! `EmptyStackException`: `java.util.Stack` popped or peeked when empty (thrown by the JDK
//! model's `Stack`).

use super::{Explained, Kind, Levels};

/// `Stack.pop` and `Stack.peek` on an empty stack.
pub const EMPTY_STACK: Kind = Kind {
    exception: "java.util.EmptyStackException",
    summary: "empty stack",
    what: "Finds `Stack.pop` and `Stack.peek` calls that can meet an empty stack.",
    why: "Popping an empty `java.util.Stack` throws `EmptyStackException`, typically when pushes \
          and pops do not pair up for some input (an unbalanced bracket, a missing operand).",
    example: "int top(Stack<Integer> s) {\n    return s.pop(); // empty stack throws\n}",
    fix: "Check `empty()` first, or use an `ArrayDeque` and `pollFirst`, which return `null` \
          instead of throwing.",
    levels: Levels::Public,
    fixture: "tests/fixtures/contracts/fix/Lists.java",
    explained: Explained::ByAny,
};
