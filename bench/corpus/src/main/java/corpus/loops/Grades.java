package corpus.loops;

/** Score histograms in buckets of ten points. */
public class Grades {

    private static void trace(String message) {
        System.err.println("[grades] " + message);
    }

    public static int[] histogram(int[] scores) {
        int[] buckets = new int[10];
        for (int score : scores) {
            trace("score " + score);
            if (score < 0 || score > 100) {
                continue;
            }
            buckets[score / 10]++; // @bug ArrayIndexOutOfBoundsException | Grades.histogram(new int[] {55, 100})
        }
        return buckets;
    }

    /** A perfect score goes into the top bucket. */
    public static int[] histogramClamped(int[] scores) {
        int[] buckets = new int[10];
        for (int score : scores) {
            trace("score " + score);
            if (score < 0 || score > 100) {
                continue;
            }
            buckets[Math.min(score / 10, 9)]++; // @safe
        }
        return buckets;
    }
}
