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

    @Precondition
    public static byte parseByte(String s) {
        if (s == null || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return (byte) dsd.Intrinsics.anyInt();
    }

    @Precondition
    public static byte parseByte(String s, int radix) {
        if (s == null || radix < 2 || radix > 36
                || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return (byte) dsd.Intrinsics.anyInt();
    }

    @Precondition
    public static Byte valueOf(String s) {
        return new Byte(parseByte(s));
    }

    public native int compareTo(Byte other);

    public native boolean equals(Object other);

    public native String toString();
}
