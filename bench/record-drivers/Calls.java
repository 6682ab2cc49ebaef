package bench.record;

/** The calls of a driver: each crashing call runs on its own, and the driver goes on. */
public final class Calls {
    private Calls() {}

    /** One crashing call. */
    public interface Call {
        void run() throws Exception;
    }

    /** Runs `call` and goes on whatever it throws. */
    public static void call(Call call) {
        try {
            call.run();
        } catch (Throwable t) {
            System.out.println("crashed: " + t);
        }
    }
}
