//! What a harness sets up first: filled lists, constructors at any depth, static initialisers.

use crate::{verdicts, verdicts_with};
use expect_test::expect;

/// A list the model knows two elements of holds null beyond them only when a null may have
/// gone in: the names the constructor adds, and `add` calls that refuse null, leave the loop
/// no null to call `length()` on; `put`, which lets null in, does. Before, every element
/// past the second was any object, null included, and a test built that way was refuted.
#[test]
fn a_list_holds_null_only_when_a_null_may_have_gone_in() {
    let java = r#"
package p;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

public class Names {
    private final List<String> names = new ArrayList<>();
    private final List<String> queue = new LinkedList<>();

    public Names() {
        names.add("a");
        names.add("b");
        names.add("c");
        queue.add("d");
    }

    public void add(String name) {
        if (name == null) {
            throw new IllegalArgumentException();
        }
        names.add(name);
        queue.add(name);
    }

    public void put(String name) {
        names.add(name);
        queue.add(name);
    }

    public int total() {
        int n = 0;
        for (String s : names) {
            n += s.length();
        }
        return n;
    }

    public int last() {
        return queue.get(queue.size() - 1).length();
    }
}
"#;
    expect![[r#"
        23:9:NullPointerException@add(Ljava/lang/String;)V reflection: sat
        24:9:NullPointerException@add(Ljava/lang/String;)V reflection: sat
        28:9:NullPointerException@put(Ljava/lang/String;)V reflection: sat
        29:9:NullPointerException@put(Ljava/lang/String;)V reflection: sat
        35:18:NullPointerException@total()I constructor: unsat
        35:18:NullPointerException@total()I chain add: unsat, whole: unsat
        35:18:NullPointerException@total()I chain put: sat
        35:18:NullPointerException@total()I sequence add|put: sat, whole: sat
        34:25:NullPointerException@total()I reflection: sat, whole: sat
        35:18:NullPointerException@total()I reflection: sat, whole: sat
        41:16:NullPointerException@last()I constructor: unsat
        41:16:NullPointerException@last()I chain add: unsat, whole: unsat
        41:16:NullPointerException@last()I chain put: sat
        41:16:IndexOutOfBoundsException@last()I sequence add|put: unsat, whole: unsat
        41:16:NullPointerException@last()I sequence add|put: sat, whole: sat
        41:16:IndexOutOfBoundsException@last()I reflection: sat
        41:16:NullPointerException@last()I reflection: sat
        41:26:NullPointerException@last()I reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Names.java", java));
}

/// The constructor a harness calls to build the receiver is inlined even where the
/// inlining depth is used up (a formula shrunk to no inlining): left out, it left `lines`
/// at its default `null`, and the constructor harness crashed `add` on a field the
/// constructor sets.
#[test]
fn the_constructor_that_builds_the_receiver_runs_at_any_depth() {
    let java = r#"
package p;

import java.util.ArrayList;
import java.util.List;

public class Report {
    private final List<String> lines;

    public Report() {
        lines = new ArrayList<>();
    }

    public int add(String line) {
        lines.add(line);
        return lines.size();
    }
}
"#;
    let options = vcgen::Options {
        inline_depth: 0,
        ..vcgen::Options::default()
    };
    expect![[r#"
        15:9:NullPointerException@add(Ljava/lang/String;)I reflection: sat
        16:16:NullPointerException@add(Ljava/lang/String;)I reflection: unsat
    "#]]
    .assert_eq(&verdicts_with("p/Report.java", java, &options));
}

/// A constructor that the one building the receiver runs by `super(..)` runs whatever the
/// depth too: counted as a level of inlining, it left `name` at its default `null` in a
/// formula shrunk to no inlining, and the constructor harness crashed `length()` on a field
/// the superclass's constructor sets.
#[test]
fn the_constructors_run_by_super_run_at_any_depth() {
    let java = r#"
package p;

public class Label extends Named {
    public Label() {
        super("label");
    }

    public int width() {
        return name.length();
    }
}

class Named {
    protected final String name;

    Named(String name) {
        this.name = name;
    }
}
"#;
    let options = vcgen::Options {
        inline_depth: 0,
        ..vcgen::Options::default()
    };
    expect![[r#"
        10:16:NullPointerException@width()I reflection: sat
    "#]]
    .assert_eq(&verdicts_with("p/Label.java", java, &options));
}

/// The static initialisers a harness runs include those whose statics a run initialiser
/// reads, and run first, as the JVM initialises a class on first use: `Policy`'s runs
/// before `BaseCodec`'s, which reads `Policy.LENIENT`. Before, only `BaseCodec`'s ran (the
/// entry reads none of `Policy`'s statics), `DEFAULT` was `null`, `requireNonNull` threw
/// in every receiver: the constructor harness could not reach `data.length`, and
/// `BaseCodec`'s constructor was a crash site of its own (line 21, `sat`) that the JVM
/// never raises.
#[test]
fn a_static_initialiser_runs_after_those_it_reads() {
    let java = r#"
package p;

import java.util.Objects;

public class Codec extends BaseCodec {
    public Codec() {
        super();
    }

    public int decode(byte[] data) {
        return data.length + policy.ordinal();
    }
}

class BaseCodec {
    static final Policy DEFAULT = Policy.LENIENT;
    protected final Policy policy;

    BaseCodec() {
        policy = Objects.requireNonNull(DEFAULT, "policy");
    }
}

enum Policy {
    STRICT,
    LENIENT
}
"#;
    expect![[r#"
        12:16:NullPointerException@decode([B)I constructor: sat
        12:16:NullPointerException@decode([B)I reflection: sat
        12:30:NullPointerException@decode([B)I reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Codec.java", java));
}

/// Set-up code that leaves a call of a project method out (beyond the inlining depth)
/// builds an input whose checks the formula lacks: the harness prefers inputs whose set-up
/// ran whole. A `Tag` built by `new Tag(..)` is whole, one from `Tag.parse` is not (its
/// `checked` is left out), and a `Code`, which only `Code.of` builds, never is: there the
/// preference cannot hold and the solver drops it first. Before, a model could take
/// `parse("toolong")`, which the JVM rejects before the entry.
#[test]
fn inputs_whose_set_up_ran_whole_are_preferred() {
    let java = r#"
package p;

public class Printer {
    public static class Tag {
        final String name;

        public Tag(String name) {
            this.name = name;
        }

        public static Tag parse(String text) {
            return new Tag(checked(text));
        }

        private static String checked(String text) {
            if (text.length() > 3) {
                throw new IllegalArgumentException(text);
            }
            return text;
        }
    }

    public static class Code {
        final int value;

        private Code(int value) {
            this.value = value;
        }

        public static Code of(int value) {
            return new Code(positive(value));
        }

        private static int positive(int value) {
            if (value <= 0) {
                throw new IllegalArgumentException();
            }
            return value;
        }
    }

    public int width(Tag tag, int columns) {
        return tag.name.length() / columns;
    }

    public int share(Code code, int total) {
        return total / code.value;
    }
}
"#;
    let options = vcgen::Options {
        inline_depth: 0,
        ..vcgen::Options::default()
    };
    expect![[r#"
        44:16:NullPointerException@width(Lp/Printer$Tag;I)I constructor: sat, whole: sat
        44:34:ArithmeticException@width(Lp/Printer$Tag;I)I constructor: sat, whole: sat
        48:22:ArithmeticException@share(Lp/Printer$Code;I)I constructor: sat, whole: unsat
        48:24:NullPointerException@share(Lp/Printer$Code;I)I constructor: sat, whole: sat
    "#]]
    .assert_eq(&verdicts_with("p/Printer.java", java, &options));
}
