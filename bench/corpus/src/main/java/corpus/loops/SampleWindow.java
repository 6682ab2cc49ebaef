package corpus.loops;

import java.util.logging.Logger;

public class SampleWindow {
    private static final Logger LOG = Logger.getLogger(SampleWindow.class.getName());

    public static long total(int[] samples) {
        long sum = 0;
        int k = 0;
        do {
            LOG.fine("adding sample " + k);
            sum += samples[k]; // @bug ArrayIndexOutOfBoundsException | SampleWindow.total(new int[0])
            k++;
        } while (k < samples.length);
        return sum;
    }

    public static long totalOrZero(int[] samples) {
        if (samples.length == 0) {
            return 0;
        }
        long sum = 0;
        int k = 0;
        do {
            LOG.fine("adding sample " + k);
            sum += samples[k]; // @safe
            k++;
        } while (k < samples.length);
        return sum;
    }
}
