package java.lang;

/** A boxed short; parsing throws NumberFormatException for text that is not a short in range. */
public final class Short extends Number implements Comparable<Short> {
    private final short value;

    public Short(short value) {
        this.value = value;
    }

    public static Short valueOf(short v) {
        return new Short(v);
    }

    public short shortValue() {
        return value;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    @Precondition
    public static short parseShort(String s) {
        if (s == null || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return (short) dsd.Intrinsics.anyInt();
    }

    @Precondition
    public static short parseShort(String s, int radix) {
        if (s == null || radix < 2 || radix > 36
                || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return (short) dsd.Intrinsics.anyInt();
    }

    @Precondition
    public static Short valueOf(String s) {
        return new Short(parseShort(s));
    }

    public native int compareTo(Short other);

    public native boolean equals(Object other);

    public native String toString();
}
