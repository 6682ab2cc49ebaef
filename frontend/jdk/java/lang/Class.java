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
    @SuppressWarnings("unchecked")
    public Class<? super T> getSuperclass() {
        return (Class<? super T>) dsd.Intrinsics.superclassOf(this);
    }

    /** No class of that name: ClassNotFoundException (which names, the solver's choice). */
    public static Class<?> forName(String className) throws ClassNotFoundException {
        if (className == null) {
            throw new NullPointerException();
        }
        if (dsd.Intrinsics.anyBoolean()) {
            throw new ClassNotFoundException(className);
        }
        return (Class<?>) dsd.Intrinsics.anyObject(false);
    }

    public static Class<?> forName(String name, boolean initialize, ClassLoader loader)
            throws ClassNotFoundException {
        return forName(name);
    }

    public Class<?> getComponentType() {
        return dsd.Intrinsics.componentType(this);
    }

    public boolean isArray() {
        return dsd.Intrinsics.isArrayClass(this);
    }
}
