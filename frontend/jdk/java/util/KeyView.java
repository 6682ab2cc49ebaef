package java.util;

/** The key set or values of a model map: its size; adding throws. Not the JDK's class. */
final class KeyView<E> implements Set<E> {
    private final SlotMap<?, ?> map;

    /** The map is a `Map.of`: removing an element it holds throws, and so does `clear`. */
    private final boolean frozen;

    KeyView(SlotMap<?, ?> map, boolean frozen) {
        this.map = map;
        this.frozen = frozen;
    }

    public int size() {
        return map.size;
    }

    public boolean isEmpty() {
        return map.size == 0;
    }

    public boolean contains(Object o) {
        return map.size > 0 && dsd.Intrinsics.anyBoolean();
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends E> c) {
        throw new UnsupportedOperationException();
    }

    public boolean remove(Object o) {
        if (frozen) {
            if (o != null && contains(o)) {
                throw new UnsupportedOperationException();
            }
            return false;
        }
        map.forget(false);
        return dsd.Intrinsics.anyBoolean();
    }

    public void clear() {
        if (frozen) {
            throw new UnsupportedOperationException();
        }
        map.clear();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(map.size);
    }
}
