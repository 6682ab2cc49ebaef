package java.lang;

public interface Comparable<T> {
    /**
     * @throws NullPointerException if the object is null
     * @throws ClassCastException if the object's type prevents it from being compared to this one
     */
    int compareTo(T other);
}
