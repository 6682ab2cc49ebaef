package java.util;

/**
 * A linked list modelled by its size; elements are unknown, and null only when a null may
 * have been put in.
 */
public class LinkedList<E> implements List<E>, Deque<E> {
    private int size;

    /** Whether an element may be null: one was put in, or the list took unknown elements. */
    private boolean nulls;

    public LinkedList() {
    }

    public LinkedList(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        size = c.size();
        nulls = true;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(Object o) {
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    public boolean add(E e) {
        grow(e);
        return true;
    }

    public void add(int index, E element) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        grow(element);
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        nulls = true;
        return n != 0;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        nulls = true;
        return n != 0;
    }

    public void clear() {
        size = 0;
    }

    /** TimSort's first comparison, of two elements it does not know. */
    public void sort(Comparator<? super E> c) {
        if (size > 1 && c != null) {
            c.compare(anElement(), anElement());
        }
    }

    public E get(int index) {
        checkElementIndex(index);
        return anElement();
    }

    public E set(int index, E element) {
        checkElementIndex(index);
        E old = anElement();
        if (element == null) {
            nulls = true;
        }
        return old;
    }

    public E remove(int index) {
        checkElementIndex(index);
        size--;
        return anElement();
    }

    public List<E> subList(int fromIndex, int toIndex) {
        ArrayList.subListRangeCheck(fromIndex, toIndex, size);
        return ArrayList.view(toIndex - fromIndex, nulls);
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

    /** An index of an element: `0 <= index < size`. */
    private void checkElementIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
    }

    /** The first and last elements exist. */
    private void checkNotEmpty() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
    }

    /** One more element, `e`. */
    private void grow(E e) {
        if (e == null) {
            nulls = true;
        }
        size++;
    }

    /** Some element: null only if one may be. */
    @SuppressWarnings("unchecked")
    private E anElement() {
        return (E) dsd.Intrinsics.anyObject(nulls);
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(size, 0, null, null, nulls);
    }
}
