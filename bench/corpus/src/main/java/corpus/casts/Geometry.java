package corpus.casts;

public class Geometry {

    /** Radius of a round shape, 0 for shapes with corners. */
    public static double radiusOf(Shape s) {
        if (s.corners() == 0) {
            return ((Circle) s).radius(); // @bug ClassCastException | Geometry.radiusOf(new Ellipse(2, 3))
        }
        return 0;
    }

    public static double radiusOfCircle(Shape s) {
        if (s instanceof Circle) {
            return ((Circle) s).radius(); // @safe
        }
        return 0;
    }
}
