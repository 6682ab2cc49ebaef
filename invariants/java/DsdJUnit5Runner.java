package dsd.recorder;

import dsd.sandbox.DsdSandbox;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs JUnit 5 (and, through the vintage engine, JUnit 4) test classes for dsd's invariant
 * inference, in {@link DsdSandbox}. Arguments: per-test timeout in milliseconds, class list file,
 * progress file.
 */
public final class DsdJUnit5Runner {
    private DsdJUnit5Runner() {}

    /** Runs every listed class, one after the other, reporting progress. */
    public static void main(String[] args) throws Exception {
        Launcher launcher = LauncherFactory.create();
        DsdSandbox.Control sandbox = DsdSandbox.install();
        DsdProgress progress = new DsdProgress(args[2], Long.parseLong(args[0]), sandbox);
        for (String name : DsdProgress.classes(args[1])) {
            progress.line("START " + name);
            progress.arm(name);
            int[] counts = new int[2];
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(name))
                    .build();
            TestExecutionListener listener = new TestExecutionListener() {
                @Override
                public void executionStarted(TestIdentifier id) {
                    if (id.isTest()) {
                        progress.startTest(name + " " + id.getDisplayName());
                        DsdRecorder.beginTest();
                    }
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    boolean passed = result.getStatus() == TestExecutionResult.Status.SUCCESSFUL;
                    if (!passed) {
                        progress.line("FAIL " + name + " " + id.getDisplayName() + " "
                                + result.getThrowable().map(Throwable::toString).orElse(""));
                    }
                    if (id.isTest()) {
                        counts[0]++;
                        if (!passed) {
                            counts[1]++;
                        }
                        DsdRecorder.endTest(passed);
                        progress.arm(name);
                    } else if (!passed) {
                        counts[1]++;
                    }
                }
            };
            try {
                launcher.execute(request, listener);
            } catch (Throwable t) {
                progress.line("ERROR " + name + " " + t);
            }
            progress.line("DONE " + name + " " + counts[0] + " " + counts[1]);
        }
        progress.finish();
    }
}
