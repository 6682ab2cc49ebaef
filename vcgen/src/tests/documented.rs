//! The preconditions vcgen derives from a method's documentation and from Java's
//! conventions for index parameters: one line per precondition, `Class.method(params):
//! what a test that breaks it does [why, the documentation's line]`.

use super::{fixture, method_name};
use crate::contract::preconditions;
use expect_test::{expect, Expect};

#[track_caller]
fn check_preconditions(java: &str, expect: Expect) {
    let files = fixture(java);
    let sources: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (program, _) = frontend::parse_sources(&sources);
    let mut out = String::new();
    for class in program.classes.iter().filter(|c| !c.library) {
        for m in class.methods.iter().filter(|m| m.body.is_some()) {
            let doc = program.docs.method(&class.name, &m.name, &m.descriptor);
            for pre in preconditions(m, doc) {
                let line = match pre.line {
                    0 => String::new(),
                    n => format!(" :{n}"),
                };
                out.push_str(&format!(
                    "{}: {} [{}{line}]\n",
                    method_name(&class.name, &m.name, &m.descriptor),
                    pre.broken,
                    pre.reason
                ));
            }
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn offsets_lengths_and_indexes_by_name_and_by_use() {
    check_preconditions(
        r#"
        public class A {
            /**
             * A checksum.
             * @param data the bytes
             * @param offset the offset of data
             * @param length how many bytes
             */
            public static int sum(byte[] data, int offset, int length) {
                int s = 0;
                for (int i = offset; i < offset + length; i++) s += data[i];
                return s;
            }
            public static char at(String text, int index) { return text.charAt(index); }
            public static String from(String text, int start) { return text.substring(start); }
            public static void copy(int[] src, int srcPos, int[] dst, int dstPos, int count) {
                System.arraycopy(src, srcPos, dst, dstPos, count);
            }
            public static int pick(int[] table, int k) { return table[k]; }
            public static int scaled(int[] table, int k) { return table[k * 2]; }
            public static int slice(char[] cs, int fromIndex, int toIndex) { return toIndex - fromIndex + cs.length; }
            public static int radix(String s, int radix) { return s.length() / radix; }
            public static Object nth(java.util.List<Object> items, int index) { return items.get(index); }
            /**
             * Whether the pattern matches at a position.
             * @param input the input
             * @param i the int position within the input
             */
            public static boolean matches(CharSequence input, int i) { return input.subSequence(i, i + 2).length() == 2; }
            public static int step(String unit, int index) { return TABLE[index] + unit.length(); }
            static final int[] TABLE = {1, 2};
        }
        "#,
        expect![[r#"
            A.sum(byte[], int, int): offset + length outside 0..data.length [an index parameter :6]
            A.at(String, int): index outside 0..text.length() - 1 [an index parameter]
            A.from(String, int): start outside 0..text.length() [an index parameter]
            A.copy(int[], int, int[], int, int): dstPos + count outside 0..dst.length [an index parameter]
            A.copy(int[], int, int[], int, int): srcPos outside 0..src.length [an index parameter]
            A.pick(int[], int): k outside 0..table.length - 1 [an index parameter]
            A.slice(char[], int, int): fromIndex outside 0..cs.length [an index parameter]
            A.slice(char[], int, int): toIndex outside 0..cs.length [an index parameter]
            A.nth(List, int): index outside 0..items.size() - 1 [an index parameter]
            A.matches(CharSequence, int): i outside 0..input.length() [an index parameter :26]
        "#]],
    );
}

#[test]
fn a_position_an_element_is_read_at_is_an_index_and_calls_on_this_do_not_hide_a_length() {
    check_preconditions(
        r#"
        public class B {
            private char[] buffer = new char[8];
            private int size;
            public int match(char[] text, int pos, int textStart, int textEnd) {
                return text[pos] == ' ' && textStart < textEnd ? 1 : 0;
            }
            /**
             * Matches at a position.
             * @param text the text
             * @param pos the starting position, valid for text
             */
            public int matchAt(char[] text, int pos) { return match(text, pos, 0, text.length); }
            public B append(char[] chars, int startIndex, int length) {
                ensure(size + length);
                System.arraycopy(chars, startIndex, buffer, size, length);
                size += length;
                return this;
            }
            private void ensure(int capacity) {
                if (capacity > buffer.length) buffer = new char[capacity];
            }
            private static final int[] T = new int[256];
            public static int crc(byte[] b, int off, int len) {
                int c = 0;
                while (len > 1) {
                    c = T[(c ^ b[off]) & 0xff] ^ T[b[off + 1] & 0xff];
                    off += 2;
                    len -= 2;
                }
                return c;
            }
        }
        "#,
        expect![[r#"
            B.match(char[], int, int, int): pos outside 0..text.length - 1 [an index parameter]
            B.match(char[], int, int, int): textStart outside 0..text.length [an index parameter]
            B.match(char[], int, int, int): textEnd outside 0..text.length [an index parameter]
            B.matchAt(char[], int): pos outside 0..text.length - 1 [an index parameter :10]
            B.append(char[], int, int): startIndex + length outside 0..chars.length [an index parameter]
            B.ensure(int): capacity < 0 [a length parameter]
            B.crc(byte[], int, int): off + len outside 0..b.length [an index parameter]
        "#]],
    );
}

#[test]
fn a_documented_meaning_outside_the_bounds_is_no_precondition_and_a_required_range_is_one() {
    check_preconditions(
        r#"
        public class A {
            /**
             * The part from pos; if len characters are not available, the rest is returned
             * without an exception.
             * @param str the text
             * @param pos the position to start from, negative treated as zero
             * @param len the length of the part
             */
            public static String mid(String str, int pos, int len) {
                return str.substring(pos, pos + len);
            }
            /**
             * One share.
             * @param total what is shared
             * @param parts the number of shares, must be positive
             */
            public static int share(int total, int parts) { return total / parts; }
            /**
             * Joins.
             * @param array the values
             * @param startIndex the first index. It is an error to pass in a start index past the end
             * @param endIndex the end index
             */
            public static int join(Object[] array, int startIndex, int endIndex) { return endIndex - startIndex; }
            /**
             * Hex digits.
             * @param data the bytes
             * @param digits the alphabet, must contain at least 16 chars
             */
            public static char digit(byte[] data, char[] digits) { return digits[data[0] & 15]; }
            public A(int maxLength) { this.max = maxLength; }
            public A(String owner, int capacity) { this.max = new int[capacity].length + owner.length(); }
            private int max;
        }
        "#,
        expect![[r#"
            A.share(int, int): parts < 1 [documented :15]
            A.join(Object[], int, int): startIndex outside 0..array.length [documented :21]
            A.join(Object[], int, int): endIndex outside 0..array.length [an index parameter :22]
            A.digit(byte[], char[]): digits.length < 16 [documented :28]
            A.<init>(int): maxLength < 0 [a length parameter]
            A.<init>(String, int): capacity < 0 [a length parameter]
        "#]],
    );
}

/// Prints, per entry and route, what its harnesses carry of its contract: the named
/// preconditions, why no client can call it or build its receiver so, and the parameters
/// whose `null` is documented as handled (a line once).
#[track_caller]
fn check_harness_contracts(java: &str, expect: Expect) {
    let run = super::run_with(java, &crate::Options::default());
    let mut out = String::new();
    let mut seen: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for prelude in &run.generated.preludes {
        let h = &prelude.harness;
        let entry = method_name(&h.entry.class, &h.entry.method, &h.entry.descriptor);
        let mut line = format!("{entry} {}:", super::route(h));
        for c in &h.contracts {
            line.push_str(&format!(" {}={}", c.symbol, c.broken));
        }
        if let Some(why) = &h.internal {
            line.push_str(&format!(" internal({why})"));
        }
        if let Some(why) = &h.internal_receiver {
            line.push_str(&format!(" receiver({why})"));
        }
        for n in &h.null_safe {
            let elements = if n.elements { "[]" } else { "" };
            line.push_str(&format!(" null-safe({}{elements})", n.name));
        }
        if seen.insert(line.clone()) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn harnesses_name_the_contract_say_who_may_call_and_which_nulls_are_allowed() {
    check_harness_contracts(
        r#"
        public class A {
            /**
             * Sums a range.
             * @param data the bytes, may be null
             * @param off where it starts
             * @param len how many
             */
            public static int sum(byte[] data, int off, int len) {
                int s = 0;
                for (int i = 0; i < len; i++) s += data[off + i];
                return s;
            }
            static int helper(int[] a, int k) { return a[k] / k; }
            /**
             * Joins.
             * @param parts the parts; null elements are skipped
             */
            public static int join(String[] parts) { return parts.length / parts[0].length(); }
        }
        //- /T.java
        public class T {
            public int run(int x) { return step(x) + helper(x); }
            protected int step(int x) { return 10 / x; }
            protected int helper(int x) { return 10 / x; }
            protected int spare(int x) { return 10 / x; }
            /** Internal method that divides; called automatically by run. */
            protected int inner(int x) { return 10 / x; }
        }
        //- /U.java
        public class U extends T {
            protected int step(int x) { return 20 / x; }
        }
        //- /Table.java
        public class Table {
            private int[] rows;
            /** Constructor only used in deserialization, do not use otherwise. */
            protected Table() {}
            protected Table(int n) { rows = new int[n]; }
            public int first() { return rows[0]; }
        }
        //- /Sheet.java
        class Sheet extends Table {
            public Sheet() { super(4); }
        }
        //- /Shape.java
        public abstract class Shape {
            public abstract int area(int k);
            public static final Shape SQUARE = new Square();
        }
        class Square extends Shape {
            Square() {}
            public int area(int k) { return 10 / k; }
        }
        //- /Buf.java
        public class Buf {
            private final int[] slots;
            public Buf(int capacity) { slots = new int[capacity + 1]; }
            public int last() { return slots[slots.length - 2]; }
        }
        "#,
        expect![[r#"
            A.sum(byte[], int, int) direct: doc!0=off + len outside 0..data.length null-safe(data)
            A.helper(int[], int) direct: doc!0=k outside 0..a.length - 1 internal(package-private)
            A.join(String[]) direct: null-safe(parts[])
            T.step(int) constructor: internal(protected, and called by the project's own code)
            U.step(int) constructor: internal(protected, and called by the project's own code)
            T.helper(int) constructor:
            T.run(int) constructor:
            T.spare(int) constructor:
            T.inner(int) constructor: internal(protected, and documented for the class's own use)
            Table.<init>(int) direct: internal(protected, and called by the project's own code)
            Table.first() constructor: receiver(called on an object built by new Table(int), which is protected, and called by the project's own code)
            Table.first() reflection:
            Square.area(int) constructor:
            Buf.<init>(int) direct: doc!0=capacity < 0
            Buf.last() constructor: doc!0=capacity < 0 in new Buf(int)
            Buf.last() reflection:
        "#]],
    );
}

#[test]
fn subclass_machinery_and_set_up_no_client_can_call_make_internal_harnesses() {
    check_harness_contracts(
        r#"
        public abstract class Store {
            protected static class Entry {
                Object next;
                public Entry(Object next) { this.next = next; }
                protected Entry next() { return (Entry) next; }
                public String toString() { return next.toString(); }
            }
        }
        //- /Pool.java
        public class Pool {
            private final Object[] items;
            public static Pool of(int n) { return new Pool(n); }
            private Pool(int n) { this.items = new Object[n + 1]; }
            protected Pool(Object[] items) { this.items = items; }
            public Object first() { return items[0]; }
        }
        //- /Counter.java
        public class Counter {
            private int used;
            void grow() { used++; }
            public int share() { return 10 / (1 - used); }
        }
        "#,
        expect![[r#"
            Store.Entry.next() constructor: internal(in Store.Entry, a class protected for the subclasses of Store) receiver(called on an object built by new Entry(Object), which is in Store.Entry, a class protected for the subclasses of Store)
            Store.Entry.next() reflection: internal(in Store.Entry, a class protected for the subclasses of Store)
            Store.Entry.toString() constructor: receiver(called on an object built by new Entry(Object), which is in Store.Entry, a class protected for the subclasses of Store)
            Store.Entry.toString() reflection:
            Pool.of(int) direct:
            Pool.first() constructor: receiver(called on an object built by new Pool(Object[]), which is a protected constructor for subclasses; clients build one publicly)
            Pool.first() reflection:
            Counter.share() chain Counter.grow(): receiver(called on an object prepared by Counter.grow(), which is package-private)
            Counter.share() sequence ≤4 Counter.grow(): receiver(called on an object prepared by Counter.grow(), which is package-private)
            Counter.share() sequence ≤4 Counter.grow()*: receiver(called on an object prepared by Counter.grow(), which is package-private)
            Counter.share() reflection:
        "#]],
    );
}

#[test]
fn a_parse_position_is_inside_the_text_it_parses() {
    // Java's parse convention (`Format.parseObject(String, ParsePosition)`): the JDK's own
    // parsers fail on a position outside the text (`SimpleDateFormat`, `MessageFormat`).
    check_preconditions(
        r#"
        import java.text.ParsePosition;
        public class A {
            public static char next(String source, ParsePosition pos) { return source.charAt(pos.getIndex()); }
            public static int skip(CharSequence text, ParsePosition at, int n) { return at.getIndex() + n; }
            public static int alone(ParsePosition pos) { return pos.getIndex(); }
        }
        "#,
        expect![[r#"
            A.next(String, ParsePosition): pos.getIndex() outside 0..source.length() [a parse position]
            A.skip(CharSequence, ParsePosition, int): at.getIndex() outside 0..text.length() [a parse position]
        "#]],
    );
}
