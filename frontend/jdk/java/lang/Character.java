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

    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MAX_CODE_POINT = 0x10ffff;

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isValidCodePoint(int codePoint) {
        return codePoint >= 0 && codePoint <= MAX_CODE_POINT;
    }

    /** One char for a code point of the Basic Multilingual Plane, a surrogate pair above. */
    @Precondition
    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) {
            char[] one = new char[1];
            one[0] = (char) codePoint;
            return one;
        }
        if (!isValidCodePoint(codePoint)) {
            throw new IllegalArgumentException();
        }
        char[] pair = new char[2];
        pair[0] = (char) ((codePoint >>> 10) + (0xd800 - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
        pair[1] = (char) ((codePoint & 0x3ff) + 0xdc00);
        return pair;
    }

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
