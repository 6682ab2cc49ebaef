package java.util;

/**
 * A set of bits: the indexes JDK 17 refuses, with the contents not known (a bit read is
 * either value, a search finds any index from where it starts).
 */
public class BitSet implements Cloneable, java.io.Serializable {
    public BitSet() {
    }

    public BitSet(int nbits) {
        if (nbits < 0) {
            throw new NegativeArraySizeException("nbits < 0: " + nbits);
        }
    }

    public boolean get(int bitIndex) {
        checkIndex(bitIndex);
        return dsd.Intrinsics.anyBoolean();
    }

    public void set(int bitIndex) {
        checkIndex(bitIndex);
    }

    public void set(int bitIndex, boolean value) {
        checkIndex(bitIndex);
    }

    public void set(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
    }

    public void clear(int bitIndex) {
        checkIndex(bitIndex);
    }

    public void clear(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
    }

    public void flip(int bitIndex) {
        checkIndex(bitIndex);
    }

    public void flip(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
    }

    /** The next set bit at or after `fromIndex`, or -1. */
    public int nextSetBit(int fromIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        int found = dsd.Intrinsics.anyInt();
        return found >= fromIndex ? found : -1;
    }

    /** The next clear bit at or after `fromIndex`. */
    public int nextClearBit(int fromIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        int found = dsd.Intrinsics.anyInt();
        return found >= fromIndex ? found : fromIndex;
    }

    private static void checkIndex(int bitIndex) {
        if (bitIndex < 0) {
            throw new IndexOutOfBoundsException("bitIndex < 0: " + bitIndex);
        }
    }

    private static void checkRange(int fromIndex, int toIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        if (toIndex < 0) {
            throw new IndexOutOfBoundsException("toIndex < 0: " + toIndex);
        }
        if (fromIndex > toIndex) {
            throw new IndexOutOfBoundsException("fromIndex: " + fromIndex + " > toIndex: " + toIndex);
        }
    }
}
