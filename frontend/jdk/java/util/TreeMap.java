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

    // The navigation methods give an entry the map holds, or null: none lies on that side
    // of the key (always when the map is empty). Which entry, and whether one lies there, is
    // the solver's choice; a key is checked as a lookup checks it.

    public Map.Entry<K, V> floorEntry(K key) {
        return near(key);
    }

    public Map.Entry<K, V> ceilingEntry(K key) {
        return near(key);
    }

    public Map.Entry<K, V> lowerEntry(K key) {
        return near(key);
    }

    public Map.Entry<K, V> higherEntry(K key) {
        return near(key);
    }

    public K floorKey(K key) {
        return keyOf(near(key));
    }

    public K ceilingKey(K key) {
        return keyOf(near(key));
    }

    public K lowerKey(K key) {
        return keyOf(near(key));
    }

    public K higherKey(K key) {
        return keyOf(near(key));
    }

    public Map.Entry<K, V> firstEntry() {
        return size == 0 ? null : anEntry();
    }

    public Map.Entry<K, V> lastEntry() {
        return size == 0 ? null : anEntry();
    }

    /** An entry on one side of `key`, or null. */
    private Map.Entry<K, V> near(K key) {
        if (size > 0) {
            checkKey(key);
        }
        if (size == 0 || dsd.Intrinsics.anyBoolean()) {
            return null;
        }
        return anEntry();
    }

    /** One of the entries of a map that is not empty: a remembered one while it remembers all. */
    private Map.Entry<K, V> anEntry() {
        if (size == kept && (kept == 1 || kept == 2 && dsd.Intrinsics.anyBoolean())) {
            return new SlotEntry<K, V>(this, false, key0, value0);
        }
        if (size == kept && kept == 2) {
            return new SlotEntry<K, V>(this, false, key1, value1);
        }
        return new SlotEntry<K, V>(this, false, dsd.Intrinsics.anyObject(), dsd.Intrinsics.anyObject());
    }

    private K keyOf(Map.Entry<K, V> entry) {
        return entry == null ? null : entry.getKey();
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
