package corpus.jdk;

/** Numeric rows read from text tokens. */
public class Columns {

    private static boolean isNumber(String t) {
        if (t == null || t.isEmpty() || t.length() > 9) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    public static Integer[] parseRow(String[] tokens) {
        Object[] cells = new Object[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            cells[i] = isNumber(tokens[i]) ? (Object) Integer.valueOf(tokens[i]) : tokens[i];
        }
        Integer[] row = new Integer[cells.length];
        System.arraycopy(cells, 0, row, 0, cells.length); // @bug ArrayStoreException | Columns.parseRow(new String[] {"12", "n/a"})
        return row;
    }

    /** Tokens that are not numbers become null. */
    public static Integer[] parseRowLenient(String[] tokens) {
        Object[] cells = new Object[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            cells[i] = isNumber(tokens[i]) ? Integer.valueOf(tokens[i]) : null;
        }
        Integer[] row = new Integer[cells.length];
        System.arraycopy(cells, 0, row, 0, cells.length); // @safe
        return row;
    }
}
