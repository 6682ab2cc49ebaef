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

    public static final short MIN_VALUE = -32768;
    public static final short MAX_VALUE = 32767;

    @Precondition
    public static short parseShort(String s) {
        return parseShort(s, 10);
    }

    @Precondition
    public static short parseShort(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException();
        }
        int value = s.parseNumber(radix);
        if (value < MIN_VALUE || value > MAX_VALUE) {
            throw new NumberFormatException();
        }
        return (short) value;
    }

    @Precondition
    public static Short valueOf(String s) {
        return new Short(parseShort(s));
    }

    public native int compareTo(Short other);

    public native boolean equals(Object other);

    public native String toString();
}
