package java.lang.reflect;

/**
 * Arrays of a class known at run time, as JDK 17's natives make, measure and read them: an
 * array of `componentType`'s elements, the length of any array, an element of any array
 * (its value not known).
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

    /** The element at `index`, boxed when the array's elements are primitive. */
    public static Object get(Object array, int index) {
        if (array == null) {
            throw new NullPointerException();
        }
        if (!dsd.Intrinsics.isArray(array)) {
            throw new IllegalArgumentException("Argument is not an array");
        }
        if (index < 0 || index >= dsd.Intrinsics.arrayLength(array)) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        return dsd.Intrinsics.anyObject(true);
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
