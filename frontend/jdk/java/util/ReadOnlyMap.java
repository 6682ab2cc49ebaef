package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

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

    public V replace(K key, V value) {
        throw new UnsupportedOperationException();
    }

    public boolean replace(K key, V oldValue, V newValue) {
        throw new UnsupportedOperationException();
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        throw new UnsupportedOperationException();
    }

    public V computeIfPresent(
            K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        throw new UnsupportedOperationException();
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        throw new UnsupportedOperationException();
    }

    public V merge(
            K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        throw new UnsupportedOperationException();
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        m.forEach(action);
    }

    @SuppressWarnings("unchecked")
    public Set<K> keySet() {
        return new ReadOnlySet<K>((Set<K>) m.keySet());
    }

    @SuppressWarnings("unchecked")
    public Collection<V> values() {
        return new ReadOnlyCollection<V>((Collection<V>) m.values());
    }

    @SuppressWarnings("unchecked")
    public Set<Map.Entry<K, V>> entrySet() {
        return new ReadOnlySet<Map.Entry<K, V>>((Set<Map.Entry<K, V>>) (Set<?>) m.entrySet());
    }
}
