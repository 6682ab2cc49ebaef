package corpus.casts;

public final class Square implements Shape {
    private final double side;

    public Square(double side) {
        this.side = side;
    }

    @Override
    public int corners() {
        return 4;
    }

    @Override
    public double area() {
        return side * side;
    }
}
