package java.lang;

public final class Class<T> {
    public native String getName();

    public native boolean isInstance(Object o);

    /** Null when no resource of that name is found. */
    @Nullable
    public native java.net.URL getResource(String name);

    /** Null when no resource of that name is found. */
    @Nullable
    public native java.io.InputStream getResourceAsStream(String name);

    /** Null for `Object`, an interface, a primitive type and `void`. */
    @Nullable
    public native Class<? super T> getSuperclass();

    public Class<?> getComponentType() {
        return dsd.Intrinsics.componentType(this);
    }

    public boolean isArray() {
        return dsd.Intrinsics.isArrayClass(this);
    }
}
