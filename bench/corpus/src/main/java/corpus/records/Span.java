package corpus.records;

/** A range of ints; the ends may be given in either order. */
public record Span(int lo, int hi) {

    public Span {
        if (hi < lo) {
            int t = lo;
            lo = hi;
            hi = t;
        }
    }

    /** Where x lies in the span, in percent. */
    public int percentAt(int x) {
        return 100 * (x - lo) / (hi - lo); // @bug ArithmeticException | new Span(4, 4).percentAt(4)
    }
}
