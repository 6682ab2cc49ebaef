package corpus.records;

public enum Coin {
    PENNY(1), NICKEL(5), DIME(10), QUARTER(25), ARCADE_TOKEN(0);

    private final int cents;

    Coin(int cents) {
        this.cents = cents;
    }

    /** How many of this coin make up the amount. */
    public int countIn(int amountCents) {
        return amountCents / cents; // @bug ArithmeticException | Coin.ARCADE_TOKEN.countIn(75)
    }
}
