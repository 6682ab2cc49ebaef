package corpus.containers;

import java.util.ArrayList;
import java.util.List;

/** Lays out repeated columns; widths are added one by one. */
public class ColumnLayout {
    private final List<Integer> widths = new ArrayList<>();

    public void addColumn(int width) {
        widths.add(width);
    }

    /** How many times the last column fits into the total width. */
    public int repeatsIn(int total) {
        if (widths.isEmpty()) {
            return 0;
        }
        return total / widths.get(widths.size() - 1); // @bug ArithmeticException | ColumnLayout l = new ColumnLayout(); l.addColumn(8); l.addColumn(0); l.repeatsIn(80)
    }
}
