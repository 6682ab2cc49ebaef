package java.lang;

public class Error extends Throwable {
    public Error() {
    }

    public Error(String message) {
    }

    public Error(String message, Throwable cause) {
    }

    public Error(Throwable cause) {
    }
}
