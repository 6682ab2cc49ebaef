package corpus.containers;

public class BillSplitter {

    /** Each payer's share of the bill; the host does not pay when hostTreats is set. */
    public static int share(int bill, int diners, boolean hostTreats) {
        if (diners <= 0) {
            return bill;
        }
        IntBox payers = new IntBox(diners);
        if (hostTreats) {
            payers.set(payers.get() - 1);
        }
        return bill / payers.get(); // @bug ArithmeticException | BillSplitter.share(90, 1, true)
    }

    public static int shareOrAll(int bill, int diners, boolean hostTreats) {
        if (diners <= 0) {
            return bill;
        }
        IntBox payers = new IntBox(diners);
        if (hostTreats && payers.get() > 1) {
            payers.set(payers.get() - 1);
        }
        return bill / payers.get(); // @safe
    }
}
