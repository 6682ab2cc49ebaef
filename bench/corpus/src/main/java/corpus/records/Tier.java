package corpus.records;

public enum Tier {
    BRONZE, SILVER, GOLD, PLATINUM;

    private static final char[] MARKS = {'b', 's', 'g', 'p'};

    public char mark() {
        return MARKS[ordinal()]; // @safe
    }
}
