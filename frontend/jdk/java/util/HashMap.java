package java.util;

/** A hash map: null keys and values are taken. */
public class HashMap<K, V> extends SlotMap<K, V> {
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
}
