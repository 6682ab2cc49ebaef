//! Sequences of public calls: a crash that needs state several earlier calls leave is
//! asked of a harness that makes up to `--sequence` calls first, each to one of the
//! methods whose write sets meet what the entry (or an earlier call) reads, after the
//! cheaper variants and before reflection.

use super::{check_sites, check_sites_with};
use crate::Options;
use expect_test::expect;

#[test]
fn a_stream_read_past_its_end_after_repeated_calls() {
    check_sites(
        r#"
        public class Tokens {
            private final int[] tokens = {3, 1, 4, 1};
            private int position;
            public int next() { return tokens[position++]; }
        }
        "#,
        expect![[r#"
            4:32 ArrayIndexOutOfBoundsException Tokens.next(): sequence ≤4 Tokens.next(), reflection
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
            5:9 ArrayIndexOutOfBoundsException Ids.allocate(String): sequence ≤4 Ids.allocate(String), reflection
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
        r#"
        public class Tokens {
            private final int[] tokens = {3, 1, 4, 1};
            private int position;
            public int next() { return tokens[position++]; }
        }
        "#,
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
    // formula), so the chain of one call still asks and the sequence asks after it.
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
            8:39 ArrayIndexOutOfBoundsException Histogram.bucketOfSum(): chain Histogram.record(int), sequence ≤4 Histogram.record(int), reflection
            8:39 NullPointerException Histogram.bucketOfSum(): reflection
        "#]],
    );
}
