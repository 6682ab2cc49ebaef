package bench.chains;

import static bench.record.Calls.call;

/** Triggers each labelled crash of the `chains` subject once, for `bench/record-bench.sh`. */
public class Driver {
    public static void main(String[] args) {
        call(() -> Calc.eval("(1"));
        call(() -> Calc.eval("8/(2-2)"));
        call(() -> Calc.eval("1+"));
        call(() -> new Csv(',').parse("a,"));
        call(() -> new Csv(',').parse("\""));
        call(() -> {
            Bank b = new Bank();
            b.open("a", 9000);
            b.open("b", 0);
            b.transfer("a", "b", 1);
        });
        call(() -> new Pipeline().add(new Pipeline.Length()).add(new Pipeline.Trim()).run("a"));
        call(() -> new Pipeline().add(new Pipeline.Length()).add(new Pipeline.Length()).run("a"));
        call(() -> new Pipeline().add(new Pipeline.Length()).add(new Pipeline.Halve(0)).run("ab"));
        call(() -> new Pipeline().add(new Pipeline.Halve(2)).run("a"));
    }
}
