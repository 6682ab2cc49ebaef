package bench.solver;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `solver` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> new Constraints().ordered(1, 2, 0));
        call(() -> {
            Constraints.Point p = new Constraints.Point();
            new Constraints().aliased(p, p);
        });
        call(() -> new Constraints().nestedIndex(new int[] {0}, 3));
        call(() -> new Constraints().nestedIndex(new int[] {1, 5}, 0));
        call(() -> new Constraints().mixed(969831475));
        call(() -> new Constraints().window(new int[] {0, 0, 0, 0, 1}));
        call(() -> new Constraints().cascade(1_000_727_379_969L, 3_002_182_139_907L));
        call(() -> new Constraints().wraps(Integer.MAX_VALUE));
        call(() -> new Constraints().digit('z'));
    }
}
