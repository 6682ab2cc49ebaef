package corpus.records;

public enum Billing {
    DAILY, WEEKLY, MONTHLY, ONCE;

    int periodDays() {
        return switch (this) {
            case DAILY -> 1;
            case WEEKLY -> 7;
            case MONTHLY -> 30;
            case ONCE -> 0;
        };
    }

    /** The price spread over the days of one billing period. */
    public int perDay(int price) {
        return price / periodDays(); // @bug ArithmeticException | Billing.ONCE.perDay(120)
    }
}
