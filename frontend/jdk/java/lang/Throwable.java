package java.lang;

public class Throwable {
    public Throwable() {
    }

    public Throwable(String message) {
    }

    public Throwable(String message, Throwable cause) {
    }

    public Throwable(Throwable cause) {
    }

    public native String getMessage();
}
