package java.io;

/**
 * The base of character input streams, as in JDK 17: reading one char reads into a
 * buffer of one, skipping reads and drops; a reader keeps no mark unless it says so.
 */
public abstract class Reader implements Readable, Closeable {
    protected Object lock;

    protected Reader() {
        this.lock = this;
    }

    protected Reader(Object lock) {
        if (lock == null) {
            throw new NullPointerException();
        }
        this.lock = lock;
    }

    public int read() throws IOException {
        char[] cb = new char[1];
        if (read(cb, 0, 1) == -1) {
            return -1;
        }
        return cb[0];
    }

    public int read(char[] cbuf) throws IOException {
        return read(cbuf, 0, cbuf.length);
    }

    public abstract int read(char[] cbuf, int off, int len) throws IOException;

    public long skip(long n) throws IOException {
        if (n < 0L) {
            throw new IllegalArgumentException("skip value is negative");
        }
        long skipped = 0;
        while (skipped < n && read() != -1) {
            skipped++;
        }
        return skipped;
    }

    public boolean ready() throws IOException {
        return false;
    }

    public boolean markSupported() {
        return false;
    }

    public void mark(int readAheadLimit) throws IOException {
        throw new IOException("mark() not supported");
    }

    public void reset() throws IOException {
        throw new IOException("reset() not supported");
    }

    public abstract void close() throws IOException;

    public long transferTo(Writer out) throws IOException {
        java.util.Objects.requireNonNull(out, "out");
        long transferred = 0;
        int c;
        while ((c = read()) != -1) {
            out.write(c);
            transferred++;
        }
        return transferred;
    }
}
