package example.inventory;

/** A fixed number of shelves, each holding a count of items. */
public class Stock {
    private final int[] shelves;
    private int used;

    public Stock(int capacity) {
        shelves = new int[capacity];
    }

    /** Puts items on the next free shelf; forgets to check that one is free. */
    public void add(int items) {
        shelves[used++] = items;
    }

    /** Items on a shelf, or 0 for a shelf that does not exist. */
    public int itemsOn(int shelf) {
        if (shelf < 0 || shelf >= used) {
            return 0;
        }
        return shelves[shelf];
    }

    /** Average items per used shelf; divides by zero when nothing was added. */
    public int average() {
        int total = 0;
        for (int i = 0; i < used; i++) {
            total += shelves[i];
        }
        return total / used;
    }
}
