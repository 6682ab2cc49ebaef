package java.lang;

public class Object {
    public Object() {
    }

    public native boolean equals(Object other);

    public native int hashCode();

    public native String toString();

    public final Class<?> getClass() {
        return dsd.Intrinsics.classOf(this);
    }

    protected native Object clone() throws CloneNotSupportedException;
}
