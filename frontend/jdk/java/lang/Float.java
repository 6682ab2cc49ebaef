package java.lang;

/** A boxed float; parsing null throws NullPointerException, bad text NumberFormatException. */
public final class Float extends Number implements Comparable<Float> {
    private final float value;

    public Float(float value) {
        this.value = value;
    }

    public static Float valueOf(float v) {
        return new Float(v);
    }

    public float floatValue() {
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
    public static float parseFloat(String s) {
        if (s == null) {
            throw new NullPointerException();
        }
        if (s.length() == 0 || dsd.Intrinsics.anyBoolean()) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.anyFloat();
    }

    @Precondition
    public static Float valueOf(String s) {
        return new Float(parseFloat(s));
    }

    public static boolean isNaN(float v) {
        return v != v;
    }

    // Infinity less itself is NaN; a finite value less itself is zero.
    public static boolean isInfinite(float v) {
        return v == v && v - v != v - v;
    }

    public static boolean isFinite(float v) {
        return v - v == 0.0F;
    }

    public boolean isNaN() {
        return isNaN(value);
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public native int compareTo(Float other);

    public native boolean equals(Object other);

    public native String toString();
}
