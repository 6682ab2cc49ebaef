package java.lang;

public class AssertionError extends Error {
    public AssertionError() {
    }

    public AssertionError(String message) {
    }

    public AssertionError(Object detailMessage) {
    }

    public AssertionError(boolean detailMessage) {
    }

    public AssertionError(char detailMessage) {
    }

    public AssertionError(int detailMessage) {
    }

    public AssertionError(long detailMessage) {
    }

    public AssertionError(float detailMessage) {
    }

    public AssertionError(double detailMessage) {
    }

    public AssertionError(String message, Throwable cause) {
    }
}
