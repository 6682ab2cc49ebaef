package dsd.recorder;

import dsd.json.DsdJson;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Records the calls of project methods for {@code dsd record} (ReCrash): each call's receiver and
 * arguments are copied at entry onto a per-thread shadow stack, and dropped when the call ends.
 * When an exception escapes a project method, the frames on the stack are written as plain files
 * below the folder the system property {@code dsd.record.dir} names:
 * {@code crash-PID-N/trace.txt} (the exception as {@code printStackTrace} prints it),
 * {@code crash-PID-N/crash.json} (the thread and the copy depth) and
 * {@code crash-PID-N/frames.jsonl} (one frame per line, the method that threw first).
 *
 * <p>Values are copied to the depth {@code dsd.record.depth} sets (1 by default): at depth 1 an
 * object's fields are kept (primitives, strings and boxed values exactly; other references as
 * they are), arrays and the JDK's collections and maps element by element up to
 * {@value #MAX_ELEMENTS}; each further level copies the referenced objects the same way. Arrays
 * of primitives are copied at any depth. A
 * reference beyond the depth is written as its object is when the crash happens, marked
 * {@code "live":true}. Values are written as JSON data, never as serialized Java objects.
 *
 * <p>A crash is written once: when the exception escapes its first project method. The error
 * the JVM wraps around an exception that escapes a static initialiser is the same crash, not a
 * second one. A crash whose exception later escapes the program (its thread's
 * uncaught-exception handler receives it, or an exception wrapping it) or fails a test (the test
 * framework's listener, {@code DsdTestListener}, reports it through {@link #failed}) is marked
 * {@code "escaped":true} in its {@code crash.json}; one the program or a test catches (a test's
 * expected exception) is not. With {@code dsd.record.uncaught=true}, only an exception that
 * escapes is written, with the trace of the exception whose escape was recorded. The recorder calls no project
 * code (fields are read by reflection; only the JDK's collections are iterated), swallows its own
 * failures, and without {@code dsd.record.dir} it is off: instrumented code runs as the original.
 */
public final class DsdCrashRecorder {
    private DsdCrashRecorder() {}

    /** Most elements of an array, collection or map kept and written. */
    private static final int MAX_ELEMENTS = 64;
    /** How deep a reference beyond the copy depth is written at the crash. */
    private static final int LIVE_DEPTH = 6;
    /** Most objects, arrays, collections and maps one call's values are copied into. */
    private static final int MAX_COPIES = 10_000;
    /** Most values written for one frame; beyond, objects are written as opaque. */
    private static final int MAX_WRITTEN = 20_000;

    private static final String DIR = System.getProperty("dsd.record.dir");
    private static final boolean ON = DIR != null && !DIR.isEmpty();
    private static final int DEPTH = integer("dsd.record.depth", 1);
    private static final boolean UNCAUGHT = Boolean.getBoolean("dsd.record.uncaught");
    /** Most crashes one JVM writes ({@code dsd.record.max}, 100 by default). */
    private static final int MAX_CRASHES = integer("dsd.record.max", 100);
    /** Per method id: class, name and descriptor, tab-separated. */
    private static final String[] METHODS = methods();
    private static final AtomicInteger CRASHES = new AtomicInteger();
    /**
     * The crashes already written, by exception class and stack (not message): a loop, or a
     * test suite's expected exceptions, write each crash once.
     */
    private static final Map<String, Written> WRITTEN = new HashMap<>();
    /**
     * Whether a crash was met past the cap; the file {@code capped-PID} then says so to dsd.
     * Guarded by {@code WRITTEN}.
     */
    private static boolean capped;

    private static final ThreadLocal<Shadow> STACK = ThreadLocal.withInitial(Shadow::new);

    static {
        if (ON) {
            installHandler();
        }
    }

    /** A crash written: its folder's name, its thread, and whether it escaped. */
    private static final class Written {
        final String dir;
        final String thread;
        /** Guarded by {@code WRITTEN}. */
        boolean escaped;

        Written(String dir, String thread, boolean escaped) {
            this.dir = dir;
            this.thread = thread;
            this.escaped = escaped;
        }
    }

    /** How many copies one call remembers by a linear scan before it uses a hash map. */
    private static final int SMALL = 16;

    /**
     * One thread's shadow stack. It is reached once per call, at entry; the call's frame keeps
     * it for the rest of the call, so that the exit needs no thread-local lookup.
     */
    private static final class Shadow {
        /** The frames, the innermost last; {@code size} of them are on the stack. */
        Frame[] frames = new Frame[64];
        int size;
        /** The last exception whose escape was seen, so that callers do not record it again. */
        Throwable seen;
        /** With {@code UNCAUGHT}: the frames when {@code seen} escaped its first method. */
        Frame[] pending;
        /** True while the recorder itself runs on this thread. */
        boolean busy;
        /**
         * The copies of one call's values by original, emptied after each call: the first
         * {@value #SMALL} in two arrays searched by identity (a call copies a few values), the
         * rest in {@code more}.
         */
        final Object[] originals = new Object[SMALL];
        final Object[] copied = new Object[SMALL];
        int count;
        IdentityHashMap<Object, Object> more;
        /**
         * At depth 1: the receiver last copied, its snapshot and the values its fields had then
         * (a primitive array's copy is in the snapshot, the array itself here).
         */
        Object lastReceiver;
        Snapshot lastCopy;
        Object[] lastValues;
        /** What is left of one call's copying: at most {@value #MAX_COPIES} copies. */
        int left;

        Object copyOf(Object v) {
            for (int i = 0; i < count; i++) {
                if (originals[i] == v) {
                    return copied[i];
                }
            }
            return more == null || more.isEmpty() ? null : more.get(v);
        }

        void remember(Object v, Object copy) {
            if (count < SMALL) {
                originals[count] = v;
                copied[count++] = copy;
            } else {
                if (more == null) {
                    more = new IdentityHashMap<>();
                }
                more.put(v, copy);
            }
        }

        /** Forgets one call's copies (and so drops the references to its values). */
        void forget() {
            for (int i = 0; i < count; i++) {
                originals[i] = null;
                copied[i] = null;
            }
            count = 0;
            if (more != null && !more.isEmpty()) {
                more.clear();
            }
        }

        void push(Frame f) {
            if (size == frames.length) {
                frames = Arrays.copyOf(frames, size * 2);
            }
            f.index = size;
            frames[size++] = f;
        }
    }

    /** One call on the shadow stack: its method, and its receiver and arguments as copied. */
    public static final class Frame {
        final int method;
        final Object receiver;
        final Object[] args;
        /** The shadow stack of the thread that made the call. */
        final Shadow shadow;
        int index;

        Frame(int method, Object receiver, Object[] args, Shadow shadow) {
            this.method = method;
            this.receiver = receiver;
            this.args = args;
            this.shadow = shadow;
        }
    }

    /** An object's fields as copied at entry. */
    private static final class Snapshot {
        final Class<?> type;
        /** The class's fields (shared by its snapshots). */
        final List<Field> fields;
        /** Their values, in the same order. */
        final Object[] values;

        Snapshot(Class<?> type, List<Field> fields) {
            this.type = type;
            this.fields = fields;
            this.values = new Object[fields.size()];
        }
    }

    /** An array's or a collection's elements as copied at entry. */
    private static final class Elements {
        final Class<?> type;
        final int size;
        /** The first elements: an {@code Object[]} of copies, or a primitive array's copy. */
        final Object items;

        Elements(Class<?> type, int size, Object items) {
            this.type = type;
            this.size = size;
            this.items = items;
        }
    }

    /** A JDK object kept as data ({@link DsdJdkValues}), as copied at entry. */
    private static final class JdkData {
        final Class<?> type;
        /** The JSON object {@link DsdJdkValues#data} wrote. */
        final String data;

        JdkData(Class<?> type, String data) {
            this.type = type;
            this.data = data;
        }
    }

    /** A map's keys and values as copied at entry. */
    private static final class Entries {
        final Class<?> type;
        final int size;
        final Object[] keys;
        final Object[] values;

        Entries(Class<?> type, int size, Object[] keys, Object[] values) {
            this.type = type;
            this.size = size;
            this.keys = keys;
            this.values = values;
        }
    }

    private static int integer(String name, int fallback) {
        try {
            return Math.max(0, Integer.parseInt(System.getProperty(name, "" + fallback)));
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    private static String[] methods() {
        String path = System.getProperty("dsd.record.methods");
        if (!ON || path == null) {
            return new String[0];
        }
        try {
            List<String> lines = Files.readAllLines(new File(path).toPath(), StandardCharsets.UTF_8);
            String[] out = new String[lines.size()];
            for (String line : lines) {
                int tab = line.indexOf('\t');
                int id = Integer.parseInt(line.substring(0, tab));
                if (id >= 0 && id < out.length) {
                    out[id] = line.substring(tab + 1);
                }
            }
            return out;
        } catch (IOException | RuntimeException e) {
            return new String[0];
        }
    }

    /**
     * A call of method {@code id} begins: copies its receiver (null if none) and arguments.
     * {@code args} is the array the instrumented call site has just made, which nothing else
     * holds: the copies replace the values in it.
     */
    public static Frame enter(int id, Object receiver, Object[] args) {
        if (!ON) {
            return null;
        }
        Shadow s = STACK.get();
        if (s.busy) {
            return null;
        }
        s.busy = true;
        try {
            s.left = MAX_COPIES;
            Object self = DEPTH == 1 ? receiver(receiver, s) : copy(receiver, DEPTH, s);
            for (int i = 0; i < args.length; i++) {
                args[i] = copy(args[i], DEPTH, s);
            }
            Frame f = new Frame(id, self, args, s);
            s.push(f);
            return f;
        } catch (Throwable t) {
            return null;
        } finally {
            if (s.count > 0 || s.more != null) {
                s.forget();
            }
            s.busy = false;
        }
    }

    /** The exception {@code x} escapes the call {@code f}: the first escape is recorded. */
    public static void thrown(Frame f, Throwable x) {
        if (f == null) {
            return;
        }
        Shadow s = f.shadow;
        if (s.busy || s.seen == x || initialiserFailure(x, s.seen)) {
            return;
        }
        s.busy = true;
        try {
            s.seen = x;
            int top = Math.min(f.index, s.size - 1);
            Frame[] frames = new Frame[top + 1];
            for (int i = 0; i <= top; i++) {
                frames[i] = s.frames[top - i];
            }
            if (UNCAUGHT) {
                s.pending = frames;
            } else {
                write(x, frames, Thread.currentThread());
            }
        } catch (Throwable t) {
            // The crash is lost; the program goes on unchanged.
        } finally {
            s.busy = false;
        }
    }

    /**
     * True for the error the JVM wraps around {@code seen} when {@code seen} escapes a static
     * initialiser: it has no throw site of its own, and the crash was recorded at {@code seen}.
     */
    private static boolean initialiserFailure(Throwable x, Throwable seen) {
        return x instanceof ExceptionInInitializerError && seen != null && x.getCause() == seen;
    }

    /** The call {@code f} ends, normally or not: it leaves the shadow stack. */
    public static void exit(Frame f) {
        if (f == null) {
            return;
        }
        Shadow s = f.shadow;
        for (int i = s.size - 1; i >= f.index; i--) {
            s.frames[i] = null;
            s.size = i;
        }
    }

    /**
     * The exception {@code x} failed a test: the test framework's listener reports it. Its
     * crash (or the crash of one of its causes) escaped, as one that ends its thread does.
     */
    public static void failed(Throwable x) {
        escaped(x, Thread.currentThread());
    }

    /**
     * The exception {@code x} escaped the program on {@code thread}: with {@code UNCAUGHT} the
     * crash of {@code x} or of its cause whose escape from a method was seen last is written;
     * otherwise the crash already written for it is marked as escaped.
     */
    private static void escaped(Throwable x, Thread thread) {
        if (!ON) {
            return;
        }
        Shadow s = STACK.get();
        if (s.busy) {
            return;
        }
        s.busy = true;
        try {
            Throwable c = x;
            for (int depth = 0; c != null && depth < 32; depth++, c = c.getCause()) {
                if (UNCAUGHT && c == s.seen && s.pending != null) {
                    write(c, s.pending, thread);
                    break;
                } else if (!UNCAUGHT && mark(key(c))) {
                    break;
                }
            }
        } catch (Throwable t) {
            // The crash is lost, or stays unmarked.
        } finally {
            s.busy = false;
        }
    }

    /**
     * Marks the crash written under {@code key} as escaped, rewriting its {@code crash.json};
     * false when no crash was written under it.
     */
    private static boolean mark(String key) throws IOException {
        Written w;
        synchronized (WRITTEN) {
            w = WRITTEN.get(key);
            if (w == null || w.escaped) {
                return w != null;
            }
            w.escaped = true;
        }
        File dir = new File(DIR, w.dir);
        File tmp = new File(dir, ".crash.json");
        writeFile(tmp, crashJson(w.thread, true));
        tmp.renameTo(new File(dir, "crash.json"));
        return true;
    }

    private static void installHandler() {
        final Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, x) -> {
            escaped(x, thread);
            if (previous != null) {
                previous.uncaughtException(thread, x);
            } else if (!(x instanceof ThreadDeath)) {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                x.printStackTrace(System.err);
            }
        });
    }

    // ---- copying at entry ----

    private static boolean exact(Object v) {
        return v == null || v instanceof String || v instanceof Integer || v instanceof Long
                || v instanceof Short || v instanceof Byte || v instanceof Double || v instanceof Float
                || v instanceof Boolean || v instanceof Character || v instanceof Enum || v instanceof Class;
    }

    private static boolean jdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    /**
     * The receiver {@code r} copied at depth 1, the first value of the call copied. A method
     * called again on the same object, or a method that calls another on {@code this}, finds it
     * mostly unchanged: its last snapshot is taken again (snapshots are never changed once
     * made) when each field holds the same value, or the same array of primitives with the
     * same first elements; otherwise a new snapshot is made as {@link #copy} makes one.
     */
    private static Object receiver(Object r, Shadow s) {
        if (r == null || exact(r)) {
            return r;
        }
        Class<?> type = r.getClass();
        Layout layout = FIELDS.get(type);
        if (type.isArray() || layout.jdk) {
            return copy(r, 1, s);
        }
        Field[] fields = layout.array;
        if (r == s.lastReceiver && unchanged(r, fields, s.lastCopy, s.lastValues)) {
            Snapshot snapshot = s.lastCopy;
            s.remember(r, snapshot);
            s.left--;
            for (int i = 0; i < fields.length; i++) {
                if (snapshot.values[i] instanceof Elements) {
                    s.remember(s.lastValues[i], snapshot.values[i]);
                    s.left--;
                }
            }
            return snapshot;
        }
        s.lastReceiver = null;
        Snapshot snapshot = new Snapshot(type, layout.list);
        s.remember(r, snapshot);
        s.left--;
        Object[] values = new Object[fields.length];
        boolean readable = true;
        for (int i = 0; i < fields.length; i++) {
            try {
                values[i] = fields[i].get(r);
                snapshot.values[i] = copy(values[i], 0, s);
            } catch (Throwable t) {
                // A field that cannot be read is written as null.
                readable = false;
            }
        }
        if (readable) {
            s.lastReceiver = r;
            s.lastCopy = snapshot;
            s.lastValues = values;
        }
        return snapshot;
    }

    /** Whether the fields of {@code r} hold what they held when {@code snapshot} was taken. */
    private static boolean unchanged(Object r, Field[] fields, Snapshot snapshot, Object[] values) {
        try {
            for (int i = 0; i < fields.length; i++) {
                Object v = fields[i].get(r);
                Object was = values[i];
                if (v == was) {
                    Object copied = snapshot.values[i];
                    if (copied instanceof Elements && !sameItems(v, ((Elements) copied).items)) {
                        return false;
                    }
                } else if (v == null || was == null || !exact(v) || !v.equals(was)) {
                    return false;
                }
            }
            return true;
        } catch (Throwable t) {
            return false;
        }
    }

    /** Whether the array of primitives {@code v} starts with {@code items}, its earlier copy. */
    private static boolean sameItems(Object v, Object items) {
        if (v instanceof byte[]) {
            byte[] b = (byte[]) items;
            return Arrays.equals((byte[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof char[]) {
            char[] b = (char[]) items;
            return Arrays.equals((char[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof int[]) {
            int[] b = (int[]) items;
            return Arrays.equals((int[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof long[]) {
            long[] b = (long[]) items;
            return Arrays.equals((long[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof boolean[]) {
            boolean[] b = (boolean[]) items;
            return Arrays.equals((boolean[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof short[]) {
            short[] b = (short[]) items;
            return Arrays.equals((short[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof double[]) {
            double[] b = (double[]) items;
            return Arrays.equals((double[]) v, 0, b.length, b, 0, b.length);
        } else if (v instanceof float[]) {
            float[] b = (float[]) items;
            return Arrays.equals((float[]) v, 0, b.length, b, 0, b.length);
        }
        return false;
    }

    /**
     * The first elements of an array of primitives, or null for any other value. Such an array
     * is copied at any depth: a reference would keep a buffer the call replaces alive until it
     * returns.
     */
    private static Object primitiveItems(Object v) {
        if (v instanceof byte[]) {
            byte[] a = (byte[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof char[]) {
            char[] a = (char[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof int[]) {
            int[] a = (int[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof long[]) {
            long[] a = (long[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof boolean[]) {
            boolean[] a = (boolean[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof short[]) {
            short[] a = (short[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof double[]) {
            double[] a = (double[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        } else if (v instanceof float[]) {
            float[] a = (float[]) v;
            return Arrays.copyOf(a, Math.min(a.length, MAX_ELEMENTS));
        }
        return null;
    }

    /** {@code v} copied to {@code depth}, the copies of the call so far in {@code s}. */
    private static Object copy(Object v, int depth, Shadow s) {
        if (exact(v)) {
            return v;
        }
        Object primitives = depth <= 0 || v.getClass().isArray() ? primitiveItems(v) : null;
        if (primitives == null && depth <= 0) {
            return v;
        }
        Object done = s.copyOf(v);
        if (done != null) {
            return done;
        }
        if (--s.left < 0) {
            return v;
        }
        Class<?> type = v.getClass();
        if (primitives != null) {
            Elements e = new Elements(type, Array.getLength(v), primitives);
            s.remember(v, e);
            return e;
        }
        if (type.isArray()) {
            Object[] array = (Object[]) v;
            int n = array.length;
            int kept = Math.min(n, MAX_ELEMENTS);
            Object[] copied = new Object[kept];
            Elements e = new Elements(type, n, copied);
            s.remember(v, e);
            for (int i = 0; i < kept; i++) {
                copied[i] = copy(array[i], depth - 1, s);
            }
            return e;
        }
        Layout layout = FIELDS.get(type);
        if (v instanceof Collection && layout.jdk) {
            Collection<?> c = (Collection<?>) v;
            Object[] items = new Object[Math.min(c.size(), MAX_ELEMENTS)];
            Elements e = new Elements(type, c.size(), items);
            s.remember(v, e);
            int i = 0;
            for (Object item : c) {
                if (i == items.length) {
                    break;
                }
                items[i++] = copy(item, depth - 1, s);
            }
            return e;
        }
        if (v instanceof Map && layout.jdk) {
            Map<?, ?> m = (Map<?, ?>) v;
            int n = Math.min(m.size(), MAX_ELEMENTS);
            Entries e = new Entries(type, m.size(), new Object[n], new Object[n]);
            s.remember(v, e);
            int i = 0;
            for (Map.Entry<?, ?> entry : m.entrySet()) {
                if (i == n) {
                    break;
                }
                e.keys[i] = copy(entry.getKey(), depth - 1, s);
                e.values[i++] = copy(entry.getValue(), depth - 1, s);
            }
            return e;
        }
        if (layout.jdk && type != Object.class) {
            return layout.data == DsdJdkValues.CHANGING && depth > 1 ? jdkCopy(v, type, s) : v;
        }
        // A plain Object (a lock, a sentinel, a value of the wrong type) has no state: it is
        // written as an object without fields, which a test makes with new Object().
        Snapshot snapshot = new Snapshot(type, layout.list);
        s.remember(v, snapshot);
        Field[] fields = layout.array;
        Object[] values = snapshot.values;
        for (int i = 0; i < fields.length; i++) {
            try {
                values[i] = copy(fields[i].get(v), depth - 1, s);
            } catch (Throwable t) {
                // A field that cannot be read is written as null.
            }
        }
        return snapshot;
    }

    /**
     * A JDK object whose state changes ({@link DsdJdkValues#CHANGING}), copied as data; the
     * object itself when its data cannot be read.
     */
    private static Object jdkCopy(Object v, Class<?> type, Shadow s) {
        String data = DsdJdkValues.data(v);
        if (data == null) {
            return v;
        }
        JdkData copied = new JdkData(type, data);
        s.remember(v, copied);
        return copied;
    }

    /**
     * What copying needs of a class, worked out once: whether it is the JDK's, whether a JDK
     * class is kept as data ({@link DsdJdkValues#kind}), and the instance fields of a project
     * class (as a list, which its snapshots share, and as an array).
     */
    private static final class Layout {
        final boolean jdk;
        final int data;
        final List<Field> list;
        final Field[] array;

        Layout(Class<?> type) {
            this.jdk = jdk(type);
            this.data = jdk ? DsdJdkValues.kind(type) : DsdJdkValues.NONE;
            this.list = jdk && type != Object.class ? List.of() : readFields(type);
            this.array = list.toArray(new Field[0]);
        }
    }

    private static final ClassValue<Layout> FIELDS = new ClassValue<Layout>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return new Layout(type);
        }
    };

    /** The instance fields of a project class and of its project superclasses, made readable. */

    private static List<Field> readFields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && !jdk(c); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic() && !f.getName().startsWith("this$")) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    out.add(f);
                } catch (RuntimeException e) {
                    // An inaccessible field is left out.
                }
            }
        }
        return out;
    }

    // ---- writing at the crash ----

    /** A crash's identity: its exception's class and stack, not its message. */
    private static String key(Throwable x) {
        StringBuilder key = new StringBuilder(x.getClass().getName());
        for (StackTraceElement e : x.getStackTrace()) {
            key.append('\n').append(e);
        }
        return key.toString();
    }

    /** The text of {@code crash.json}. */
    private static String crashJson(String thread, boolean escaped) {
        StringBuilder crash = new StringBuilder("{\"thread\":");
        DsdJson.string(crash, thread);
        crash.append(",\"depth\":").append(DEPTH).append(",\"uncaught\":").append(UNCAUGHT)
                .append(",\"escaped\":").append(escaped).append("}\n");
        return crash.toString();
    }

    /** Writes the crash of {@code x}, with the frames on the stack when it escaped its first method. */
    private static void write(Throwable x, Frame[] frames, Thread thread) throws IOException {
        String key = key(x);
        String name;
        synchronized (WRITTEN) {
            if (WRITTEN.containsKey(key)) {
                return;
            }
            if (CRASHES.get() >= MAX_CRASHES) {
                if (!capped) {
                    capped = true;
                    new File(DIR, "capped-" + ProcessHandle.current().pid()).createNewFile();
                }
                return;
            }
            name = "crash-" + ProcessHandle.current().pid() + "-" + CRASHES.incrementAndGet();
            WRITTEN.put(key, new Written(name, thread.getName(), UNCAUGHT));
        }
        StringWriter trace = new StringWriter();
        x.printStackTrace(new PrintWriter(trace));
        String text = trace.toString();
        File root = new File(DIR);
        File tmp = new File(root, "." + name);
        File dir = new File(root, name);
        if (!tmp.mkdirs() && !tmp.isDirectory()) {
            return;
        }
        writeFile(new File(tmp, "trace.txt"), text);
        writeFile(new File(tmp, "crash.json"), crashJson(thread.getName(), UNCAUGHT));
        StringBuilder lines = new StringBuilder();
        for (Frame f : frames) {
            frame(lines, f);
            lines.append('\n');
        }
        writeFile(new File(tmp, "frames.jsonl"), lines.toString());
        if (!tmp.renameTo(dir)) {
            return;
        }
    }

    private static void writeFile(File file, String text) throws IOException {
        try (Writer w = new OutputStreamWriter(new FileOutputStream(file), StandardCharsets.UTF_8)) {
            w.write(text);
        }
    }

    private static void frame(StringBuilder b, Frame f) {
        String method = f.method >= 0 && f.method < METHODS.length && METHODS[f.method] != null
                ? METHODS[f.method] : "?\t?\t?";
        String[] parts = method.split("\t", -1);
        b.append("{\"class\":");
        DsdJson.string(b, parts[0]);
        b.append(",\"method\":");
        DsdJson.string(b, parts.length > 1 ? parts[1] : "?");
        b.append(",\"descriptor\":");
        DsdJson.string(b, parts.length > 2 ? parts[2] : "?");
        Writing w = new Writing();
        b.append(",\"receiver\":");
        w.value(b, f.receiver, LIVE_DEPTH);
        b.append(",\"args\":[");
        for (int i = 0; i < f.args.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            w.value(b, f.args[i], LIVE_DEPTH);
        }
        b.append("]}");
    }

    /** One frame's values being written: the ids of the objects already written. */
    private static final class Writing {
        final IdentityHashMap<Object, Integer> ids = new IdentityHashMap<>();
        /** How many more values may be written in full. */
        int left = MAX_WRITTEN;

        /** Writes {@code v}: a copy, or (beyond the copy depth) a live object up to {@code live} levels. */
        void value(StringBuilder b, Object v, int live) {
            if (v == null) {
                b.append("null");
                return;
            }
            if (exactValue(b, v)) {
                return;
            }
            Integer known = ids.get(v);
            if (known != null) {
                b.append("{\"ref\":").append(known).append('}');
                return;
            }
            int id = ids.size() + 1;
            ids.put(v, id);
            if (--left < 0) {
                Class<?> type = v instanceof Snapshot ? ((Snapshot) v).type
                        : v instanceof Elements ? ((Elements) v).type
                        : v instanceof Entries ? ((Entries) v).type
                        : v instanceof JdkData ? ((JdkData) v).type : v.getClass();
                head(b, type, id);
                b.append(",\"opaque\":true}");
                return;
            }
            if (v instanceof Snapshot) {
                Snapshot s = (Snapshot) v;
                head(b, s.type, id);
                fields(b, s.fields, s.values, live);
            } else if (v instanceof Elements) {
                Elements e = (Elements) v;
                head(b, e.type, id);
                b.append(",\"size\":").append(e.size).append(",\"items\":");
                list(b, e.items, live);
            } else if (v instanceof Entries) {
                Entries e = (Entries) v;
                head(b, e.type, id);
                b.append(",\"size\":").append(e.size).append(",\"keys\":");
                list(b, e.keys, live);
                b.append(",\"values\":");
                list(b, e.values, live);
            } else if (v instanceof JdkData) {
                JdkData d = (JdkData) v;
                head(b, d.type, id);
                b.append(",\"data\":").append(d.data);
            } else {
                liveValue(b, v, id, live);
            }
            b.append('}');
        }

        private void head(StringBuilder b, Class<?> type, int id) {
            b.append("{\"class\":");
            DsdJson.string(b, type.getName());
            b.append(",\"id\":").append(id);
        }

        /** Writes the elements of an {@code Object[]} or a primitive array. */
        private void list(StringBuilder b, Object items, int live) {
            b.append('[');
            int n = Array.getLength(items);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    b.append(',');
                }
                value(b, Array.get(items, i), live);
            }
            b.append(']');
        }

        private void fields(StringBuilder b, List<Field> fields, Object[] values, int live) {
            b.append(",\"fields\":[");
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                Field f = fields.get(i);
                b.append("{\"owner\":");
                DsdJson.string(b, f.getDeclaringClass().getName());
                b.append(",\"name\":");
                DsdJson.string(b, f.getName());
                b.append(",\"value\":");
                value(b, values[i], live);
                b.append('}');
            }
            b.append(']');
        }

        /** An object beyond the copy depth, as it is now. */
        private void liveValue(StringBuilder b, Object v, int id, int live) {
            Class<?> type = v.getClass();
            head(b, type, id);
            int kind = FIELDS.get(type).data;
            String data = kind == DsdJdkValues.NONE ? null : DsdJdkValues.data(v);
            if (data != null) {
                // An object that does not change is the same at the crash as at the call.
                b.append(kind == DsdJdkValues.CHANGING ? ",\"live\":true" : "").append(",\"data\":").append(data);
                return;
            }
            b.append(",\"live\":true");
            if (live <= 0) {
                b.append(",\"opaque\":true");
                return;
            }
            Shadow scratch = new Shadow();
            scratch.left = MAX_COPIES;
            Object copied = copy(v, 1, scratch);
            if (copied instanceof Elements) {
                Elements e = (Elements) copied;
                b.append(",\"size\":").append(e.size).append(",\"items\":");
                list(b, e.items, live - 1);
            } else if (copied instanceof Entries) {
                Entries e = (Entries) copied;
                b.append(",\"size\":").append(e.size).append(",\"keys\":");
                list(b, e.keys, live - 1);
                b.append(",\"values\":");
                list(b, e.values, live - 1);
            } else if (copied instanceof Snapshot) {
                Snapshot s = (Snapshot) copied;
                fields(b, s.fields, s.values, live - 1);
            } else {
                b.append(",\"opaque\":true");
            }
        }
    }

    /** Writes a value kept exactly; false for any other. */
    private static boolean exactValue(StringBuilder b, Object v) {
        if (!exact(v)) {
            return false;
        }
        b.append("{\"class\":");
        if (v instanceof Enum) {
            Enum<?> e = (Enum<?>) v;
            DsdJson.string(b, e.getDeclaringClass().getName());
            b.append(",\"enum\":");
            DsdJson.string(b, e.name());
        } else if (v instanceof Class) {
            DsdJson.string(b, "java.lang.Class");
            b.append(",\"value\":");
            DsdJson.string(b, ((Class<?>) v).getName());
        } else if (v instanceof String || v instanceof Character || v instanceof Float || v instanceof Double) {
            DsdJson.string(b, v.getClass().getName());
            b.append(",\"value\":");
            DsdJson.string(b, v.toString());
        } else {
            DsdJson.string(b, v.getClass().getName());
            b.append(",\"value\":").append(v);
        }
        b.append('}');
        return true;
    }
}
