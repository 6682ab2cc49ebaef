package dsd.agent;

/**
 * What dsd's agent ({@link DsdAgent}) makes the JDK call: at the start of {@code Runtime.exit},
 * {@code Runtime.halt}, {@code ProcessBuilder.start} and {@code Thread.start}. It lies on the boot
 * class path, so that {@code java.base} can call it.
 *
 * <p>Until the runner arms it ({@link #arm}) it refuses nothing. Armed, it refuses with a
 * {@link SecurityException} thrown where the code under test asked: ending the JVM (the first
 * refused attempt of a test is kept, {@link #exitAttempt}), starting a process, and a test's thread
 * beyond {@value #MAX_THREADS} more than were alive when it started. Only the holder of the key
 * {@link #arm} returned (the runner) may start a test or halt the JVM. It keeps code that means no
 * harm from doing harm by accident; it is no defence against code that sets out to escape it.
 */
public final class DsdHook {
    /** Threads a test may start beyond those alive when it started. */
    public static final int MAX_THREADS = 256;

    private static Object key;
    private static volatile boolean armed;
    private static volatile Thread halting;
    private static volatile SecurityException exitAttempt;
    private static volatile int threadCeiling = Integer.MAX_VALUE;

    private DsdHook() {}

    /** Arms the hook; returns the key that starts tests and halts the JVM. Only once per JVM. */
    public static synchronized Object arm() {
        if (key != null) {
            throw new IllegalStateException("dsd sandbox: armed already");
        }
        key = new Object();
        armed = true;
        startTest(key);
        return key;
    }

    /** A test starts: forgets earlier exit attempts and allows it its own threads. */
    public static void startTest(Object holder) {
        checkKey(holder);
        exitAttempt = null;
        threadCeiling = liveThreads() + MAX_THREADS;
    }

    /** The exception that refused the first exit attempt since the test started, or null. */
    public static SecurityException exitAttempt() {
        return exitAttempt;
    }

    /** Ends the JVM at once with {@code status}. */
    public static void halt(Object holder, int status) {
        checkKey(holder);
        halting = Thread.currentThread();
        Runtime.getRuntime().halt(status);
    }

    /** Called first by {@code Runtime.exit(status)}, which {@code System.exit} calls. */
    public static void onExit(int status) {
        refuseExit("exit", status);
    }

    /** Called first by {@code Runtime.halt(status)}. */
    public static void onHalt(int status) {
        refuseExit("halt", status);
    }

    /** Called first by {@code ProcessBuilder.start}, which {@code Runtime.exec} calls. */
    public static void onProcess() {
        if (armed) {
            throw refuse("starting a process");
        }
    }

    /** Called first by {@code Thread.start}: the thread cap. */
    public static void onThread() {
        if (armed && liveThreads() >= threadCeiling) {
            throw refuse("starting more than " + MAX_THREADS + " threads");
        }
    }

    private static void refuseExit(String method, int status) {
        if (!armed || Thread.currentThread() == halting) {
            return;
        }
        SecurityException refused = refuse(exitCall(method) + "(" + status + ")");
        synchronized (DsdHook.class) {
            if (exitAttempt == null) {
                exitAttempt = refused;
            }
        }
        throw refused;
    }

    private static synchronized void checkKey(Object holder) {
        if (holder == null || holder != key) {
            throw refuse("controlling the sandbox");
        }
    }

    /** The call that asked to end the JVM: System.exit, Runtime.exit or Runtime.halt. */
    private static String exitCall(String method) {
        StackTraceElement[] frames = Thread.currentThread().getStackTrace();
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals("java.lang.Runtime")) {
                boolean viaSystem = i + 1 < frames.length && frames[i + 1].getClassName().equals("java.lang.System");
                return viaSystem ? "System.exit" : "Runtime." + method;
            }
        }
        return "Runtime." + method;
    }

    private static int liveThreads() {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        while (group != null && group.getParent() != null) {
            group = group.getParent();
        }
        return group == null ? 0 : group.activeCount();
    }

    private static SecurityException refuse(String what) {
        return new SecurityException("dsd sandbox: " + what + " is not allowed");
    }
}
