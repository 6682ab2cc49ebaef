package java.util;

/**
 * Empty, singleton and unmodifiable collections, `max`/`min` and `sort` (through
 * `List.sort`), with JDK 17's exceptions.
 */
public class Collections {
    private Collections() {
    }

    public static <T> List<T> emptyList() {
        return new ReadOnlyList<T>(new ArrayList<T>());
    }

    public static <T> Set<T> emptySet() {
        return new ReadOnlySet<T>(new HashSet<T>());
    }

    public static <K, V> Map<K, V> emptyMap() {
        return new ImmutableMap<K, V>(false);
    }

    public static <T> List<T> singletonList(T o) {
        ArrayList<T> list = new ArrayList<T>();
        list.add(o);
        return new ReadOnlyList<T>(list);
    }

    public static <T> Collection<T> unmodifiableCollection(Collection<? extends T> c) {
        return new ReadOnlyCollection<T>(c);
    }

    public static <T> List<T> unmodifiableList(List<? extends T> list) {
        return new ReadOnlyList<T>(list);
    }

    public static <T> Set<T> unmodifiableSet(Set<? extends T> s) {
        return new ReadOnlySet<T>(s);
    }

    public static <K, V> Map<K, V> unmodifiableMap(Map<? extends K, ? extends V> m) {
        return new ReadOnlyMap<K, V>(m);
    }

    public static <T> void sort(List<T> list) {
        list.sort(null);
    }

    public static <T> void sort(List<T> list, Comparator<? super T> c) {
        list.sort(c);
    }

    public static <T> T max(Collection<? extends T> coll) {
        return anElement(coll);
    }

    public static <T> T max(Collection<? extends T> coll, Comparator<? super T> comp) {
        return anElement(coll);
    }

    public static <T> T min(Collection<? extends T> coll) {
        return anElement(coll);
    }

    public static <T> T min(Collection<? extends T> coll, Comparator<? super T> comp) {
        return anElement(coll);
    }

    /** An element of `coll`, which its iterator's first `next` finds only when it has one. */
    @SuppressWarnings("unchecked")
    private static <T> T anElement(Collection<? extends T> coll) {
        if (coll.size() == 0) {
            throw new NoSuchElementException();
        }
        return (T) dsd.Intrinsics.anyObject();
    }
}
