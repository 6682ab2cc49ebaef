package java.util;

/** A linked list modelled by its size; elements are unknown and may be null. */
public class LinkedList<E> implements List<E>, Deque<E> {
    private int size;

    public LinkedList() {
    }

    public LinkedList(Collection<? extends E> c) {
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
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    public boolean add(E e) {
        size++;
        return true;
    }

    public void add(int index, E element) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        size++;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
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
        return n != 0;
    }

    public void clear() {
        size = 0;
    }

    public E get(int index) {
        checkElementIndex(index);
        return anElement();
    }

    public E set(int index, E element) {
        checkElementIndex(index);
        return anElement();
    }

    public E remove(int index) {
        checkElementIndex(index);
        size--;
        return anElement();
    }

    public List<E> subList(int fromIndex, int toIndex) {
        ArrayList.subListRangeCheck(fromIndex, toIndex, size);
        return ArrayList.view(toIndex - fromIndex);
    }

    public void addFirst(E e) {
        size++;
    }

    public void addLast(E e) {
        size++;
    }

    public boolean offer(E e) {
        size++;
        return true;
    }

    public boolean offerFirst(E e) {
        size++;
        return true;
    }

    public boolean offerLast(E e) {
        size++;
        return true;
    }

    public void push(E e) {
        size++;
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

    /** Some element, possibly null. */
    @SuppressWarnings("unchecked")
    private E anElement() {
        return (E) dsd.Intrinsics.anyObject();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(size);
    }
}
