package java.util;

/** A hash set: null is an element like any other. */
public class HashSet<E> extends SlotSet<E> {
    public HashSet() {
        map = new HashMap<E, Object>();
    }

    public HashSet(int initialCapacity) {
        map = new HashMap<E, Object>(initialCapacity);
    }

    public HashSet(int initialCapacity, float loadFactor) {
        map = new HashMap<E, Object>(initialCapacity, loadFactor);
    }

    public HashSet(Collection<? extends E> c) {
        map = new HashMap<E, Object>();
        map.size = c.size();
        map.forget(false);
    }
}
