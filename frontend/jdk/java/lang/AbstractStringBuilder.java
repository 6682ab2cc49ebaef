package java.lang;

/**
 * What StringBuilder and StringBuffer share, modelled by the number of characters; the
 * characters themselves are unknown. Each method throws what JDK 17's throws, where it does:
 * an index into the characters out of range is a StringIndexOutOfBoundsException, a range
 * into an argument (a char[] or a CharSequence) out of range an IndexOutOfBoundsException.
 */
abstract class AbstractStringBuilder implements CharSequence {
    int count;

    AbstractStringBuilder() {
    }

    AbstractStringBuilder(int capacity) {
        if (capacity < 0) {
            throw new NegativeArraySizeException();
        }
    }

    AbstractStringBuilder(String str) {
        if (str == null) {
            throw new NullPointerException();
        }
        count = str.length();
    }

    AbstractStringBuilder(CharSequence seq) {
        if (seq == null) {
            throw new NullPointerException();
        }
        count = seq.length();
    }

    public int length() {
        return count;
    }

    public int capacity() {
        return count + someLength(0, 16);
    }

    public void ensureCapacity(int minimumCapacity) {
    }

    public void trimToSize() {
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException();
        }
        count = newLength;
    }

    public char charAt(int index) {
        checkIndex(index);
        return (char) dsd.Intrinsics.anyInt();
    }

    public int codePointAt(int index) {
        checkIndex(index);
        return dsd.Intrinsics.anyInt();
    }

    public void setCharAt(int index, char ch) {
        checkIndex(index);
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkRangeOfThis(srcBegin, srcEnd);
        if (dst == null) {
            throw new NullPointerException();
        }
        checkRange(dstBegin, dstBegin + (srcEnd - srcBegin), dst.length);
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public String substring(int start, int end) {
        checkRangeOfThis(start, end);
        return dsd.Intrinsics.newString(end - start);
    }

    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        int found = dsd.Intrinsics.anyInt();
        if (found < -1 || found > count - str.length()) {
            found = -1;
        }
        return found;
    }

    public int lastIndexOf(String str) {
        return indexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return indexOf(str, fromIndex);
    }

    public String toString() {
        return dsd.Intrinsics.newString(count);
    }

    /** Appends `n` characters. */
    void grow(int n) {
        count = count + n;
    }

    /** Appends a string, `null` as the four characters `null`. */
    void growBy(String str) {
        count = count + (str == null ? 4 : str.length());
    }

    /** Appends a char sequence, `null` as `null`. */
    void growBy(CharSequence s) {
        count = count + (s == null ? 4 : s.length());
    }

    /** Appends or inserts all of `str`, which must not be `null`. */
    void growBy(char[] str) {
        if (str == null) {
            throw new NullPointerException();
        }
        grow(str.length);
    }

    /** Inserts `str[offset .. offset + len)`, a range checked as a string range. */
    void insertRange(char[] str, int offset, int len) {
        if (str == null) {
            throw new NullPointerException();
        }
        checkStringRange(offset, offset + len, str.length);
        grow(len);
    }

    /** Appends `str[offset .. offset + len)`. */
    void growBy(char[] str, int offset, int len) {
        if (str == null) {
            throw new NullPointerException();
        }
        checkRange(offset, offset + len, str.length);
        count = count + len;
    }

    /** Appends `s[start .. end)`, `null` read as `null`. */
    void growBy(CharSequence s, int start, int end) {
        int length = s == null ? 4 : s.length();
        checkRange(start, end, length);
        count = count + (end - start);
    }

    /** Removes `[start .. end)`, `end` cut to the length. */
    void shrink(int start, int end) {
        if (end > count) {
            end = count;
        }
        checkRangeOfThis(start, end);
        count = count - (end - start);
    }

    /** Replaces `[start .. end)`, `end` cut to the length, with `str`. */
    void replaceRange(int start, int end, String str) {
        if (end > count) {
            end = count;
        }
        checkRangeOfThis(start, end);
        if (str == null) {
            throw new NullPointerException();
        }
        count = count + str.length() - (end - start);
    }

    /** An index of a character: `0 <= index < length`. */
    void checkIndex(int index) {
        if (index < 0 || index >= count) {
            throw new StringIndexOutOfBoundsException();
        }
    }

    /** A position between characters: `0 <= offset <= length`. */
    void checkOffset(int offset) {
        if (offset < 0 || offset > count) {
            throw new StringIndexOutOfBoundsException();
        }
    }

    /** A range of this builder's characters. */
    void checkRangeOfThis(int start, int end) {
        if (start < 0 || start > end || end > count) {
            throw new StringIndexOutOfBoundsException();
        }
    }

    /** A range of a char[] argument of `insert`: checked as a string range. */
    static void checkStringRange(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new StringIndexOutOfBoundsException();
        }
    }

    /** A range of an argument's characters. */
    static void checkRange(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new IndexOutOfBoundsException();
        }
    }

    /** How many characters a value of unknown text takes: `min` to `max`. */
    static int someLength(int min, int max) {
        int n = dsd.Intrinsics.anyInt();
        if (n < min || n > max) {
            n = min;
        }
        return n;
    }

    /** The characters of an int in decimal. */
    static int intLength(int i) {
        return longLength(i);
    }

    /** The characters of a long in decimal. */
    static int longLength(long i) {
        if (i == -9223372036854775808L) {
            return 20;
        }
        int n = 1;
        if (i < 0) {
            n = 2;
            i = -i;
        }
        if (i >= 10L) {
            n++;
        }
        if (i >= 100L) {
            n++;
        }
        if (i >= 1000L) {
            n++;
        }
        if (i >= 10000L) {
            n++;
        }
        if (i >= 100000L) {
            n++;
        }
        if (i >= 1000000L) {
            n++;
        }
        if (i >= 10000000L) {
            n++;
        }
        if (i >= 100000000L) {
            n++;
        }
        if (i >= 1000000000L) {
            n++;
        }
        if (i >= 10000000000L) {
            n++;
        }
        if (i >= 100000000000L) {
            n++;
        }
        if (i >= 1000000000000L) {
            n++;
        }
        if (i >= 10000000000000L) {
            n++;
        }
        if (i >= 100000000000000L) {
            n++;
        }
        if (i >= 1000000000000000L) {
            n++;
        }
        if (i >= 10000000000000000L) {
            n++;
        }
        if (i >= 100000000000000000L) {
            n++;
        }
        if (i >= 1000000000000000000L) {
            n++;
        }
        return n;
    }

    /** The characters of a float or double (`0.0`, `NaN`, `-1.0E-10`): 3 to 24. */
    static int floatLength() {
        return someLength(3, 24);
    }

    /** `true` or `false`. */
    static int booleanLength(boolean b) {
        return b ? 4 : 5;
    }
}
