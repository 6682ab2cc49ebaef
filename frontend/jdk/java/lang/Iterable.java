package java.lang;

import java.util.function.Consumer;

/** Something a for-each can walk; `forEach` runs its action on each element. */
public interface Iterable<T> {
    java.util.Iterator<T> iterator();

    default void forEach(Consumer<? super T> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        for (T t : this) {
            action.accept(t);
        }
    }
}
