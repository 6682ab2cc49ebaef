package java.util;

/** A set; the model's sets remember their last two elements added, as its maps do. */
public interface Set<E> extends Collection<E> {
    boolean remove(Object o);
}
