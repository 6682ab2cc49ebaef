package java.lang;

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

    public native int compareTo(Float other);

    public native boolean equals(Object other);

    public native String toString();
}
