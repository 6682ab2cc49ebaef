package corpus.casts;

/** Sums spreadsheet cells; blank cells are null. */
public class Sheet {

    public static double sum(Object[] cells) {
        double total = 0;
        for (Object cell : cells) {
            if (cell == null) {
                continue;
            }
            total += ((Number) cell).doubleValue(); // @bug ClassCastException | Sheet.sum(new Object[] {1, null, "n/a"})
        }
        return total;
    }

    /** Text cells are ignored. */
    public static double sumNumbers(Object[] cells) {
        double total = 0;
        for (Object cell : cells) {
            if (cell instanceof Number) {
                total += ((Number) cell).doubleValue(); // @safe
            }
        }
        return total;
    }
}
