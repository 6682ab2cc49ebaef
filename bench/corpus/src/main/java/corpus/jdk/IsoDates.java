package corpus.jdk;

/** Fields of yyyy-MM-dd dates. */
public class IsoDates {

    private static boolean twoDigitsAt(String s, int i) {
        return s.length() >= i + 2 && Character.isDigit(s.charAt(i)) && Character.isDigit(s.charAt(i + 1));
    }

    public static int month(String date) {
        if (!twoDigitsAt(date, 5)) {
            return 0;
        }
        return Integer.decode(date.substring(5, 7)); // @bug NumberFormatException | IsoDates.month("2024-08-15")
    }

    public static int day(String date) {
        if (!twoDigitsAt(date, 8)) {
            return 0;
        }
        return Integer.parseInt(date.substring(8, 10), 10); // @safe
    }
}
