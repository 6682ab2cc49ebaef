package java.util;

/** A queue; `remove()` and `element()` throw on an empty one, `poll()` and `peek()` return null. */
public interface Queue<E> extends Collection<E> {
    boolean offer(E e);

    E remove();

    E element();

    @Nullable
    E poll();

    @Nullable
    E peek();
}
