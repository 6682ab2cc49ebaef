package java.io;

/**
 * Object serialization, modelled by what a round trip keeps: the object last written is
 * what an `ObjectInputStream` may read back (as the same object: its fields hold the
 * values written). Writing any single byte or value is not followed.
 */
public class ObjectOutputStream extends OutputStream {
    /** The object most recently written by any stream; read back by `readObject`. */
    static Object written;

    public ObjectOutputStream(OutputStream out) throws IOException {
        if (out == null) {
            throw new NullPointerException();
        }
    }

    public final void writeObject(Object obj) throws IOException {
        written = obj;
    }

    public void write(int b) throws IOException {
    }
}
