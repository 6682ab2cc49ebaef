package java.lang;

/** Strings are objects holding an immutable array of UTF-16 code units. */
public final class String implements CharSequence, Comparable<String> {
    private final char[] value;

    public String() {
        value = new char[0];
    }

    public String(String original) {
        if (original == null) {
            throw new NullPointerException();
        }
        value = original.value;
    }

    public String(char[] value) {
        if (value == null) {
            throw new NullPointerException();
        }
        this.value = dsd.Intrinsics.newArray(value, 0, value.length);
    }

    public String(char[] value, int offset, int count) {
        if (value == null) {
            throw new NullPointerException();
        }
        checkBoundsOffCount(offset, count, value.length);
        this.value = dsd.Intrinsics.newArray(value, offset, count);
    }

    public String(int[] codePoints, int offset, int count) {
        if (codePoints == null) {
            throw new NullPointerException();
        }
        checkBoundsOffCount(offset, count, codePoints.length);
        this.value = unknownChars(decodedLength(count, 2));
    }

    public String(byte[] bytes) {
        if (bytes == null) {
            throw new NullPointerException();
        }
        this.value = unknownChars(decodedLength(bytes.length, 1));
    }

    public String(byte[] bytes, int offset, int length) {
        if (bytes == null) {
            throw new NullPointerException();
        }
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = unknownChars(decodedLength(length, 1));
    }

    public String(byte[] bytes, java.nio.charset.Charset charset) {
        if (charset == null) {
            throw new NullPointerException();
        }
        if (bytes == null) {
            throw new NullPointerException();
        }
        this.value = unknownChars(decodedLength(bytes.length, 1));
    }

    public String(byte[] bytes, int offset, int length, java.nio.charset.Charset charset) {
        if (charset == null) {
            throw new NullPointerException();
        }
        if (bytes == null) {
            throw new NullPointerException();
        }
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = unknownChars(decodedLength(length, 1));
    }

    /** A charset the JDK does not know: UnsupportedEncodingException (which, the solver's choice). */
    public String(byte[] bytes, String charsetName) throws java.io.UnsupportedEncodingException {
        if (charsetName == null) {
            throw new NullPointerException();
        }
        if (bytes == null) {
            throw new NullPointerException();
        }
        if (dsd.Intrinsics.anyBoolean()) {
            throw new java.io.UnsupportedEncodingException(charsetName);
        }
        this.value = unknownChars(decodedLength(bytes.length, 1));
    }

    public String(StringBuilder builder) {
        if (builder == null) {
            throw new NullPointerException();
        }
        this.value = unknownChars(builder.length());
    }

    public String(StringBuffer buffer) {
        if (buffer == null) {
            throw new NullPointerException();
        }
        this.value = unknownChars(buffer.length());
    }

    /** `n` chars the model does not know (decoded, or a builder's). */
    private static char[] unknownChars(int n) {
        return dsd.Intrinsics.newString(n).value;
    }

    /** `[offset, offset + count)` within `length`, as JDK 17 checks it. */
    static void checkBoundsOffCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new StringIndexOutOfBoundsException();
        }
    }

    /**
     * How many chars `units` code points (`perUnit` 2: one or two chars each) or bytes
     * (`perUnit` 1: at most one char each, and at least one char from any bytes, since
     * malformed ones decode to U+FFFD) decode to.
     */
    private static int decodedLength(int units, int perUnit) {
        int n = dsd.Intrinsics.anyInt();
        int least = perUnit == 2 ? units : (units > 0 ? 1 : 0);
        if (n < least || n > units * perUnit) {
            n = units;
        }
        return n;
    }

    public int length() {
        return value.length;
    }

    /** `Integer.parseInt(this, radix)`, as vcgen's formula for the intrinsics reads it. */
    int parseNumber(int radix) {
        if (!dsd.Intrinsics.isNumber(value, radix)) {
            throw new NumberFormatException();
        }
        return dsd.Intrinsics.number(value, radix);
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

    /** The code point at `index`: a surrogate pair's, or the char's. */
    public int codePointAt(int index) {
        return Character.codePointAt(this, index);
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

    public int compareTo(String other) {
        if (other == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.anyInt();
    }

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

    // The searches give a position where the string holds what was looked for (the first
    // char of a string), or -1, stated in one condition; which occurrence is unknown (the
    // model does not say that no earlier one exists), and a supplementary code point is
    // never found.

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        int i = dsd.Intrinsics.anyInt();
        boolean found = i >= 0 & i >= fromIndex & i < value.length
            & dsd.Intrinsics.charAt(value, i) == ch;
        return found ? i : -1;
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, value.length - 1);
    }

    public int lastIndexOf(int ch, int fromIndex) {
        int i = dsd.Intrinsics.anyInt();
        boolean found = i >= 0 & i <= fromIndex & i < value.length
            & dsd.Intrinsics.charAt(value, i) == ch;
        return found ? i : -1;
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        if (str == null) {
            throw new NullPointerException();
        }
        int i = dsd.Intrinsics.anyInt();
        return i >= fromIndex & holdsAt(str, i) ? i : -1;
    }

    public int lastIndexOf(String str) {
        if (str == null) {
            throw new NullPointerException();
        }
        int i = dsd.Intrinsics.anyInt();
        return holdsAt(str, i) ? i : -1;
    }

    /** Whether `str` fits at `i` and its first char, if any, is there. */
    private boolean holdsAt(String str, int i) {
        int n = str.value.length;
        return i >= 0 & i <= value.length - n
            & (n == 0 | dsd.Intrinsics.charAt(value, i) == dsd.Intrinsics.charAt(str.value, 0));
    }

    public boolean startsWith(String prefix) {
        if (prefix == null) {
            throw new NullPointerException();
        }
        return prefix.value.length <= value.length && dsd.Intrinsics.anyBoolean();
    }

    public boolean endsWith(String suffix) {
        if (suffix == null) {
            throw new NullPointerException();
        }
        return suffix.value.length <= value.length && dsd.Intrinsics.anyBoolean();
    }

    public boolean contains(CharSequence s) {
        if (s == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.anyBoolean();
    }

    public String concat(String str) {
        if (str == null) {
            throw new NullPointerException();
        }
        return dsd.Intrinsics.newString(value.length + str.value.length);
    }

    public String substring(int begin) {
        return substring(begin, value.length);
    }

    public String substring(int begin, int end) {
        if (begin < 0 || end > value.length || begin > end) {
            throw new StringIndexOutOfBoundsException();
        }
        return dsd.Intrinsics.newString(value, begin, end - begin);
    }

    public CharSequence subSequence(int begin, int end) {
        return substring(begin, end);
    }

    public native String[] split(String regex);

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        if (srcBegin < 0 || srcEnd > value.length || srcBegin > srcEnd) {
            throw new StringIndexOutOfBoundsException();
        }
        if (dst == null) {
            throw new NullPointerException();
        }
        if (dstBegin < 0 || dstBegin > dst.length - (srcEnd - srcBegin)) {
            throw new StringIndexOutOfBoundsException();
        }
        copyChars(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    /** Copies chars into `dst`: the contents of char arrays may change. */
    private static native void copyChars(char[] src, int srcBegin, char[] dst, int dstBegin, int count);

    public char[] toCharArray() {
        return dsd.Intrinsics.newArray(value, 0, value.length);
    }

    public static native String valueOf(Object o);

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static native String valueOf(int i);

    public static native String valueOf(long l);

    public static native String valueOf(char c);

    public static native String valueOf(boolean b);

    public static native String valueOf(double d);

    public static native String format(String format, Object... args);
}
