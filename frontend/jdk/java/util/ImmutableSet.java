package java.util;

/** `Set.of` and `Set.copyOf`: null and duplicate elements refused, changes throw. Not the JDK's. */
final class ImmutableSet<E> implements Set<E> {
    /** The elements, as the keys of a `Map.of`. */
    private final ImmutableMap<E, Object> map;

    /** An empty set, or one of `size` unknown elements. */
    ImmutableSet(int size) {
        map = new ImmutableMap<E, Object>(true);
        map.size = size;
    }

    /**
     * Adds an element of `Set.of`: null is refused, and an element equal to an earlier one,
     * `a` or `b` (null when there is none), as `Map.of` refuses keys.
     */
    ImmutableSet<E> with(E e, Object a, Object b) {
        if (e == null) {
            throw new NullPointerException();
        }
        ImmutableMap.refuseEqual(e, a, b);
        map.store(e, this);
        return this;
    }

    /** Keeps some of the unknown elements, at least one of them, as dropping duplicates does. */
    void dropDuplicates() {
        int n = dsd.Intrinsics.anyInt();
        if (n > 0 && n < map.size) {
            map.size = n;
        }
    }

    public int size() {
        return map.size;
    }

    public boolean isEmpty() {
        return map.size == 0;
    }

    public boolean contains(Object o) {
        if (o == null) {
            throw new NullPointerException();
        }
        return map.has(o);
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends E> c) {
        throw new UnsupportedOperationException();
    }

    public boolean remove(Object o) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(map.size);
    }
}
