package java.util;

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

    public static native boolean equals(Object a, Object b);

    public static native int hash(Object... values);
}
