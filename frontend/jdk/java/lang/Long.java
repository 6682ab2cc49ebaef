package java.lang;

/** A boxed long; parsing throws NumberFormatException for text that is not a number in range. */
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

    public double doubleValue() {
        return (double) value;
    }

    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;

    @Precondition
    public static long parseLong(String s) {
        if (s == null || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.anyLong();
    }

    @Precondition
    public static long parseLong(String s, int radix) {
        if (s == null || radix < 2 || radix > 36
                || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.anyLong();
    }

    @Precondition
    public static Long valueOf(String s) {
        return new Long(parseLong(s));
    }

    public native int compareTo(Long other);

    public native boolean equals(Object other);

    public native String toString();
}
