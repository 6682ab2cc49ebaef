package java.util;

import java.util.function.Supplier;

/** Argument checks: each throws where JDK 17's does, a broken precondition of the caller. */
public final class Objects {
    @Precondition
    public static <T> T requireNonNull(T obj) {
        if (obj == null) {
            throw new NullPointerException();
        }
        return obj;
    }

    @Precondition
    public static <T> T requireNonNull(T obj, String message) {
        if (obj == null) {
            throw new NullPointerException();
        }
        return obj;
    }

    @Precondition
    public static <T> T requireNonNull(T obj, Supplier<String> messageSupplier) {
        if (obj == null) {
            if (messageSupplier != null) {
                messageSupplier.get();
            }
            throw new NullPointerException();
        }
        return obj;
    }

    @Precondition
    public static int checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException();
        }
        return index;
    }

    @Precondition
    public static int checkFromToIndex(int fromIndex, int toIndex, int length) {
        if (fromIndex < 0 || fromIndex > toIndex || toIndex > length) {
            throw new IndexOutOfBoundsException();
        }
        return fromIndex;
    }

    @Precondition
    public static int checkFromIndexSize(int fromIndex, int size, int length) {
        if ((length | fromIndex | size) < 0 || size > length - fromIndex) {
            throw new IndexOutOfBoundsException();
        }
        return fromIndex;
    }

    public static native boolean equals(Object a, Object b);

    public static native int hash(Object... values);
}
