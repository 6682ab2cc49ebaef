package java.util;

/** JDK 17's checks in its order; a copy holds the original's elements, then defaults. */
public final class Arrays {
    public static int[] copyOf(int[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static int[] copyOfRange(int[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static long[] copyOf(long[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static long[] copyOfRange(long[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static short[] copyOf(short[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static short[] copyOfRange(short[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static char[] copyOf(char[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static char[] copyOfRange(char[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static byte[] copyOf(byte[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static double[] copyOf(double[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static double[] copyOfRange(double[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static float[] copyOf(float[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static float[] copyOfRange(float[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static boolean[] copyOf(boolean[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static boolean[] copyOfRange(boolean[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (original == null) {
            throw new NullPointerException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    public static <T> T[] copyOf(T[] original, int newLength) {
        if (original == null) {
            throw new NullPointerException();
        }
        if (newLength < 0) {
            throw new NegativeArraySizeException();
        }
        return dsd.Intrinsics.newArray(original, 0, newLength);
    }

    public static <T> T[] copyOfRange(T[] original, int from, int to) {
        if (original == null) {
            throw new NullPointerException();
        }
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException();
        }
        if (from < 0 || from > original.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newArray(original, from, newLength);
    }

    /** `Arrays.rangeCheck`: `[fromIndex, toIndex)` within an array of `arrayLength`. */
    static void rangeCheck(int arrayLength, int fromIndex, int toIndex) {
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException();
        }
        if (fromIndex < 0) {
            throw new ArrayIndexOutOfBoundsException();
        }
        if (toIndex > arrayLength) {
            throw new ArrayIndexOutOfBoundsException();
        }
    }

    /** The elements of `a` change: a native call forgets what every `int[]` holds. */
    private static native void written(int[] a);

    /** The elements of `a` change: a native call forgets what every `long[]` holds. */
    private static native void written(long[] a);

    /** The elements of `a` change: a native call forgets what every `short[]` holds. */
    private static native void written(short[] a);

    /** The elements of `a` change: a native call forgets what every `char[]` holds. */
    private static native void written(char[] a);

    /** The elements of `a` change: a native call forgets what every `byte[]` holds. */
    private static native void written(byte[] a);

    /** The elements of `a` change: a native call forgets what every `double[]` holds. */
    private static native void written(double[] a);

    /** The elements of `a` change: a native call forgets what every `float[]` holds. */
    private static native void written(float[] a);

    /** The elements of `a` change: a native call forgets what every `boolean[]` holds. */
    private static native void written(boolean[] a);

    /** The elements of `a` change: a native call forgets what every `Object[]` holds. */
    private static native void written(Object[] a);

    public static void fill(int[] a, int val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(int[] a, int fromIndex, int toIndex, int val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(long[] a, long val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(long[] a, int fromIndex, int toIndex, long val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(short[] a, short val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(short[] a, int fromIndex, int toIndex, short val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(char[] a, char val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(char[] a, int fromIndex, int toIndex, char val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(byte[] a, byte val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(byte[] a, int fromIndex, int toIndex, byte val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(double[] a, double val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(double[] a, int fromIndex, int toIndex, double val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(float[] a, float val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(float[] a, int fromIndex, int toIndex, float val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(boolean[] a, boolean val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(boolean[] a, int fromIndex, int toIndex, boolean val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void fill(Object[] a, Object val) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void fill(Object[] a, int fromIndex, int toIndex, Object val) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(int[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(int[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(long[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(long[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(short[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(short[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(char[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(char[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(byte[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(byte[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(double[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(double[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    public static void sort(float[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        written(a);
    }

    public static void sort(float[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }

    /** ComparableTimSort's first comparison, of the second element with the first. */
    public static void sort(Object[] a) {
        if (a == null) {
            throw new NullPointerException();
        }
        if (a.length > 1) {
            ((Comparable) a[1]).compareTo(a[0]);
        }
        written(a);
    }

    /** TimSort's first comparison, of the second element with the first. */
    public static <T> void sort(T[] a, Comparator<? super T> c) {
        if (a == null) {
            throw new NullPointerException();
        }
        if (c != null && a.length > 1) {
            c.compare(a[1], a[0]);
        }
        written(a);
    }

    /** TimSort's first comparison, of the range's second element with its first. */
    public static <T> void sort(T[] a, int fromIndex, int toIndex, Comparator<? super T> c) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        if (c != null && toIndex - fromIndex > 1) {
            c.compare(a[fromIndex + 1], a[fromIndex]);
        }
        written(a);
    }

    public static void sort(Object[] a, int fromIndex, int toIndex) {
        if (a == null) {
            throw new NullPointerException();
        }
        rangeCheck(a.length, fromIndex, toIndex);
        written(a);
    }
}
