package java.util;

/**
 * An iterator over a model collection: its position, its size, the first two elements when
 * the collection knows them, and whether the others may be null. The class is not the JDK's.
 */
final class SizedIterator<E> implements Iterator<E> {
    private int cursor;
    private final int size;

    /** How many leading elements are known: 0, 1 (`first`) or 2 (`first` and `second`). */
    private final int kept;

    private final Object first;
    private final Object second;

    /** Whether an element not kept may be null. */
    private final boolean nulls;

    /** Over `size` unknown elements, any of which may be null. */
    SizedIterator(int size) {
        this(size, 0, null, null, true);
    }

    SizedIterator(int size, int kept, Object first, Object second, boolean nulls) {
        this.size = size;
        this.kept = kept;
        this.first = first;
        this.second = second;
        this.nulls = nulls;
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
        return (E) dsd.Intrinsics.anyObject(nulls);
    }
}
