package java.util.function;

/** A supplier; a lambda's object runs its body, any other may return anything. */
public interface Supplier<T> {
    @Nullable
    T get();
}
