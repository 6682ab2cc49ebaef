package java.lang;

public final class Character implements Comparable<Character> {
    private final char value;

    public Character(char value) {
        this.value = value;
    }

    public static Character valueOf(char c) {
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public static native boolean isDigit(char c);

    public static native boolean isLetter(char c);

    public static native boolean isWhitespace(char c);

    public static native boolean isUpperCase(char c);

    public static native boolean isLowerCase(char c);

    public static native char toUpperCase(char c);

    public static native char toLowerCase(char c);

    public static int digit(char ch, int radix) {
        if (radix < 2 || radix > 36) {
            return -1;
        }
        int value;
        if (ch >= '0' && ch <= '9') {
            value = ch - '0';
        } else if (ch >= 'a' && ch <= 'z') {
            value = ch - 'a' + 10;
        } else if (ch >= 'A' && ch <= 'Z') {
            value = ch - 'A' + 10;
        } else if (ch < 128) {
            return -1;
        } else {
            return nonAsciiDigit(ch, radix);
        }
        return value < radix ? value : -1;
    }

    /** The digit value of a non-ASCII char (Unicode decimal digits, fullwidth letters). */
    private static native int nonAsciiDigit(char ch, int radix);

    public native int compareTo(Character other);
}
