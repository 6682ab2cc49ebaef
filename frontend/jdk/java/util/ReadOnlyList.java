package java.util;

/** `Collections.unmodifiableList` and the empty and singleton lists: reads go to the list. */
final class ReadOnlyList<E> extends ReadOnlyCollection<E> implements List<E> {
    final List<? extends E> list;

    ReadOnlyList(List<? extends E> list) {
        super(list);
        this.list = list;
    }

    public E get(int index) {
        return list.get(index);
    }

    /**
     * The empty and singleton lists sort as a no-op; an unmodifiable list throws, which is
     * modelled only where it has something to sort.
     */
    public void sort(Comparator<? super E> c) {
        if (list.size() > 1) {
            throw new UnsupportedOperationException();
        }
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

    public boolean addAll(int index, Collection<? extends E> c) {
        throw new UnsupportedOperationException();
    }

    public List<E> subList(int fromIndex, int toIndex) {
        return new ReadOnlyList<E>(list.subList(fromIndex, toIndex));
    }
}
