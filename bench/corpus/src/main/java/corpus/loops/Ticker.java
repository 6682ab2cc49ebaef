package corpus.loops;

/** Echoes meter readings to the console. */
public class Ticker {

    /** Prints readings up to the first zero (which ends a batch); returns how many were printed before it. */
    public static int printBatch(int[] readings) {
        int shown = 0;
        for (int i = 0; i <= readings.length; i++) {
            System.out.println(readings[i]); // @bug ArrayIndexOutOfBoundsException | Ticker.printBatch(new int[] {3, 4})
            if (readings[i] == 0) {
                break;
            }
            shown++;
        }
        return shown;
    }

    /** Same as printBatch, for batches that may lack the terminating zero. */
    public static int printOpenBatch(int[] readings) {
        int shown = 0;
        for (int i = 0; i < readings.length; i++) {
            System.out.println(readings[i]); // @safe
            if (readings[i] == 0) {
                break;
            }
            shown++;
        }
        return shown;
    }
}
