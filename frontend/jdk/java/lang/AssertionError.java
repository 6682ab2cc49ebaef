package java.lang;

public class AssertionError extends Error {
    public AssertionError() {
    }

    public AssertionError(String message) {
    }
}
