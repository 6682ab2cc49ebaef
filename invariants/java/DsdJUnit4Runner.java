package dsd.recorder;

import dsd.sandbox.DsdSandbox;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Runs JUnit 4 (and JUnit 3) test classes for dsd's invariant inference, in {@link DsdSandbox}.
 * Arguments: per-test timeout in milliseconds, class list file, progress file.
 */
public final class DsdJUnit4Runner {
    private DsdJUnit4Runner() {}

    /** Runs every listed class, one after the other, reporting progress. */
    public static void main(String[] args) throws Exception {
        DsdSandbox.Control sandbox = DsdSandbox.install();
        DsdProgress progress = new DsdProgress(args[2], Long.parseLong(args[0]), sandbox);
        for (String name : DsdProgress.classes(args[1])) {
            progress.line("START " + name);
            progress.arm(name);
            Class<?> c;
            try {
                c = Class.forName(name, false, DsdJUnit4Runner.class.getClassLoader());
            } catch (Throwable t) {
                progress.line("ERROR " + name + " " + t);
                progress.line("DONE " + name + " 0 0");
                continue;
            }
            JUnitCore core = new JUnitCore();
            core.addListener(new RunListener() {
                private boolean failed;

                @Override
                public void testStarted(Description d) {
                    failed = false;
                    progress.startTest(name + " " + d.getMethodName());
                    DsdRecorder.beginTest();
                }

                @Override
                public void testFailure(Failure f) {
                    failed = true;
                    progress.line("FAIL " + name + " " + f.getDescription().getMethodName() + " " + f.getException());
                }

                @Override
                public void testFinished(Description d) {
                    DsdRecorder.endTest(!failed);
                    progress.arm(name);
                }
            });
            Result r = core.run(Request.aClass(c));
            progress.line("DONE " + name + " " + r.getRunCount() + " " + r.getFailureCount());
        }
        progress.finish();
    }
}
