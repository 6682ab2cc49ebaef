package java.util.function;

/** A test of one value; a lambda's object runs its body. */
public interface Predicate<T> {
    boolean test(T t);
}
