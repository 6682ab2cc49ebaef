package bench.contracts;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `contracts` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> Ranges.part("abc", 1, Integer.MAX_VALUE));
        call(() -> Ranges.average(new int[0]));
        call(() -> Ranges.letters(null));
    }
}
