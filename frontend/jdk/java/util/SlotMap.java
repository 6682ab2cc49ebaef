package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The model's maps: a size and the last four puts; a lookup beyond them is any value. */
abstract class SlotMap<K, V> implements Map<K, V> {
    /** The number of entries, remembered or not. */
    int size;

    /** How many entries are remembered, newest first: 0 to 4 (`key0` to `key3`). */
    int kept;

    /** The newest entry put. */
    Object key0;
    V value0;

    /**
     * Whether the map refuses null keys and values, as a `Hashtable` and a
     * `ConcurrentHashMap` do (a NullPointerException): a field their constructors set, not a
     * method they override, so that a call of `Map.put` on a map of unknown class still
     * inlines one `put`.
     */
    boolean nullFree;

    /** The entry put before it, and so on. */
    Object key1;
    V value1;
    Object key2;
    V value2;
    Object key3;
    V value3;

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
        checkKey(key);
        return lookup(key, null);
    }

    @Nullable
    public V getOrDefault(Object key, V defaultValue) {
        checkKey(key);
        return lookup(key, defaultValue);
    }

    public boolean containsKey(Object key) {
        checkKey(key);
        return has(key);
    }

    @Nullable
    public V put(K key, V value) {
        checkKey(key);
        checkValue(value);
        return store(key, value);
    }

    @Nullable
    public V putIfAbsent(K key, V value) {
        checkKey(key);
        checkValue(value);
        V old = lookup(key, null);
        if (old == null) {
            store(key, value);
        }
        return old;
    }

    @Nullable
    public V remove(Object key) {
        checkKey(key);
        return drop(key);
    }

    @Nullable
    public V replace(K key, V value) {
        checkKey(key);
        checkValue(value);
        return has(key) ? store(key, value) : null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        checkKey(key);
        checkValue(oldValue);
        checkValue(newValue);
        if (has(key) && dsd.Intrinsics.equal(lookup(key, null), oldValue)) {
            store(key, newValue);
            return true;
        }
        return false;
    }

    @Nullable
    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (mappingFunction == null) {
            throw new NullPointerException();
        }
        if (size != 0 || nullFree) {
            checkKey(key);
        }
        V old = lookup(key, null);
        if (old != null) {
            return old;
        }
        V value = mappingFunction.apply(key);
        if (value != null) {
            checkKey(key);
            store(key, value);
        }
        return value;
    }

    @Nullable
    public V computeIfPresent(
            K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        checkKey(key);
        V old = lookup(key, null);
        if (old == null) {
            return null;
        }
        V value = remappingFunction.apply(key, old);
        if (value == null) {
            drop(key);
        } else {
            store(key, value);
        }
        return value;
    }

    @Nullable
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        if (size != 0 || nullFree) {
            checkKey(key);
        }
        V old = lookup(key, null);
        V value = remappingFunction.apply(key, old);
        if (value == null) {
            drop(key);
        } else {
            checkKey(key);
            store(key, value);
        }
        return value;
    }

    @Nullable
    public V merge(
            K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (value == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        if (size != 0 || nullFree) {
            checkKey(key);
        }
        V old = lookup(key, null);
        V merged = old == null ? value : remappingFunction.apply(old, value);
        if (merged == null) {
            drop(key);
        } else {
            checkKey(key);
            store(key, merged);
        }
        return merged;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        for (Map.Entry<K, V> e : entrySet()) {
            action.accept(e.getKey(), e.getValue());
        }
    }

    /** Refuses a key the map cannot take: a null one of a map that is [`nullFree`]. */
    void checkKey(Object key) {
        if (key == null && nullFree) {
            throw new NullPointerException();
        }
    }

    /** Refuses a null value of a map that is [`nullFree`]. */
    private void checkValue(Object value) {
        if (value == null && nullFree) {
            throw new NullPointerException();
        }
    }

    /** The value of `key`, or `absent` while the map holds nothing else. */
    @Nullable
    private V lookup(Object key, V absent) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            return value0;
        }
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            return value1;
        }
        if (kept > 2 && dsd.Intrinsics.equal(key, key2)) {
            return value2;
        }
        if (kept > 3 && dsd.Intrinsics.equal(key, key3)) {
            return value3;
        }
        return size > kept ? anyValue() : absent;
    }

    /**
     * Whether `key` has an entry. `Map.of` and `Set.of` call this and `store` directly: vcgen
     * inlines at most three nested frames of the model, and a field holding a map is of
     * unknown class to it.
     */
    boolean has(Object key) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            return true;
        }
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            return true;
        }
        if (kept > 2 && dsd.Intrinsics.equal(key, key2)) {
            return true;
        }
        if (kept > 3 && dsd.Intrinsics.equal(key, key3)) {
            return true;
        }
        return size > kept && dsd.Intrinsics.anyBoolean();
    }

    /**
     * Puts an entry, remembered as the newest; returns the value it replaced. The entries
     * put before it move one slot down to the slot of the key's old entry, or out of the
     * last slot when the key is new.
     */
    @Nullable
    V store(Object key, V value) {
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            V old = value0;
            value0 = value;
            return old;
        }
        V old = null;
        if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            old = value1;
        } else if (kept > 2 && dsd.Intrinsics.equal(key, key2)) {
            old = value2;
            key2 = key1;
            value2 = value1;
        } else if (kept > 3 && dsd.Intrinsics.equal(key, key3)) {
            old = value3;
            key3 = key2;
            value3 = value2;
            key2 = key1;
            value2 = value1;
        } else {
            if (size > kept && dsd.Intrinsics.anyBoolean()) {
                old = anyValue();
            } else {
                size++;
            }
            if (kept < 4) {
                kept++;
            }
            key3 = key2;
            value3 = value2;
            key2 = key1;
            value2 = value1;
        }
        key1 = key0;
        value1 = value0;
        key0 = key;
        value0 = value;
        return old;
    }

    /**
     * Removes the entry of `key`, if any; returns its value. The entries put before it move
     * one slot up.
     */
    @Nullable
    private V drop(Object key) {
        V old = null;
        if (kept > 0 && dsd.Intrinsics.equal(key, key0)) {
            old = value0;
            key0 = key1;
            value0 = value1;
            key1 = key2;
            value1 = value2;
            key2 = key3;
            value2 = value3;
        } else if (kept > 1 && dsd.Intrinsics.equal(key, key1)) {
            old = value1;
            key1 = key2;
            value1 = value2;
            key2 = key3;
            value2 = value3;
        } else if (kept > 2 && dsd.Intrinsics.equal(key, key2)) {
            old = value2;
            key2 = key3;
            value2 = value3;
        } else if (kept > 3 && dsd.Intrinsics.equal(key, key3)) {
            old = value3;
        } else {
            if (size > kept && dsd.Intrinsics.anyBoolean()) {
                size--;
                return anyValue();
            }
            return null;
        }
        kept--;
        size--;
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
        return new KeyView<K>(this, false, false);
    }

    public Collection<V> values() {
        return new KeyView<V>(this, false, true);
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new EntryView<K, V>(this, false);
    }

    /** Forgets every entry; there are more than before when `grow`, else no more. */
    void forget(boolean grow) {
        int n = dsd.Intrinsics.anyInt();
        if (grow ? n > size : n >= 0 && n < size) {
            size = n;
        }
        kept = 0;
    }

    /** A value was set through an entry: the remembered values are forgotten, the size stays. */
    void entryChanged() {
        kept = 0;
    }

    /** Some value of an entry the model does not remember, possibly null. */
    @SuppressWarnings("unchecked")
    private V anyValue() {
        return (V) dsd.Intrinsics.forgotten();
    }
}
