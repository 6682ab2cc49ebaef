package corpus.lambdas;

import java.util.function.Function;

/** Maps values of [min, max] to percentages. */
public class RangeScaler {
    private final Function<Integer, Integer> toPercent;

    public RangeScaler(int min, int max) {
        this.toPercent = v -> 100 * (v - min) / (max - min); // @bug ArithmeticException | new RangeScaler(5, 5).percent(7)
    }

    public int percent(int value) {
        return toPercent.apply(value);
    }
}
