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

    // The classifications are exact for ASCII; above it Unicode's tables decide, and the
    // model's answer is any where they may say yes.

    /**
     * No decimal digit lies above ASCII but within these blocks, or above `\uFF19`. Within
     * them the answer is any: `digit`'s exact one, in a calculator's loop, cost Z3 its budget.
     */
    public static boolean isDigit(char c) {
        if (c < 128) {
            return c >= '0' && c <= '9';
        }
        boolean blocks = c >= '\u0660' && c <= '\u1C59' || c >= '\uA620' && c <= '\uABF9'
                || c >= '\uFF10' && c <= '\uFF19';
        return blocks && dsd.Intrinsics.anyBoolean();
    }

    public static boolean isLetter(char c) {
        if (c < 128) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
        }
        return dsd.Intrinsics.anyBoolean();
    }

    /** Exact: the space separators other than no-break ones, and the ASCII controls. */
    public static boolean isWhitespace(char c) {
        if (c < 128) {
            return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f;
        }
        return c == '\u1680' || c >= '\u2000' && c <= '\u2006' || c >= '\u2008' && c <= '\u200A'
                || c == '\u2028' || c == '\u2029' || c == '\u205F' || c == '\u3000';
    }

    public static boolean isUpperCase(char c) {
        if (c < 128) {
            return c >= 'A' && c <= 'Z';
        }
        return dsd.Intrinsics.anyBoolean();
    }

    public static boolean isLowerCase(char c) {
        if (c < 128) {
            return c >= 'a' && c <= 'z';
        }
        return dsd.Intrinsics.anyBoolean();
    }

    public static char toUpperCase(char c) {
        if (c < 128) {
            return c >= 'a' && c <= 'z' ? (char) (c - 32) : c;
        }
        return unicodeCase(c);
    }

    public static char toLowerCase(char c) {
        if (c < 128) {
            return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
        }
        return unicodeCase(c);
    }

    /** Another case of a char above ASCII: any char. */
    private static native char unicodeCase(char c);

    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MAX_CODE_POINT = 0x10ffff;

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isHighSurrogate(char ch) {
        return ch >= '\uD800' && ch <= '\uDBFF';
    }

    public static boolean isLowSurrogate(char ch) {
        return ch >= '\uDC00' && ch <= '\uDFFF';
    }

    public static boolean isSurrogate(char ch) {
        return ch >= '\uD800' && ch <= '\uDFFF';
    }

    public static int charCount(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int toCodePoint(char high, char low) {
        return ((high << 10) + low) + (MIN_SUPPLEMENTARY_CODE_POINT - (0xD800 << 10) - 0xDC00);
    }

    /** The code point at `index` of `seq`: its `charAt` throws for an index out of range. */
    public static int codePointAt(CharSequence seq, int index) {
        if (seq == null) {
            throw new NullPointerException();
        }
        char high = seq.charAt(index);
        if (isHighSurrogate(high) && index + 1 < seq.length()) {
            char low = seq.charAt(index + 1);
            if (isLowSurrogate(low)) {
                return toCodePoint(high, low);
            }
        }
        return high;
    }

    /** The code point at `index` of `a`: an index out of range throws as the array does. */
    public static int codePointAt(char[] a, int index) {
        if (a == null) {
            throw new NullPointerException();
        }
        if (index < 0 || index >= a.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        char high = a[index];
        if (isHighSurrogate(high) && index + 1 < a.length) {
            char low = a[index + 1];
            if (isLowSurrogate(low)) {
                return toCodePoint(high, low);
            }
        }
        return high;
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

    /** Exact for every char: Unicode's decimal digits, and ASCII and fullwidth letters. */
    public static int digit(char ch, int radix) {
        return dsd.Intrinsics.digit(ch, radix);
    }

    public native int compareTo(Character other);
}
