package java.util;

/** A property table: a key it does not hold has no value. */
public class Properties extends Hashtable<Object, Object> {
    public Properties() {
    }

    public Properties(Properties defaults) {
    }

    /** Null when neither this table nor its defaults hold the key. */
    @Nullable
    public native String getProperty(String key);
}
