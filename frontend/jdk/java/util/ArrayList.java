package java.util;

/** A list modelled by its size; elements are unknown. */
public class ArrayList<E> implements List<E> {
    private int size;

    public ArrayList() {
    }

    public ArrayList(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public ArrayList(Collection<? extends E> c) {
        size = c.size();
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean add(E e) {
        size++;
        return true;
    }

    public boolean contains(Object o) {
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        return (E) dsd.Intrinsics.anyObject();
    }

    @SuppressWarnings("unchecked")
    public E set(int index, E element) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        return (E) dsd.Intrinsics.anyObject();
    }

    @SuppressWarnings("unchecked")
    public E remove(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        size--;
        return (E) dsd.Intrinsics.anyObject();
    }

    public native Iterator<E> iterator();
}
