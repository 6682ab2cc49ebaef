package java.util.concurrent;

import java.util.Map;

/**
 * A hash table for concurrent use: as a `Hashtable`, it never holds a null key or value, and
 * `get`, `put`, `containsKey`, `remove` and the like refuse one with a NullPointerException.
 */
public class ConcurrentHashMap<K, V> extends java.util.SlotMap<K, V> implements ConcurrentMap<K, V> {
    public ConcurrentHashMap() {
        nullFree = true;
    }

    public ConcurrentHashMap(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
        nullFree = true;
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0 || !(loadFactor > 0)) {
            throw new IllegalArgumentException();
        }
        nullFree = true;
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor, int concurrencyLevel) {
        if (initialCapacity < 0 || !(loadFactor > 0) || concurrencyLevel <= 0) {
            throw new IllegalArgumentException();
        }
        nullFree = true;
    }

    public ConcurrentHashMap(Map<? extends K, ? extends V> m) {
        size = m.size();
        nullFree = true;
    }

    /** The number of entries, as a `long`. */
    public long mappingCount() {
        return size;
    }
}
