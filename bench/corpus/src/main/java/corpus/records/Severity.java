package corpus.records;

public enum Severity {
    INFO, WARNING, ERROR, FATAL;

    private static final String[] TAGS = {"I", "W", "E"};

    /** One-letter tag for log lines. */
    public String tag() {
        return TAGS[ordinal()]; // @bug ArrayIndexOutOfBoundsException | Severity.FATAL.tag()
    }
}
