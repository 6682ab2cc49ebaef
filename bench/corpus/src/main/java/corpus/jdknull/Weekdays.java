package corpus.jdknull;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

public class Weekdays {

    /** ISO number of a day abbreviation: mon is 1, sun is 7. */
    public static int isoNumber(String day) {
        Map<String, Integer> numbers = new HashMap<>();
        numbers.put("mon", 1);
        numbers.put("tue", 2);
        numbers.put("wed", 3);
        numbers.put("thu", 4);
        numbers.put("fri", 5);
        numbers.put("sat", 6);
        numbers.put("sun", 7);
        return numbers.get(day.toLowerCase(Locale.ROOT)).intValue(); // @bug NullPointerException | Weekdays.isoNumber("Funday")
    }

    /** Like isoNumber, 0 for anything that is not a day. */
    public static int isoNumberOrZero(String day) {
        Map<String, Integer> numbers = new HashMap<>();
        numbers.put("mon", 1);
        numbers.put("tue", 2);
        numbers.put("wed", 3);
        numbers.put("thu", 4);
        numbers.put("fri", 5);
        numbers.put("sat", 6);
        numbers.put("sun", 7);
        return numbers.getOrDefault(day.toLowerCase(Locale.ROOT), 0).intValue(); // @safe
    }
}
