package java.lang;

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

    public native int compareTo(Short other);

    public native boolean equals(Object other);

    public native String toString();
}
