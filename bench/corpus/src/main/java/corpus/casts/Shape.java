package corpus.casts;

public interface Shape {
    int corners();

    double area();
}
