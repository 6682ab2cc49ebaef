package java.util;

/** An iterator over a model collection: its position and size. The class is not the JDK's. */
final class SizedIterator<E> implements Iterator<E> {
    private int cursor;
    private final int size;

    SizedIterator(int size) {
        this.size = size;
    }

    public boolean hasNext() {
        return cursor < size;
    }

    @SuppressWarnings("unchecked")
    public E next() {
        if (cursor >= size) {
            throw new NoSuchElementException();
        }
        cursor++;
        return (E) dsd.Intrinsics.anyObject();
    }
}
