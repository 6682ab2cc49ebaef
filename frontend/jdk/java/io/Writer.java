package java.io;

/**
 * The base of character output streams, as in JDK 17: a string or a char is written as
 * the chars of an array; `append` writes `null` as the four chars `null`.
 */
public abstract class Writer implements Appendable, Closeable, Flushable {
    protected Object lock;

    protected Writer() {
        this.lock = this;
    }

    protected Writer(Object lock) {
        if (lock == null) {
            throw new NullPointerException();
        }
        this.lock = lock;
    }

    public void write(int c) throws IOException {
        char[] cb = new char[1];
        cb[0] = (char) c;
        write(cb, 0, 1);
    }

    public void write(char[] cbuf) throws IOException {
        write(cbuf, 0, cbuf.length);
    }

    public abstract void write(char[] cbuf, int off, int len) throws IOException;

    public void write(String str) throws IOException {
        write(str, 0, str.length());
    }

    public void write(String str, int off, int len) throws IOException {
        int length = str.length();
        if (off < 0 || off > off + len || off + len > length) {
            throw new StringIndexOutOfBoundsException();
        }
        char[] cbuf = new char[len];
        for (int i = 0; i < len; i++) {
            cbuf[i] = str.charAt(off + i);
        }
        write(cbuf, 0, len);
    }

    public Writer append(CharSequence csq) throws IOException {
        write(csq == null ? "null" : csq.toString());
        return this;
    }

    public Writer append(CharSequence csq, int start, int end) throws IOException {
        if (csq == null) {
            csq = "null";
        }
        return append(csq.subSequence(start, end));
    }

    public Writer append(char c) throws IOException {
        write(c);
        return this;
    }

    public abstract void flush() throws IOException;

    public abstract void close() throws IOException;
}
