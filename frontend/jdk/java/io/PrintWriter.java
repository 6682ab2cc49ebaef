package java.io;

import java.nio.charset.Charset;

/**
 * A writer that prints text through another, as in JDK 17: it never throws
 * `IOException` (a failed or closed writer sets the error flag), but a `null` array and
 * a range outside a string or array throw as the writer's do. `print` of a value writes
 * its text (`String.valueOf`), `println` a line separator after it (`\n`, as on the
 * machines the tests run on).
 */
public class PrintWriter extends Writer {
    protected Writer out;
    private boolean trouble = false;

    public PrintWriter(Writer out) {
        this(out, false);
    }

    public PrintWriter(Writer out, boolean autoFlush) {
        super(out);
        this.out = out;
    }

    public PrintWriter(OutputStream out) {
        this(new BufferedWriter(new Unseen(out)), false);
    }

    public PrintWriter(OutputStream out, boolean autoFlush) {
        this(new BufferedWriter(new Unseen(out)), autoFlush);
    }

    public PrintWriter(OutputStream out, boolean autoFlush, Charset charset) {
        this(new BufferedWriter(new Unseen(out)), autoFlush);
    }

    public PrintWriter(String fileName) throws FileNotFoundException {
        this(new BufferedWriter(new Unseen(fileName)), false);
    }

    public PrintWriter(String fileName, String csn)
            throws FileNotFoundException, UnsupportedEncodingException {
        this(new BufferedWriter(new Unseen(fileName)), false);
    }

    public PrintWriter(String fileName, Charset charset) throws IOException {
        this(new BufferedWriter(new Unseen(fileName)), false);
    }

    public PrintWriter(File file) throws FileNotFoundException {
        this(new BufferedWriter(new Unseen(file)), false);
    }

    public PrintWriter(File file, String csn)
            throws FileNotFoundException, UnsupportedEncodingException {
        this(new BufferedWriter(new Unseen(file)), false);
    }

    public PrintWriter(File file, Charset charset) throws IOException {
        this(new BufferedWriter(new Unseen(file)), false);
    }

    /**
     * The writer of a stream or a file, which the model does not follow: what is written
     * there is not seen, behind the `BufferedWriter` the JDK puts in between (the classes
     * that write bytes are typed from the module image, and their constructors' results
     * would be any object, `null` among them).
     */
    private static final class Unseen extends Writer {
        /** Throws for a `null` stream or file, as `OutputStreamWriter` and `File` do. */
        Unseen(Object target) {
            if (target == null) {
                throw new NullPointerException();
            }
        }

        public void write(char[] cbuf, int off, int len) {
        }

        public void flush() {
        }

        public void close() {
        }
    }

    public void flush() {
        if (out == null) {
            trouble = true;
            return;
        }
        try {
            out.flush();
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
            out = null;
        } catch (IOException x) {
            trouble = true;
        }
    }

    public boolean checkError() {
        if (out != null) {
            flush();
        }
        return trouble;
    }

    protected void setError() {
        trouble = true;
    }

    protected void clearError() {
        trouble = false;
    }

    public void write(int c) {
        if (out == null) {
            trouble = true;
            return;
        }
        try {
            out.write(c);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(char[] buf, int off, int len) {
        if (out == null) {
            trouble = true;
            return;
        }
        try {
            out.write(buf, off, len);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(char[] buf) {
        write(buf, 0, buf.length);
    }

    public void write(String s, int off, int len) {
        if (out == null) {
            trouble = true;
            return;
        }
        try {
            out.write(s, off, len);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(String s) {
        write(s, 0, s.length());
    }

    /**
     * Writes a whole text, as `print` does: its range is the text's own, so the writer is
     * handed the string alone (a range check one frame deeper would see any length).
     */
    private void text(String s) {
        if (out == null) {
            trouble = true;
            return;
        }
        try {
            out.write(s);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void print(boolean b) {
        text(b ? "true" : "false");
    }

    public void print(char c) {
        write(c);
    }

    public void print(int i) {
        text(String.valueOf(i));
    }

    public void print(long l) {
        text(String.valueOf(l));
    }

    public void print(float f) {
        text(String.valueOf(f));
    }

    public void print(double d) {
        text(String.valueOf(d));
    }

    public void print(char[] s) {
        write(s, 0, s.length);
    }

    public void print(String s) {
        text(s == null ? "null" : s);
    }

    public void print(Object obj) {
        text(String.valueOf(obj));
    }

    public void println() {
        write('\n');
    }

    public void println(boolean x) {
        print(x);
        write('\n');
    }

    public void println(char x) {
        write(x);
        write('\n');
    }

    public void println(int x) {
        print(x);
        write('\n');
    }

    public void println(long x) {
        print(x);
        write('\n');
    }

    public void println(float x) {
        print(x);
        write('\n');
    }

    public void println(double x) {
        print(x);
        write('\n');
    }

    public void println(char[] x) {
        write(x, 0, x.length);
        write('\n');
    }

    public void println(String x) {
        print(x);
        write('\n');
    }

    public void println(Object x) {
        print(x);
        write('\n');
    }

    public PrintWriter append(CharSequence csq) {
        text(csq == null ? "null" : csq.toString());
        return this;
    }

    public PrintWriter append(CharSequence csq, int start, int end) {
        if (csq == null) {
            csq = "null";
        }
        text(csq.subSequence(start, end).toString());
        return this;
    }

    public PrintWriter append(char c) {
        write(c);
        return this;
    }
}
