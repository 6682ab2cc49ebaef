package java.lang;

/** A mutable sequence of characters, synchronized; see AbstractStringBuilder. */
public final class StringBuffer extends AbstractStringBuilder {
    public StringBuffer() {
    }

    public StringBuffer(int capacity) {
        super(capacity);
    }

    public StringBuffer(String str) {
        super(str);
    }

    public StringBuffer(CharSequence seq) {
        super(seq);
    }

    public StringBuffer append(Object obj) {
        growBy(String.valueOf(obj));
        return this;
    }

    public StringBuffer append(String str) {
        growBy(str);
        return this;
    }

    public StringBuffer append(StringBuffer sb) {
        growBy(sb);
        return this;
    }

    public StringBuffer append(CharSequence s) {
        growBy(s);
        return this;
    }

    public StringBuffer append(CharSequence s, int start, int end) {
        growBy(s, start, end);
        return this;
    }

    public StringBuffer append(char[] str) {
        growBy(str);
        return this;
    }

    public StringBuffer append(char[] str, int offset, int len) {
        growBy(str, offset, len);
        return this;
    }

    public StringBuffer append(boolean b) {
        grow(booleanLength(b));
        return this;
    }

    public StringBuffer append(char c) {
        grow(1);
        return this;
    }

    public StringBuffer append(int i) {
        grow(intLength(i));
        return this;
    }

    public StringBuffer append(long lng) {
        grow(longLength(lng));
        return this;
    }

    public StringBuffer append(float f) {
        grow(floatLength());
        return this;
    }

    public StringBuffer append(double d) {
        grow(floatLength());
        return this;
    }

    @Precondition
    public StringBuffer appendCodePoint(int codePoint) {
        if (codePoint < 0 || codePoint > 0x10FFFF) {
            throw new IllegalArgumentException();
        }
        grow(codePoint < 0x10000 ? 1 : 2);
        return this;
    }

    public StringBuffer delete(int start, int end) {
        shrink(start, end);
        return this;
    }

    public StringBuffer deleteCharAt(int index) {
        checkIndex(index);
        grow(-1);
        return this;
    }

    public StringBuffer replace(int start, int end, String str) {
        replaceRange(start, end, str);
        return this;
    }

    public StringBuffer insert(int index, char[] str, int offset, int len) {
        checkOffset(index);
        insertRange(str, offset, len);
        return this;
    }

    public StringBuffer insert(int offset, Object obj) {
        checkOffset(offset);
        growBy(String.valueOf(obj));
        return this;
    }

    public StringBuffer insert(int offset, String str) {
        checkOffset(offset);
        growBy(str);
        return this;
    }

    public StringBuffer insert(int offset, char[] str) {
        checkOffset(offset);
        growBy(str);
        return this;
    }

    public StringBuffer insert(int dstOffset, CharSequence s) {
        checkOffset(dstOffset);
        growBy(s);
        return this;
    }

    public StringBuffer insert(int dstOffset, CharSequence s, int start, int end) {
        checkOffset(dstOffset);
        growBy(s, start, end);
        return this;
    }

    public StringBuffer insert(int offset, boolean b) {
        checkOffset(offset);
        grow(booleanLength(b));
        return this;
    }

    public StringBuffer insert(int offset, char c) {
        checkOffset(offset);
        grow(1);
        return this;
    }

    public StringBuffer insert(int offset, int i) {
        checkOffset(offset);
        grow(intLength(i));
        return this;
    }

    public StringBuffer insert(int offset, long l) {
        checkOffset(offset);
        grow(longLength(l));
        return this;
    }

    public StringBuffer insert(int offset, float f) {
        checkOffset(offset);
        grow(floatLength());
        return this;
    }

    public StringBuffer insert(int offset, double d) {
        checkOffset(offset);
        grow(floatLength());
        return this;
    }

    public StringBuffer reverse() {
        return this;
    }
}
