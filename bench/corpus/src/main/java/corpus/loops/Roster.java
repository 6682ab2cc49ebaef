package corpus.loops;

import java.util.List;
import java.util.logging.Logger;

/** Team roster scoring. */
public class Roster {
    private static final Logger AUDIT = Logger.getLogger("corpus.roster.audit");

    static void audit(String event) {
        AUDIT.info(event);
    }

    /** Sums the weight of each member, weights given in roster order. */
    public static int weightedSize(List<String> members, int[] weights) {
        int total = 0;
        int idx = 0;
        for (String member : members) {
            audit("counting " + member);
            total += weights[idx]; // @bug ArrayIndexOutOfBoundsException | Roster.weightedSize(java.util.List.of("ann", "bob"), new int[] {2})
            idx++;
        }
        return total;
    }

    /** Members past the end of the weights count once. */
    public static int weightedSizeWithDefault(List<String> members, int[] weights) {
        int total = 0;
        int idx = 0;
        for (String member : members) {
            audit("counting " + member);
            total += idx < weights.length ? weights[idx] : 1; // @safe
            idx++;
        }
        return total;
    }
}
