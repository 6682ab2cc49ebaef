package corpus.lambdas;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/** A chain of int transformations applied in the order they were added. */
public class Pipeline {
    private final List<IntUnaryOperator> steps = new ArrayList<>();

    public Pipeline shift(int k) {
        steps.add(v -> v + k);
        return this;
    }

    public Pipeline wrap(int modulus) {
        steps.add(v -> v % modulus); // @bug ArithmeticException | new Pipeline().shift(3).wrap(0).run(5)
        return this;
    }

    /** Like wrap; a modulus of zero leaves values alone. */
    public Pipeline wrapIfSet(int modulus) {
        steps.add(v -> modulus == 0 ? v : v % modulus); // @safe
        return this;
    }

    public int run(int input) {
        int value = input;
        for (IntUnaryOperator step : steps) {
            value = step.applyAsInt(value);
        }
        return value;
    }
}
