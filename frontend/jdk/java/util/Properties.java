package java.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * A property table, a hash table of strings: a key neither it nor its defaults hold as a
 * string has no value. What `load` reads is not known: the table then holds more entries,
 * none of them remembered.
 */
public class Properties extends Hashtable<Object, Object> {
    /** The table asked for a key this one does not hold, or null. */
    protected Properties defaults;

    public Properties() {
    }

    public Properties(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }

    public Properties(Properties defaults) {
        this.defaults = defaults;
    }

    /** Null when neither this table nor its defaults hold the key as a string. */
    @Nullable
    public String getProperty(String key) {
        Object value = get(key);
        if (value instanceof String) {
            return (String) value;
        }
        return defaults == null ? null : defaults.getProperty(key);
    }

    /** `defaultValue` when neither this table nor its defaults hold the key as a string. */
    @Nullable
    public String getProperty(String key, String defaultValue) {
        Object value = get(key);
        if (value instanceof String) {
            return (String) value;
        }
        String inherited = defaults == null ? null : defaults.getProperty(key);
        return inherited == null ? defaultValue : inherited;
    }

    @Nullable
    public Object setProperty(String key, String value) {
        return put(key, value);
    }

    /** The keys, which no caller may change (the keys and values are taken as strings). */
    public Set<String> stringPropertyNames() {
        return new KeyView<String>(this, true, false);
    }

    public void load(Reader reader) throws IOException {
        if (reader == null) {
            throw new NullPointerException();
        }
        forget(true);
    }

    public void load(InputStream in) throws IOException {
        if (in == null) {
            throw new NullPointerException();
        }
        forget(true);
    }
}
