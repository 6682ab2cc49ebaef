package corpus.containers;

import java.util.ArrayList;
import java.util.List;

/** A four-position dial that keeps the positions it was set to. */
public class Dial {
    private static final String[] LABELS = {"off", "low", "mid", "high"};
    private final List<Integer> positions = new ArrayList<>();

    public void rotate(int clicks) {
        int from = positions.isEmpty() ? 0 : positions.get(positions.size() - 1);
        positions.add(Math.floorMod(from + clicks, 4));
    }

    public String label() {
        if (positions.isEmpty()) {
            return LABELS[0];
        }
        return LABELS[positions.get(positions.size() - 1)]; // @safe
    }
}
