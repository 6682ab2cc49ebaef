package java.util;

public interface Map<K, V> {
    @Nullable
    V get(Object key);

    @Nullable
    V put(K key, V value);

    boolean containsKey(Object key);

    int size();

    boolean isEmpty();
}
