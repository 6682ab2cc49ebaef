package bench.homework;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `homework` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> Arrays1.swapArrays(new double[] {1.0}, new double[0]));
        call(() -> Arrays1.squares(-1));
        call(() -> Arrays1.findPattern(new int[] {1}, new int[] {1, 2}));
        call(() -> Arrays1.max(new int[] {3}));
        call(() -> Arrays1.average(new int[0]));
        call(() -> Arrays1.middle(new int[0]));
        call(() -> new Grid(-1, 1));
        call(() -> new Grid(2, 2).set(2, 1, 7));
        call(() -> new Grid(65536, 65536).get(0, 0));
        call(() -> Text1.initial(""));
        call(() -> Text1.letterCounts("A"));
        call(() -> new TreeNode(new Object()));
        call(() -> new TreeNode().insert("x"));
    }
}
