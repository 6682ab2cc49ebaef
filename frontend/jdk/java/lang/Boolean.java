package java.lang;

public final class Boolean implements Comparable<Boolean> {
    private final boolean value;

    public Boolean(boolean value) {
        this.value = value;
    }

    public static Boolean valueOf(boolean b) {
        return new Boolean(b);
    }

    public boolean booleanValue() {
        return value;
    }

    public native int compareTo(Boolean other);
}
