package java.lang;

public class IllegalArgumentException extends RuntimeException {
    public IllegalArgumentException() {
    }

    public IllegalArgumentException(String message) {
    }

    public IllegalArgumentException(String message, Throwable cause) {
    }

    public IllegalArgumentException(Throwable cause) {
    }
}
