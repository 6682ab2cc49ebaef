package example.inventory;

/** Shelf labels such as "A12": a letter for the aisle, then a number. */
public final class Labels {
    private Labels() {
    }

    /** The aisle letter, upper-cased; an empty label has none. */
    public static char aisle(String label) {
        if (label == null) {
            return '?';
        }
        return Character.toUpperCase(label.charAt(0));
    }

    /** Aisle index 0..25 for letters a..z; other characters land outside the table. */
    public static int aisleIndex(char letter, int[] counts) {
        if (counts == null || counts.length != 26) {
            return -1;
        }
        return counts[letter - 'a'];
    }

    /** Shelves needed for a number of items: rounds up, and is wrong for a zero shelf size. */
    public static int shelvesFor(int items, int perShelf) {
        return (items + perShelf - 1) / perShelf;
    }
}
