package corpus.casts;

import java.util.HashMap;
import java.util.Map;

/** Client options, as decoded from a loosely typed settings map. */
public class Options {

    public static int timeoutSeconds(Map<String, Object> settings) {
        if (settings.get("timeout") == null) {
            return 30;
        }
        return (Integer) settings.get("timeout"); // @bug ClassCastException | Options.timeoutSeconds(java.util.Map.of("timeout", "45"))
    }

    public static int retriesOrDefault(Map<String, Object> settings) {
        Object v = settings.get("retries");
        return v instanceof Integer ? (Integer) v : 3; // @safe
    }

    /** Options from "key=value" pairs; numeric values become Integers. */
    public static Map<String, Object> parse(String... pairs) {
        Map<String, Object> out = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = pair.substring(0, eq);
            String value = pair.substring(eq + 1);
            boolean digits = !value.isEmpty() && value.length() < 9;
            for (int i = 0; i < value.length() && digits; i++) {
                digits = value.charAt(i) >= '0' && value.charAt(i) <= '9';
            }
            out.put(key, digits ? Integer.valueOf(value) : value);
        }
        return out;
    }

    public static int port(String... pairs) {
        Map<String, Object> opts = parse(pairs);
        if (!opts.containsKey("port")) {
            return 80;
        }
        return (Integer) opts.get("port"); // @bug ClassCastException | Options.port("host=a", "port=http")
    }

    public static int portOrDefault(String... pairs) {
        Map<String, Object> opts = parse(pairs);
        Object port = opts.get("port");
        return port instanceof Integer ? (Integer) port : 80; // @safe
    }
}
