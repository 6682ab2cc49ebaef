package java.util;

/**
 * A hash table: it never holds a null key or value. The JDK's refuses them (a
 * NullPointerException in `put`, `get` and the like); the model does not yet, since its
 * checks, one more implementation of `put` beside `SlotMap`'s, made every call of `Map.put`
 * on a map of a class outside the model (a `Collections.synchronizedMap`) run them.
 */
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

    boolean refusesNull() {
        return true;
    }
}
