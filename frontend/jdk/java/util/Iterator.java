package java.util;

/** An iterator; the model's collections give one that knows their size. */
public interface Iterator<E> {
    boolean hasNext();

    E next();
}
