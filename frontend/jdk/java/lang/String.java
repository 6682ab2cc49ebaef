package java.lang;

/** Strings are objects holding an immutable array of UTF-16 code units. */
public final class String implements CharSequence, Comparable<String> {
    private final char[] value;

    public String() {
        value = new char[0];
    }

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) {
            throw new StringIndexOutOfBoundsException();
        }
        return value[index];
    }

    public native boolean equals(Object other);

    public native int hashCode();

    public native int compareTo(String other);

    public String toString() {
        return this;
    }

    public native String trim();

    public native String toUpperCase();

    public native String toLowerCase();

    public native int indexOf(int ch);

    public native int indexOf(String str);

    public native boolean startsWith(String prefix);

    public native boolean endsWith(String suffix);

    public native boolean contains(CharSequence s);

    public native String substring(int begin);

    public native String substring(int begin, int end);

    public native String[] split(String regex);

    public native char[] toCharArray();

    public static native String valueOf(Object o);

    public static native String valueOf(int i);

    public static native String valueOf(long l);

    public static native String valueOf(char c);

    public static native String valueOf(boolean b);

    public static native String valueOf(double d);

    public static native String format(String format, Object... args);
}
