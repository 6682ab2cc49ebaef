package java.lang.reflect;

/**
 * Arrays of a class known at run time, as JDK 17's natives make and measure them: an array
 * of `componentType`'s elements, or the length of any array.
 */
public final class Array {
    private Array() {
    }

    public static Object newInstance(Class<?> componentType, int length) {
        if (componentType == null) {
            throw new NullPointerException();
        }
        if (length < 0) {
            throw new NegativeArraySizeException();
        }
        return dsd.Intrinsics.newArrayOf(componentType, length);
    }

    @Precondition
    public static int getLength(Object array) {
        if (array == null) {
            throw new NullPointerException();
        }
        if (!dsd.Intrinsics.isArray(array)) {
            throw new IllegalArgumentException();
        }
        return dsd.Intrinsics.arrayLength(array);
    }
}
