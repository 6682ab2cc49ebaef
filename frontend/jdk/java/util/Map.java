package java.util;

/** A map; `of` makes an immutable one that refuses null keys and values. */
public interface Map<K, V> {
    @Nullable
    V get(Object key);

    @Nullable
    V getOrDefault(Object key, V defaultValue);

    @Nullable
    V put(K key, V value);

    @Nullable
    V putIfAbsent(K key, V value);

    @Nullable
    V remove(Object key);

    void putAll(Map<? extends K, ? extends V> m);

    void clear();

    boolean containsKey(Object key);

    int size();

    boolean isEmpty();

    Set<K> keySet();

    Collection<V> values();

    static <K, V> Map<K, V> of() {
        return new ImmutableMap<K, V>();
    }

    static <K, V> Map<K, V> of(K k1, V v1) {
        return new ImmutableMap<K, V>().with(k1, v1);
    }

    static <K, V> Map<K, V> of(K k1, V v1, K k2, V v2) {
        return new ImmutableMap<K, V>().with(k1, v1).with(k2, v2);
    }

    static <K, V> Map<K, V> of(K k1, V v1, K k2, V v2, K k3, V v3) {
        return new ImmutableMap<K, V>().with(k1, v1).with(k2, v2).with(k3, v3);
    }
}
