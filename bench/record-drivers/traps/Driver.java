package bench.traps;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `traps` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> new Precision().multiplyNonZero(65536, 65536));
        call(() -> new Precision().overflowingSize(1_500_000_000));
        call(() -> new Precision().remainderIndexSigned(-1));
        call(() -> new Precision().absIndex(Integer.MIN_VALUE));
        call(() -> new Precision().truncatedDivisor(1L));
    }
}
