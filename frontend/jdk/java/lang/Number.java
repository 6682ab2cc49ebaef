package java.lang;

public abstract class Number {
    public abstract int intValue();

    public abstract long longValue();

    public abstract double doubleValue();
}
