package java.util;

/**
 * A hash table: it never holds a null key or value. Each constructor makes the map
 * [`SlotMap::nullFree`], so that `put`, `get` and the like refuse a null key or value with a
 * NullPointerException, as the JDK's do.
 */
public class Hashtable<K, V> extends SlotMap<K, V> {
    public Hashtable() {
        nullFree = true;
    }

    public Hashtable(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
        nullFree = true;
    }

    public Hashtable(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0 || !(loadFactor > 0)) {
            throw new IllegalArgumentException();
        }
        nullFree = true;
    }

    public Hashtable(Map<? extends K, ? extends V> m) {
        size = m.size();
        nullFree = true;
    }
}
