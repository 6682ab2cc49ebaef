package java.util;

/** The model's maps: a size and the last two puts; a lookup beyond them is any value. */
abstract class SlotMap<K, V> implements Map<K, V> {
    /** The number of entries, remembered or not. */
    int size;

    /** How many entries are remembered: 0, 1 (`key0`) or 2 (`key0` and `key1`). */
    int kept;

    /** The newest entry put. */
    Object key0;
    V value0;

    /** The entry put before it. */
    Object key1;
    V value1;

    SlotMap() {
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    @Nullable
    public V get(Object key) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            return value0;
        }
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            return value1;
        }
        return size > kept ? anyValue() : null;
    }

    @Nullable
    public V getOrDefault(Object key, V defaultValue) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            return value0;
        }
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            return value1;
        }
        return size > kept ? anyValue() : defaultValue;
    }

    public boolean containsKey(Object key) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            return true;
        }
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            return true;
        }
        return size > kept && dsd.Intrinsics.anyBoolean();
    }

    @Nullable
    public V put(K key, V value) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            V old = value0;
            value0 = value;
            return old;
        }
        V old = null;
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            old = value1;
        } else if (size > kept && dsd.Intrinsics.anyBoolean()) {
            old = anyValue();
        } else {
            size++;
        }
        if (kept < 2) {
            kept++;
        }
        key1 = key0;
        value1 = value0;
        key0 = key;
        value0 = value;
        return old;
    }

    @Nullable
    public V putIfAbsent(K key, V value) {
        V old = get(key);
        if (old == null) {
            put(key, value);
        }
        return old;
    }

    @Nullable
    public V remove(Object key) {
        V old = null;
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            old = value0;
            key0 = key1;
            value0 = value1;
            kept--;
            size--;
        } else if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            old = value1;
            kept = 1;
            size--;
        } else if (size > kept && dsd.Intrinsics.anyBoolean()) {
            old = anyValue();
            size--;
        }
        return old;
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        if (m.size() != 0) {
            forget(true);
        }
    }

    public void clear() {
        size = 0;
        kept = 0;
    }

    public Set<K> keySet() {
        return new KeyView<K>(this);
    }

    public Collection<V> values() {
        return new KeyView<V>(this);
    }

    /** Forgets every entry; there are more than before when `grow`, else no more. */
    void forget(boolean grow) {
        int n = dsd.Intrinsics.anyInt();
        if (grow ? n > size : n >= 0 && n < size) {
            size = n;
        }
        kept = 0;
    }

    /** Some value of an entry the model does not remember, possibly null. */
    @SuppressWarnings("unchecked")
    private V anyValue() {
        return (V) dsd.Intrinsics.anyObject();
    }
}
