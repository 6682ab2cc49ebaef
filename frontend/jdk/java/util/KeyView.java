package java.util;

/**
 * The key set or values of a model map: its size, and its one element when the map
 * remembers its only entry; adding throws. Not the JDK's class.
 */
final class KeyView<E> implements Set<E> {
    private final SlotMap<?, ?> map;

    /** The map is a `Map.of`: removing an element it holds throws, and so does `clear`. */
    private final boolean frozen;

    /** The view is of the values, not of the keys. */
    private final boolean values;

    KeyView(SlotMap<?, ?> map, boolean frozen, boolean values) {
        this.map = map;
        this.frozen = frozen;
        this.values = values;
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

    /** The order of more than one element is the JDK's hashing: those are not known. */
    public Iterator<E> iterator() {
        if (map.size == 1 && map.kept == 1) {
            return new SizedIterator<E>(1, 1, values ? map.value0 : map.key0, null, false);
        }
        return new SizedIterator<E>(map.size, 0, null, null, !map.nullFree);
    }
}
