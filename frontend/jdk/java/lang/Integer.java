package java.lang;

/** A boxed int; parsing throws NumberFormatException for text that is not a number in range. */
public final class Integer extends Number implements Comparable<Integer> {
    private final int value;

    public Integer(int value) {
        this.value = value;
    }

    public static Integer valueOf(int v) {
        return new Integer(v);
    }

    public int intValue() {
        return value;
    }

    public long longValue() {
        return (long) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;

    @Precondition
    public static int parseInt(String s) {
        if (s == null) {
            throw new NumberFormatException();
        }
        return s.parseDecimal();
    }

    @Precondition
    public static Integer valueOf(String s) {
        return new Integer(parseInt(s));
    }

    @Precondition
    public static int parseInt(String s, int radix) {
        if (s == null || radix < 2 || radix > 36
                || s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.anyInt();
    }

    @Precondition
    public static Integer valueOf(String s, int radix) {
        return new Integer(parseInt(s, radix));
    }

    /** A decimal, `0x`, `#` or octal number with an optional sign, as a literal is written. */
    @Precondition
    public static Integer decode(String nm) {
        if (nm == null) {
            throw new NullPointerException();
        }
        if (nm.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return new Integer(dsd.Intrinsics.anyInt());
    }

    public static native String toString(int i);

    public native int compareTo(Integer other);

    public native boolean equals(Object other);

    public native String toString();
}
