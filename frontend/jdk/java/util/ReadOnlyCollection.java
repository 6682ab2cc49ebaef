package java.util;

/** `Collections.unmodifiableCollection`: reads go through, changes throw; not the JDK's class. */
class ReadOnlyCollection<E> implements Collection<E> {
    final Collection<? extends E> c;

    ReadOnlyCollection(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        this.c = c;
    }

    public int size() {
        return c.size();
    }

    public boolean isEmpty() {
        return c.isEmpty();
    }

    public boolean contains(Object o) {
        return c.contains(o);
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends E> coll) {
        throw new UnsupportedOperationException();
    }

    public boolean remove(Object o) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }

    public Iterator<E> iterator() {
        return new SizedIterator<E>(c.size());
    }
}
