package dsd.recorder;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.ProtectionDomain;
import java.util.jar.JarFile;

/**
 * The Java agent of {@code dsd record} for commands other than {@code java} (a build tool's test
 * run, whose JVMs read {@code JAVA_TOOL_OPTIONS}): each project class any class loader defines is
 * defined from its instrumented copy instead, so it keeps its loader (and its package's access)
 * and records its calls through {@link DsdCrashRecorder}, which the agent's jar puts on the boot
 * class path. The agent's argument is the folder of the instrumented classes; the jar
 * {@code listener.jar} beside it, when there is one, goes on the system class path, where a
 * JUnit Platform run finds the listener that tells the recorder which exceptions failed a test.
 */
public final class DsdRecordAgent {
    private DsdRecordAgent() {}

    public static void premain(String folder, Instrumentation instrumentation) {
        final Path classes = Paths.get(folder);
        Path listener = classes.resolveSibling("listener.jar");
        if (Files.isRegularFile(listener)) {
            try {
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(listener.toFile()));
            } catch (IOException | RuntimeException e) {
                // Without the listener, test failures are not told from caught exceptions.
            }
        }
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined,
                    ProtectionDomain domain, byte[] original) {
                if (loader == null || name == null || redefined != null || name.startsWith("dsd/")) {
                    return null;
                }
                Path copy = classes.resolve(name + ".class");
                try {
                    return Files.isRegularFile(copy) ? Files.readAllBytes(copy) : null;
                } catch (IOException | RuntimeException e) {
                    return null;
                }
            }
        });
    }
}
