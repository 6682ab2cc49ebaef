package java.util;

/**
 * A list; each implementation in the model checks indices as its JDK 17 class does. `of` and
 * `copyOf` make an immutable one that refuses null elements.
 */
public interface List<E> extends Collection<E> {
    /**
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    E get(int index);

    /**
     * @throws UnsupportedOperationException if the list does not support it
     * @throws ClassCastException if the element's class prevents it from being added
     * @throws NullPointerException if the element is null and the list permits none
     * @throws IllegalArgumentException if a property of the element prevents it from being added
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    E set(int index, E element);

    /**
     * @throws UnsupportedOperationException if the list does not support it
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    E remove(int index);

    /**
     * @throws UnsupportedOperationException if the list does not support it
     * @throws ClassCastException if the element's class prevents it from being added
     * @throws NullPointerException if the element is null and the list permits none
     * @throws IllegalArgumentException if a property of the element prevents it from being added
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    void add(int index, E element);

    /**
     * @throws UnsupportedOperationException if the list does not support it
     * @throws ClassCastException if an element's class prevents it from being added
     * @throws NullPointerException if the collection is null, or holds a null element and the list permits none
     * @throws IllegalArgumentException if a property of an element prevents it from being added
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    boolean addAll(int index, Collection<? extends E> c);

    /**
     * @throws IndexOutOfBoundsException for an illegal endpoint index
     */
    List<E> subList(int fromIndex, int toIndex);

    /**
     * Sorts by `c` (TimSort's first comparison, of the second element with the first, is
     * made: a comparator that throws throws here); by the natural order when `c` is null,
     * of which no comparison is made.
     * @throws ClassCastException if the list holds elements that are not mutually comparable
     * @throws UnsupportedOperationException if the list does not support it
     * @throws IllegalArgumentException if the comparator is found to violate its contract
     */
    void sort(Comparator<? super E> c);

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
