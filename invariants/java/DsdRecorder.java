package dsd.recorder;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Records the values that instrumented methods see, for dsd's invariant inference.
 *
 * <p>Instrumented code calls {@link #enter} at method entry, appends the entry values to the
 * returned {@link Sample}, passes every return value through one of the {@code r*} methods,
 * reports exceptional exits through {@link #thrown}, and at a normal exit appends the receiver's
 * fields and calls {@link Sample#end}. Equal samples are counted, not repeated: the trace file
 * (system property {@code dsd.trace}) receives lines {@code COUNT TAB X|T TAB PPT TAB values...}.
 * Without the property the recorder is off and instrumented code runs as the original.
 *
 * <p>Like Daikon, the recorder samples hot program points: a point's first
 * {@value #FULL_CALLS} calls are all recorded, then every 10th call up to ten times as many,
 * then every 100th, and so on; and a point keeps at most {@value #FULL_DISTINCT} distinct samples
 * per buffer before new distinct samples are thinned the same way. The number of program points
 * comes from the system property {@code dsd.ppts}.
 *
 * <p>Samples taken while a test runs are kept apart and dropped when the test fails or hangs, so a
 * bad test costs only its own samples. The recorder calls no project code (only
 * {@code getClass}, {@code String.length} and array reads), so it never records itself, and it
 * swallows its own failures: instrumented programs behave as the originals.
 */
public final class DsdRecorder {
    private DsdRecorder() {}

    /** Most distinct samples buffered before they are written or committed early. */
    private static final int BUFFER_LIMIT = 100_000;
    /** Period of the background flush, in milliseconds. */
    private static final long FLUSH_PERIOD_MS = 2_000;

    /** Calls of a program point recorded before sampling starts. */
    private static final long FULL_CALLS = 1_000;
    /** Distinct samples of a program point kept per buffer before thinning starts. */
    private static final int FULL_DISTINCT = 2_000;

    /** Samples of finished tests and of code outside tests, not yet written. */
    private static Map<String, long[]> committed = new HashMap<>();
    /** Samples of the running test; null when no test runs. */
    private static Map<String, long[]> current;
    /** Calls per program point (updated without locking: an approximate count is enough). */
    private static final long[] CALLS = new long[points()];
    /** New distinct samples per program point in the current buffers. */
    private static final int[] DISTINCT = new int[CALLS.length];
    /** The trace file; null when recording is off. */
    private static final Writer OUT = open();
    private static final boolean ON = OUT != null;

    private static Writer open() {
        try {
            String path = System.getProperty("dsd.trace");
            if (path == null || path.isEmpty()) {
                return null;
            }
            Writer w = new OutputStreamWriter(new FileOutputStream(path, true), StandardCharsets.UTF_8);
            Thread hook = new Thread(DsdRecorder::flush, "dsd-recorder-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            Thread flusher = new Thread(DsdRecorder::flushPeriodically, "dsd-recorder-flush");
            flusher.setDaemon(true);
            flusher.start();
            return w;
        } catch (Throwable t) {
            return null;
        }
    }

    private static int points() {
        try {
            return Math.max(0, Integer.parseInt(System.getProperty("dsd.ppts", "0")));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** True for the {@code k}-th event when events are thinned after the first {@code full}. */
    private static boolean keep(long k, long full) {
        if (k <= full) {
            return true;
        }
        long stride = 10;
        long limit = full * 10;
        while (k > limit && limit < Long.MAX_VALUE / 10) {
            stride *= 10;
            limit *= 10;
        }
        return k % stride == 0;
    }

    private static void flushPeriodically() {
        while (true) {
            try {
                Thread.sleep(FLUSH_PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
            flush();
        }
    }

    /** The values of one call: entry values, then (at a normal exit) result and fields. */
    public static final class Sample {
        private final StringBuilder b = new StringBuilder(48);
        private int mark = -1;
        private boolean returned;
        private boolean thrown;
        private boolean broken;

        private final int ppt;

        Sample(int ppt) {
            this.ppt = ppt;
            b.append(ppt);
        }

        /** Appends an integral value (byte, short, char, int, long). */
        public Sample i(long v) {
            b.append('\t').append(v);
            return this;
        }

        /** Appends a boolean as an integral value: 1 for true, 0 for false. */
        public Sample z(boolean v) {
            b.append('\t').append(v ? 1 : 0);
            return this;
        }

        /** Appends a string: {@code n} for null, else {@code s} and its length. */
        public Sample s(String v) {
            b.append('\t');
            if (v == null) {
                b.append('n');
            } else {
                b.append('s').append(v.length());
            }
            return this;
        }

        /** Appends an array: {@code n}, or {@code a} and its length, {@code !} if an element is null. */
        public Sample a(Object v) {
            b.append('\t');
            if (v == null) {
                b.append('n');
                return this;
            }
            try {
                int len = java.lang.reflect.Array.getLength(v);
                b.append('a').append(len);
                if (v instanceof Object[]) {
                    Object[] arr = (Object[]) v;
                    for (Object e : arr) {
                        if (e == null) {
                            b.append('!');
                            break;
                        }
                    }
                }
            } catch (Throwable t) {
                broken = true;
            }
            return this;
        }

        /** Appends a boxed number or character: {@code n}, or {@code i} and its value. */
        public Sample n(Object v) {
            b.append('\t');
            if (v == null) {
                b.append('n');
            } else if (v instanceof Character) {
                b.append('i').append((int) ((Character) v).charValue());
            } else if (v instanceof Number) {
                b.append('i').append(((Number) v).longValue());
            } else {
                b.append('o').append(v.getClass().getName());
            }
            return this;
        }

        /** Appends any other reference: {@code n}, or {@code o} and its runtime class. */
        public Sample o(Object v) {
            b.append('\t');
            if (v == null) {
                b.append('n');
            } else {
                b.append('o').append(v.getClass().getName());
            }
            return this;
        }

        /** Ends the entry values. */
        public void go() {
            mark = b.length();
        }

        private void startExit() {
            if (mark < 0) {
                mark = b.length();
            }
            b.setLength(mark);
            b.append("\t|");
        }

        /** Starts the exit values of a normal exit; false after an exception. */
        public boolean exiting() {
            if (thrown || broken) {
                return false;
            }
            if (!returned) {
                startExit();
            }
            return true;
        }

        /** Ends the exit values and stores the sample. */
        public void end() {
            if (!broken) {
                add(ppt, "X\t" + b);
            }
        }
    }

    /** Starts a sample of program point {@code ppt}; null when recording is off. */
    public static Sample enter(int ppt) {
        if (!ON) {
            return null;
        }
        if (ppt >= 0 && ppt < CALLS.length && !keep(++CALLS[ppt], FULL_CALLS)) {
            return null;
        }
        return new Sample(ppt);
    }

    /** Records an exceptional exit of the call sampled by {@code s}. */
    public static void thrown(Sample s) {
        if (s == null || s.thrown || s.broken) {
            return;
        }
        try {
            s.thrown = true;
            if (s.mark < 0) {
                s.mark = s.b.length();
            }
            add(s.ppt, "T\t" + s.b.substring(0, s.mark));
        } catch (Throwable t) {
            s.broken = true;
        }
    }

    private static Sample ret(Sample s) {
        s.startExit();
        s.returned = true;
        return s;
    }

    /** Records and returns an integral result. */
    public static long rJ(Sample s, long v) {
        if (s != null) {
            ret(s).i(v);
        }
        return v;
    }

    /** Records and returns an int result. */
    public static int rI(Sample s, int v) {
        if (s != null) {
            ret(s).i(v);
        }
        return v;
    }

    /** Records and returns a short result. */
    public static short rS(Sample s, short v) {
        if (s != null) {
            ret(s).i(v);
        }
        return v;
    }

    /** Records and returns a byte result. */
    public static byte rB(Sample s, byte v) {
        if (s != null) {
            ret(s).i(v);
        }
        return v;
    }

    /** Records and returns a char result. */
    public static char rC(Sample s, char v) {
        if (s != null) {
            ret(s).i(v);
        }
        return v;
    }

    /** Records and returns a String result. */
    public static String rStr(Sample s, String v) {
        if (s != null) {
            ret(s).s(v);
        }
        return v;
    }

    /** Records and returns an array result. */
    public static <X> X rArr(Sample s, X v) {
        if (s != null) {
            ret(s).a(v);
        }
        return v;
    }

    /** Records and returns a boxed-number result. */
    public static <X> X rBox(Sample s, X v) {
        if (s != null) {
            ret(s).n(v);
        }
        return v;
    }

    /** Records and returns any other reference result. */
    public static <X> X rObj(Sample s, X v) {
        if (s != null) {
            ret(s).o(v);
        }
        return v;
    }

    private static synchronized void add(int ppt, String key) {
        try {
            Map<String, long[]> m = current != null ? current : committed;
            long[] c = m.get(key);
            if (c == null) {
                if (ppt >= 0 && ppt < DISTINCT.length && !keep(++DISTINCT[ppt], FULL_DISTINCT)) {
                    return;
                }
                m.put(key, new long[] {1});
                if (m.size() >= BUFFER_LIMIT) {
                    if (m == current) {
                        merge(current);
                        current = new HashMap<>();
                    } else {
                        flush();
                    }
                }
            } else {
                c[0]++;
            }
        } catch (Throwable t) {
            // The sample is lost; the program goes on unchanged.
        }
    }

    private static void merge(Map<String, long[]> from) {
        for (Map.Entry<String, long[]> e : from.entrySet()) {
            long[] c = committed.get(e.getKey());
            if (c == null) {
                committed.put(e.getKey(), e.getValue());
            } else {
                c[0] += e.getValue()[0];
            }
        }
    }

    /** A test starts: its samples are kept apart until it ends. */
    public static synchronized void beginTest() {
        if (ON) {
            current = new HashMap<>();
        }
    }

    /** A test ended: keep its samples when it passed, drop them when it failed. */
    public static synchronized void endTest(boolean passed) {
        if (current != null && passed) {
            merge(current);
        }
        current = null;
        if (committed.size() >= BUFFER_LIMIT) {
            flush();
        }
    }

    /** Writes the committed samples to the trace file. */
    public static synchronized void flush() {
        if (!ON || committed.isEmpty()) {
            return;
        }
        try {
            StringBuilder text = new StringBuilder(committed.size() * 32);
            for (Map.Entry<String, long[]> e : committed.entrySet()) {
                text.append(e.getValue()[0]).append('\t').append(e.getKey()).append('\n');
            }
            committed = new HashMap<>();
            java.util.Arrays.fill(DISTINCT, 0);
            OUT.write(text.toString());
            OUT.flush();
        } catch (IOException | RuntimeException e) {
            committed = new HashMap<>();
        }
    }
}
