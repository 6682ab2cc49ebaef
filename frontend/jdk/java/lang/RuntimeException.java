package java.lang;

public class RuntimeException extends Exception {
    public RuntimeException() {
    }

    public RuntimeException(String message) {
    }

    public RuntimeException(String message, Throwable cause) {
    }

    public RuntimeException(Throwable cause) {
    }
}
