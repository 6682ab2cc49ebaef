package java.util.function;

/** An action on two values; a lambda's object runs its body. */
public interface BiConsumer<T, U> {
    void accept(T t, U u);
}
