package corpus.containers;

/** A mutable reference cell. */
public final class Holder<T> {
    private T value;

    public T get() {
        return value;
    }

    public void set(T value) {
        this.value = value;
    }
}
