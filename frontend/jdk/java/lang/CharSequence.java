package java.lang;

public interface CharSequence {
    int length();

    /**
     * @throws IndexOutOfBoundsException if the index is negative or not less than length()
     */
    char charAt(int index);

    /**
     * @throws IndexOutOfBoundsException if start or end is negative, end is greater than length(), or start is greater than end
     */
    CharSequence subSequence(int start, int end);

    String toString();
}
