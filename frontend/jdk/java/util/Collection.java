package java.util;

/** A collection; the model's implementations follow its size only. */
public interface Collection<E> extends Iterable<E> {
    int size();

    boolean isEmpty();

    /**
     * @throws UnsupportedOperationException if the collection does not support it
     * @throws ClassCastException if the element's class prevents it from being added
     * @throws NullPointerException if the element is null and the collection permits none
     * @throws IllegalArgumentException if a property of the element prevents it from being added
     * @throws IllegalStateException if the element cannot be added at this time
     */
    boolean add(E e);

    /**
     * @throws UnsupportedOperationException if the collection does not support it
     * @throws ClassCastException if an element's class prevents it from being added
     * @throws NullPointerException if the collection given is null, or holds a null element and this one permits none
     * @throws IllegalArgumentException if a property of an element prevents it from being added
     * @throws IllegalStateException if not all the elements can be added at this time
     */
    boolean addAll(Collection<? extends E> c);

    /**
     * @throws UnsupportedOperationException if the collection does not support it
     */
    void clear();

    /**
     * @throws ClassCastException if the element's type is incompatible with the collection
     * @throws NullPointerException if the element is null and the collection permits none
     */
    boolean contains(Object o);
}
