package bench.objects;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `objects` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> {
            BoundedStack s = new BoundedStack(1);
            s.push(1);
            s.push(2);
        });
        call(() -> new BoundedStack(2).pop());
        call(() -> new Inventory(3).add("a"));
        call(() -> new Inventory(0).usage());
        call(() -> Messages.toBytes(new Byte[0]));
        call(() -> Messages.length(Integer.valueOf(1)));
        call(() -> Messages.putFirst(new String[1], Integer.valueOf(1)));
        call(() -> Settings.get("mode"));
        call(() -> new Shapes.Circle().angle());
    }
}
