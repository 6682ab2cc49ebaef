package java.util;

/** The model's sets: the keys of a model map, as a JDK 17 `HashSet` holds a `HashMap`. */
abstract class SlotSet<E> implements Set<E> {
    SlotMap<E, Object> map;

    public int size() {
        return map.size;
    }

    public boolean isEmpty() {
        return map.size == 0;
    }

    public boolean contains(Object o) {
        return map.containsKey(o);
    }

    public boolean add(E e) {
        return map.put(e, this) == null;
    }

    public boolean remove(Object o) {
        return map.remove(o) != null;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c.size() == 0) {
            return false;
        }
        map.forget(true);
        return dsd.Intrinsics.anyBoolean();
    }

    public void clear() {
        map.clear();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(map.size);
    }
}
