package corpus.casts;

public final class Circle implements Shape {
    private final double radius;

    public Circle(double radius) {
        this.radius = radius;
    }

    public double radius() {
        return radius;
    }

    @Override
    public int corners() {
        return 0;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}
