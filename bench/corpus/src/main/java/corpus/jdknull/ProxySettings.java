package corpus.jdknull;

import java.util.Locale;

/** Reads proxy settings such as HTTPS_PROXY_HOST from the environment. */
public class ProxySettings {

    public static String host(String scheme) {
        String raw = System.getenv(scheme.toUpperCase(Locale.ROOT) + "_PROXY_HOST");
        return raw.trim(); // @bug NullPointerException | ProxySettings.host("corpus_unset")
    }

    public static String hostOrEmpty(String scheme) {
        String raw = System.getenv(scheme.toUpperCase(Locale.ROOT) + "_PROXY_HOST");
        return raw == null ? "" : raw.trim(); // @safe
    }
}
