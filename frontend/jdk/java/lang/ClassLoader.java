package java.lang;

/** The lookups of a class loader that find nothing. */
public abstract class ClassLoader {
    protected ClassLoader() {
    }

    /** Null when no resource of that name is found. */
    @Nullable
    public native java.net.URL getResource(String name);

    /** Null when no resource of that name is found. */
    @Nullable
    public native java.io.InputStream getResourceAsStream(String name);

    /** Null for a loader whose parent is the bootstrap loader. */
    @Nullable
    public native ClassLoader getParent();
}
