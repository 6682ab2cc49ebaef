package corpus.lambdas;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Sorts fixed-format codes by one character position. */
public class Orderings {

    static Comparator<String> byKey(int k) {
        return new Comparator<String>() {
            @Override
            public int compare(String a, String b) {
                return Character.compare(a.charAt(k), b.charAt(k)); // @bug StringIndexOutOfBoundsException | Orderings.sortByColumn(java.util.List.of("ab7", "x"), 1)
            }
        };
    }

    static Comparator<String> byKeyPadded(int k) {
        return new Comparator<String>() {
            @Override
            public int compare(String a, String b) {
                char ca = a != null && k >= 0 && k < a.length() ? a.charAt(k) : ' '; // @safe
                char cb = b != null && k >= 0 && k < b.length() ? b.charAt(k) : ' '; // @safe
                return Character.compare(ca, cb);
            }
        };
    }

    public static List<String> sortByColumn(List<String> codes, int column) {
        List<String> sorted = new ArrayList<>(codes); // @pre NullPointerException | Orderings.sortByColumn(null, 1)
        sorted.sort(byKey(column));
        return sorted;
    }

    /** Codes too short for the column (or null) sort as if padded with spaces. */
    public static List<String> sortByColumnPadded(List<String> codes, int column) {
        List<String> sorted = new ArrayList<>(codes); // @pre NullPointerException | Orderings.sortByColumnPadded(null, 1)
        sorted.sort(byKeyPadded(column));
        return sorted;
    }
}
