package java.util;

/** A collection; the model's implementations follow its size only. */
public interface Collection<E> extends Iterable<E> {
    int size();

    boolean isEmpty();

    boolean add(E e);

    boolean addAll(Collection<? extends E> c);

    void clear();

    boolean contains(Object o);
}
