package corpus.lambdas;

import java.util.Iterator;

/** Sums of consecutive pairs: {1, 2, 3, 4} gives 3 and 7. */
public class PairSums {

    private static Iterator<Integer> pairs(int[] data) {
        return new Iterator<Integer>() {
            private int pos;

            @Override
            public boolean hasNext() {
                return pos < data.length;
            }

            @Override
            public Integer next() {
                int sum = data[pos] + data[pos + 1]; // @bug ArrayIndexOutOfBoundsException | PairSums.total(new int[] {1, 2, 3})
                pos += 2;
                return sum;
            }
        };
    }

    private static Iterator<Integer> wholePairs(int[] data) {
        return new Iterator<Integer>() {
            private int pos;

            @Override
            public boolean hasNext() {
                return pos + 1 < data.length;
            }

            @Override
            public Integer next() {
                int sum = data[pos] + data[pos + 1]; // @safe
                pos += 2;
                return sum;
            }
        };
    }

    public static int total(int[] data) {
        int t = 0;
        for (Iterator<Integer> it = pairs(data); it.hasNext();) {
            t += it.next();
        }
        return t;
    }

    /** An unpaired last value is left out. */
    public static int totalOfWholePairs(int[] data) {
        int t = 0;
        for (Iterator<Integer> it = wholePairs(data); it.hasNext();) {
            t += it.next();
        }
        return t;
    }
}
