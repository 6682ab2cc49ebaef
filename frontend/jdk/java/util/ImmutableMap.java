package java.util;

import java.util.function.BiFunction;
import java.util.function.Function;

/** `Map.of` and `Collections.emptyMap`: changes throw. The class is not the JDK's. */
final class ImmutableMap<K, V> extends SlotMap<K, V> {
    /** `Map.of`'s: a null key is refused by lookups too, its keys and values refuse changes. */
    private final boolean refusesNull;

    ImmutableMap(boolean refusesNull) {
        this.refusesNull = refusesNull;
    }

    /**
     * Adds an entry of `Map.of`: null keys and values are refused, and a key equal to an
     * earlier one, `a` or `b` (null when there is none).
     */
    ImmutableMap<K, V> with(K key, V value, Object a, Object b) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        refuseEqual(key, a, b);
        store(key, value);
        return this;
    }

    /**
     * Refuses a key of `Map.of` (or an element of `Set.of`) equal to an earlier one, `a` or
     * `b`, null when there is none. The earlier ones are the factory's arguments, so that two
     * different string literals are known to differ.
     */
    static void refuseEqual(Object key, Object a, Object b) {
        boolean equal = a != null && dsd.Intrinsics.equal(key, a);
        if (equal || b != null && dsd.Intrinsics.equal(key, b)) {
            throw new IllegalArgumentException();
        }
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

    void checkKey(Object key) {
        if (key == null && refusesNull) {
            throw new NullPointerException();
        }
    }

    public Set<K> keySet() {
        return new KeyView<K>(this, refusesNull, false);
    }

    public Collection<V> values() {
        return new KeyView<V>(this, refusesNull, true);
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new EntryView<K, V>(this, true);
    }
}
