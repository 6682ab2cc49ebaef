package corpus.loops;

/** Builds URL query strings from alternating keys and values. */
public class QueryString {

    public static String encode(String[] keysAndValues) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < keysAndValues.length) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(keysAndValues[i]).append('=');
            sb.append(keysAndValues[i + 1]); // @bug ArrayIndexOutOfBoundsException | QueryString.encode(new String[] {"q", "java", "page"})
            i += 2;
        }
        return sb.toString();
    }

    /** Drops a trailing key that has no value. */
    public static String encodeLenient(String[] keysAndValues) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i + 1 < keysAndValues.length) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(keysAndValues[i]).append('=');
            sb.append(keysAndValues[i + 1]); // @safe
            i += 2;
        }
        return sb.toString();
    }
}
