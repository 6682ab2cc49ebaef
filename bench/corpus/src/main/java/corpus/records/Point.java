package corpus.records;

public record Point(int x, int y) {

    /** Integer slope of the line to another point. */
    public int slopeTo(Point other) {
        return (other.y - y) / (other.x - x); // @bug ArithmeticException | new Point(2, 1).slopeTo(new Point(2, 9))
    }

    /** Integer slope, 0 for a vertical line. */
    public int slopeOrFlat(Point other) {
        int dx = other.x - x;
        return dx == 0 ? 0 : (other.y - y) / dx; // @safe
    }
}
