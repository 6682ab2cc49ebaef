package corpus.casts;

public final class Weight {
    private final long grams;

    public Weight(long grams) {
        this.grams = grams;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Weight)) {
            return false;
        }
        Weight other = (Weight) o; // @safe
        return grams == other.grams;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(grams);
    }
}
