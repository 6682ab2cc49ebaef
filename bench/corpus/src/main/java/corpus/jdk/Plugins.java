package corpus.jdk;

import java.util.logging.Logger;

/** Looks up plugin classes by name. */
public class Plugins {
    private static final Logger LOG = Logger.getLogger(Plugins.class.getName());

    private static Class<?> find(String className) {
        try {
            return Class.forName(className);
        } catch (ClassNotFoundException e) {
            LOG.warning("no plugin class " + className);
            return null;
        }
    }

    public static String displayName(String className) {
        Class<?> type = find(className);
        return type.getSimpleName(); // @bug NullPointerException | Plugins.displayName("corpus.jdk.NoSuchPlugin")
    }

    public static String displayNameOrGiven(String className) {
        Class<?> type = find(className);
        return type == null ? className : type.getSimpleName(); // @safe
    }
}
