package corpus.containers;

import java.util.ArrayList;
import java.util.List;

/** Check characters over running sums of digits. */
public class CheckDigit {

    public static char of(String alphabet, int[] digits) {
        if (alphabet.isEmpty()) {
            return '?';
        }
        List<Integer> running = new ArrayList<>();
        int acc = 0;
        for (int d : digits) {
            acc += d;
            running.add(acc % alphabet.length());
        }
        if (running.isEmpty()) {
            return alphabet.charAt(0);
        }
        return alphabet.charAt(running.get(running.size() - 1)); // @bug StringIndexOutOfBoundsException | CheckDigit.of("0123456789", new int[] {4, -7})
    }

    public static char ofWrapped(String alphabet, int[] digits) {
        if (alphabet.isEmpty()) {
            return '?';
        }
        List<Integer> running = new ArrayList<>();
        int acc = 0;
        for (int d : digits) {
            acc += d;
            running.add(Math.floorMod(acc, alphabet.length()));
        }
        if (running.isEmpty()) {
            return alphabet.charAt(0);
        }
        return alphabet.charAt(running.get(running.size() - 1)); // @safe
    }
}
