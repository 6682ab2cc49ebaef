package java.lang;

public final class Math {
    public static int abs(int a) {
        return (a < 0) ? -a : a;
    }

    public static long abs(long a) {
        return (a < 0) ? -a : a;
    }

    // JDK 8's definition, exact for -0.0 (0.0) and NaN (NaN) as JDK 17's bit mask is.
    public static double abs(double a) {
        return (a <= 0.0D) ? 0.0D - a : a;
    }

    public static float abs(float a) {
        return (a <= 0.0F) ? 0.0F - a : a;
    }

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

    public static int floorDiv(int x, int y) {
        int q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) {
            q--;
        }
        return q;
    }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) {
            q--;
        }
        return q;
    }

    public static int floorMod(int x, int y) {
        int r = x % y;
        if ((r ^ y) < 0 && r != 0) {
            r += y;
        }
        return r;
    }

    public static long floorMod(long x, long y) {
        long r = x % y;
        if ((r ^ y) < 0 && r != 0) {
            r += y;
        }
        return r;
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
