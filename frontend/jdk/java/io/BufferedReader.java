package java.io;

/**
 * A reader that reads through another, as in JDK 17, one char at a time (the buffer the
 * JDK fills ahead is not modelled): a line ends at `\n`, `\r` or `\r\n`, and at the end of
 * the input `readLine()` is `null`; a closed reader throws. Each method reads `in` itself,
 * as the JDK's do, so the chars of a `StringReader` stay within the model's call depth.
 */
public class BufferedReader extends Reader {
    private Reader in;
    /** The last line ended at `\r`: a `\n` next belongs to it. */
    private boolean skipLF;

    public BufferedReader(Reader in, int sz) {
        super(in);
        if (sz <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        this.in = in;
    }

    public BufferedReader(Reader in) {
        this(in, 8192);
    }

    public int read() throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
        int c = in.read();
        if (skipLF) {
            skipLF = false;
            if (c == '\n') {
                c = in.read();
            }
        }
        return c;
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
        if (off < 0 || len < 0 || len > cbuf.length - off) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return 0;
        }
        int c = in.read();
        if (skipLF) {
            skipLF = false;
            if (c == '\n') {
                c = in.read();
            }
        }
        if (c == -1) {
            return -1;
        }
        cbuf[off] = (char) c;
        int i = 1;
        for (; i < len; i++) {
            c = in.read();
            if (c == -1) {
                break;
            }
            cbuf[off + i] = (char) c;
        }
        return i;
    }

    public String readLine() throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
        int c = in.read();
        if (skipLF) {
            skipLF = false;
            if (c == '\n') {
                c = in.read();
            }
        }
        if (c == -1) {
            return null;
        }
        char[] line = new char[80];
        int n = 0;
        while (c != -1 && c != '\n' && c != '\r') {
            if (n == line.length) {
                line = java.util.Arrays.copyOf(line, 2 * n);
            }
            line[n++] = (char) c;
            c = in.read();
        }
        if (c == '\r') {
            skipLF = true;
        }
        return new String(line, 0, n);
    }

    public boolean ready() throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
        return in.ready();
    }

    public void close() throws IOException {
        if (in == null) {
            return;
        }
        in.close();
        in = null;
    }
}
