package java.lang;

public class IllegalStateException extends RuntimeException {
    public IllegalStateException() {
    }

    public IllegalStateException(String message) {
    }

    public IllegalStateException(String message, Throwable cause) {
    }

    public IllegalStateException(Throwable cause) {
    }
}
