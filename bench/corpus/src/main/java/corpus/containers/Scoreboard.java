package corpus.containers;

import java.util.HashMap;
import java.util.Map;

public class Scoreboard {

    /** Percentage of games won. */
    public static int winRate(int wins, int losses) {
        Map<String, Integer> tally = new HashMap<>();
        tally.put("wins", wins);
        tally.put("losses", losses);
        return 100 * tally.get("wins") / (tally.get("wins") + tally.get("losses")); // @bug ArithmeticException | Scoreboard.winRate(0, 0)
    }

    public static int winRateOrZero(int wins, int losses) {
        Map<String, Integer> tally = new HashMap<>();
        tally.put("wins", wins);
        tally.put("losses", losses);
        int games = tally.get("wins") + tally.get("losses");
        return games == 0 ? 0 : 100 * tally.get("wins") / games; // @safe
    }
}
