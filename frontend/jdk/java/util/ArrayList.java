package java.util;

public class ArrayList<E> implements List<E> {
    public ArrayList() {
    }

    public ArrayList(int capacity) {
    }

    public native int size();

    public native boolean isEmpty();

    public native boolean add(E e);

    public native boolean contains(Object o);

    public native E get(int index);

    public native E set(int index, E element);

    public native E remove(int index);

    public native Iterator<E> iterator();
}
