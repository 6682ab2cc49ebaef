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

    /** Adds an element of `Set.of`: null and one equal to an element already in are refused. */
    ImmutableSet<E> with(E e) {
        map.with(e, this);
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
        return map.containsKey(o);
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
