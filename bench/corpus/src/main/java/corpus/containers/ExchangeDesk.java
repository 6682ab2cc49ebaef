package corpus.containers;

import java.util.HashMap;
import java.util.Map;

/** Converts amounts in foreign units to dollars at the quoted rates. */
public class ExchangeDesk {
    private final Map<String, Integer> unitsPerDollar = new HashMap<>();

    public void quote(String currency, int units) {
        unitsPerDollar.put(currency, units);
    }

    public int toDollars(String currency, int amount) {
        int units = unitsPerDollar.getOrDefault(currency, 1);
        return amount / units; // @bug ArithmeticException | ExchangeDesk d = new ExchangeDesk(); d.quote("JPY", 0); d.toDollars("JPY", 500)
    }
}
