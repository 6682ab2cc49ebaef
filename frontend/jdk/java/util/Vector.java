package java.util;

/** A vector modelled by its size; a bad index is an ArrayIndexOutOfBoundsException. */
public class Vector<E> implements List<E> {
    protected int elementCount;

    public Vector() {
    }

    public Vector(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public Vector(int initialCapacity, int capacityIncrement) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public Vector(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        elementCount = c.size();
    }

    public int size() {
        return elementCount;
    }

    public boolean isEmpty() {
        return elementCount == 0;
    }

    public boolean contains(Object o) {
        return elementCount > 0 && dsd.Intrinsics.anyBoolean();
    }

    public boolean add(E e) {
        elementCount++;
        return true;
    }

    public void addElement(E obj) {
        elementCount++;
    }

    public void add(int index, E element) {
        checkPosition(index);
        elementCount++;
    }

    public void insertElementAt(E obj, int index) {
        checkPosition(index);
        elementCount++;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        elementCount = elementCount + n;
        return n != 0;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        if (index < 0 || index > elementCount) {
            throw new ArrayIndexOutOfBoundsException();
        }
        if (c == null) {
            throw new NullPointerException();
        }
        int n = c.size();
        elementCount = elementCount + n;
        return n != 0;
    }

    public void clear() {
        elementCount = 0;
    }

    public void removeAllElements() {
        elementCount = 0;
    }

    /** TimSort's first comparison, of two elements it does not know. */
    public void sort(Comparator<? super E> c) {
        if (elementCount > 1 && c != null) {
            c.compare(anElement(), anElement());
        }
    }

    public E get(int index) {
        checkIndex(index);
        return anElement();
    }

    public E elementAt(int index) {
        checkIndex(index);
        return anElement();
    }

    public E set(int index, E element) {
        checkIndex(index);
        return anElement();
    }

    public void setElementAt(E obj, int index) {
        checkIndex(index);
    }

    public E remove(int index) {
        checkIndex(index);
        elementCount--;
        return anElement();
    }

    public void removeElementAt(int index) {
        checkIndex(index);
        elementCount--;
    }

    public E firstElement() {
        if (elementCount == 0) {
            throw new NoSuchElementException();
        }
        return anElement();
    }

    public E lastElement() {
        if (elementCount == 0) {
            throw new NoSuchElementException();
        }
        return anElement();
    }

    public List<E> subList(int fromIndex, int toIndex) {
        ArrayList.subListRangeCheck(fromIndex, toIndex, elementCount);
        return ArrayList.view(toIndex - fromIndex, true);
    }

    /** An index of an element: `0 <= index < size`. */
    void checkIndex(int index) {
        if (index < 0 || index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException();
        }
    }

    /** A position between elements: `0 <= index <= size`. */
    void checkPosition(int index) {
        if (index < 0 || index > elementCount) {
            throw new ArrayIndexOutOfBoundsException();
        }
    }

    /** Some element, possibly null. */
    @SuppressWarnings("unchecked")
    E anElement() {
        return (E) dsd.Intrinsics.anyObject();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(elementCount);
    }
}
