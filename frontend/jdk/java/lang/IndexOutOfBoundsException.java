package java.lang;

public class IndexOutOfBoundsException extends RuntimeException {
    public IndexOutOfBoundsException() {
    }

    public IndexOutOfBoundsException(String message) {
    }

    public IndexOutOfBoundsException(int index) {
    }

    public IndexOutOfBoundsException(long index) {
    }
}
