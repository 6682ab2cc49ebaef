package java.util;

/** A list modelled by its size; elements are unknown. Indices are checked as JDK 17 checks them. */
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
        if (c == null) {
            throw new NullPointerException();
        }
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

    public void add(int index, E element) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        size++;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        return n != 0;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        return n != 0;
    }

    public void clear() {
        size = 0;
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

    public List<E> subList(int fromIndex, int toIndex) {
        subListRangeCheck(fromIndex, toIndex, size);
        return view(toIndex - fromIndex);
    }

    /**
     * The view `subList` returns, by its size. Its index checks are an ArrayList's; its class
     * is not the JDK's (a private view class), and changing it does not change its list.
     */
    static <T> List<T> view(int size) {
        ArrayList<T> view = new ArrayList<T>();
        view.size = size;
        return view;
    }

    /** What `AbstractList.subListRangeCheck` throws for `subList(fromIndex, toIndex)`. */
    static void subListRangeCheck(int fromIndex, int toIndex, int size) {
        if (fromIndex < 0 || toIndex > size) {
            throw new IndexOutOfBoundsException();
        }
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException();
        }
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(size);
    }
}
