package dsd;

/**
 * Values the JDK model needs but Java cannot express; vcgen gives each its meaning.
 */
public final class Intrinsics {
    /** The length of any array. */
    public static native int arrayLength(Object array);

    /** Some boolean. */
    public static native boolean anyBoolean();

    /** Some int. */
    public static native int anyInt();

    /** Some object or null. */
    public static native Object anyObject();

    /** A new string of the given length with unknown characters. */
    public static native String newString(int length);

    /** Copies array elements; the contents of every array may change. */
    @Writes
    public static native void copy(Object src, int srcPos, Object dest, int destPos, int length);
}
