package dsd.recorder;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import dsd.sandbox.DsdSandbox;

/**
 * What the dsd test runners share: the class list, the progress file that dsd reads, and the
 * watchdog that ends the JVM when a test hangs.
 *
 * <p>Progress lines: {@code START class}, {@code DONE class run failed}, {@code HANG class test},
 * {@code FAIL class test exception}, {@code ERROR class message}, {@code END}. After a hang the committed samples are flushed and the JVM halts;
 * dsd starts a new JVM for the classes not yet done. The tests run in {@link DsdSandbox}, which
 * the runner installs before it creates the progress; only the progress halts the JVM.
 */
final class DsdProgress {
    private final OutputStream out;
    private final long timeoutMs;
    private final DsdSandbox.Control sandbox;
    private volatile long deadline = Long.MAX_VALUE;
    private volatile String where = "";

    DsdProgress(String progressPath, long timeoutMs, DsdSandbox.Control sandbox) throws IOException {
        this.out = new FileOutputStream(progressPath, true);
        this.timeoutMs = timeoutMs;
        this.sandbox = sandbox;
        Thread dog = new Thread(this::watch, "dsd-watchdog");
        dog.setDaemon(true);
        dog.start();
    }

    /** The binary names listed one per line in {@code path}. */
    static List<String> classes(String path) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8)) {
            if (!line.trim().isEmpty()) {
                out.add(line.trim());
            }
        }
        return out;
    }

    synchronized void line(String text) {
        try {
            out.write((text.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            // dsd will see the JVM end without a DONE line and move on.
        }
    }

    /** Something (a class or a test) starts: the watchdog allows it the timeout. */
    void arm(String what) {
        where = what;
        deadline = System.currentTimeMillis() + timeoutMs;
    }

    /** A test starts: the watchdog allows it the timeout, the sandbox its own threads. */
    void startTest(String what) {
        sandbox.startTest();
        arm(what);
    }

    private void watch() {
        while (true) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                line("HANG " + where);
                DsdRecorder.flush();
                sandbox.halt(3);
            }
        }
    }

    /** Ends the JVM after all classes, whatever threads the tests left running. */
    void finish() {
        DsdRecorder.flush();
        line("END");
        sandbox.halt(0);
    }
}
