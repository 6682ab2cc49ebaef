package java.util;

public interface List<E> extends Collection<E> {
    E get(int index);

    E set(int index, E element);

    E remove(int index);
}
