//! Documentation of each exception kind dsd reports: one SARIF rule per kind.

/// What one kind of crash is, why it matters, and an example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Fully qualified exception class; empty for the generic fallback.
    pub exception: &'static str,
    /// Short phrase used in diagnostics, e.g. `division by zero`.
    pub summary: &'static str,
    /// What the rule finds.
    pub what: &'static str,
    /// Why the crash matters.
    pub why: &'static str,
    /// Java code that crashes this way.
    pub example: &'static str,
    /// How to avoid the crash.
    pub fix: &'static str,
}

impl Rule {
    /// The rule id: the exception's simple name, e.g. `ArithmeticException`.
    pub fn id(&self, exception: &str) -> String {
        let name = if self.exception.is_empty() {
            exception
        } else {
            self.exception
        };
        name.rsplit('.').next().unwrap_or(name).to_string()
    }

    /// The rule documentation as Markdown: what it does, why it matters, an example, the fix.
    pub fn markdown(&self) -> String {
        format!(
            "## What it does\n{}\n\n## Why is this bad?\n{}\n\n## Example\n```java\n{}\n```\n\n## How to fix it\n{}\n",
            self.what, self.why, self.example, self.fix
        )
    }

    /// The rule documentation as plain text.
    pub fn text(&self) -> String {
        format!(
            "{}\n\nWhy: {}\n\nExample:\n{}\n\nFix: {}",
            self.what, self.why, self.example, self.fix
        )
    }
}

