package java.io;

/**
 * A reader over the chars of a string, as in JDK 17: a closed reader throws. Each method
 * checks that it is open itself, one call fewer inside the model's call depth.
 */
public class StringReader extends Reader {
    private String str;
    private int length;
    private int next = 0;
    private int mark = 0;

    public StringReader(String s) {
        this.length = s.length();
        this.str = s;
    }

    public int read() throws IOException {
        if (str == null) {
            throw new IOException("Stream closed");
        }
        if (next >= length) {
            return -1;
        }
        return str.charAt(next++);
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        if (str == null) {
            throw new IOException("Stream closed");
        }
        if (off < 0 || len < 0 || len > cbuf.length - off) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return 0;
        }
        if (next >= length) {
            return -1;
        }
        int n = Math.min(length - next, len);
        for (int i = 0; i < n; i++) {
            cbuf[off + i] = str.charAt(next + i);
        }
        next += n;
        return n;
    }

    public long skip(long n) throws IOException {
        if (str == null) {
            throw new IOException("Stream closed");
        }
        if (next >= length) {
            return 0;
        }
        long r = Math.min(length - next, n);
        r = Math.max(-next, r);
        next += (int) r;
        return r;
    }

    public boolean ready() throws IOException {
        if (str == null) {
            throw new IOException("Stream closed");
        }
        return true;
    }

    public boolean markSupported() {
        return true;
    }

    public void mark(int readAheadLimit) throws IOException {
        if (readAheadLimit < 0) {
            throw new IllegalArgumentException("Read-ahead limit < 0");
        }
        if (str == null) {
            throw new IOException("Stream closed");
        }
        mark = next;
    }

    public void reset() throws IOException {
        if (str == null) {
            throw new IOException("Stream closed");
        }
        next = mark;
    }

    public void close() {
        str = null;
    }
}
