package java.io;

/** A path name: the lookups that find nothing, and the constructors' checks. */
public class File {
    public File(String pathname) {
        if (pathname == null) {
            throw new NullPointerException();
        }
    }

    public File(String parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
    }

    public File(File parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
    }

    /** Null when this is not a directory or it cannot be read. */
    @Nullable
    public native String[] list();

    /** Null when this is not a directory or it cannot be read. */
    @Nullable
    public native File[] listFiles();

    /** Null when the path names no parent (`new File("a")`). */
    @Nullable
    public native String getParent();

    /** Null when the path names no parent (`new File("a")`). */
    @Nullable
    public native File getParentFile();
}
