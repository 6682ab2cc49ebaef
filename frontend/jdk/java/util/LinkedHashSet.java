package java.util;

/** A hash set in insertion order: a HashSet to the model. */
public class LinkedHashSet<E> extends HashSet<E> {
    public LinkedHashSet() {
    }

    public LinkedHashSet(int initialCapacity) {
        super(initialCapacity);
    }

    public LinkedHashSet(Collection<? extends E> c) {
        super(c);
    }
}
