package corpus.casts;

public final class Money {
    private final long cents;
    private final String currency;

    public Money(long cents, String currency) {
        this.cents = cents;
        this.currency = currency == null ? "USD" : currency;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o == null) {
            return false;
        }
        Money other = (Money) o; // @bug ClassCastException | new Money(500, "EUR").equals("5.00 EUR")
        return cents == other.cents && currency.equals(other.currency);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(cents) * 31 + currency.hashCode();
    }
}