/// The documented kinds, then [`FALLBACK`].
pub const RULES: &[Rule] = &[
    Rule {
        exception: "java.lang.ArithmeticException",
        summary: "division by zero",
        what: "Finds integer `/` and `%` whose divisor can be zero. Floating-point division does not throw.",
        why: "Integer division by zero throws `ArithmeticException` at run time and aborts the caller, \
              usually on an input nobody thought of, such as an empty collection's size.",
        example: "int average(int total, int count) {\n    return total / count; // count == 0 throws\n}",
        fix: "Check the divisor first, or return a defined value for the empty case.",
    },
    Rule {
        exception: "java.lang.ArrayIndexOutOfBoundsException",
        summary: "array index out of bounds",
        what: "Finds array reads and writes whose index can be negative or at least the array's length.",
        why: "An out-of-bounds index throws instead of reading a wrong value: the operation fails for \
              inputs at the edges (empty arrays, off-by-one loop bounds, negative offsets).",
        example: "int last(int[] a) {\n    return a[a.length]; // should be a.length - 1\n}",
        fix: "Keep indices in `0 <= i < a.length`; check lengths of arrays received from callers.",
    },
    Rule {
        exception: "java.lang.NegativeArraySizeException",
        summary: "negative array size",
        what: "Finds `new T[n]` where `n` can be negative.",
        why: "A negative length throws `NegativeArraySizeException`; sizes computed by subtraction or \
              from overflowing arithmetic are the usual cause.",
        example: "int[] window(int from, int to) {\n    return new int[to - from]; // from > to throws\n}",
        fix: "Validate the computed size, or clamp it to zero.",
    },
    Rule {
        exception: "java.lang.NullPointerException",
        summary: "null dereference",
        what: "Finds field accesses, method calls, array accesses, unboxing and `synchronized` on a \
               reference that can be `null`.",
        why: "Dereferencing `null` throws `NullPointerException`, far from where the `null` came from. \
              When the `null` was passed straight in by the caller, dsd reports a note, since the \
              method may simply require a non-null argument.",
        example: "int length(String s) {\n    return s.length(); // s == null throws\n}",
        fix: "Check for `null` where it can arise, or document and enforce the non-null contract \
              (e.g. `Objects.requireNonNull`).",
    },
    Rule {
        exception: "java.lang.ClassCastException",
        summary: "invalid cast",
        what: "Finds reference casts whose operand can have a dynamic type that is not a subtype of the target.",
        why: "A failing cast throws `ClassCastException`: the code assumed more about an object's type \
              than the program guarantees.",
        example: "Circle asCircle(Shape s) {\n    return (Circle) s; // a Square throws\n}",
        fix: "Test with `instanceof` before casting, or change the types so the cast is not needed.",
    },
    Rule {
        exception: "java.lang.ArrayStoreException",
        summary: "array store of the wrong type",
        what: "Finds stores into an array whose runtime element type does not accept the stored object.",
        why: "Java arrays are covariant: an `Object[]` variable may hold a `String[]`, and storing an \
              `Integer` into it throws `ArrayStoreException`.",
        example: "void fill(Object[] a) {\n    a[0] = 1; // a String[] passed as Object[] throws\n}",
        fix: "Use generic collections, or create arrays of the exact element type.",
    },
    Rule {
        exception: "java.lang.AssertionError",
        summary: "assertion failure",
        what: "Finds `assert` statements whose condition can be false (assertions enabled, as with `java -ea`).",
        why: "A failing `assert` means the program's own stated invariant does not hold for some input; \
              with assertions disabled the code runs on in a state its author considered impossible.",
        example: "int pop() {\n    assert size > 0;\n    return items[--size];\n}",
        fix: "Establish the invariant for every input, or turn the assertion into an explicit check \
              with a documented exception.",
    },
    Rule {
        exception: "java.lang.StringIndexOutOfBoundsException",
        summary: "string index out of bounds",
        what: "Finds `charAt`, `substring` and similar calls whose indices can lie outside the string.",
        why: "Out-of-range indices throw `StringIndexOutOfBoundsException`, typically for empty or short strings.",
        example: "char first(String s) {\n    return s.charAt(0); // \"\" throws\n}",
        fix: "Check the string's length before indexing.",
    },
    Rule {
        exception: "java.lang.IndexOutOfBoundsException",
        summary: "index out of bounds",
        what: "Finds `List.get`, `List.set`, `List.remove` and similar calls whose index can be out of range.",
        why: "Collections throw `IndexOutOfBoundsException` for indices outside `0 <= i < size()`, \
              usually on empty lists.",
        example: "String head(List<String> names) {\n    return names.get(0); // empty list throws\n}",
        fix: "Check `isEmpty()` or `size()` first.",
    },
    Rule {
        exception: "java.lang.NumberFormatException",
        summary: "malformed number",
        what: "Finds `Integer.parseInt`, `Long.parseLong`, `Double.parseDouble` and similar calls on \
               strings that are not numbers.",
        why: "Parsing text that is not a number throws `NumberFormatException`; since the method's \
              contract requires a well-formed string, dsd reports these as notes.",
        example: "int port(String s) {\n    return Integer.parseInt(s); // \"80a\" throws\n}",
        fix: "Validate the text, or catch `NumberFormatException` and report a clear error.",
    },
    Rule {
        exception: "java.util.NoSuchElementException",
        summary: "no such element",
        what: "Finds `Optional.get`, `Deque.getFirst`, `LinkedList.removeLast`, `Queue.element` \
               and similar calls that can meet an empty optional or collection.",
        why: "Taking an element that is not there throws `NoSuchElementException`, usually on \
              the first empty input a caller passes.",
        example: "String newest(Deque<String> log) {\n    return log.getLast(); // empty deque throws\n}",
        fix: "Check `isPresent()` or `isEmpty()` first, or use `orElse`, `peekLast` or `pollLast`.",
    },
    Rule {
        exception: "java.util.EmptyStackException",
        summary: "empty stack",
        what: "Finds `Stack.pop` and `Stack.peek` calls that can meet an empty stack.",
        why: "Popping an empty `java.util.Stack` throws `EmptyStackException`.",
        example: "int top(Stack<Integer> s) {\n    return s.pop(); // empty stack throws\n}",
        fix: "Check `empty()` first, or use an `ArrayDeque` and `pollFirst`.",
    },
    Rule {
        exception: "java.lang.UnsupportedOperationException",
        summary: "change of an unmodifiable collection",
        what: "Finds `add`, `put`, `remove`, `clear` and similar calls on a collection that \
               refuses changes: `Map.of`, `Collections.emptyList`, `Collections.singletonList`, \
               `Collections.unmodifiableList`/`Map`/`Set`/`Collection`.",
        why: "An unmodifiable collection throws `UnsupportedOperationException` on every change, \
              often far from where it was made unmodifiable: code that fills a collection it \
              received cannot tell from the type that it may not.",
        example: "List<String> names = Collections.emptyList();\nnames.add(\"a\"); // throws",
        fix: "Copy the collection into a modifiable one (`new ArrayList<>(c)`) before changing it, \
              or return a modifiable collection.",
    },
    Rule {
        exception: "java.lang.IllegalArgumentException",
        summary: "illegal argument to a JDK method",
        what: "Finds JDK calls whose arguments break the method's contract: a reversed range \
               (`Arrays.copyOfRange(a, 5, 2)`, `List.subList(5, 2)`, `Arrays.fill(a, 5, 2, v)`) or \
               an invalid code point (`Character.toChars`). A `throw` in the project's own code \
               is never reported.",
        why: "The JDK rejects such arguments with `IllegalArgumentException`.",
        example: "int[] window(int[] a, int from, int to) {\n    return Arrays.copyOfRange(a, from, to); // from > to throws\n}",
        fix: "Order the range's ends, or check them before the call.",
    },
];

/// The rule for exception kinds without their own documentation.
pub const FALLBACK: Rule = Rule {
    exception: "",
    summary: "uncaught exception",
    what: "Finds operations that throw an unchecked exception for some input.",
    why: "An uncaught runtime exception aborts the operation and usually the caller's as well.",
    example:
        "Object first(Iterator<Object> it) {\n    return it.next(); // empty iterator throws\n}",
    fix: "Check the operation's precondition before calling it.",
};

/// The rule documenting an exception class (the fallback for undocumented ones).
pub fn rule_for(exception: &str) -> &'static Rule {
    RULES
        .iter()
        .find(|r| r.exception == exception)
        .unwrap_or(&FALLBACK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_simple_names() {
        assert_eq!(
            rule_for("java.lang.ArithmeticException").id("java.lang.ArithmeticException"),
            "ArithmeticException"
        );
        assert_eq!(
            rule_for("java.util.NoSuchElementException").id("java.util.NoSuchElementException"),
            "NoSuchElementException"
        );
    }

    #[test]
    fn every_rule_is_documented() {
        for rule in RULES.iter().chain([&FALLBACK]) {
            let md = rule.markdown();
            assert!(
                md.contains("## What it does")
                    && md.contains("## Why is this bad?")
                    && md.contains("```java")
            );
        }
    }
}
