package corpus.lambdas;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntBinaryOperator;

/** Evaluates one binary operation given by its symbol. */
public class Calculator {
    private final Map<String, IntBinaryOperator> ops = new HashMap<>();

    public Calculator() {
        ops.put("+", (a, b) -> a + b);
        ops.put("-", (a, b) -> a - b);
        ops.put("*", (a, b) -> a * b);
        ops.put("/", (a, b) -> a / b); // @bug ArithmeticException | new Calculator().eval(7, "/", 0)
        ops.put("%", (a, b) -> b == 0 ? a : a % b); // @safe
    }

    public int eval(int left, String symbol, int right) {
        IntBinaryOperator op = ops.get(symbol);
        if (op == null) {
            return 0;
        }
        return op.applyAsInt(left, right);
    }
}
