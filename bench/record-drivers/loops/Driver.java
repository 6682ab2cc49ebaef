package bench.loops;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `loops` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> Loops.sumFirst(new int[0], 1));
        call(() -> Loops.harmonic(4));
        call(() -> Loops.strided(new int[] {1, 2}, -1));
        call(() -> Loops.bubble(new int[] {1}));
    }
}
