package java.util;

/** A double-ended queue; its implementations in the model follow their size only. */
public interface Deque<E> extends Queue<E> {
    void addFirst(E e);

    void addLast(E e);

    boolean offerFirst(E e);

    boolean offerLast(E e);

    E removeFirst();

    E removeLast();

    E getFirst();

    E getLast();

    @Nullable
    E pollFirst();

    @Nullable
    E pollLast();

    @Nullable
    E peekFirst();

    @Nullable
    E peekLast();

    void push(E e);

    E pop();
}
