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

    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof String)) {
            return false;
        }
        String s = (String) other;
        if (s.value.length != value.length) {
            return false;
        }
        return dsd.Intrinsics.anyBoolean();
    }

    public native int hashCode();

    public native int compareTo(String other);

    public String toString() {
        return this;
    }

    public String trim() {
        int n = dsd.Intrinsics.anyInt();
        if (n < 0 || n > value.length) {
            n = value.length;
        }
        return dsd.Intrinsics.newString(n);
    }

    public String toUpperCase() {
        return dsd.Intrinsics.newString(value.length);
    }

    public String toLowerCase() {
        return dsd.Intrinsics.newString(value.length);
    }

    public int indexOf(int ch) {
        int i = dsd.Intrinsics.anyInt();
        if (i < -1 || i >= value.length) {
            i = -1;
        }
        return i;
    }

    public int indexOf(String str) {
        if (str == null) {
            throw new NullPointerException();
        }
        int i = dsd.Intrinsics.anyInt();
        if (i < -1 || i > value.length - str.value.length) {
            i = -1;
        }
        return i;
    }

    public native boolean startsWith(String prefix);

    public native boolean endsWith(String suffix);

    public native boolean contains(CharSequence s);

    public String substring(int begin) {
        return substring(begin, value.length);
    }

    public String substring(int begin, int end) {
        if (begin < 0 || end > value.length || begin > end) {
            throw new StringIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newString(end - begin);
    }

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
