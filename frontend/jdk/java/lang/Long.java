package java.lang;

public final class Long extends Number implements Comparable<Long> {
    private final long value;

    public Long(long value) {
        this.value = value;
    }

    public static Long valueOf(long v) {
        return new Long(v);
    }

    public long longValue() {
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

    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;

    @Precondition
    public static native long parseLong(String s);

    public native int compareTo(Long other);

    public native boolean equals(Object other);

    public native String toString();
}
