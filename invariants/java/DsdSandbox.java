package dsd.sandbox;

import java.io.File;
import java.io.FilePermission;
import java.net.NetPermission;
import java.net.SocketPermission;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkPermission;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.Permission;
import java.util.ArrayList;
import java.util.List;

/**
 * The sandbox of every JVM in which dsd runs code it did not write: generated tests in the run
 * stage, the project's own tests in the infer stage.
 *
 * <p>A {@link SecurityManager} (JDK 17; the JVM needs {@code -Djava.security.manager=allow})
 * that refuses, with a {@link SecurityException} thrown where the code under test asked:
 * <ul>
 *   <li>writing, deleting or linking a file outside the directories named by the system property
 *       {@value #WRITABLE} (paths separated by {@link File#pathSeparator}); reading stays allowed;
 *   <li>every network access (connect, listen, accept, resolve; Unix domain sockets) and attaching
 *       to another JVM;
 *   <li>starting a process ({@code Runtime.exec}, {@code ProcessBuilder}), and native libraries
 *       from outside the JDK;
 *   <li>{@code System.exit} and {@code Runtime.halt}: the first refused attempt of a test is kept,
 *       so its runner can record it ({@link Control#exitAttempt});
 *   <li>a test's thread beyond {@value #MAX_THREADS} more than were alive when it started;
 *   <li>replacing the sandbox, and {@code Thread.stop}.
 * </ul>
 * Everything else is allowed, reflection and {@code setAccessible} included: the sandbox keeps
 * code that means no harm from doing harm by accident; it is no defence against code that sets
 * out to escape it.
 *
 * <p>Its checks look at the permission only, never at the calling code: the runner that installs
 * it opens its own output files before and halts the JVM through the {@link Control} that only it
 * holds.
 */
@SuppressWarnings("removal")
public final class DsdSandbox extends SecurityManager {
    /** System property naming the directories code under test may write below. */
    public static final String WRITABLE = "dsd.sandbox.writable";

    /** Threads a test may start beyond those alive when it started. */
    public static final int MAX_THREADS = 256;

    private final List<Path> writable = new ArrayList<>();
    private final Path cwd;
    private final Path javaLib;
    private final ThreadGroup root;
    private volatile int threadCeiling;
    private volatile Thread halting;
    private volatile SecurityException exitAttempt;

    private DsdSandbox(String dirs) {
        cwd = Paths.get("").toAbsolutePath();
        javaLib = Paths.get(System.getProperty("java.home"), "lib").toAbsolutePath().normalize();
        for (String dir : dirs.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path path = cwd.resolve(dir).normalize();
            writable.add(path);
            try {
                writable.add(path.toRealPath());
            } catch (java.io.IOException e) {
                // A directory that does not exist yet is matched by its name only.
            }
        }
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        while (group.getParent() != null) {
            group = group.getParent();
        }
        root = group;
        threadCeiling = root.activeCount() + MAX_THREADS;
    }

    /**
     * Installs the sandbox over the whole JVM, configured by the system property {@value #WRITABLE};
     * returns the only handle that can halt the JVM afterwards. Fails when the property is missing or
     * the JVM does not allow a security manager.
     */
    public static Control install() {
        String dirs = System.getProperty(WRITABLE);
        if (dirs == null) {
            throw new IllegalStateException("the system property " + WRITABLE + " is not set");
        }
        DsdSandbox sandbox = new DsdSandbox(dirs);
        System.setSecurityManager(sandbox);
        return new Control(sandbox);
    }

    /** What the runner that installed the sandbox may do that code under test may not. */
    public static final class Control {
        private final DsdSandbox sandbox;

        private Control(DsdSandbox sandbox) {
            this.sandbox = sandbox;
        }

        /** A test starts: forgets earlier exit attempts and allows it its own threads. */
        public void startTest() {
            sandbox.exitAttempt = null;
            sandbox.threadCeiling = sandbox.root.activeCount() + MAX_THREADS;
        }

        /** The exception that refused the first exit attempt since the test started, or null. */
        public SecurityException exitAttempt() {
            return sandbox.exitAttempt;
        }

        /** Ends the JVM at once with {@code status}. */
        public void halt(int status) {
            sandbox.halting = Thread.currentThread();
            Runtime.getRuntime().halt(status);
        }
    }

