package java.util;

/** A queue; `remove()` and `element()` throw on an empty one, `poll()` and `peek()` return null. */
public interface Queue<E> extends Collection<E> {
    /**
     * @throws ClassCastException if the element's class prevents it from being added
     * @throws NullPointerException if the element is null and the queue permits none
     * @throws IllegalArgumentException if a property of the element prevents it from being added
     */
    boolean offer(E e);

    /**
     * @throws NoSuchElementException if the queue is empty
     */
    E remove();

    /**
     * @throws NoSuchElementException if the queue is empty
     */
    E element();

    @Nullable
    E poll();

    @Nullable
    E peek();
}
