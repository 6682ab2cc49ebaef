package dsd.runner;

import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import dsd.json.DsdJson;
import dsd.sandbox.DsdSandbox;

/**
 * Runs generated JUnit 4 test methods of dsd, one after another, in one JVM.
 *
 * <p>Usage: {@code DsdRunner --results FILE --classpath CP --timeout-ms N --tests LIST}, where
 * LIST holds one test per line as {@code class<TAB>method}. The runner's own class path must hold
 * JUnit; CP holds the project classes and the test classes and is NOT on the runner's class path.
 *
 * <p>Each test is loaded in a fresh {@link URLClassLoader} over CP (parent: the runner's loader,
 * which provides JUnit), so static state of project classes never leaks from one test into the
 * next; assertions are enabled for every class that loader defines. Measured on 200 tests (40 test
 * classes of 5 methods over 20 project classes; OpenJDK 17, 2 cores, 5 runs each, JVM start
 * included): a fresh loader per test takes 0.35-0.47 s (median 0.44 s), one loader per test class
 * 0.25-0.32 s (median 0.28 s), i.e. about 0.8 ms per extra loader, since every loader loads and
 * links the project classes again. That is small next to javac (1.5 s for the same project and
 * tests), so the runner isolates every test.
 *
 * <p>The tests run in {@link DsdSandbox}, installed once the results file is open (the JVM runs in
 * namespaces where only the tests' folder and the results' are writable, or under the security
 * manager where those cannot be had): its {@code System.exit} or {@code Runtime.halt} is refused by
 * dsd's agent and recorded as the test's outcome {@code exit}; the runner alone can halt the JVM.
 *
 * <p>For each test one JSON line is appended (and flushed) to the results file:
 * {@code {"class","method","outcome":"pass|exception|exit|timeout|error","exception","message",
 * "frames":[{"class","method","file","line"}],"causes":[{"exception","message","frames"}],
 * "millis"}} ({@code causes}: the exception's causes, outermost first, when it has any); frames
 * stop at the runner's own
 * reflective call of the test, and an {@code exit} names the refused call in its message, with
 * the frames where it was made. When a test outlives its timeout, its
 * {@code timeout} line is written and the JVM halts with status 3; the caller restarts it with the
 * tests not yet run. Output of the code under test is discarded.
 */
public final class DsdRunner {
    /** Most stack frames written per exception. */
    private static final int MAX_FRAMES = 50;

    /** Most causes written per exception. */
    private static final int MAX_CAUSES = 8;

    /** Exit status after a test timed out. */
    private static final int HALT_TIMEOUT = 3;

    private DsdRunner() {}

    /** One finished (or abandoned) test. */
    private static final class Outcome {
        String kind = "pass";
        Throwable thrown;
        String note;
    }

