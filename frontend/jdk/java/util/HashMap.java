package java.util;

public class HashMap<K, V> implements Map<K, V> {
    public HashMap() {
    }

    @Nullable
    public native V get(Object key);

    @Nullable
    public native V put(K key, V value);

    public native boolean containsKey(Object key);

    public native int size();

    public native boolean isEmpty();
}
