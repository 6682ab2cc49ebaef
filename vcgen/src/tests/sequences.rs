//! Sequences of public calls: a crash that needs state several earlier calls leave is
//! asked of a harness that makes up to `--sequence` calls first, each to one of the
//! methods whose write sets meet what the entry (or an earlier call) reads, after the
//! cheaper variants and before reflection.

use super::{check_sites, check_sites_with};
use crate::Options;
use expect_test::expect;

/// A stream that fails on its fifth `next()`.
const TOKENS: &str = r#"
    public class Tokens {
        private final int[] tokens = {3, 1, 4, 1};
        private int position;
        public int next() { return tokens[position++]; }
    }
    "#;

#[test]
fn a_stream_read_past_its_end_after_repeated_calls() {
    check_sites(
        TOKENS,
        expect![[r#"
            4:32 ArrayIndexOutOfBoundsException Tokens.next(): sequence ≤4 Tokens.next(), sequence ≤4 Tokens.next()*, reflection
            4:32 NullPointerException Tokens.next(): reflection
        "#]],
    );
}

#[test]
fn the_call_that_sets_the_flag_another_call_checks_is_chosen_too() {
    check_sites(
        r#"
        public class Connection {
            private StringBuilder handle = new StringBuilder("open");
            private boolean closed;
            public void close() { closed = true; }
            public void release() {
                if (!closed) throw new IllegalStateException("open");
                handle = null;
            }
            public int size() { return handle.length(); }
        }
        "#,
        expect![[r#"
            9:32 NullPointerException Connection.size(): sequence ≤4 Connection.release()|Connection.close(), reflection
        "#]],
    );
}

#[test]
fn static_state_prepared_by_static_calls() {
    check_sites(
        r#"
        public class Ids {
            private static final String[] names = new String[4];
            private static int next;
            public static int allocate(String name) {
                names[next] = name;
                return next++;
            }
        }
        "#,
        expect![[r#"
            5:9 ArrayIndexOutOfBoundsException Ids.allocate(String): sequence ≤4 Ids.allocate(String), sequence ≤4 Ids.allocate(String)*, reflection
        "#]],
    );
}

#[test]
fn no_method_writes_what_the_entry_reads() {
    check_sites(
        r#"
        public class Gauge {
            private int divisor = 1;
            private int reads;
            public void touch() { reads++; }
            public int share(int total) { return total / divisor; }
        }
        "#,
        expect![[r#"
            5:48 ArithmeticException Gauge.share(int): reflection
        "#]],
    );
}

#[test]
fn below_two_calls_there_is_no_sequence() {
    let options = Options {
        sequence: 1,
        ..Options::default()
    };
    check_sites_with(
        TOKENS,
        &options,
        expect![[r#"
            4:32 ArrayIndexOutOfBoundsException Tokens.next(): reflection
            4:32 NullPointerException Tokens.next(): reflection
        "#]],
    );
}

#[test]
fn repeated_calls_with_fresh_arguments() {
    // One `record` leaves a sum of at most 9: the bucket of the sum needs three of them, each
    // with its own digit, and a `record` that throws is no witness (its path leaves the
    // formula), so the chain of one call still asks, the sequence asks after it, and then the
    // sequence with `record` made again first (it steps `sum` by its argument).
    check_sites(
        r#"
        public class Histogram {
            private final int[] buckets = new int[2];
            private int sum;
            public void record(int digit) {
                if (digit < 0 || digit > 9) throw new IllegalArgumentException();
                sum += digit;
            }
            public int bucketOfSum() { return buckets[sum / 10]; }
        }
        "#,
        expect![[r#"
            8:39 ArrayIndexOutOfBoundsException Histogram.bucketOfSum(): chain Histogram.record(int), sequence ≤4 Histogram.record(int), sequence ≤4 Histogram.record(int)*, reflection
            8:39 NullPointerException Histogram.bucketOfSum(): reflection
        "#]],
    );
}

#[test]
fn a_call_that_adds_to_a_collection_field_prepares_the_entry() {
    // `add` assigns no field, but `ArrayList.add` changes the list its field holds; the list
    // remembers the step, so the loop runs the class the chain's argument has.
    check_sites(
        r#"
        import java.util.ArrayList;
        import java.util.List;
        public class Steps {
            public interface Step { int apply(int v); }
            public static class Cut implements Step {
                private final int by;
                public Cut(int by) { this.by = by; }
                public int apply(int v) { return v / by; }
            }
            private final List<Step> steps = new ArrayList<>();
            public void add(Step s) { steps.add(s); }
            public int size() { return steps.size(); }
            public int run(int v) {
                for (Step s : steps) { v = s.apply(v); }
                return v;
            }
        }
        "#,
        expect![[r#"
            8:44 ArithmeticException Steps.Cut.apply(int): constructor, reflection
            11:31 NullPointerException Steps.add(Steps.Step): reflection
            12:32 NullPointerException Steps.size(): reflection
            14:23 NullPointerException Steps.run(int): reflection
            14:36 NullPointerException bounded Steps.run(int): chain Steps.add(Steps.Step), sequence ≤4 Steps.add(Steps.Step), reflection
        "#]],
    );
}

#[test]
fn a_static_table_filled_by_a_static_call() {
    // A static field that is not final: a final one (a cache filled once) would add a
    // reflection variant to every static method that reads it (commons-lang3: 43 more
    // formulas and 16 % more solver time for no finding).
    check_sites(
        r#"
        import java.util.HashMap;
        import java.util.Map;
        public class Table {
            private static Map<String, Integer> SIZES = new HashMap<>();
            public static void put(String k, int size) { SIZES.put(k, size); }
            public static int get(String k) { return SIZES.get(k); }
            public static int share(String k, int total) { return total / SIZES.get(k); }
        }
        "#,
        expect![[r#"
            5:50 NullPointerException Table.put(String, int): reflection
            6:46 NullPointerException Table.get(String): direct, chain Table.put(String, int), sequence ≤4 Table.put(String, int), reflection
            7:65 ArithmeticException Table.share(String, int): chain Table.put(String, int), sequence ≤4 Table.put(String, int), reflection
            7:67 NullPointerException Table.share(String, int): direct, chain Table.put(String, int), sequence ≤4 Table.put(String, int), reflection
        "#]],
    );
}

#[test]
fn a_final_static_collection_filled_by_static_calls() {
    // The field's value never changes, its contents do: calls prepare it as they would a
    // non-final field, but reflection, which can set no final field, gets no variant.
    check_sites(
        r#"
        import java.util.ArrayList;
        import java.util.List;
        public class Sizes {
            private static final List<Integer> SIZES = new ArrayList<>();
            public static void record(int size) { SIZES.add(size); }
            public static int share(int total) { return SIZES.isEmpty() ? 0 : total / SIZES.get(0); }
        }
        "#,
        expect![[r#"
            6:77 ArithmeticException Sizes.share(int): chain Sizes.record(int), sequence ≤4 Sizes.record(int)
            6:79 IndexOutOfBoundsException Sizes.share(int): sequence ≤4 Sizes.record(int)
            6:79 NullPointerException Sizes.share(int): sequence ≤4 Sizes.record(int)
        "#]],
    );
}

#[test]
fn calls_that_prepare_an_argument_are_made_again_after_the_exact_sequences() {
    // `record` steps the meter's count: after the exact sequence on the argument, the same
    // again with its calls made any number of times first.
    check_sites(
        r#"
        public class Labels {
            public static class Meter {
                private int readings;
                public void record() { readings++; }
                public int readings() { return readings; }
            }
            public static int perHour(Meter meter) {
                int[] hours = new int[24];
                return hours[meter.readings()];
            }
        }
        "#,
        expect![[r#"
            9:16 ArrayIndexOutOfBoundsException Labels.perHour(Labels.Meter): constructor, sequence ≤4 on argument 0 Labels.Meter.record(), sequence ≤4 on argument 0 Labels.Meter.record()*
            9:22 NullPointerException Labels.perHour(Labels.Meter): constructor
        "#]],
    );
}
