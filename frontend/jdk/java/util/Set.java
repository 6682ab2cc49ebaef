package java.util;

/**
 * A set; the model's sets remember their last two elements added, as its maps do. `of` and
 * `copyOf` make an immutable one that refuses null elements, and `of` duplicates.
 */
public interface Set<E> extends Collection<E> {
    boolean remove(Object o);

    static <E> Set<E> of() {
        return new ImmutableSet<E>(0);
    }

    static <E> Set<E> of(E e1) {
        return new ImmutableSet<E>(0).with(e1, null, null);
    }

    static <E> Set<E> of(E e1, E e2) {
        return new ImmutableSet<E>(0).with(e1, null, null).with(e2, e1, null);
    }

    static <E> Set<E> of(E e1, E e2, E e3) {
        return new ImmutableSet<E>(0).with(e1, null, null).with(e2, e1, null).with(e3, e1, e2);
    }

    /** Its elements are unknown: a null or duplicate one is not found. */
    @SafeVarargs
    static <E> Set<E> of(E... elements) {
        if (elements == null) {
            throw new NullPointerException();
        }
        return new ImmutableSet<E>(elements.length);
    }

    /** Its elements are unknown: a null one is not found; duplicates are dropped. */
    static <E> Set<E> copyOf(Collection<? extends E> coll) {
        if (coll == null) {
            throw new NullPointerException();
        }
        ImmutableSet<E> set = new ImmutableSet<E>(coll.size());
        set.dropDuplicates();
        return set;
    }
}
