package java.util;

/** An entry of a model map; setting its value writes the map's. Not the JDK's class. */
final class SlotEntry<K, V> implements Map.Entry<K, V> {
    private final SlotMap<K, V> map;

    /** The entry of an immutable map: `setValue` throws. */
    private final boolean frozen;
    private final Object key;
    private Object value;

    SlotEntry(SlotMap<K, V> map, boolean frozen, Object key, Object value) {
        this.map = map;
        this.frozen = frozen;
        this.key = key;
        this.value = value;
    }

    @SuppressWarnings("unchecked")
    public K getKey() {
        return (K) key;
    }

    @SuppressWarnings("unchecked")
    public V getValue() {
        return (V) value;
    }

    @SuppressWarnings("unchecked")
    public V setValue(V v) {
        if (frozen) {
            throw new UnsupportedOperationException();
        }
        map.entryChanged();
        Object old = value;
        value = v;
        return (V) old;
    }
}
