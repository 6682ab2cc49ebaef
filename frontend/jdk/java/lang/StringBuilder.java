package java.lang;

/** A mutable sequence of characters; see AbstractStringBuilder. */
public final class StringBuilder extends AbstractStringBuilder {
    public StringBuilder() {
    }

    public StringBuilder(int capacity) {
        super(capacity);
    }

    public StringBuilder(String str) {
        super(str);
    }

    public StringBuilder(CharSequence seq) {
        super(seq);
    }

    public StringBuilder append(Object obj) {
        growBy(String.valueOf(obj));
        return this;
    }

    public StringBuilder append(String str) {
        growBy(str);
        return this;
    }

    public StringBuilder append(StringBuffer sb) {
        growBy(sb);
        return this;
    }

    public StringBuilder append(CharSequence s) {
        growBy(s);
        return this;
    }

    public StringBuilder append(CharSequence s, int start, int end) {
        growBy(s, start, end);
        return this;
    }

    public StringBuilder append(char[] str) {
        growBy(str);
        return this;
    }

    public StringBuilder append(char[] str, int offset, int len) {
        growBy(str, offset, len);
        return this;
    }

    public StringBuilder append(boolean b) {
        grow(booleanLength(b));
        return this;
    }

    public StringBuilder append(char c) {
        grow(1);
        return this;
    }

    public StringBuilder append(int i) {
        grow(intLength(i));
        return this;
    }

    public StringBuilder append(long lng) {
        grow(longLength(lng));
        return this;
    }

    public StringBuilder append(float f) {
        grow(floatLength());
        return this;
    }

    public StringBuilder append(double d) {
        grow(floatLength());
        return this;
    }

    @Precondition
    public StringBuilder appendCodePoint(int codePoint) {
        if (codePoint < 0 || codePoint > 0x10FFFF) {
            throw new IllegalArgumentException();
        }
        grow(codePoint < 0x10000 ? 1 : 2);
        return this;
    }

    public StringBuilder delete(int start, int end) {
        shrink(start, end);
        return this;
    }

    public StringBuilder deleteCharAt(int index) {
        checkIndex(index);
        grow(-1);
        return this;
    }

    public StringBuilder replace(int start, int end, String str) {
        replaceRange(start, end, str);
        return this;
    }

    public StringBuilder insert(int index, char[] str, int offset, int len) {
        checkOffset(index);
        insertRange(str, offset, len);
        return this;
    }

    public StringBuilder insert(int offset, Object obj) {
        checkOffset(offset);
        growBy(String.valueOf(obj));
        return this;
    }

    public StringBuilder insert(int offset, String str) {
        checkOffset(offset);
        growBy(str);
        return this;
    }

    public StringBuilder insert(int offset, char[] str) {
        checkOffset(offset);
        growBy(str);
        return this;
    }

    public StringBuilder insert(int dstOffset, CharSequence s) {
        checkOffset(dstOffset);
        growBy(s);
        return this;
    }

    public StringBuilder insert(int dstOffset, CharSequence s, int start, int end) {
        checkOffset(dstOffset);
        growBy(s, start, end);
        return this;
    }

    public StringBuilder insert(int offset, boolean b) {
        checkOffset(offset);
        grow(booleanLength(b));
        return this;
    }

    public StringBuilder insert(int offset, char c) {
        checkOffset(offset);
        grow(1);
        return this;
    }

    public StringBuilder insert(int offset, int i) {
        checkOffset(offset);
        grow(intLength(i));
        return this;
    }

    public StringBuilder insert(int offset, long l) {
        checkOffset(offset);
        grow(longLength(l));
        return this;
    }

    public StringBuilder insert(int offset, float f) {
        checkOffset(offset);
        grow(floatLength());
        return this;
    }

    public StringBuilder insert(int offset, double d) {
        checkOffset(offset);
        grow(floatLength());
        return this;
    }

    public StringBuilder reverse() {
        return this;
    }
}
