package corpus.records;

public enum Banknote {
    FIVE(5), TEN(10), TWENTY(20), FIFTY(50), HUNDRED(100);

    private final int value;

    Banknote(int value) {
        this.value = value;
    }

    public int countIn(int amount) {
        return amount / value; // @safe
    }
}
