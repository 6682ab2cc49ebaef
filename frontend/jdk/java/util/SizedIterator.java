package java.util;

/**
 * An iterator over a model collection: its position, its size and the first two elements when
 * the collection knows them. The class is not the JDK's.
 */
final class SizedIterator<E> implements Iterator<E> {
    private int cursor;
    private final int size;

    /** How many leading elements are known: 0, 1 (`first`) or 2 (`first` and `second`). */
    private final int kept;

    private final Object first;
    private final Object second;

    SizedIterator(int size) {
        this(size, 0, null, null);
    }

    SizedIterator(int size, int kept, Object first, Object second) {
        this.size = size;
        this.kept = kept;
        this.first = first;
        this.second = second;
    }

    public boolean hasNext() {
        return cursor < size;
    }

    @SuppressWarnings("unchecked")
    public E next() {
        if (cursor >= size) {
            throw new NoSuchElementException();
        }
        int at = cursor;
        cursor++;
        if (at == 0 && kept > 0) {
            return (E) first;
        }
        if (at == 1 && kept > 1) {
            return (E) second;
        }
        return (E) dsd.Intrinsics.anyObject();
    }
}
