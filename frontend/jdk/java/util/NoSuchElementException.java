package java.util;

/** Thrown by the model where JDK 17 finds no element: an empty deque, an empty optional. */
public class NoSuchElementException extends RuntimeException {
    public NoSuchElementException() {
    }

    public NoSuchElementException(String message) {
    }
}
