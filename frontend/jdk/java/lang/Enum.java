package java.lang;

public abstract class Enum<E> implements Comparable<E> {
    public final native int ordinal();

    public final native String name();

    public final native int compareTo(E other);
}
