package java.util;

/** The key set or values of a model map: its size; adding throws. The class is not the JDK's. */
final class KeyView<E> implements Set<E> {
    private final SlotMap<?, ?> map;

    KeyView(SlotMap<?, ?> map) {
        this.map = map;
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
        map.forget(false);
        return dsd.Intrinsics.anyBoolean();
    }

    public void clear() {
        map.clear();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(map.size);
    }
}
