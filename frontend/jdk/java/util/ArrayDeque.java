package java.util;

/** A deque modelled by its size; elements are unknown but never null, which it refuses. */
public class ArrayDeque<E> implements Deque<E> {
    private int size;

    public ArrayDeque() {
    }

    public ArrayDeque(int numElements) {
    }

    public ArrayDeque(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        size = c.size();
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(Object o) {
        return size > 0 && o != null && dsd.Intrinsics.anyBoolean();
    }

    public boolean add(E e) {
        grow(e);
        return true;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        return n != 0;
    }

    public void clear() {
        size = 0;
    }

    public void addFirst(E e) {
        grow(e);
    }

    public void addLast(E e) {
        grow(e);
    }

    public boolean offer(E e) {
        grow(e);
        return true;
    }

    public boolean offerFirst(E e) {
        grow(e);
        return true;
    }

    public boolean offerLast(E e) {
        grow(e);
        return true;
    }

    public void push(E e) {
        grow(e);
    }

    public E getFirst() {
        checkNotEmpty();
        return anElement();
    }

    public E getLast() {
        checkNotEmpty();
        return anElement();
    }

    public E element() {
        checkNotEmpty();
        return anElement();
    }

    public E removeFirst() {
        checkNotEmpty();
        size--;
        return anElement();
    }

    public E removeLast() {
        checkNotEmpty();
        size--;
        return anElement();
    }

    public E remove() {
        checkNotEmpty();
        size--;
        return anElement();
    }

    public E pop() {
        checkNotEmpty();
        size--;
        return anElement();
    }

    @Nullable
    public E peek() {
        return size == 0 ? null : anElement();
    }

    @Nullable
    public E peekFirst() {
        return size == 0 ? null : anElement();
    }

    @Nullable
    public E peekLast() {
        return size == 0 ? null : anElement();
    }

    @Nullable
    public E poll() {
        if (size == 0) {
            return null;
        }
        size--;
        return anElement();
    }

    @Nullable
    public E pollFirst() {
        if (size == 0) {
            return null;
        }
        size--;
        return anElement();
    }

    @Nullable
    public E pollLast() {
        if (size == 0) {
            return null;
        }
        size--;
        return anElement();
    }

    /** Adds one element; null is refused. */
    private void grow(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        size++;
    }

    /** The first and last elements exist. */
    private void checkNotEmpty() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
    }

    /** Some element: never null. */
    private native E anElement();

    public Iterator<E> iterator() {
        return new SizedIterator<E>(size);
    }
}
