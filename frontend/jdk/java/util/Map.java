package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/** A map; `of` makes an immutable one that refuses null keys and values. */
public interface Map<K, V> {
    /** A key and its value, as a map's entry set holds them. */
    interface Entry<K, V> {
        K getKey();

        V getValue();

        V setValue(V value);
    }

    /**
     * @throws ClassCastException if the key is of an inappropriate type for the map
     * @throws NullPointerException if the key is null and the map permits no null keys
     */
    @Nullable
    V get(Object key);

    @Nullable
    V getOrDefault(Object key, V defaultValue);

    /**
     * @throws UnsupportedOperationException if the map does not support it
     * @throws ClassCastException if the class of the key or value prevents it from being stored
     * @throws NullPointerException if the key or value is null and the map permits no null keys or values
     * @throws IllegalArgumentException if a property of the key or value prevents it from being stored
     */
    @Nullable
    V put(K key, V value);

    @Nullable
    V putIfAbsent(K key, V value);

    /**
     * @throws UnsupportedOperationException if the map does not support it
     * @throws ClassCastException if the key is of an inappropriate type for the map
     * @throws NullPointerException if the key is null and the map permits no null keys
     */
    @Nullable
    V remove(Object key);

    /**
     * @throws UnsupportedOperationException if the map does not support it
     * @throws ClassCastException if the class of a key or value prevents it from being stored
     * @throws NullPointerException if the map given is null, or holds null keys or values the map permits none of
     * @throws IllegalArgumentException if a property of a key or value prevents it from being stored
     */
    void putAll(Map<? extends K, ? extends V> m);

    /**
     * @throws UnsupportedOperationException if the map does not support it
     */
    void clear();

    /**
     * @throws ClassCastException if the key is of an inappropriate type for the map
     * @throws NullPointerException if the key is null and the map permits no null keys
     */
    boolean containsKey(Object key);

    int size();

    boolean isEmpty();

    Set<K> keySet();

    Collection<V> values();

    Set<Map.Entry<K, V>> entrySet();

    @Nullable
    V replace(K key, V value);

    boolean replace(K key, V oldValue, V newValue);

    @Nullable
    V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction);

    @Nullable
    V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction);

    @Nullable
    V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction);

    @Nullable
    V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction);

    void forEach(BiConsumer<? super K, ? super V> action);

    static <K, V> Map<K, V> of() {
        return new ImmutableMap<K, V>(true);
    }

    static <K, V> Map<K, V> of(K k1, V v1) {
        return new ImmutableMap<K, V>(true).with(k1, v1, null, null);
    }

    static <K, V> Map<K, V> of(K k1, V v1, K k2, V v2) {
        return new ImmutableMap<K, V>(true).with(k1, v1, null, null).with(k2, v2, k1, null);
    }

    static <K, V> Map<K, V> of(K k1, V v1, K k2, V v2, K k3, V v3) {
        return new ImmutableMap<K, V>(true)
                .with(k1, v1, null, null)
                .with(k2, v2, k1, null)
                .with(k3, v3, k1, k2);
    }
}