    @Override
    public void checkPermission(Permission perm) {
        if (perm instanceof FilePermission) {
            checkFile(perm.getName(), perm.getActions());
        } else if (perm instanceof RuntimePermission) {
            checkRuntime(perm.getName());
        } else if (perm instanceof SocketPermission) {
            throw refuse("network access (" + perm.getName() + ")");
        } else if (perm instanceof LinkPermission) {
            throw refuse("creating a link");
        } else if (perm instanceof NetPermission && perm.getName().equals("accessUnixDomainSocket")) {
            throw refuse("network access (a Unix domain socket)");
        } else if (perm.getClass().getName().equals("com.sun.tools.attach.AttachPermission")) {
            throw refuse("attaching to a JVM");
        }
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        checkPermission(perm);
    }

    /** Every package may be used: skips the default check against the restricted list, run per class loaded. */
    @Override
    public void checkPackageAccess(String pkg) {
    }

    /** Every package may be defined into. */
    @Override
    public void checkPackageDefinition(String pkg) {
    }

    /** Every system property may be read. */
    @Override
    public void checkPropertyAccess(String key) {
    }

    @Override
    public void checkExit(int status) {
        if (Thread.currentThread() == halting) {
            return;
        }
        SecurityException refused = refuse(exitCall() + "(" + status + ")");
        synchronized (this) {
            if (exitAttempt == null) {
                exitAttempt = refused;
            }
        }
        throw refused;
    }

    /** Called before every new thread (and for other thread group operations): the thread cap. */
    @Override
    public void checkAccess(ThreadGroup group) {
        if (root.activeCount() >= threadCeiling) {
            throw refuse("starting more than " + MAX_THREADS + " threads");
        }
    }

    private void checkFile(String name, String actions) {
        if (actions.contains("execute")) {
            throw refuse("starting a process");
        }
        if ((actions.contains("write") || actions.contains("delete")) && !isWritable(name)) {
            throw refuse("writing " + name + " (only the work directory is writable)");
        }
    }

    private void checkRuntime(String name) {
        if (name.startsWith("exitVM")) {
            int dot = name.indexOf('.');
            checkExit(dot < 0 ? 0 : parseStatus(name.substring(dot + 1)));
        } else if (name.equals("setSecurityManager")) {
            throw refuse("replacing the sandbox");
        } else if (name.equals("stopThread")) {
            throw refuse("Thread.stop");
        } else if (name.startsWith("loadLibrary.") && !isJdkLibrary(name.substring("loadLibrary.".length()))) {
            throw refuse("loading the native library " + name.substring("loadLibrary.".length()));
        }
    }

    /** The call that asked to end the JVM: System.exit, Runtime.exit or Runtime.halt. */
    private static String exitCall() {
        StackTraceElement[] frames = Thread.currentThread().getStackTrace();
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals("java.lang.Runtime")) {
                boolean viaSystem = i + 1 < frames.length && frames[i + 1].getClassName().equals("java.lang.System");
                return viaSystem ? "System.exit" : "Runtime." + frames[i].getMethodName();
            }
        }
        return "exit";
    }

    private static int parseStatus(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** True when a file permission's name lies below a writable directory. */
    private boolean isWritable(String name) {
        String path = name;
        if (path.equals("<<ALL FILES>>")) {
            return false;
        }
        if (path.equals("-") || path.equals("*")) {
            path = "";
        } else if (path.endsWith(File.separator + "-") || path.endsWith(File.separator + "*")) {
            path = path.substring(0, path.length() - 1);
        }
        Path target;
        try {
            target = cwd.resolve(path).normalize();
        } catch (InvalidPathException e) {
            return false;
        }
        for (Path dir : writable) {
            if (target.startsWith(dir)) {
                return true;
            }
        }
        return false;
    }

    /** True for a library of the JDK itself, by name or by path. */
    private boolean isJdkLibrary(String library) {
        try {
            if (library.indexOf('/') >= 0 || library.indexOf(File.separatorChar) >= 0) {
                return Paths.get(library).toAbsolutePath().normalize().startsWith(javaLib);
            }
            return Files.isRegularFile(javaLib.resolve(System.mapLibraryName(library)));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static SecurityException refuse(String what) {
        return new SecurityException("dsd sandbox: " + what + " is not allowed");
    }
}
