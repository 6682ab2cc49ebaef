package corpus.containers;

import java.util.ArrayList;
import java.util.List;

/** Remembers the headings a walker faced; turns are in quarter turns, clockwise. */
public class Compass {
    private static final String[] NAMES = {"north", "east", "south", "west"};
    private final List<Integer> headings = new ArrayList<>();

    public void turn(int quarterTurns) {
        int from = headings.isEmpty() ? 0 : headings.get(headings.size() - 1);
        headings.add((from + quarterTurns) % 4);
    }

    public String facing() {
        if (headings.isEmpty()) {
            return NAMES[0];
        }
        return NAMES[headings.get(headings.size() - 1)]; // @bug ArrayIndexOutOfBoundsException | Compass c = new Compass(); c.turn(-1); c.facing()
    }
}
