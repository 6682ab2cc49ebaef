package java.util.function;

/** A function; a lambda's object runs its body, any other may return anything. */
public interface Function<T, R> {
    @Nullable
    R apply(T t);
}
