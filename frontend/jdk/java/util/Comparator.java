package java.util;

/** A comparison; the model gives only its documentation, the class file the rest. */
public interface Comparator<T> {
    /**
     * @throws NullPointerException if an argument is null and this comparator does not permit null arguments
     * @throws ClassCastException if the arguments' types prevent them from being compared by this comparator
     */
    int compare(T o1, T o2);
}
