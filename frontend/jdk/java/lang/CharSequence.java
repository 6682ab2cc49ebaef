package java.lang;

public interface CharSequence {
    int length();

    char charAt(int index);

    String toString();
}
