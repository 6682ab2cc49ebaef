package dsd.recorder;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.ProtectionDomain;

/**
 * The Java agent of {@code dsd record} for commands other than {@code java} (a build tool's test
 * run, whose JVMs read {@code JAVA_TOOL_OPTIONS}): each project class any class loader defines is
 * defined from its instrumented copy instead, so it keeps its loader (and its package's access)
 * and records its calls through {@link DsdCrashRecorder}, which the agent's jar puts on the boot
 * class path. The agent's argument is the folder of the instrumented classes.
 */
public final class DsdRecordAgent {
    private DsdRecordAgent() {}

    public static void premain(String folder, Instrumentation instrumentation) {
        final Path classes = Paths.get(folder);
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
