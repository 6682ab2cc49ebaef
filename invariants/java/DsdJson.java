package dsd.json;

/**
 * JSON text for the Java that dsd ships: the test runner's results and the crash recorder's
 * files. Written as source into each place that compiles it (the runner's folder, the
 * recorder's build), so that both escape strings the one way dsd's readers accept.
 */
public final class DsdJson {
    private DsdJson() {}

    /**
     * Appends {@code s} as a JSON string (or {@code null}), ASCII only: a surrogate pair is
     * written as its two escapes, a lone surrogate (which JSON readers refuse) as U+FFFD.
     */
    public static void string(StringBuilder b, String s) {
        if (s == null) {
            b.append("null");
            return;
        }
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c >= 0x20 && c < 0x7f) {
                        b.append(c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        hex(b, c);
                        hex(b, s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        hex(b, '\ufffd');
                    } else {
                        hex(b, c);
                    }
            }
        }
        b.append('"');
    }

    private static void hex(StringBuilder b, char c) {
        b.append(String.format("\\u%04x", (int) c));
    }
}
