package java.lang;

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

    public native int compareTo(Byte other);

    public native boolean equals(Object other);

    public native String toString();
}
