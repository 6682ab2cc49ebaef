package java.util;

/** `Map.of` and `Collections.emptyMap`: changes throw. The class is not the JDK's. */
final class ImmutableMap<K, V> extends SlotMap<K, V> {
    ImmutableMap() {
    }

    /** Adds an entry of `Map.of`: null keys and values and duplicate keys are refused. */
    ImmutableMap<K, V> with(K key, V value) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        if (containsKey(key)) {
            throw new IllegalArgumentException();
        }
        super.put(key, value);
        return this;
    }

    public V put(K key, V value) {
        throw new UnsupportedOperationException();
    }

    public V putIfAbsent(K key, V value) {
        throw new UnsupportedOperationException();
    }

    public V remove(Object key) {
        throw new UnsupportedOperationException();
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }
}
