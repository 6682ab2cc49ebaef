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

    /** Some long. */
    public static native long anyLong();

    /** Some float. */
    public static native float anyFloat();

    /** Some double. */
    public static native double anyDouble();

    /**
     * Whether `a.equals(b)` as a map compares keys: true for the same object, false when
     * just one is null or for two different string literals, else either.
     */
    public static native boolean equal(Object a, Object b);

    /** Some object or null. */
    public static native Object anyObject();

    /** Some object; null only when `mayBeNull`. */
    public static native Object anyObject(boolean mayBeNull);

    /**
     * Some object or null: the value of an entry the model forgot. The solver prefers models
     * that read none, whose tests are likelier to crash as the model says.
     */
    public static native Object forgotten();

    /**
     * True when `chars` are a number `Integer.parseInt(String, int)` accepts in `radix`
     * (vcgen's `number.rs`).
     */
    public static native boolean isNumber(char[] chars, int radix);

    /** The value of `chars` when `isNumber(chars, radix)`. */
    public static native int number(char[] chars, int radix);

    /** `Character.digit(ch, radix)`, exact for every char (vcgen's `number.rs`). */
    public static native int digit(char ch, int radix);

    /**
     * The char at `index` of `chars`, read without a check (any char outside the array), so
     * that a search's result can be stated in one condition, without branches.
     */
    public static native char charAt(char[] chars, int index);

    /** A new string of the given length with unknown characters. */
    public static native String newString(int length);

    /** A new string of `length` characters (not negative): `chars[from]` onwards. */
    public static native String newString(char[] chars, int from, int length);

    /** A new array of `like`'s runtime type and a length not negative; elements unknown. */
    public static native <T> T[] newArray(T[] like, int length);

    /** A new `int[]` of the given length (not negative); elements unknown. */
    public static native int[] newArray(int[] like, int length);

    /** A new `long[]` of the given length (not negative); elements unknown. */
    public static native long[] newArray(long[] like, int length);

    /** A new `short[]` of the given length (not negative); elements unknown. */
    public static native short[] newArray(short[] like, int length);

    /** A new `char[]` of the given length (not negative); elements unknown. */
    public static native char[] newArray(char[] like, int length);

    /** A new `byte[]` of the given length (not negative); elements unknown. */
    public static native byte[] newArray(byte[] like, int length);

    /** A new `double[]` of the given length (not negative); elements unknown. */
    public static native double[] newArray(double[] like, int length);

    /** A new `float[]` of the given length (not negative); elements unknown. */
    public static native float[] newArray(float[] like, int length);

    /** A new `boolean[]` of the given length (not negative); elements unknown. */
    public static native boolean[] newArray(boolean[] like, int length);

    /**
     * A copy of `like` from index `from` on: a new array of `like`'s runtime type and
     * `length` elements (not negative), element `i` being `like[from + i]` where that
     * exists, else the default value.
     */
    public static native <T> T[] newArray(T[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native int[] newArray(int[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native long[] newArray(long[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native short[] newArray(short[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native char[] newArray(char[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native byte[] newArray(byte[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native double[] newArray(double[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native float[] newArray(float[] like, int from, int length);

    /** A copy of `like` from index `from` on, as the `T[]` overload makes one. */
    public static native boolean[] newArray(boolean[] like, int from, int length);

    /** The `Class` object of `o`'s runtime type (`o` is not null). */
    public static native Class<?> classOf(Object o);

    /** The class of the elements of the array class `c`, or null when `c` is no array class. */
    public static native Class<?> componentType(Class<?> c);

    /**
     * The class `c` extends: null for `Object`, an interface, a primitive type and `void`;
     * `Object` for an array class.
     */
    public static native Class<?> superclassOf(Class<?> c);

    /** True when `c` is an array class. */
    public static native boolean isArrayClass(Class<?> c);

    /** True when `o` (not null) is an array. */
    public static native boolean isArray(Object o);

    /**
     * A new array of elements of class `component` and `length` (not negative) elements,
     * each null or zero.
     */
    public static native Object newArrayOf(Class<?> component, int length);

    /** Copies array elements; the contents of every array may change. */
    @Writes
    public static native void copy(Object src, int srcPos, Object dest, int destPos, int length);
}
