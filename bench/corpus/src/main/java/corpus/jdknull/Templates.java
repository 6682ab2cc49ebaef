package corpus.jdknull;

import java.net.URL;

/** Finds page templates on the class path. */
public class Templates {

    public String pathOf(String name) {
        return getClass().getResource("/templates/" + name).getPath(); // @bug NullPointerException | new Templates().pathOf("missing.html")
    }

    public String pathOrNull(String name) {
        URL url = getClass().getResource("/templates/" + name);
        return url == null ? null : url.getPath(); // @safe
    }
}
