package java.lang;

/** A boxed double; parsing null throws NullPointerException, bad text NumberFormatException. */
public final class Double extends Number implements Comparable<Double> {
    private final double value;

    public Double(double value) {
        this.value = value;
    }

    public static Double valueOf(double v) {
        return new Double(v);
    }

    public double doubleValue() {
        return value;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    @Precondition
    public static double parseDouble(String s) {
        if (s == null) {
            throw new NullPointerException();
        }
        if (s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.anyDouble();
    }

    @Precondition
    public static Double valueOf(String s) {
        return new Double(parseDouble(s));
    }

    public static boolean isNaN(double v) {
        return v != v;
    }

    // Infinity less itself is NaN; a finite value less itself is zero.
    public static boolean isInfinite(double v) {
        return v == v && v - v != v - v;
    }

    public static boolean isFinite(double v) {
        return v - v == 0.0D;
    }

    public boolean isNaN() {
        return isNaN(value);
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public native int compareTo(Double other);

    public native boolean equals(Object other);

    public native String toString();
}
