package java.util.function;

/** An action on one value; a lambda's object runs its body. */
public interface Consumer<T> {
    void accept(T t);
}
