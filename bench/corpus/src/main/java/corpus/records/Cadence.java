package corpus.records;

public enum Cadence {
    HOURLY, NIGHTLY, WEEKLY, MANUAL;

    int periodHours() {
        return switch (this) {
            case HOURLY -> 1;
            case NIGHTLY -> 24;
            case WEEKLY -> 168;
            case MANUAL -> 0;
        };
    }

    /** Runs per week; a manual job runs as often as it is asked, counted once. */
    public int runsPerWeek(int weekHours) {
        int period = periodHours();
        return period == 0 ? 1 : weekHours / period; // @safe
    }
}
