package java.lang;

public class Exception extends Throwable {
    public Exception() {
    }

    public Exception(String message) {
    }

    public Exception(String message, Throwable cause) {
    }

    public Exception(Throwable cause) {
    }
}
