package java.lang;

public final class Class<T> {
    public native String getName();

    public native boolean isInstance(Object o);

    public native Class<?> getComponentType();
}
