package corpus.containers;

import java.util.HashMap;
import java.util.Map;

/** Unit prices per product; a zero or negative pack size is ignored. */
public class PriceBook {
    private final Map<String, Integer> packSize = new HashMap<>();

    public void setPackSize(String product, int units) {
        if (units > 0) {
            packSize.put(product, units);
        }
    }

    public int unitPrice(String product, int packPrice) {
        int units = packSize.getOrDefault(product, 1);
        return packPrice / units; // @safe
    }
}
