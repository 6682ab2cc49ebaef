package java.io;

/**
 * A writer that collects what is written in a string buffer, as in JDK 17: a `null`
 * string is written as the four chars `null`. The methods call the buffer themselves and
 * check a string's range first, as `StringBuffer.append` would one call deeper than the
 * model inlines.
 */
public class StringWriter extends Writer {
    private StringBuffer buf;

    public StringWriter() {
        buf = new StringBuffer();
        lock = buf;
    }

    public StringWriter(int initialSize) {
        if (initialSize < 0) {
            throw new IllegalArgumentException("Negative buffer size");
        }
        buf = new StringBuffer(initialSize);
        lock = buf;
    }

    public void write(int c) {
        buf.append((char) c);
    }

    public void write(char[] cbuf, int off, int len) {
        if (off < 0 || off > cbuf.length || len < 0 || off + len > cbuf.length || off + len < 0) {
            throw new IndexOutOfBoundsException();
        } else if (len == 0) {
            return;
        }
        buf.append(cbuf, off, len);
    }

    public void write(String str) {
        buf.append(str);
    }

    public void write(String str, int off, int len) {
        int length = str == null ? 4 : str.length();
        if (off < 0 || off > off + len || off + len > length) {
            throw new IndexOutOfBoundsException();
        }
        buf.append(str, off, off + len);
    }

    public StringWriter append(CharSequence csq) {
        buf.append(csq);
        return this;
    }

    public StringWriter append(CharSequence csq, int start, int end) {
        if (csq == null) {
            csq = "null";
        }
        buf.append(csq.subSequence(start, end));
        return this;
    }

    public StringWriter append(char c) {
        buf.append(c);
        return this;
    }

    public String toString() {
        return buf.toString();
    }

    public StringBuffer getBuffer() {
        return buf;
    }

    public void flush() {
    }

    public void close() throws IOException {
    }
}
