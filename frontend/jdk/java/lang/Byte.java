package java.lang;

/** A boxed byte; parsing throws NumberFormatException for text that is not a byte in range. */
public final class Byte extends Number implements Comparable<Byte> {
    private final byte value;

    public Byte(byte value) {
        this.value = value;
    }

    public static Byte valueOf(byte v) {
        return new Byte(v);
    }

    public byte byteValue() {
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

    public static final byte MIN_VALUE = -128;
    public static final byte MAX_VALUE = 127;

    @Precondition
    public static byte parseByte(String s) {
        return parseByte(s, 10);
    }

    @Precondition
    public static byte parseByte(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException();
        }
        int value = s.parseNumber(radix);
        if (value < MIN_VALUE || value > MAX_VALUE) {
            throw new NumberFormatException();
        }
        return (byte) value;
    }

    @Precondition
    public static Byte valueOf(String s) {
        return new Byte(parseByte(s));
    }

    public native int compareTo(Byte other);

    public native boolean equals(Object other);

    public native String toString();
}
