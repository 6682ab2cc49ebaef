package corpus.loops;

import java.util.logging.Level;
import java.util.logging.Logger;

public class Sentinel {
    private static final Logger LOG = Logger.getLogger(Sentinel.class.getName());

    /** Position of the first negative balance. */
    public static int firstOverdraft(int[] balances) {
        int i = 0;
        while (balances[i] >= 0) { // @bug ArrayIndexOutOfBoundsException | Sentinel.firstOverdraft(new int[] {10, 0, 7})
            LOG.log(Level.FINER, "balance ok at {0}", i);
            i++;
        }
        return i;
    }

    /** Position of the first negative balance, or the length when there is none. */
    public static int firstOverdraftOrEnd(int[] balances) {
        int i = 0;
        while (i < balances.length && balances[i] >= 0) { // @safe
            LOG.log(Level.FINER, "balance ok at {0}", i);
            i++;
        }
        return i;
    }
}
