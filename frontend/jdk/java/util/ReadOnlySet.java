package java.util;

/** `Collections.unmodifiableSet`: an unmodifiable collection that is a set. */
final class ReadOnlySet<E> extends ReadOnlyCollection<E> implements Set<E> {
    ReadOnlySet(Set<? extends E> s) {
        super(s);
    }
}
