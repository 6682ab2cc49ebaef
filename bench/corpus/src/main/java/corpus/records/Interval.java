package corpus.records;

/** A non-empty range of ints: an end not above the start is moved one past it. */
public record Interval(int start, int end) {

    public Interval {
        if (end <= start) {
            end = start + 1;
        }
    }

    public int percentAt(int x) {
        return 100 * (x - start) / (end - start); // @safe
    }
}
