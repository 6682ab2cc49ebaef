package java.lang;

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

    public double doubleValue() {
        return (double) value;
    }

    public native int compareTo(Double other);

    public native boolean equals(Object other);

    public native String toString();
}
