package java.util;

/** The entry set of a model map: its size and its remembered entries. Not the JDK's class. */
final class EntryView<K, V> implements Set<Map.Entry<K, V>> {
    private final SlotMap<K, V> map;

    /** The map is immutable: a change throws, as do its entries' `setValue`. */
    private final boolean frozen;

    EntryView(SlotMap<K, V> map, boolean frozen) {
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

    public boolean add(Map.Entry<K, V> e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends Map.Entry<K, V>> c) {
        throw new UnsupportedOperationException();
    }

    public boolean remove(Object o) {
        refuseChange();
        map.forget(false);
        return dsd.Intrinsics.anyBoolean();
    }

    public void clear() {
        refuseChange();
        map.clear();
    }

    public Iterator<Map.Entry<K, V>> iterator() {
        return new EntryIterator<K, V>(map, frozen);
    }

    /** An immutable map's entry set refuses a change unless it is empty. */
    private void refuseChange() {
        if (frozen && map.size != 0) {
            throw new UnsupportedOperationException();
        }
    }
}
