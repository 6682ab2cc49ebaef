package java.lang;

public final class Math {
    public static int abs(int a) {
        return (a < 0) ? -a : a;
    }

    public static long abs(long a) {
        return (a < 0) ? -a : a;
    }

    public static native double abs(double a);

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static long max(long a, long b) {
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static long min(long a, long b) {
        return (a <= b) ? a : b;
    }

    public static native double max(double a, double b);

    public static native double min(double a, double b);

    public static native double sqrt(double a);

    public static native double pow(double a, double b);

    public static native double floor(double a);

    public static native double ceil(double a);

    public static native long round(double a);

    public static native double random();
}
