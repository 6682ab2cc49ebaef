package java.util;

public interface Collection<E> extends Iterable<E> {
    int size();

    boolean isEmpty();

    boolean add(E e);

    boolean contains(Object o);
}
