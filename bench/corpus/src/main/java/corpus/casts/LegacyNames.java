package corpus.casts;

import java.util.Iterator;
import java.util.List;

/** Helpers kept from before generics. */
@SuppressWarnings("rawtypes")
public class LegacyNames {

    public static int totalLength(List names) {
        int n = 0;
        for (Iterator it = names.iterator(); it.hasNext();) {
            String s = (String) it.next(); // @bug ClassCastException | LegacyNames.totalLength(java.util.List.of("ada", 42))
            n += s.length();
        }
        return n;
    }

    /** Counts only the strings; anything else in the list is skipped. */
    public static int totalLengthOfStrings(List names) {
        int n = 0;
        for (Iterator it = names.iterator(); it.hasNext();) {
            Object o = it.next();
            if (o instanceof String) {
                String s = (String) o; // @safe
                n += s.length();
            }
        }
        return n;
    }
}
