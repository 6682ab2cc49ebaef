package java.lang;

public final class Class<T> {
    public native String getName();

    public native boolean isInstance(Object o);

    public Class<?> getComponentType() {
        return dsd.Intrinsics.componentType(this);
    }

    public boolean isArray() {
        return dsd.Intrinsics.isArrayClass(this);
    }
}
