package corpus.containers;

import java.util.ArrayList;
import java.util.List;

/** Grid tracks; a track is at least one unit wide. */
public class TrackLayout {
    private final List<Integer> tracks = new ArrayList<>();

    public void addTrack(int width) {
        tracks.add(Math.max(1, width));
    }

    public int fitsIn(int total) {
        if (tracks.isEmpty()) {
            return 0;
        }
        return total / tracks.get(tracks.size() - 1); // @safe
    }
}
