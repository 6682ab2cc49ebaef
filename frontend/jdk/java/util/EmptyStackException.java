package java.util;

/** Thrown by `Stack.pop` and `Stack.peek` on an empty stack. */
public class EmptyStackException extends RuntimeException {
    public EmptyStackException() {
    }
}
