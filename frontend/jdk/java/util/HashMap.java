package java.util;

/** A map modelled by its size; lookups may miss. */
public class HashMap<K, V> implements Map<K, V> {
    private int size;

    public HashMap() {
    }

    public HashMap(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public HashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0 || !(loadFactor > 0)) {
            throw new IllegalArgumentException();
        }
    }

    public HashMap(Map<? extends K, ? extends V> m) {
        size = m.size();
    }

    @Nullable
    public native V get(Object key);

    @Nullable
    public V put(K key, V value) {
        size++;
        return null;
    }

    public boolean containsKey(Object key) {
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }
}
