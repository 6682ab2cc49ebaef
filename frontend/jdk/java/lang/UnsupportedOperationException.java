package java.lang;

public class UnsupportedOperationException extends RuntimeException {
    public UnsupportedOperationException() {
    }

    public UnsupportedOperationException(String message) {
    }

    public UnsupportedOperationException(String message, Throwable cause) {
    }

    public UnsupportedOperationException(Throwable cause) {
    }
}
