package java.lang;

public final class System {

    public static native long currentTimeMillis();

    public static native long nanoTime();

    /** Null when no property of that name is set. */
    @Nullable
    public static native String getProperty(String key);

    /** Null when the environment has no variable of that name. */
    @Nullable
    public static native String getenv(String name);

    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        if (src == null || dest == null) {
            throw new NullPointerException();
        }
        if (srcPos < 0 || destPos < 0 || length < 0
                || srcPos > dsd.Intrinsics.arrayLength(src) - length
                || destPos > dsd.Intrinsics.arrayLength(dest) - length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        dsd.Intrinsics.copy(src, srcPos, dest, destPos, length);
    }
}
