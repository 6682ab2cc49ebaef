package java.util;

/** A list; each implementation in the model checks indices as its JDK 17 class does. */
public interface List<E> extends Collection<E> {
    E get(int index);

    E set(int index, E element);

    E remove(int index);

    void add(int index, E element);

    boolean addAll(int index, Collection<? extends E> c);

    List<E> subList(int fromIndex, int toIndex);
}
