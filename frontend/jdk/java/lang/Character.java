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

    public native int compareTo(Character other);
}
