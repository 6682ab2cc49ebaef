package java.util;

/**
 * An iterator over a model map's entries. While the map remembers every entry it gives
 * those, in either order; otherwise entries of unknown keys and values. Not the JDK's class.
 */
final class EntryIterator<K, V> implements Iterator<Map.Entry<K, V>> {
    private final SlotMap<K, V> map;
    private final boolean frozen;
    private int cursor;

    /** The remembered entries come newest first, or oldest first. */
    private final boolean newestFirst;

    EntryIterator(SlotMap<K, V> map, boolean frozen) {
        this.map = map;
        this.frozen = frozen;
        newestFirst = dsd.Intrinsics.anyBoolean();
    }

    public boolean hasNext() {
        return cursor < map.size;
    }

    public Map.Entry<K, V> next() {
        if (cursor >= map.size) {
            throw new NoSuchElementException();
        }
        int i = cursor;
        cursor++;
        if (map.size != map.kept) {
            Object key = dsd.Intrinsics.anyObject();
            return new SlotEntry<K, V>(map, frozen, key, dsd.Intrinsics.anyObject());
        }
        int slot = newestFirst ? i : map.kept - 1 - i;
        if (slot == 0) {
            return new SlotEntry<K, V>(map, frozen, map.key0, map.value0);
        }
        if (slot == 1) {
            return new SlotEntry<K, V>(map, frozen, map.key1, map.value1);
        }
        if (slot == 2) {
            return new SlotEntry<K, V>(map, frozen, map.key2, map.value2);
        }
        return new SlotEntry<K, V>(map, frozen, map.key3, map.value3);
    }
}
