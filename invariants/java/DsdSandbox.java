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
 * <p>{@link #install} arms dsd's agent ({@code dsd.agent.DsdHook}, on the boot class path; the JVM
 * starts with {@code -javaagent}), which refuses, with a {@link SecurityException} thrown where
 * the code under test asked, on every JDK from 17 on:
 * <ul>
 *   <li>{@code System.exit} and {@code Runtime.halt}: the first refused attempt of a test is kept,
 *       so its runner can record it ({@link Control#exitAttempt});
 *   <li>starting a process ({@code Runtime.exec}, {@code ProcessBuilder});
 *   <li>a test's thread beyond 256 more than were alive when it started.
 * </ul>
 * Files and the network are kept in below the JVM, by the namespaces it runs in. Where those
 * cannot be had and the JDK has a security manager (17 to 23; the JVM then starts with
 * {@code -Djava.security.manager=allow} and the property {@value #MANAGER} set), this class
 * installs itself as one that refuses writing, deleting or linking a file outside the directories
 * named by the system property {@value #WRITABLE} (paths separated by {@link File#pathSeparator}),
 * every network access, attaching to another JVM, native libraries from outside the JDK, replacing
 * the sandbox and {@code Thread.stop}.
 *
 * <p>Everything else is allowed, reflection and {@code setAccessible} included: the sandbox keeps
 * code that means no harm from doing harm by accident; it is no defence against code that sets
 * out to escape it. The runner that installs it opens its own output files before and halts the
 * JVM through the {@link Control} that only it holds.
 */
@SuppressWarnings("removal")
public final class DsdSandbox extends SecurityManager {
    /** System property naming the directories code under test may write below. */
    public static final String WRITABLE = "dsd.sandbox.writable";

    /** System property that asks for the security manager, when the JVM has no namespaces. */
    public static final String MANAGER = "dsd.sandbox.manager";

    private static final String HOOK = "dsd.agent.DsdHook";

    private final List<Path> writable = new ArrayList<>();
    private final Path cwd;
    private final Path javaLib;

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
    }

    /**
     * Arms dsd's agent and, when the property {@value #MANAGER} asks for it, installs the security
     * manager configured by the system property {@value #WRITABLE}; returns the only handle that
     * can halt the JVM afterwards. Fails when the agent is not loaded, a property is missing or the
     * JVM does not allow a security manager.
     */
    public static Control install() {
        String dirs = System.getProperty(WRITABLE);
        if (dirs == null) {
            throw new IllegalStateException("the system property " + WRITABLE + " is not set");
        }
        Control control;
        try {
            control = new Control(Class.forName(HOOK, true, null));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("dsd's agent is not loaded (the JVM needs -javaagent:dsd-agent.jar)", e);
        }
        if (Boolean.getBoolean(MANAGER)) {
            System.setSecurityManager(new DsdSandbox(dirs));
        }
        return control;
    }

    /** What the runner that installed the sandbox may do that code under test may not. */
    public static final class Control {
        private final Object key;
        private final java.lang.reflect.Method startTest;
        private final java.lang.reflect.Method exitAttempt;
        private final java.lang.reflect.Method halt;

        private Control(Class<?> hook) throws ReflectiveOperationException {
            startTest = hook.getMethod("startTest", Object.class);
            exitAttempt = hook.getMethod("exitAttempt");
            halt = hook.getMethod("halt", Object.class, int.class);
            key = hook.getMethod("arm").invoke(null);
        }

        /** A test starts: forgets earlier exit attempts and allows it its own threads. */
        public void startTest() {
            call(startTest, key);
        }

        /** The exception that refused the first exit attempt since the test started, or null. */
        public SecurityException exitAttempt() {
            return (SecurityException) call(exitAttempt);
        }

        /** Ends the JVM at once with {@code status}. */
        public void halt(int status) {
            call(halt, key, status);
        }

        private static Object call(java.lang.reflect.Method method, Object... args) {
            try {
                return method.invoke(null, args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("dsd sandbox: " + method.getName(), e);
            }
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

    private void checkFile(String name, String actions) {
        if ((actions.contains("write") || actions.contains("delete")) && !isWritable(name)) {
            throw refuse("writing " + name + " (only the work directory is writable)");
        }
    }

    private void checkRuntime(String name) {
        if (name.equals("setSecurityManager")) {
            throw refuse("replacing the sandbox");
        } else if (name.equals("stopThread")) {
            throw refuse("Thread.stop");
        } else if (name.startsWith("loadLibrary.") && !isJdkLibrary(name.substring("loadLibrary.".length()))) {
            throw refuse("loading the native library " + name.substring("loadLibrary.".length()));
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
