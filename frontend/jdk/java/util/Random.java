package java.util;

/**
 * A pseudo-random generator: each value is any of those its documentation allows (an
 * index drawn with `nextInt(n)` is in bounds); a bound that is not positive, or an origin
 * not below the bound, is an IllegalArgumentException as in JDK 17.
 */
public class Random {
    public Random() {
    }

    public Random(long seed) {
    }

    @Precondition
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        int r = dsd.Intrinsics.anyInt();
        if (r < 0 || r >= bound) {
            r = 0;
        }
        return r;
    }

    @Precondition
    public int nextInt(int origin, int bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException("bound must be greater than origin");
        }
        int r = dsd.Intrinsics.anyInt();
        if (r < origin || r >= bound) {
            r = origin;
        }
        return r;
    }

    @Precondition
    public long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        long r = dsd.Intrinsics.anyLong();
        if (r < 0 || r >= bound) {
            r = 0;
        }
        return r;
    }

    public double nextDouble() {
        double d = dsd.Intrinsics.anyDouble();
        if (!(d >= 0.0 && d < 1.0)) {
            d = 0.0;
        }
        return d;
    }

    public float nextFloat() {
        float f = dsd.Intrinsics.anyFloat();
        if (!(f >= 0.0f && f < 1.0f)) {
            f = 0.0f;
        }
        return f;
    }
}
