package java.util;

/** `Collections.unmodifiableMap`: reads go to the map, changes throw. */
final class ReadOnlyMap<K, V> implements Map<K, V> {
    private final Map<? extends K, ? extends V> m;

    ReadOnlyMap(Map<? extends K, ? extends V> m) {
        if (m == null) {
            throw new NullPointerException();
        }
        this.m = m;
    }

    public int size() {
        return m.size();
    }

    public boolean isEmpty() {
        return m.isEmpty();
    }

    public boolean containsKey(Object key) {
        return m.containsKey(key);
    }

    @Nullable
    public V get(Object key) {
        return m.get(key);
    }

    @Nullable
    @SuppressWarnings("unchecked")
    public V getOrDefault(Object key, V defaultValue) {
        return ((Map<K, V>) m).getOrDefault(key, defaultValue);
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

    public void putAll(Map<? extends K, ? extends V> map) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }

    @SuppressWarnings("unchecked")
    public Set<K> keySet() {
        return new ReadOnlySet<K>((Set<K>) m.keySet());
    }

    @SuppressWarnings("unchecked")
    public Collection<V> values() {
        return new ReadOnlyCollection<V>((Collection<V>) m.values());
    }
}
