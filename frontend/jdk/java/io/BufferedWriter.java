package java.io;

/**
 * A writer that writes through another, as in JDK 17, at once (the buffer the JDK fills
 * first is not modelled): a string range that ends at or before its start writes
 * nothing, as the JDK's loop over it; a closed writer throws.
 */
public class BufferedWriter extends Writer {
    private Writer out;

    public BufferedWriter(Writer out) {
        this(out, 8192);
    }

    public BufferedWriter(Writer out, int sz) {
        super(out);
        if (sz <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        this.out = out;
    }

    public void write(int c) throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
        out.write(c);
    }

    public void write(char[] cbuf, int off, int len) throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
        if (off < 0 || off > cbuf.length || len < 0 || off + len > cbuf.length || off + len < 0) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return;
        }
        out.write(cbuf, off, len);
    }

    public void write(String s, int off, int len) throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
        int end = off + len;
        if (end <= off) {
            return;
        }
        if (off < 0 || end > s.length()) {
            throw new StringIndexOutOfBoundsException();
        }
        out.write(s, off, len);
    }

    public void newLine() throws IOException {
        write('\n');
    }

    public void flush() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
        out.flush();
    }

    public void close() throws IOException {
        if (out == null) {
            return;
        }
        out.close();
        out = null;
    }
}
