package corpus.containers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** Saves a work split to bytes and resumes it. */
public class Checkpoint {

    static final class Split implements Serializable {
        private static final long serialVersionUID = 1L;
        final int workers;

        Split(int workers) {
            this.workers = workers;
        }
    }

    private static Split roundTrip(Split s) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(s);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Split) in.readObject();
        }
    }

    public static int resumeChunk(int items, int workers) throws IOException, ClassNotFoundException {
        Split restored = roundTrip(new Split(workers));
        return items / restored.workers; // @bug ArithmeticException | Checkpoint.resumeChunk(100, 0)
    }

    public static int resumeChunkOrAll(int items, int workers) throws IOException, ClassNotFoundException {
        Split restored = roundTrip(new Split(workers));
        return restored.workers == 0 ? items : items / restored.workers; // @safe
    }
}
