package java.util.function;

/** A function of two arguments; a lambda's object runs its body, any other may return anything. */
public interface BiFunction<T, U, R> {
    @Nullable
    R apply(T t, U u);
}
