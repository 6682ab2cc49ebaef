package java.util;

/**
 * A list; each implementation in the model checks indices as its JDK 17 class does. `of` and
 * `copyOf` make an immutable one that refuses null elements.
 */
public interface List<E> extends Collection<E> {
    E get(int index);

    E set(int index, E element);

    E remove(int index);

    void add(int index, E element);

    boolean addAll(int index, Collection<? extends E> c);

    List<E> subList(int fromIndex, int toIndex);

    static <E> List<E> of() {
        return new ImmutableList<E>(new Object[0]);
    }

    static <E> List<E> of(E e1) {
        if (e1 == null) {
            throw new NullPointerException();
        }
        return new ImmutableList<E>(new Object[] {e1});
    }

    static <E> List<E> of(E e1, E e2) {
        if (e1 == null || e2 == null) {
            throw new NullPointerException();
        }
        return new ImmutableList<E>(new Object[] {e1, e2});
    }

    static <E> List<E> of(E e1, E e2, E e3) {
        if (e1 == null || e2 == null || e3 == null) {
            throw new NullPointerException();
        }
        return new ImmutableList<E>(new Object[] {e1, e2, e3});
    }

    /** Its elements are unknown: a null one is not found. */
    @SafeVarargs
    static <E> List<E> of(E... elements) {
        if (elements == null) {
            throw new NullPointerException();
        }
        int n = elements.length;
        return new ImmutableList<E>(n, n == 1 || n == 2);
    }

    /** Its elements are unknown: a null one is not found. */
    static <E> List<E> copyOf(Collection<? extends E> coll) {
        if (coll == null) {
            throw new NullPointerException();
        }
        int n = coll.size();
        return new ImmutableList<E>(n, n == 1 || n == 2);
    }
}
