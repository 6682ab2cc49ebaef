package java.io;

/**
 * Object deserialization: `readObject` gives back the object an `ObjectOutputStream` last
 * wrote (any object when the entry wrote none), so a value that went through a round trip
 * keeps what it held.
 */
public class ObjectInputStream extends InputStream {
    public ObjectInputStream(InputStream in) throws IOException {
        if (in == null) {
            throw new NullPointerException();
        }
    }

    public final Object readObject() throws IOException, ClassNotFoundException {
        return ObjectOutputStream.written;
    }

    public int read() throws IOException {
        return dsd.Intrinsics.anyInt();
    }
}
