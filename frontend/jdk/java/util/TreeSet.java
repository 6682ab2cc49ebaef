package java.util;

/** A sorted set: refuses null in natural order; an empty one has no first or last element. */
public class TreeSet<E> extends SlotSet<E> {
    public TreeSet() {
        map = new TreeMap<E, Object>();
    }

    public TreeSet(Comparator<? super E> comparator) {
        map = new TreeMap<E, Object>(comparator);
    }

    public TreeSet(Collection<? extends E> c) {
        map = new TreeMap<E, Object>();
        map.size = c.size();
        map.forget(false);
    }

    public E first() {
        return anElement();
    }

    public E last() {
        return anElement();
    }

    /** An element of a set that is not empty. */
    @SuppressWarnings("unchecked")
    private E anElement() {
        if (map.size == 0) {
            throw new NoSuchElementException();
        }
        return (E) dsd.Intrinsics.anyObject();
    }
}
