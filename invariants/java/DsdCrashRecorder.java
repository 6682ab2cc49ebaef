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
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
 * second one. With {@code dsd.record.uncaught=true}, only an exception that escapes the program
 * (its thread's uncaught-exception handler receives it, or an exception wrapping it) is written,
 * with the trace of the exception whose escape was recorded. The recorder calls no project
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
    private static final Set<String> WRITTEN = new HashSet<>();
    /**
     * Whether a crash was met past the cap; the file {@code capped-PID} then says so to dsd.
     * Guarded by {@code WRITTEN}.
     */
    private static boolean capped;

    private static final ThreadLocal<Shadow> STACK = ThreadLocal.withInitial(Shadow::new);

    static {
        if (ON && UNCAUGHT) {
            installHandler();
        }
    }

    /** One thread's shadow stack. */
    private static final class Shadow {
        final ArrayList<Frame> frames = new ArrayList<>();
        /** The last exception whose escape was seen, so that callers do not record it again. */
        Throwable seen;
        /** With {@code UNCAUGHT}: the frames when {@code seen} escaped its first method. */
        Frame[] pending;
        /** True while the recorder itself runs on this thread. */
        boolean busy;
        /** The copies of one call's values by original, emptied after each call. */
        final IdentityHashMap<Object, Object> copies = new IdentityHashMap<>();
    }

    /** What is left of one call's copying: at most {@value #MAX_COPIES} copies. */
    private static final class Budget {
        int left = MAX_COPIES;
    }

    /** One call on the shadow stack: its method, and its receiver and arguments as copied. */
    public static final class Frame {
        final int method;
        final Object receiver;
        final Object[] args;
        int index;

        Frame(int method, Object receiver, Object[] args) {
            this.method = method;
            this.receiver = receiver;
            this.args = args;
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

    /** A call of method {@code id} begins: copies its receiver (null if none) and arguments. */
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
            IdentityHashMap<Object, Object> copies = s.copies;
            Budget budget = new Budget();
            Object[] copied = new Object[args.length];
            for (int i = 0; i < args.length; i++) {
                copied[i] = copy(args[i], DEPTH, copies, budget);
            }
            Frame f = new Frame(id, copy(receiver, DEPTH, copies, budget), copied);
            f.index = s.frames.size();
            s.frames.add(f);
            return f;
        } catch (Throwable t) {
            return null;
        } finally {
            if (!s.copies.isEmpty()) {
                s.copies.clear();
            }
            s.busy = false;
        }
    }

    /** The exception {@code x} escapes the call {@code f}: the first escape is recorded. */
    public static void thrown(Frame f, Throwable x) {
        if (f == null) {
            return;
        }
        Shadow s = STACK.get();
        if (s.busy || s.seen == x || initialiserFailure(x, s.seen)) {
            return;
        }
        s.busy = true;
        try {
            s.seen = x;
            int top = Math.min(f.index, s.frames.size() - 1);
            Frame[] frames = new Frame[top + 1];
            for (int i = 0; i <= top; i++) {
                frames[i] = s.frames.get(top - i);
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
        ArrayList<Frame> frames = STACK.get().frames;
        for (int i = frames.size() - 1; i >= f.index && i >= 0; i--) {
            frames.remove(i);
        }
    }

    private static void installHandler() {
        final Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, x) -> {
            Shadow s = STACK.get();
            Frame[] pending = s.pending;
            for (Throwable c = x; c != null && pending != null; c = c.getCause()) {
                if (c == s.seen) {
                    try {
                        write(c, pending, thread);
                    } catch (Throwable t) {
                        // The crash is lost.
                    }
                    break;
                }
            }
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

    /**
     * True for an array of primitives, which is copied (its first elements) at any depth: a
     * reference would keep a buffer the call replaces alive until it returns.
     */
    private static boolean primitiveArray(Object v) {
        return v.getClass().isArray() && v.getClass().getComponentType().isPrimitive();
    }

    private static boolean jdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    private static Object copy(Object v, int depth, IdentityHashMap<Object, Object> copies, Budget budget) {
        if (exact(v) || depth <= 0 && !primitiveArray(v)) {
            return v;
        }
        Object done = copies.get(v);
        if (done != null) {
            return done;
        }
        if (--budget.left < 0) {
            return v;
        }
        Class<?> type = v.getClass();
        if (type.isArray()) {
            int n = Array.getLength(v);
            int kept = Math.min(n, MAX_ELEMENTS);
            if (type.getComponentType().isPrimitive()) {
                Object items = Array.newInstance(type.getComponentType(), kept);
                System.arraycopy(v, 0, items, 0, kept);
                Elements e = new Elements(type, n, items);
                copies.put(v, e);
                return e;
            }
            Object[] items = new Object[kept];
            Elements e = new Elements(type, n, items);
            copies.put(v, e);
            Object[] array = (Object[]) v;
            for (int i = 0; i < kept; i++) {
                items[i] = copy(array[i], depth - 1, copies, budget);
            }
            return e;
        }
        if (v instanceof Collection && jdk(type)) {
            Collection<?> c = (Collection<?>) v;
            Object[] items = new Object[Math.min(c.size(), MAX_ELEMENTS)];
            Elements e = new Elements(type, c.size(), items);
            copies.put(v, e);
            int i = 0;
            for (Object item : c) {
                if (i == items.length) {
                    break;
                }
                items[i++] = copy(item, depth - 1, copies, budget);
            }
            return e;
        }
        if (v instanceof Map && jdk(type)) {
            Map<?, ?> m = (Map<?, ?>) v;
            int n = Math.min(m.size(), MAX_ELEMENTS);
            Entries e = new Entries(type, m.size(), new Object[n], new Object[n]);
            copies.put(v, e);
            int i = 0;
            for (Map.Entry<?, ?> entry : m.entrySet()) {
                if (i == n) {
                    break;
                }
                e.keys[i] = copy(entry.getKey(), depth - 1, copies, budget);
                e.values[i++] = copy(entry.getValue(), depth - 1, copies, budget);
            }
            return e;
        }
        if (jdk(type) && type != Object.class) {
            return v;
        }
        // A plain Object (a lock, a sentinel, a value of the wrong type) has no state: it is
        // written as an object without fields, which a test makes with new Object().
        Snapshot s = new Snapshot(type, fields(type));
        copies.put(v, s);
        for (int i = 0; i < s.values.length; i++) {
            try {
                s.values[i] = copy(s.fields.get(i).get(v), depth - 1, copies, budget);
            } catch (Throwable t) {
                // A field that cannot be read is written as null.
            }
        }
        return s;
    }

    private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();

    /** The instance fields of a project class and of its project superclasses, made readable. */
    private static List<Field> fields(Class<?> type) {
        List<Field> out = FIELDS.get(type);
        return out != null ? out : readFields(type);
    }

    private static synchronized List<Field> readFields(Class<?> type) {
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
        FIELDS.put(type, out);
        return out;
    }

    // ---- writing at the crash ----

    private static void write(Throwable x, Frame[] frames, Thread thread) throws IOException {
        StringBuilder key = new StringBuilder(x.getClass().getName());
        for (StackTraceElement e : x.getStackTrace()) {
            key.append('\n').append(e);
        }
        synchronized (WRITTEN) {
            if (WRITTEN.contains(key.toString())) {
                return;
            }
            if (CRASHES.get() >= MAX_CRASHES) {
                if (!capped) {
                    capped = true;
                    new File(DIR, "capped-" + ProcessHandle.current().pid()).createNewFile();
                }
                return;
            }
            WRITTEN.add(key.toString());
        }
        StringWriter trace = new StringWriter();
        x.printStackTrace(new PrintWriter(trace));
        String text = trace.toString();
        String name = "crash-" + ProcessHandle.current().pid() + "-" + CRASHES.incrementAndGet();
        File root = new File(DIR);
        File tmp = new File(root, "." + name);
        File dir = new File(root, name);
        if (!tmp.mkdirs() && !tmp.isDirectory()) {
            return;
        }
        writeFile(new File(tmp, "trace.txt"), text);
        StringBuilder crash = new StringBuilder("{\"thread\":");
        DsdJson.string(crash, thread.getName());
        crash.append(",\"depth\":").append(DEPTH).append(",\"uncaught\":").append(UNCAUGHT).append("}\n");
        writeFile(new File(tmp, "crash.json"), crash.toString());
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
                        : v instanceof Entries ? ((Entries) v).type : v.getClass();
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
            b.append(",\"live\":true");
            if (live <= 0) {
                b.append(",\"opaque\":true");
                return;
            }
            Object copied = copy(v, 1, new IdentityHashMap<>(), new Budget());
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
