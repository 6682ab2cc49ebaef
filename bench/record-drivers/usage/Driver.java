package bench.usage;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `usage` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> new Payload().setBytes("n", new byte[0], 0, -1));
        call(() -> new Payload().setBytes("n", new byte[0], 0, 1));
        call(() -> new Registry().lookup("missing"));
        call(() -> Scaler.buffer(-1));
        call(() -> Scaler.process(5));
        call(() -> Scaler.share(10, 0));
    }
}
