package java.util;

/** An iterator; the model's collections give one that knows their size. */
public interface Iterator<E> {
    boolean hasNext();

    /**
     * @throws NoSuchElementException if the iteration has no more elements
     */
    E next();
}
