package java.util;

/** A hash table: a null key throws NullPointerException, even to look up, and so does a null value put. */
public class Hashtable<K, V> extends SlotMap<K, V> {
    public Hashtable() {
    }

    public Hashtable(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public Hashtable(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0 || !(loadFactor > 0)) {
            throw new IllegalArgumentException();
        }
    }

    public Hashtable(Map<? extends K, ? extends V> m) {
        size = m.size();
    }

    /** A null key has no hash code. */
    void checkKey(Object key) {
        if (key == null) {
            throw new NullPointerException();
        }
    }

    boolean refusesNull() {
        return true;
    }

    @Nullable
    public V put(K key, V value) {
        if (value == null) {
            throw new NullPointerException();
        }
        checkKey(key);
        return store(key, value);
    }
}
