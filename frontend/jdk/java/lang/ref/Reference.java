package java.lang.ref;

/** A reference the collector may clear. */
public abstract class Reference<T> {
    Reference() {
    }

    /** Null once the referent was collected or the reference cleared. */
    @Nullable
    public native T get();
}
