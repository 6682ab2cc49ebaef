package corpus.lambdas;

import java.util.function.Function;

/** Maps values of [low, high] to per-mille; an empty range counts as one wide. */
public class Normalizer {
    private final Function<Integer, Integer> toPerMille;

    public Normalizer(int low, int high) {
        int width = high == low ? 1 : high - low;
        this.toPerMille = v -> 1000 * (v - low) / width; // @safe
    }

    public int perMille(int value) {
        return toPerMille.apply(value);
    }
}
