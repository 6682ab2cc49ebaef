package dsd.listener;

import dsd.recorder.DsdCrashRecorder;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Tells {@code dsd record}'s recorder which exceptions failed a test: the JUnit Platform loads
 * this listener from its service file in every run of JUnit 5 (and of JUnit 4 through the
 * vintage engine), and a test or container that ends with an exception hands it to
 * {@link DsdCrashRecorder#failed}. A test's expected exception ({@code assertThrows},
 * {@code @Test(expected = ...)}, a try/catch) never reaches it: the test passes.
 */
public final class DsdTestListener implements TestExecutionListener {
    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.FAILED) {
            result.getThrowable().ifPresent(DsdCrashRecorder::failed);
        }
    }
}
