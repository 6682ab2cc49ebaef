package java.util;

/** A sorted map: in natural order a null key is refused, even to look up; firstKey needs a key. */
public class TreeMap<K, V> extends SlotMap<K, V> {
    /** Keys compare by their natural order: a null key throws NullPointerException. */
    private boolean natural;

    public TreeMap() {
        natural = true;
    }

    public TreeMap(Comparator<? super K> comparator) {
        natural = comparator == null;
    }

    public TreeMap(Map<? extends K, ? extends V> m) {
        size = m.size();
        natural = true;
    }

    /** A null key cannot be compared in natural order. */
    void checkKey(Object key) {
        if (key == null && natural) {
            throw new NullPointerException();
        }
    }

    public K firstKey() {
        return aKey();
    }

    public K lastKey() {
        return aKey();
    }

    /** A key of a map that is not empty. */
    @SuppressWarnings("unchecked")
    private K aKey() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        return (K) dsd.Intrinsics.anyObject();
    }
}
