package java.util;

/**
 * `List.of` and `List.copyOf`: its size and, from `of`'s fixed arities, its elements; changes
 * throw. Not the JDK's class.
 */
final class ImmutableList<E> implements List<E> {
    /** The elements, or null when only their number is known. */
    private final Object[] elements;
    private final int size;

    /** A bad index throws IndexOutOfBoundsException, else ArrayIndexOutOfBoundsException. */
    private final boolean checked;

    /** A list of these elements, none null. */
    ImmutableList(Object[] elements) {
        this.elements = elements;
        size = elements.length;
        checked = size == 1 || size == 2;
    }

    /** A list of `size` unknown elements; `checked` as the field says. */
    ImmutableList(int size, boolean checked) {
        elements = null;
        this.size = size;
        this.checked = checked;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(Object o) {
        if (o == null) {
            throw new NullPointerException();
        }
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        if (index < 0 || index >= size) {
            if (checked) {
                throw new IndexOutOfBoundsException();
            }
            throw new ArrayIndexOutOfBoundsException();
        }
        if (elements == null) {
            return (E) dsd.Intrinsics.anyObject();
        }
        return (E) elements[index];
    }

    public void sort(Comparator<? super E> c) {
        throw new UnsupportedOperationException();
    }

    public E set(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public E remove(int index) {
        throw new UnsupportedOperationException();
    }

    public void add(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends E> c) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }

    public List<E> subList(int fromIndex, int toIndex) {
        if (fromIndex < 0 || toIndex > size) {
            throw new IndexOutOfBoundsException();
        }
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException();
        }
        return new ImmutableList<E>(toIndex - fromIndex, true);
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(size);
    }
}
