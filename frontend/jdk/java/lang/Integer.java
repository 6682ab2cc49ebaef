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
        return s.parseNumber(10);
    }

    @Precondition
    public static Integer valueOf(String s) {
        return new Integer(parseInt(s));
    }

    @Precondition
    public static int parseInt(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException();
        }
        return s.parseNumber(radix);
    }

    @Precondition
    public static Integer valueOf(String s, int radix) {
        return new Integer(parseInt(s, radix));
    }

    /** A decimal, `0x`, `#` or octal number with an optional sign, as a literal is written. */
    @Precondition
    public static Integer decode(String nm) {
        int n = nm.length();
        if (n == 0) {
            throw new NumberFormatException();
        }
        char first = nm.charAt(0);
        int index = first == '-' || first == '+' ? 1 : 0;
        int radix = 10;
        if (index + 1 < n && nm.charAt(index) == '0'
                && (nm.charAt(index + 1) == 'x' || nm.charAt(index + 1) == 'X')) {
            index += 2;
            radix = 16;
        } else if (index < n && nm.charAt(index) == '#') {
            index += 1;
            radix = 16;
        } else if (index + 1 < n && nm.charAt(index) == '0') {
            index += 1;
            radix = 8;
        }
        if (index < n && (nm.charAt(index) == '-' || nm.charAt(index) == '+')) {
            throw new NumberFormatException();
        }
        int value = nm.substring(index).parseNumber(radix);
        return new Integer(first == '-' ? -value : value);
    }

    public static native String toString(int i);

    public native int compareTo(Integer other);

    public native boolean equals(Object other);

    public native String toString();
}
