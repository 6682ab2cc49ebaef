import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Makes stack traces of real crashes of a real library: calls its public API by reflection
 * with small pools of ordinary and bad values and keeps each distinct crash raised inside it.
 * Part of the real-crash yardstick (bench/real-crashes.sh); run by hand, not in CI.
 *
 * <p>Usage: {@code java -cp CLASSES:crashgen CrashGen CLASSES_DIR PACKAGE_PREFIX OUT_DIR [MAX]}
 *
 * <p>For each public class under PACKAGE_PREFIX (sorted by name; anonymous, synthetic and
 * non-public classes left out) it calls every public static method, every public constructor
 * and, when the class has a public no-arg constructor, every public instance method (on a
 * fresh instance per call) whose parameters all have a type it has values for, with at most
 * {@value #MAX_COMBOS} argument combinations in a fixed order: all ordinary values first,
 * then one parameter at a time through its pool, then the cartesian product. Each call runs
 * in a worker thread and is abandoned (and the method skipped) after {@value #CALL_MILLIS} ms.
 *
 * <p>A crash is kept when the exception (an {@link Exception}; errors such as
 * OutOfMemoryError are left out) has a frame of the library above the reflective call,
 * once per (exception class, top library frame). Its trace, in the exact text of
 * {@link Throwable#printStackTrace}, goes to OUT_DIR/NNN.trace, with the frames from the
 * reflective call down replaced by {@code at app.Main.main(Main.java:1)} as if a user's
 * code had made the call. OUT_DIR/index.tsv lists file, exception, category, library_frames
 * and top_library_frame of each; the exception, the category and the frames are those of
 * the innermost cause, the one a reproducer aims at by default. Categories:
 * <ul>
 *   <li>{@code jdk}: the top frame is the JDK's (java., javax., jdk., sun., com.sun.): a JDK
 *       method threw below the library's frames;</li>
 *   <li>{@code vm}: the top frame is the library's and the JVM raised the exception itself
 *       (a null dereference, an array index, a division by zero, a cast, a negative array
 *       size, an array store), told from an explicit {@code throw} by the JVM's own message;</li>
 *   <li>{@code thrown}: the library threw or built the exception itself.</li>
 * </ul>
 */
public final class CrashGen {
    static final int MAX_COMBOS = 60;
    static final long CALL_MILLIS = 1000;
    static final String CALLER = "\tat app.Main.main(Main.java:1)";

    /** Method names that suggest files, threads, sleeping, exiting or global state. */
    static final Pattern UNSAFE_NAME = Pattern.compile(
        "(?i).*(file|thread|sleep|exit|halt|shutdown|kill|exec|process|wait|notify|lock|delete|"
            + "remove(all)?dir|mkdir|write|stream|gc|daemon|runfinalization|load(library)?$).*"
            + "|main");

    /** Static method names that suggest changing global state later calls would see. */
    static final Pattern GLOBAL_NAME = Pattern.compile("(set|register|unregister)[A-Z_].*");

    /** The exceptions the JVM raises itself, each with the shape of the JVM's own message. */
    static final Map<String, Pattern> VM_RAISED = new LinkedHashMap<>();

    static {
        VM_RAISED.put("java.lang.NullPointerException", Pattern.compile("Cannot .*"));
        VM_RAISED.put("java.lang.ArrayIndexOutOfBoundsException",
            Pattern.compile("Index -?\\d+ out of bounds for length \\d+"));
        VM_RAISED.put("java.lang.StringIndexOutOfBoundsException",
            Pattern.compile("Index -?\\d+ out of bounds for length \\d+"));
        VM_RAISED.put("java.lang.ArithmeticException", Pattern.compile("/ by zero"));
        VM_RAISED.put("java.lang.ClassCastException", Pattern.compile("class .* cannot be cast to .*"));
        VM_RAISED.put("java.lang.NegativeArraySizeException", Pattern.compile("-\\d+"));
        VM_RAISED.put("java.lang.ArrayStoreException", Pattern.compile(".*"));
    }

    // ---------------------------------------------------------------- value pools

    static final Map<Class<?>, List<Supplier<Object>>> POOLS = new HashMap<>();

    @SafeVarargs
    static void pool(Class<?> type, Supplier<Object>... values) {
        POOLS.put(type, Arrays.asList(values));
    }

    /** The pool of a primitive type's boxed form: the same values, then null. */
    static void boxed(Class<?> box, Class<?> primitive) {
        List<Supplier<Object>> values = new ArrayList<>(POOLS.get(primitive));
        values.add(1, () -> null);
        POOLS.put(box, values);
    }

    static {
        // Each pool starts with an ordinary value, the one a parameter keeps while others vary.
        pool(String.class, () -> "abc", () -> null, () -> "", () -> " ", () -> "-1", () -> "1.5e",
            () -> "0x", () -> "\uD800", () -> "a,b;c d", () -> "12345678901234567890", () -> "A");
        List<Supplier<Object>> chars = new ArrayList<>(POOLS.get(String.class));
        chars.add(() -> new StringBuilder("abc"));
        POOLS.put(CharSequence.class, chars);
        pool(Object.class, () -> "abc", () -> null, () -> "", () -> 1, () -> new Object[0],
            () -> new int[] {1, 2, 3}, () -> new Object(), () -> Object.class);
        pool(int.class, () -> 2, () -> 0, () -> -1, () -> 1, () -> 7, () -> Integer.MIN_VALUE,
            () -> Integer.MAX_VALUE);
        pool(long.class, () -> 2L, () -> 0L, () -> -1L, () -> 1L, () -> 7L, () -> Long.MIN_VALUE,
            () -> Long.MAX_VALUE);
        pool(short.class, () -> (short) 2, () -> (short) 0, () -> (short) -1, () -> (short) 7,
            () -> Short.MIN_VALUE, () -> Short.MAX_VALUE);
        pool(byte.class, () -> (byte) 2, () -> (byte) 0, () -> (byte) -1, () -> (byte) 7,
            () -> Byte.MIN_VALUE, () -> Byte.MAX_VALUE);
        pool(char.class, () -> 'a', () -> '\0', () -> ' ', () -> '\uD800', () -> '\uFFFF');
        pool(boolean.class, () -> true, () -> false);
        pool(double.class, () -> 1.5, () -> 0.0, () -> -1.0, () -> Double.NaN,
            () -> Double.POSITIVE_INFINITY, () -> Double.MAX_VALUE);
        pool(float.class, () -> 1.5f, () -> 0.0f, () -> -1.0f, () -> Float.NaN,
            () -> Float.POSITIVE_INFINITY);
        boxed(Integer.class, int.class);
        boxed(Long.class, long.class);
        boxed(Short.class, short.class);
        boxed(Byte.class, byte.class);
        boxed(Character.class, char.class);
        boxed(Boolean.class, boolean.class);
        boxed(Double.class, double.class);
        boxed(Float.class, float.class);
        pool(String[].class, () -> new String[] {"a", "b", "c"}, () -> null, () -> new String[0],
            () -> new String[] {"a"}, () -> new String[] {null}, () -> new String[] {"a", null, ""});
        pool(CharSequence[].class, () -> new CharSequence[] {"a", "b", "c"}, () -> null,
            () -> new CharSequence[0], () -> new CharSequence[] {"a"},
            () -> new CharSequence[] {null}, () -> new CharSequence[] {"a", null, ""});
        pool(Object[].class, () -> new Object[] {"a", 1, 'c'}, () -> null, () -> new Object[0],
            () -> new Object[] {"a"}, () -> new Object[] {null}, () -> new Object[] {1, null, 3});
        pool(int[].class, () -> new int[] {1, 2, 3}, () -> null, () -> new int[0],
            () -> new int[] {1}, () -> new int[] {-1, Integer.MAX_VALUE, 0});
        pool(long[].class, () -> new long[] {1, 2, 3}, () -> null, () -> new long[0],
            () -> new long[] {1}, () -> new long[] {-1, Long.MAX_VALUE, 0});
        pool(char[].class, () -> new char[] {'a', 'b', 'c'}, () -> null, () -> new char[0],
            () -> new char[] {'a'}, () -> new char[] {'\uD800', ' ', '\0'});
        pool(byte[].class, () -> new byte[] {1, 2, 3}, () -> null, () -> new byte[0],
            () -> new byte[] {1}, () -> new byte[] {-1, (byte) 0x80, 0});
        pool(double[].class, () -> new double[] {1, 2, 3}, () -> null, () -> new double[0],
            () -> new double[] {1}, () -> new double[] {Double.NaN, -1, 0});
        pool(boolean[].class, () -> new boolean[] {true, false, true}, () -> null,
            () -> new boolean[0], () -> new boolean[] {true});
        pool(Locale.class, () -> Locale.US, () -> null, () -> Locale.ROOT, () -> Locale.FRANCE);
        pool(List.class, () -> new ArrayList<Object>(Arrays.asList("a", "b", "c")), () -> null,
            () -> new ArrayList<Object>(), () -> new ArrayList<Object>(Collections.singletonList(null)));
        pool(Map.class, () -> new HashMap<Object, Object>(Map.of("a", "b")), () -> null,
            () -> new HashMap<Object, Object>(), () -> {
                Map<Object, Object> m = new HashMap<>();
                m.put(null, null);
                return m;
            });
        pool(Class.class, () -> String.class, () -> null, () -> Object.class, () -> int.class,
            () -> Object[].class);
    }

    // ---------------------------------------------------------------- state

    final String prefix;
    final File out;
    final int max;
    final Set<String> seen = new HashSet<>();
    final List<String> index = new ArrayList<>();
    final Map<String, Integer> perCategory = new LinkedHashMap<>();
    final PrintStream console = System.out;
    ExecutorService worker;
    Thread workerThread;
    int calls;
    int hung;

    CrashGen(String prefix, File out, int max) {
        this.prefix = prefix;
        this.out = out;
        this.max = max;
        perCategory.put("jdk", 0);
        perCategory.put("vm", 0);
        perCategory.put("thrown", 0);
        newWorker();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: CrashGen CLASSES_DIR PACKAGE_PREFIX OUT_DIR [MAX]");
            System.exit(2);
        }
        File classes = new File(args[0]);
        String prefix = args[1].endsWith(".") ? args[1] : args[1] + ".";
        File out = new File(args[2]);
        int max = args.length > 3 ? Integer.parseInt(args[3]) : 400;
        Files.createDirectories(out.toPath());
        List<String> names = new ArrayList<>();
        walk(classes, "", names);
        Collections.sort(names);
        CrashGen gen = new CrashGen(prefix, out, max);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(quiet);
        System.setErr(quiet);
        try {
            for (String name : names) {
                if (gen.index.size() >= max) {
                    break;
                }
                if (name.startsWith(prefix)) {
                    gen.exercise(name);
                }
            }
        } finally {
            System.setOut(gen.console);
        }
        gen.finish();
        Runtime.getRuntime().halt(0); // abandoned workers may still be running
    }

    static void walk(File dir, String pkg, List<String> names) {
        File[] files = dir.listFiles();
        if (files == null) {
            return;
        }
        for (File f : files) {
            if (f.isDirectory()) {
                walk(f, pkg + f.getName() + ".", names);
            } else if (f.getName().endsWith(".class")) {
                String simple = f.getName().substring(0, f.getName().length() - 6);
                // anonymous and local classes: a `$` followed by a digit
                if (!Pattern.compile("\\$\\d").matcher(simple).find()) {
                    names.add(pkg + simple);
                }
            }
        }
    }

    // ---------------------------------------------------------------- calls

    void newWorker() {
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "crashgen-worker");
            t.setDaemon(true);
            workerThread = t;
            return t;
        });
    }

    static boolean publicClass(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return !c.isSynthetic() && !c.isAnonymousClass() && !c.isLocalClass();
    }

    void exercise(String name) {
        if (name.contains(".concurrent.") || name.substring(name.lastIndexOf('.') + 1).contains("Thread")) {
            return;
        }
        Class<?> c;
        try {
            c = Class.forName(name, false, CrashGen.class.getClassLoader());
        } catch (Throwable e) {
            return;
        }
        if (!publicClass(c)) {
            return;
        }
        boolean concrete = !c.isInterface() && !Modifier.isAbstract(c.getModifiers())
            && !(c.isMemberClass() && !Modifier.isStatic(c.getModifiers()));
        Constructor<?> noArg = null;
        List<Executable> targets = new ArrayList<>();
        if (concrete) {
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (Modifier.isPublic(k.getModifiers()) && !k.isSynthetic()) {
                    targets.add(k);
                    if (k.getParameterCount() == 0) {
                        noArg = k;
                    }
                }
            }
        }
        for (Method m : c.getDeclaredMethods()) {
            int mod = m.getModifiers();
            if (!Modifier.isPublic(mod) || m.isSynthetic() || m.isBridge() || Modifier.isAbstract(mod)
                || UNSAFE_NAME.matcher(m.getName()).matches()) {
                continue;
            }
            if (c.isEnum() && (m.getName().equals("values") || m.getName().equals("valueOf"))) {
                continue; // written by the compiler, not in the sources
            }
            if (Modifier.isStatic(mod) && GLOBAL_NAME.matcher(m.getName()).matches()) {
                continue;
            }
            if (Modifier.isStatic(mod) || noArg != null) {
                targets.add(m);
            }
        }
        targets.sort(Comparator.comparing(Executable::toGenericString));
        for (Executable target : targets) {
            if (index.size() >= max) {
                return;
            }
            List<List<Supplier<Object>>> pools = new ArrayList<>();
            for (Class<?> p : target.getParameterTypes()) {
                pools.add(POOLS.get(p));
            }
            if (pools.contains(null)) {
                continue;
            }
            boolean instance = target instanceof Method && !Modifier.isStatic(target.getModifiers());
            for (int[] combo : combos(pools)) {
                Throwable thrown = call(target, instance ? noArg : null, pools, combo);
                if (thrown == HUNG) {
                    break;
                }
                if (thrown != null) {
                    keep(thrown);
                    if (index.size() >= max) {
                        return;
                    }
                }
            }
        }
    }

    /**
     * Up to MAX_COMBOS index tuples into the pools: every parameter at its ordinary value,
     * then each parameter in turn through its pool, then the cartesian product.
     */
    static List<int[]> combos(List<List<Supplier<Object>>> pools) {
        int n = pools.size();
        LinkedHashMap<String, int[]> out = new LinkedHashMap<>();
        int[] base = new int[n];
        out.put(Arrays.toString(base), base);
        for (int i = 0; i < n && out.size() < MAX_COMBOS; i++) {
            for (int v = 1; v < pools.get(i).size() && out.size() < MAX_COMBOS; v++) {
                int[] c = base.clone();
                c[i] = v;
                out.putIfAbsent(Arrays.toString(c), c);
            }
        }
        int[] c = new int[n];
        while (out.size() < MAX_COMBOS) {
            int i = n - 1;
            while (i >= 0 && ++c[i] == pools.get(i).size()) {
                c[i] = 0;
                i--;
            }
            if (i < 0) {
                break;
            }
            out.putIfAbsent(Arrays.toString(c), c.clone());
        }
        return new ArrayList<>(out.values());
    }

    static final Throwable HUNG = new Throwable("hung");

    /** Runs one call in the worker: what it threw (unwrapped), null, or HUNG. */
    Throwable call(Executable target, Constructor<?> noArg, List<List<Supplier<Object>>> pools, int[] combo) {
        Object[] args = new Object[combo.length];
        for (int i = 0; i < combo.length; i++) {
            args[i] = pools.get(i).get(combo[i]).get();
        }
        calls++;
        Future<Throwable> f = worker.submit(() -> invoke(target, noArg, args));
        try {
            return f.get(CALL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            hung++;
            f.cancel(true);
            Thread t = workerThread;
            worker.shutdownNow();
            stop(t);
            newWorker();
            return HUNG;
        } catch (Exception e) {
            return null;
        }
    }

    @SuppressWarnings({"deprecation", "removal"})
    static void stop(Thread t) {
        try {
            t.stop(); // frees the CPU a spinning call would keep; gone in later JDKs
        } catch (Throwable e) {
            // UnsupportedOperationException: the thread is abandoned (a daemon)
        }
    }

    static Throwable invoke(Executable target, Constructor<?> noArg, Object[] args) {
        try {
            if (target instanceof Constructor) {
                ((Constructor<?>) target).newInstance(args);
            } else {
                Object receiver = null;
                if (noArg != null) {
                    try {
                        receiver = noArg.newInstance();
                    } catch (Throwable e) {
                        return null; // the constructor with no arguments is called on its own
                    }
                }
                ((Method) target).invoke(receiver, args);
            }
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (Throwable e) {
            return null; // IllegalArgumentException of the reflective call, and the like
        }
    }

    // ---------------------------------------------------------------- keeping

    boolean library(StackTraceElement e) {
        return e.getClassName().startsWith(prefix);
    }

    static boolean jdk(StackTraceElement e) {
        String c = e.getClassName();
        return c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("jdk.")
            || c.startsWith("sun.") || c.startsWith("com.sun.");
    }

    static boolean reflective(StackTraceElement e) {
        String c = e.getClassName();
        return c.startsWith("jdk.internal.reflect.") || c.startsWith("java.lang.reflect.");
    }

    /**
     * The frames above the reflective call that entered the library from CrashGen, or null
     * when the stack does not show that call (a throwable made elsewhere).
     */
    static StackTraceElement[] above(StackTraceElement[] stack) {
        int cut = -1;
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (c.equals("CrashGen") || c.startsWith("CrashGen$")) {
                cut = i;
                break;
            }
        }
        if (cut < 0) {
            return null;
        }
        while (cut > 0 && reflective(stack[cut - 1])) {
            cut--;
        }
        return Arrays.copyOf(stack, cut);
    }

    void keep(Throwable thrown) {
        // every throwable the trace prints: the chain of causes and the suppressed ones
        Map<Throwable, StackTraceElement[]> cut = new IdentityHashMap<>();
        List<Throwable> todo = new ArrayList<>(List.of(thrown));
        Throwable innermost = thrown;
        while (!todo.isEmpty()) {
            Throwable t = todo.remove(todo.size() - 1);
            if (cut.containsKey(t)) {
                continue;
            }
            StackTraceElement[] frames = above(t.getStackTrace());
            if (frames == null || !(t instanceof Exception)) {
                return; // errors, and throwables made outside the call
            }
            cut.put(t, frames);
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            todo.addAll(Arrays.asList(t.getSuppressed()));
        }
        Set<Throwable> chain = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = thrown; t != null && chain.add(t); t = t.getCause()) {
            innermost = t;
        }
        StackTraceElement[] frames = cut.get(innermost);
        int libraryFrames = 0;
        StackTraceElement top = null;
        for (StackTraceElement e : frames) {
            if (library(e)) {
                libraryFrames++;
                if (top == null) {
                    top = e;
                }
            }
        }
        if (top == null || top.getLineNumber() <= 0) {
            return;
        }
        String exception = innermost.getClass().getName();
        String topFrame = top.getClassName() + "." + top.getMethodName() + ":" + top.getLineNumber();
        if (!seen.add(exception + " " + topFrame)) {
            return;
        }
        String category;
        if (jdk(frames[0])) {
            category = "jdk";
        } else if (library(frames[0]) && VM_RAISED.containsKey(exception)
            && VM_RAISED.get(exception).matcher(String.valueOf(innermost.getMessage())).matches()) {
            category = "vm";
        } else {
            category = "thrown";
        }
        StackTraceElement caller = new StackTraceElement("app.Main", "main", "Main.java", 1);
        for (Map.Entry<Throwable, StackTraceElement[]> e : cut.entrySet()) {
            StackTraceElement[] f = Arrays.copyOf(e.getValue(), e.getValue().length + 1);
            f[f.length - 1] = caller;
            e.getKey().setStackTrace(f);
        }
        StringWriter text = new StringWriter();
        thrown.printStackTrace(new PrintWriter(text, true));
        String trace = text.toString().replace(System.lineSeparator(), "\n");
        if (!trace.contains(CALLER + "\n")) {
            return; // a throwable that ignores setStackTrace
        }
        String file = String.format("%03d.trace", index.size() + 1);
        try {
            Files.write(new File(out, file).toPath(), trace.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
        index.add(String.join("\t", file, exception, category, String.valueOf(libraryFrames), topFrame));
        perCategory.merge(category, 1, Integer::sum);
    }

    void finish() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("file\texception\tcategory\tlibrary_frames\ttop_library_frame");
        lines.addAll(index);
        Files.write(new File(out, "index.tsv").toPath(), lines, StandardCharsets.UTF_8);
        StringBuilder summary = new StringBuilder();
        summary.append(index.size()).append(" crashes in ").append(calls).append(" calls (")
            .append(hung).append(" hung):");
        for (Map.Entry<String, Integer> e : perCategory.entrySet()) {
            summary.append(' ').append(e.getKey()).append(' ').append(e.getValue());
        }
        console.println(summary);
        console.flush();
    }
}
