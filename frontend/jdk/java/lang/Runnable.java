package java.lang;

/** An action without arguments; a lambda's object runs its body. */
public interface Runnable {
    void run();
}
