//! Model seeding (Botsing): the constructors, classes and methods the project's tests call
//! are the harness's first choices where it can offer only a few.

use super::{run_observed, simple_class, Run};
use crate::{Options, Plan};
use expect_test::{expect, Expect};

/// Five tariffs: four fixed ones with a constructor of no arguments, which the harness
/// offers first, and the one the tests make, which takes its units; a price list whose
/// entry takes a tariff, and a plan class with as many subclasses.
const TARIFFS: &str = r#"
    //- /p/Tariff.java
    package p;
    public interface Tariff { int units(); }
    //- /p/Daily.java
    package p;
    public class Daily implements Tariff { public int units() { return 1; } }
    //- /p/Weekly.java
    package p;
    public class Weekly implements Tariff { public int units() { return 7; } }
    //- /p/Monthly.java
    package p;
    public class Monthly implements Tariff { public int units() { return 30; } }
    //- /p/Yearly.java
    package p;
    public class Yearly implements Tariff { public int units() { return 365; } }
    //- /p/Custom.java
    package p;
    public class Custom implements Tariff {
        private final int units;
        public Custom(int units) { this.units = units; }
        public int units() { return units; }
    }
    //- /p/Billing.java
    package p;
    public class Billing {
        public static int perUnit(int price, Tariff t) { return price / t.units(); }
    }
"#;

/// What the project's tests did: six calls of `new Custom(int)`, and nothing else observed.
const TESTS_MAKE_CUSTOM: &str = r#"{ "methods": [
    { "class": "p.Custom", "method": "<init>", "descriptor": "(I)V",
      "entry_samples": 6, "exit_samples": 6, "requires": [], "ensures": [] } ],
  "classes": [], "observed": [] }"#;

/// Checks, for each harness of `java` (with `specs` as what the tests did), the classes it
/// may build its receiver and arguments of, in the order it offers them.
#[track_caller]
fn check_built(java: &str, specs: Option<&str>, expect: Expect) {
    let run: Run = run_observed(java, &Options::default(), specs);
    let mut out = String::new();
    for prelude in &run.generated.preludes {
        let h = &prelude.harness;
        let inputs: Vec<String> = h
            .receiver
            .iter()
            .chain(&h.args)
            .map(|plan| {
                let mut made = Vec::new();
                built(plan, &mut made);
                format!("[{}]", made.join(" "))
            })
            .collect();
        out.push_str(&format!(
            "{}.{}: {}\n",
            simple_class(&h.entry.class),
            h.entry.method,
            inputs.join(" ")
        ));
    }
    expect.assert_eq(&out);
}

/// The classes `plan` constructs, outermost first.
fn built(plan: &Plan, out: &mut Vec<String>) {
    match plan {
        Plan::New { class, args, .. } => {
            out.push(simple_class(class));
            args.iter().for_each(|a| built(a, out));
        }
        Plan::Choice { options, .. } => options.iter().for_each(|o| built(o, out)),
        Plan::Slot { of, .. } => built(of, out),
        _ => {}
    }
}

#[test]
fn an_argument_of_the_class_the_tests_make_is_offered_first() {
    // Without the tests, the four fixed tariffs fill the harness's candidates, and none
    // has zero units.
    check_built(
        TARIFFS,
        None,
        expect![[r#"
        Billing.perUnit: [] [Daily Yearly Weekly Monthly]
    "#]],
    );
    check_built(
        TARIFFS,
        Some(TESTS_MAKE_CUSTOM),
        expect![[r#"
        Billing.perUnit: [] [Custom Daily Yearly Weekly]
    "#]],
    );
}

/// Plans of four fixed lengths, which the harness offers first, and the trial the tests
/// make, whose length is given (the reflection variant's receiver is built by no plan).
const PLANS: &str = r#"
    //- /p/Plan.java
    package p;
    public abstract class Plan {
        protected int months = 1;
        public int perMonth(int price) { return price / months; }
    }
    //- /p/Trial.java
    package p;
    public class Trial extends Plan { public Trial(int months) { this.months = months; } }
    //- /p/Basic.java
    package p;
    public class Basic extends Plan { public Basic() { months = 1; } }
    //- /p/Yearly.java
    package p;
    public class Yearly extends Plan { public Yearly() { months = 12; } }
    //- /p/Family.java
    package p;
    public class Family extends Plan { public Family() { months = 6; } }
    //- /p/Student.java
    package p;
    public class Student extends Plan { public Student() { months = 9; } }
"#;

#[test]
fn a_receiver_of_the_class_the_tests_make_is_offered_first() {
    // Without the tests, the four fixed plans fill the candidates, none crashes, and only
    // reflection is left.
    check_built(
        PLANS,
        None,
        expect![[r#"
            Plan.perMonth: [] []
        "#]],
    );
    let tests_make_trial = TESTS_MAKE_CUSTOM.replace("p.Custom", "p.Trial");
    check_built(
        PLANS,
        Some(&tests_make_trial),
        expect![[r#"
        Plan.perMonth: [Trial] []
        Plan.perMonth: [] []
    "#]],
    );
}

#[test]
fn the_calls_the_tests_make_are_the_first_chains() {
    // Seven methods set the divisor; the harness makes chains of the first six, and only
    // the seventh, which the tests call, can set it to zero.
    let meter = r#"
        package p;
        public class Meter {
            private int step = 1;
            public void one() { step = 1; }
            public void two() { step = 2; }
            public void three() { step = 3; }
            public void four() { step = 4; }
            public void five() { step = 5; }
            public void six() { step = 6; }
            public void set(int step) { this.step = step; }
            public int steps(int length) { return length / step; }
        }
    "#;
    super::check_sites(
        meter,
        expect![[r#"
        11:50 ArithmeticException Meter.steps(int): sequence ≤4 Meter.one()|Meter.two()|Meter.three(), reflection
    "#]],
    );
    let tests_call_set = r#"{ "methods": [
        { "class": "p.Meter", "method": "set", "descriptor": "(I)V",
          "entry_samples": 3, "exit_samples": 3, "requires": [], "ensures": [] } ],
      "classes": [], "observed": [] }"#;
    super::check_sites_observed(
        meter,
        tests_call_set,
        expect![[r#"
        11:50 ArithmeticException Meter.steps(int): chain Meter.set(int), sequence ≤4 Meter.set(int)|Meter.one()|Meter.two(), reflection
    "#]],
    );
}