    public static void main(String[] args) throws Exception {
        String results = null;
        String classpath = null;
        String testList = null;
        long timeoutMs = 10_000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--results": results = args[i + 1]; break;
                case "--classpath": classpath = args[i + 1]; break;
                case "--tests": testList = args[i + 1]; break;
                case "--timeout-ms": timeoutMs = Long.parseLong(args[i + 1]); break;
                default: throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (results == null || classpath == null || testList == null) {
            throw new IllegalArgumentException("usage: DsdRunner --results F --classpath CP --timeout-ms N --tests LIST");
        }
        URL[] urls = toUrls(classpath);
        List<String> tests = Files.readAllLines(Paths.get(testList), StandardCharsets.UTF_8);
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        try (Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(results), StandardCharsets.US_ASCII))) {
            DsdSandbox.Control sandbox = enterSandbox(out, results);
            System.setOut(discard);
            System.setErr(discard);
            System.setIn(new ByteArrayInputStream(new byte[0]));
            for (String test : tests) {
                int tab = test.indexOf('\t');
                if (tab < 0) {
                    continue;
                }
                String className = test.substring(0, tab);
                String methodName = test.substring(tab + 1);
                long start = System.nanoTime();
                Outcome outcome = runOne(sandbox, urls, className, methodName, timeoutMs);
                long millis = (System.nanoTime() - start) / 1_000_000;
                out.write(toJson(className, methodName, outcome, millis));
                out.write('\n');
                out.flush();
                if (outcome.kind.equals("timeout")) {
                    sandbox.halt(HALT_TIMEOUT);
                }
            }
            sandbox.halt(0);
        }
    }

    /**
     * Installs the sandbox; when the JVM refuses it, removes the results file (so that dsd sees a
     * runner that did not start) and fails.
     */
    private static DsdSandbox.Control enterSandbox(Writer out, String results) throws IOException {
        try {
            return DsdSandbox.install();
        } catch (RuntimeException e) {
            out.close();
            Files.delete(Paths.get(results));
            throw e;
        }
    }

    private static URL[] toUrls(String classpath) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Paths.get(entry).toUri().toURL());
            }
        }
        return urls.toArray(new URL[0]);
    }

    /**
     * Runs one test method in its own thread and class loader, waiting at most timeoutMs; a refused
     * exit makes the outcome {@code exit}, whatever the test did after it.
     */
    private static Outcome runOne(DsdSandbox.Control sandbox, URL[] urls, String className, String methodName, long timeoutMs) {
        sandbox.startTest();
        URLClassLoader loader = new URLClassLoader(urls, DsdRunner.class.getClassLoader());
        loader.setDefaultAssertionStatus(true);
        Outcome outcome = new Outcome();
        Thread thread = new Thread(() -> execute(loader, className, methodName, outcome), "dsd-test");
        thread.setDaemon(true);
        thread.setContextClassLoader(loader);
        thread.start();
        awaitEnd(thread, timeoutMs);
        if (thread.isAlive()) {
            Outcome late = new Outcome();
            late.kind = "timeout";
            late.note = "no result after " + timeoutMs + " ms";
            return late;
        }
        SecurityException exit = sandbox.exitAttempt();
        if (exit != null) {
            outcome.kind = "exit";
            outcome.thrown = exit;
            outcome.note = exit.getMessage();
        }
        try {
            loader.close();
        } catch (IOException ignored) {
            // Closing only releases jar handles; the loader holds none.
        }
        return outcome;
    }

    /** Waits until the thread ends or timeoutMs pass; an interrupt from code under test does not cut the wait short. */
    private static void awaitEnd(Thread thread, long timeoutMs) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        long left = timeoutMs;
        while (left > 0 && thread.isAlive()) {
            try {
                thread.join(left);
            } catch (InterruptedException e) {
                // Only code under test interrupts the runner's thread.
            }
            left = (deadline - System.nanoTime()) / 1_000_000;
        }
    }

    /** Loads, instantiates and invokes the test, recording what happened in outcome. */
    private static void execute(ClassLoader loader, String className, String methodName, Outcome outcome) {
        Object instance;
        Method method;
        List<Method> before = new ArrayList<>();
        List<Method> after = new ArrayList<>();
        try {
            Class<?> type = Class.forName(className, false, loader);
            method = type.getMethod(methodName);
            for (Method m : type.getMethods()) {
                if (hasAnnotation(m, "org.junit.Before")) {
                    before.add(m);
                } else if (hasAnnotation(m, "org.junit.After")) {
                    after.add(m);
                }
            }
            instance = type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            outcome.kind = "exception";
            outcome.thrown = e.getCause();
            return;
        } catch (ExceptionInInitializerError e) {
            outcome.kind = "exception";
            outcome.thrown = e;
            return;
        } catch (Throwable e) {
            outcome.kind = "error";
            outcome.thrown = e;
            outcome.note = "cannot load test: " + e;
            return;
        }
        try {
            for (Method m : before) {
                m.invoke(instance);
            }
            method.invoke(instance);
        } catch (InvocationTargetException e) {
            outcome.kind = "exception";
            outcome.thrown = e.getCause();
        } catch (Throwable e) {
            outcome.kind = "error";
            outcome.thrown = e;
            outcome.note = "cannot invoke test: " + e;
        } finally {
            for (Method m : after) {
                try {
                    m.invoke(instance);
                } catch (Throwable ignored) {
                    // An @After failure must not hide the test's own outcome.
                }
            }
        }
    }

    private static boolean hasAnnotation(Method method, String name) {
        for (Annotation a : method.getAnnotations()) {
            if (a.annotationType().getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static String toJson(String className, String methodName, Outcome outcome, long millis) {
        StringBuilder b = new StringBuilder(256);
        b.append("{\"class\":");
        DsdJson.string(b, className);
        b.append(",\"method\":");
        DsdJson.string(b, methodName);
        b.append(",\"outcome\":");
        DsdJson.string(b, outcome.kind);
        Throwable t = outcome.thrown;
        b.append(",\"exception\":");
        DsdJson.string(b, t == null ? null : t.getClass().getName());
        b.append(",\"message\":");
        DsdJson.string(b, outcome.note != null ? outcome.note : t == null ? null : safeMessage(t));
        appendFrames(b, t);
        if (t != null && t.getCause() != null && outcome.note == null) {
            b.append(",\"causes\":[");
            java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            seen.add(t);
            int n = 0;
            for (Throwable c = t.getCause(); c != null && seen.add(c) && n < MAX_CAUSES; c = c.getCause(), n++) {
                if (n > 0) {
                    b.append(',');
                }
                b.append("{\"exception\":");
                DsdJson.string(b, c.getClass().getName());
                b.append(",\"message\":");
                DsdJson.string(b, safeMessage(c));
                appendFrames(b, c);
                b.append('}');
            }
            b.append(']');
        }
        b.append(",\"millis\":").append(millis).append('}');
        return b.toString();
    }

    /** Appends {@code ,"frames":[...]}: the frames of {@code t} above the runner's own call. */
    private static void appendFrames(StringBuilder b, Throwable t) {
        b.append(",\"frames\":[");
        if (t != null) {
            StackTraceElement[] frames = t.getStackTrace();
            int end = ownFrames(frames);
            for (int i = 0; i < end && i < MAX_FRAMES; i++) {
                if (i > 0) {
                    b.append(',');
                }
                b.append("{\"class\":");
                DsdJson.string(b, frames[i].getClassName());
                b.append(",\"method\":");
                DsdJson.string(b, frames[i].getMethodName());
                b.append(",\"file\":");
                DsdJson.string(b, frames[i].getFileName());
                b.append(",\"line\":").append(frames[i].getLineNumber()).append('}');
            }
        }
        b.append(']');
    }

    /** How many frames come before the runner's own reflective call of the test. */
    private static int ownFrames(StackTraceElement[] frames) {
        int end = frames.length;
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals(DsdRunner.class.getName())) {
                end = i;
                break;
            }
        }
        while (end > 0 && isReflection(frames[end - 1].getClassName())) {
            end--;
        }
        return end;
    }

    private static boolean isReflection(String className) {
        return className.startsWith("jdk.internal.reflect.") || className.startsWith("java.lang.reflect.");
    }

    /** The exception's message; a throwing getMessage() must not kill the runner. */
    private static String safeMessage(Throwable t) {
        try {
            return t.getMessage();
        } catch (Throwable e) {
            return "(getMessage threw " + e.getClass().getName() + ")";
        }
    }
}
