package java.util;

/**
 * A list modelled by its size and its first two elements while they are known (added one by
 * one to an empty list, as a registry of handlers or stages is filled, or copied from such a
 * list); other elements are
 * unknown, and null only when a null may have been put in. Indices are checked as JDK 17
 * checks them.
 */
public class ArrayList<E> implements List<E> {
    private int size;

    /** How many leading elements are known: 0, 1 (`first`) or 2 (`first` and `second`). */
    private int kept;

    private Object first;
    private Object second;

    /** Whether an element may be null: one was put in, or the list took unknown elements. */
    private boolean nulls;

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
        nulls = true;
        if (c instanceof ArrayList) {
            ArrayList<?> list = (ArrayList<?>) c;
            kept = list.kept;
            first = list.first;
            second = list.second;
            nulls = list.nulls;
        }
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean add(E e) {
        noteNull(e);
        if (kept == size && kept == 0) {
            first = e;
            kept = 1;
        } else if (kept == size && kept == 1) {
            second = e;
            kept = 2;
        }
        size++;
        return true;
    }

    public void add(int index, E element) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException();
        }
        if (index == size) {
            add(element);
            return;
        }
        noteNull(element);
        forgetFrom(index);
        size++;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        size = size + n;
        nulls = true;
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
        forgetFrom(index);
        size = size + n;
        nulls = true;
        return n != 0;
    }

    public void clear() {
        size = 0;
        kept = 0;
    }

    public boolean contains(Object o) {
        return size > 0 && dsd.Intrinsics.anyBoolean();
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        return (E) element(index);
    }

    @SuppressWarnings("unchecked")
    public E set(int index, E element) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        Object old = element(index);
        noteNull(element);
        if (index == 0 && kept > 0) {
            first = element;
        } else if (index == 1 && kept > 1) {
            second = element;
        }
        return (E) old;
    }

    @SuppressWarnings("unchecked")
    public E remove(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException();
        }
        Object old = element(index);
        forgetFrom(index);
        size--;
        return (E) old;
    }

    /** The element at a valid `index`: known, or any object (null only if one may be). */
    private Object element(int index) {
        if (index == 0 && kept > 0) {
            return first;
        }
        if (index == 1 && kept > 1) {
            return second;
        }
        return dsd.Intrinsics.anyObject(nulls);
    }

    /** Records that the list may hold null when `e` is null. */
    private void noteNull(Object e) {
        if (e == null) {
            nulls = true;
        }
    }

    /** Forgets the known elements from `index` on, which a change there moves. */
    private void forgetFrom(int index) {
        if (index < kept) {
            kept = index;
        }
    }

    /** TimSort's first comparison; then the order of the elements is unknown. */
    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        if (size > 1) {
            if (c != null) {
                c.compare((E) element(1), (E) element(0));
            }
            kept = 0;
        }
    }

    public List<E> subList(int fromIndex, int toIndex) {
        subListRangeCheck(fromIndex, toIndex, size);
        return view(toIndex - fromIndex, nulls);
    }

    /**
     * The view `subList` returns, by its size; its elements may be null when `nulls`. Its
     * index checks are an ArrayList's; its class is not the JDK's (a private view class), and
     * changing it does not change its list.
     */
    static <T> List<T> view(int size, boolean nulls) {
        ArrayList<T> view = new ArrayList<T>();
        view.size = size;
        view.nulls = nulls;
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
        return new SizedIterator<E>(size, kept, first, second, nulls);
    }
}
