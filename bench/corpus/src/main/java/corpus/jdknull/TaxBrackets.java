package corpus.jdknull;

import java.util.TreeMap;

public class TaxBrackets {

    private static TreeMap<Integer, String> brackets() {
        TreeMap<Integer, String> b = new TreeMap<>();
        b.put(0, "low");
        b.put(30_000, "middle");
        b.put(100_000, "high");
        return b;
    }

    public static String bracketOf(int income) {
        return brackets().floorEntry(income).getValue(); // @bug NullPointerException | TaxBrackets.bracketOf(-5)
    }

    public static String bracketOrNone(int income) {
        var entry = brackets().floorEntry(income);
        return entry == null ? "none" : entry.getValue(); // @safe
    }
}
