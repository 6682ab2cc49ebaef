//! What the JDK model lets a formula conclude, decided by Z3 without a JVM: Java in, each
//! crash site's answer per harness out (`sat` when some inputs of that harness crash it).

use expect_test::expect;
use std::collections::BTreeMap;

/// Every query of `java` (one file at `path`), one line each in the order vcgen wrote them:
/// `line:col:Kind@method(descriptor) route: answer`, and `, whole: answer` for a harness
/// that prefers inputs whose set-up ran whole, `, kept: answer` for one that prefers reads of
/// the elements of a filled table the formula knows.
fn verdicts(path: &str, java: &str) -> String {
    verdicts_with(path, java, &vcgen::Options::default())
}

/// As [`verdicts`], with vcgen's `options`.
fn verdicts_with(path: &str, java: &str, options: &vcgen::Options) -> String {
    let (program, _) = frontend::parse_sources(&[(path, java)]);
    let mut texts = BTreeMap::new();
    let mut sink = |id: &str, text: &str| {
        texts.insert(id.to_string(), text.to_string());
        Ok::<(), vcgen::Error>(())
    };
    let generated = vcgen::generate(&program, options, None, &mut sink, &|_, _| {})
        .unwrap_or_else(|e| panic!("vcgen failed: {e}"));
    let mut out = String::new();
    for prelude in &generated.preludes {
        for q in &prelude.queries {
            let solver = z3::Solver::new();
            solver.from_string(format!("{}\n(assert {})", texts[&prelude.id], q.goal));
            let answer = match solver.check() {
                z3::SatResult::Sat => "sat",
                z3::SatResult::Unsat => "unsat",
                z3::SatResult::Unknown => "unknown",
            };
            // `path:line:col:Kind@class.method(descriptor)`: keep `line:col:Kind@method`.
            let site = q.site.strip_prefix(path).unwrap_or(&q.site);
            let (at, method) = site.split_once('@').unwrap_or((site, ""));
            let method = method.rsplit('.').next().unwrap_or(method);
            let route = format!("{:?}", prelude.harness.route).to_lowercase();
            // A sequence's calls each carry the choice that makes them: name its methods once.
            let calls = &prelude.harness.chain;
            let sequence = calls.iter().any(|c| c.when.is_some());
            let on = match calls.iter().find_map(|c| c.prepares()) {
                Some(i) => format!(" on argument {i}"),
                None => String::new(),
            };
            // `m*`: a call of `m` may be made again first, any number of times.
            let mut methods: Vec<String> = calls
                .iter()
                .map(|c| match c.repeated {
                    Some(_) => format!("{}*", c.method),
                    None => c.method.clone(),
                })
                .collect();
            methods.sort_unstable();
            methods.dedup();
            let route = match (sequence, methods.is_empty()) {
                (true, _) => format!("sequence{on} {}", methods.join("|")),
                (false, true) => route,
                (false, false) => format!("{route}{on} {}", methods.join(",")),
            };
            // With the preference for inputs whose set-up ran whole, or that read only the
            // elements of a filled table the formula knows, whether it can hold too.
            let mut preferred = String::new();
            for (preference, name) in [("pref!whole", "whole"), ("pref!kept", "kept")] {
                if !prelude.harness.preferences.iter().any(|p| p == preference) {
                    continue;
                }
                solver.push();
                solver.assert(z3::ast::Bool::new_const(preference));
                let answer = match solver.check() {
                    z3::SatResult::Sat => "sat",
                    z3::SatResult::Unsat => "unsat",
                    z3::SatResult::Unknown => "unknown",
                };
                solver.pop(1);
                preferred.push_str(&format!(", {name}: {answer}"));
            }
            out.push_str(&format!(
                "{}@{method} {route}: {answer}{preferred}\n",
                at.trim_start_matches(':')
            ));
        }
    }
    out
}

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

/// An argument of a project class gets a harness that builds it and makes calls on it first,
/// to the methods that change what the entry reads: a meter reaches a third reading only
/// through `record()` calls on it; a dial refuses to turn past its last named position, so
/// no calls reach an index out of range. With `turn()` made again (`turn*`), only the last
/// call's check is in the formula, and it misses the stop the calls before it meet: that
/// model is the JVM's to refute (`tests/fixtures/sequences`, `Labels.ofDial`).
#[test]
fn an_argument_is_brought_into_the_state_a_crash_needs_by_calls_on_it() {
    let java = r#"
package p;

public class Gauges {
    public static class Meter {
        private int readings;

        public Meter() {}

        public void record() {
            readings++;
        }

        public int readings() {
            return readings;
        }
    }

    public static class Dial {
        private int position;

        public Dial() {}

        public void turn() {
            if (position == 2) {
                throw new IllegalStateException("at the stop");
            }
            position++;
        }

        public int position() {
            return position;
        }
    }

    public static String ofMeter(Meter meter) {
        String[] names = {"none", "one", "two"};
        return names[meter.readings()];
    }

    public static String ofDial(Dial dial) {
        String[] names = {"low", "middle", "high"};
        return names[dial.position()];
    }
}
"#;
    expect![[r#"
        38:16:ArrayIndexOutOfBoundsException@ofMeter(Lp/Gauges$Meter;)Ljava/lang/String; constructor: unsat
        38:22:NullPointerException@ofMeter(Lp/Gauges$Meter;)Ljava/lang/String; constructor: sat
        38:16:ArrayIndexOutOfBoundsException@ofMeter(Lp/Gauges$Meter;)Ljava/lang/String; sequence on argument 0 record: sat
        38:16:ArrayIndexOutOfBoundsException@ofMeter(Lp/Gauges$Meter;)Ljava/lang/String; sequence on argument 0 record*: sat
        43:16:ArrayIndexOutOfBoundsException@ofDial(Lp/Gauges$Dial;)Ljava/lang/String; constructor: unsat
        43:22:NullPointerException@ofDial(Lp/Gauges$Dial;)Ljava/lang/String; constructor: sat
        43:16:ArrayIndexOutOfBoundsException@ofDial(Lp/Gauges$Dial;)Ljava/lang/String; sequence on argument 0 turn: unsat, whole: unsat
        43:16:ArrayIndexOutOfBoundsException@ofDial(Lp/Gauges$Dial;)Ljava/lang/String; sequence on argument 0 turn*: sat, whole: sat
    "#]]
    .assert_eq(&verdicts("p/Gauges.java", java));
}

/// A method that steps counters may be called again before its call in a sequence, any
/// number of times: the cursor's window is read past its sixteen characters, the static
/// table past its twelve slots, though a sequence makes at most four calls. The call
/// modelled is the last one, so its own checks hold for the count: the stack that refuses
/// a ninth push never reads past its nine slots.
#[test]
fn calls_made_again_reach_counts_beyond_the_sequence_length() {
    let java = r#"
package p;

public class Counters {
    public static class Cursor {
        private final char[] window = new char[16];
        private int position;

        public void skip() {
            position++;
        }

        public char current() {
            return window[position];
        }
    }

    public static class Bounded {
        private final int[] items = new int[9];
        private int size;

        public void push(int item) {
            if (size == 8) {
                throw new IllegalStateException("full");
            }
            items[size++] = item;
        }

        public int top() {
            return items[size];
        }
    }

    private static final int[] started = new int[12];
    private static int opened;

    public static int open(int time) {
        started[opened] = time;
        return ++opened;
    }
}
"#;
    expect![[r#"
        38:9:ArrayIndexOutOfBoundsException@open(I)I sequence open: unsat
        38:9:ArrayIndexOutOfBoundsException@open(I)I sequence open*: sat
        38:9:ArrayIndexOutOfBoundsException@open(I)I reflection: sat
        14:20:ArrayIndexOutOfBoundsException@current()C sequence skip: unsat
        14:20:ArrayIndexOutOfBoundsException@current()C sequence skip*: sat
        14:20:ArrayIndexOutOfBoundsException@current()C reflection: sat
        14:20:NullPointerException@current()C reflection: sat
        26:13:ArrayIndexOutOfBoundsException@push(I)V sequence push: unsat, whole: unsat
        26:13:ArrayIndexOutOfBoundsException@push(I)V sequence push*: unsat, whole: unsat
        26:13:ArrayIndexOutOfBoundsException@push(I)V reflection: sat
        26:13:NullPointerException@push(I)V reflection: sat
        30:20:ArrayIndexOutOfBoundsException@top()I sequence push: unsat, whole: unsat
        30:20:ArrayIndexOutOfBoundsException@top()I sequence push*: unsat, whole: unsat
        30:20:ArrayIndexOutOfBoundsException@top()I reflection: sat
        30:20:NullPointerException@top()I reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Counters.java", java));
}

/// A call made again steps a counter by its argument as often as by a constant: the buffer
/// that takes chunks of at most eight bytes is read past its 64 only after nine chunks,
/// more than a sequence makes; each chunk's own check holds for the argument. A parameter
/// the method assigns is no step: the clamped buffer's calls are never made again.
#[test]
fn a_call_made_again_steps_a_counter_by_its_argument() {
    let java = r#"
package p;

public class Chunked {
    public static class Buffer {
        private final byte[] bytes = new byte[64];
        private int written;

        public void write(int length) {
            if (length < 0 || length > 8) {
                throw new IllegalArgumentException("at most eight");
            }
            written += length;
        }

        public byte last() {
            return bytes[written];
        }
    }

    public static class Clamped {
        private final byte[] bytes = new byte[64];
        private int written;

        public void write(int length) {
            if (length < 0) {
                throw new IllegalArgumentException("a length");
            }
            if (length > 8) {
                length = 8;
            }
            written += length;
        }

        public byte last() {
            return bytes[written];
        }
    }
}
"#;
    expect![[r#"
        17:20:ArrayIndexOutOfBoundsException@last()B chain write: unsat, whole: unsat
        17:20:ArrayIndexOutOfBoundsException@last()B sequence write: unsat, whole: unsat
        17:20:ArrayIndexOutOfBoundsException@last()B sequence write*: sat, whole: sat
        17:20:ArrayIndexOutOfBoundsException@last()B reflection: sat
        17:20:NullPointerException@last()B reflection: sat
        36:20:ArrayIndexOutOfBoundsException@last()B chain write: unsat, whole: unsat
        36:20:ArrayIndexOutOfBoundsException@last()B sequence write: unsat, whole: unsat
        36:20:ArrayIndexOutOfBoundsException@last()B reflection: sat
        36:20:NullPointerException@last()B reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Chunked.java", java));
}

/// A stream a method reads is one over bytes the solver chooses, and it gives what the JDK's
/// gives: a byte from 0 to 255, or -1 at the end; a stream it writes to collects what was
/// written. Before the JDK model had streams, an `InputStream` could only be null, and the
/// end of the input was never reached.
#[test]
fn streams_over_arrays_read_bytes_and_end() {
    let java = r#"
package p;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

public class Streams {
    public static int header(InputStream in) throws IOException {
        int length = in.read();
        return new byte[length].length;
    }

    public static int weight(InputStream in, int[] weights) throws IOException {
        if (in == null || weights == null || weights.length != 256) {
            throw new IllegalArgumentException("a stream and a weight per byte");
        }
        int c = in.read();
        return c < 0 ? 0 : weights[c];
    }

    public static byte last(ByteArrayOutputStream out) {
        byte[] written = out.toByteArray();
        return written[written.length - 1];
    }

    public static byte lastWritten(ByteArrayOutputStream out) {
        if (out.size() == 0) {
            return 0;
        }
        byte[] written = out.toByteArray();
        return written[written.length - 1];
    }
}
"#;
    expect![[r#"
        10:22:NullPointerException@header(Ljava/io/InputStream;)I constructor: sat
        11:25:NegativeArraySizeException@header(Ljava/io/InputStream;)I constructor: sat
        15:46:NullPointerException@weight(Ljava/io/InputStream;[I)I constructor: unsat
        18:17:NullPointerException@weight(Ljava/io/InputStream;[I)I constructor: unsat
        19:28:ArrayIndexOutOfBoundsException@weight(Ljava/io/InputStream;[I)I constructor: unsat
        19:28:NullPointerException@weight(Ljava/io/InputStream;[I)I constructor: unsat
        23:26:NegativeArraySizeException@last(Ljava/io/ByteArrayOutputStream;)B constructor: unsat
        23:26:NullPointerException@last(Ljava/io/ByteArrayOutputStream;)B constructor: sat
        24:16:ArrayIndexOutOfBoundsException@last(Ljava/io/ByteArrayOutputStream;)B constructor: sat
        28:13:NullPointerException@lastWritten(Ljava/io/ByteArrayOutputStream;)B constructor: sat
        31:26:NegativeArraySizeException@lastWritten(Ljava/io/ByteArrayOutputStream;)B constructor: unsat
        31:26:NullPointerException@lastWritten(Ljava/io/ByteArrayOutputStream;)B constructor: unsat
        32:16:ArrayIndexOutOfBoundsException@lastWritten(Ljava/io/ByteArrayOutputStream;)B constructor: unsat
    "#]].assert_eq(&verdicts("p/Streams.java", java));
}

/// A reader a method reads is one over chars the solver chooses, and it gives what the JDK's
/// gives: a char, or -1 at the end; a `BufferedReader` reads lines from it, `null` at the
/// end; a writer is a `StringWriter`, whose ranges are checked as the JDK checks them.
/// Typed from the module image, a reader could only be null and a line never was.
#[test]
fn readers_over_strings_read_chars_lines_and_end() {
    let java = r#"
package p;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;

public class Texts {
    public static int header(Reader in) throws IOException {
        String first = new BufferedReader(in).readLine();
        return first.length();
    }

    public static int perColumn(BufferedReader in) throws IOException {
        String line = in.readLine();
        if (line == null) {
            return 0;
        }
        return 100 / line.length();
    }

    public static int weight(Reader in, int[] weights) throws IOException {
        if (in == null || weights == null || weights.length != 65536) {
            throw new IllegalArgumentException("a reader and a weight per char");
        }
        int c = in.read();
        return c < 0 ? 0 : weights[c];
    }

    public static int fill(Reader in) throws IOException {
        if (in == null) {
            return 0;
        }
        char[] buffer = new char[2];
        int n = 0;
        int c;
        while ((c = in.read()) != -1) {
            buffer[n++] = (char) c;
        }
        return n;
    }

    public static void tail(Writer out, String s) throws IOException {
        if (out == null || s == null) {
            return;
        }
        out.write(s, 1, s.length());
    }
}
"#;
    expect![[r#"
        11:24:NullPointerException@header(Ljava/io/Reader;)I constructor: sat
        11:24:StringIndexOutOfBoundsException@header(Ljava/io/Reader;)I constructor: unsat
        12:16:NullPointerException@header(Ljava/io/Reader;)I constructor: sat
        16:23:NullPointerException@perColumn(Ljava/io/BufferedReader;)I constructor: sat, whole: sat
        16:23:StringIndexOutOfBoundsException@perColumn(Ljava/io/BufferedReader;)I constructor: unsat, whole: unsat
        20:20:ArithmeticException@perColumn(Ljava/io/BufferedReader;)I constructor: sat, whole: sat
        20:22:NullPointerException@perColumn(Ljava/io/BufferedReader;)I constructor: unsat, whole: unsat
        24:46:NullPointerException@weight(Ljava/io/Reader;[I)I constructor: unsat
        27:17:NullPointerException@weight(Ljava/io/Reader;[I)I constructor: unsat
        27:17:StringIndexOutOfBoundsException@weight(Ljava/io/Reader;[I)I constructor: unsat
        28:28:ArrayIndexOutOfBoundsException@weight(Ljava/io/Reader;[I)I constructor: unsat
        28:28:NullPointerException@weight(Ljava/io/Reader;[I)I constructor: unsat
        38:21:NullPointerException@fill(Ljava/io/Reader;)I constructor: unsat
        38:21:StringIndexOutOfBoundsException@fill(Ljava/io/Reader;)I constructor: unsat
        39:13:ArrayIndexOutOfBoundsException@fill(Ljava/io/Reader;)I constructor: sat
        48:25:NullPointerException@tail(Ljava/io/Writer;Ljava/lang/String;)V constructor: unsat, whole: unsat
        48:9:IndexOutOfBoundsException@tail(Ljava/io/Writer;Ljava/lang/String;)V constructor: sat, whole: unsat
        48:9:NullPointerException@tail(Ljava/io/Writer;Ljava/lang/String;)V constructor: unsat, whole: unsat
    "#]].assert_eq(&verdicts("p/Texts.java", java));
}

/// A `PrintWriter` prints through the writer it was given, and a `CharArrayWriter` holds
/// what was written: a printed line is handed to the writer whole, so no range of it is
/// checked (one frame deeper than the model inlines, a check saw any length and was
/// satisfiable), a range the project passes is checked as the JDK checks it, and the
/// chars written are there to read back.
#[test]
fn printers_write_through_their_writer_and_char_arrays_hold_what_was_written() {
    let java = r#"
package p;

import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.PrintWriter;

public class Printers {
    public static void line(PrintWriter out, String s) {
        if (out == null) {
            return;
        }
        out.println(s);
    }

    public static void from(PrintWriter out, String s, int start) {
        if (out == null || s == null) {
            return;
        }
        out.write(s, start, s.length() - start);
    }

    public static char second(char c) {
        CharArrayWriter w = new CharArrayWriter();
        w.write(c);
        return w.toCharArray()[1];
    }
}
"#;
    expect![[r#"
        13:9:NullPointerException@line(Ljava/io/PrintWriter;Ljava/lang/String;)V constructor: unsat, whole: unsat
        20:29:NullPointerException@from(Ljava/io/PrintWriter;Ljava/lang/String;I)V constructor: unsat, whole: unsat
        20:9:IndexOutOfBoundsException@from(Ljava/io/PrintWriter;Ljava/lang/String;I)V constructor: sat, whole: unsat
        20:9:NegativeArraySizeException@from(Ljava/io/PrintWriter;Ljava/lang/String;I)V constructor: unsat, whole: unsat
        20:9:NullPointerException@from(Ljava/io/PrintWriter;Ljava/lang/String;I)V constructor: unsat, whole: unsat
        20:9:StringIndexOutOfBoundsException@from(Ljava/io/PrintWriter;Ljava/lang/String;I)V constructor: unsat, whole: unsat
        26:16:ArrayIndexOutOfBoundsException@second(C)C direct: sat
    "#]].assert_eq(&verdicts("p/Printers.java", java));
}

/// A filter stream of the project reads through the stream its constructor was given; made
/// by reflection, through a null one, as in the test, which cannot set a JDK class's field:
/// the division by the byte read is reached only through the constructor.
#[test]
fn a_filter_stream_made_by_reflection_reads_through_null() {
    let java = r#"
package p;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

public class Tens extends FilterInputStream {
    public Tens(InputStream in) {
        super(in);
    }

    public int next() throws IOException {
        int c = in.read();
        return 10 / c;
    }
}
"#;
    expect![[r#"
        14:17:NullPointerException@next()I constructor: sat
        15:19:ArithmeticException@next()I constructor: sat
        14:17:NullPointerException@next()I reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Tens.java", java));
}

/// A static initialiser's loop cut at the unrolling bound forgets only what its later
/// iterations may write: the elements of the table it fills from its counter on. A literal
/// table of the same element type keeps its values (the division by `WEIGHTS[i & 1]` is
/// safe), and so do the squares the unrolled iterations wrote (0, 1 and 4: `SQUARES[1]`
/// and `SQUARES[2]` are not zero); past them, a square is
/// any value. Before, every `int[]`'s contents were forgotten, and all three divisions
/// were satisfiable. A `char` counter indexes as an `int` (a table of names over the ASCII
/// chars: its first two are not null). The solver prefers reads of the elements it knows:
/// `any` crashes at a known square (0), `later` only at squares it does not know.
#[test]
fn an_initialisers_loop_forgets_only_the_elements_it_may_still_write() {
    let java = r#"
package p;

public class Weights {
    private static final int[] WEIGHTS = {3, 1, 0};
    private static final int[] SQUARES = new int[100];

    static {
        for (int i = 0; i < SQUARES.length; i++) {
            SQUARES[i] = i * i;
        }
    }

    public static int pair(int i) {
        return 100 / WEIGHTS[i & 1];
    }

    public static int kept(int i) {
        return 1000 / SQUARES[(i & 1) + 1];
    }

    public static int later(int i) {
        return 1000 / SQUARES[(i & 15) + 64];
    }

    public static int any(int i) {
        return 1000 / SQUARES[i & 63];
    }

    public static class Names {
        private static final String[] NAMES = new String[128];

        static {
            for (char c = 0; c < NAMES.length; c++) {
                NAMES[c] = String.valueOf(c);
            }
        }

        public static int kept(int i) {
            return NAMES[i & 1].length();
        }
    }
}
"#;
    expect![[r#"
        15:20:ArithmeticException@pair(I)I direct: unsat, kept: unsat
        19:21:ArithmeticException@kept(I)I direct: unsat, kept: unsat
        23:21:ArithmeticException@later(I)I direct: sat, kept: unsat
        27:21:ArithmeticException@any(I)I direct: sat, kept: sat
        40:20:NullPointerException@kept(I)I direct: unsat, kept: unsat
    "#]]
    .assert_eq(&verdicts("p/Weights.java", java));
}

/// A `Class` object is its type's: `getClass()` of two objects is the same object exactly
/// when their runtime classes are the same, and `Array.newInstance` of an array's component
/// type makes an array of that array's own class, so storing one of the array's elements
/// in it never throws and storing another object may; an `int[]`'s component type makes an
/// `int[]` (the type `int` has an id of its own for the table). Before, `getClass()` was any object
/// and `Array.newInstance` any array: both stores were satisfiable, and so was the cast of
/// the second string.
#[test]
fn reflected_arrays_have_the_runtime_class_they_were_made_of() {
    let java = r#"
package p;

import java.lang.reflect.Array;

public class Grow {
    public static Object[] append(Object[] array, Object element) {
        Object[] grown = (Object[]) Array.newInstance(array.getClass().getComponentType(), 1);
        grown[0] = element;
        return grown;
    }

    public static Object[] copied(Object[] array) {
        Object[] copy = (Object[]) Array.newInstance(array.getClass().getComponentType(), 1);
        copy[0] = array[0];
        return copy;
    }

    public static int[] ints(int[] a) {
        return (int[]) Array.newInstance(a.getClass().getComponentType(), 1);
    }

    public static int same(Object a, String b) {
        if (a.getClass() == b.getClass()) {
            return ((String) a).length();
        }
        return 0;
    }
}
"#;
    expect![[r#"
        8:26:ClassCastException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        8:37:NullPointerException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        8:55:NullPointerException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        9:9:ArrayStoreException@append([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        14:25:ClassCastException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        14:36:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        14:54:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        15:19:ArrayIndexOutOfBoundsException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: sat
        15:19:NullPointerException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        15:9:ArrayStoreException@copied([Ljava/lang/Object;)[Ljava/lang/Object; constructor: unsat
        20:16:ClassCastException@ints([I)[I direct: unsat
        20:24:NullPointerException@ints([I)[I direct: unsat
        20:42:NullPointerException@ints([I)[I direct: sat
        24:13:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: sat
        24:29:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: sat
        25:20:NullPointerException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: unsat
        25:21:ClassCastException@same(Ljava/lang/Object;Ljava/lang/String;)I constructor: unsat
    "#]]
    .assert_eq(&verdicts("p/Grow.java", java));
}

/// A call made again steps a counter by the length of an array or string argument as by
/// the argument itself (`used += packet.length`, `named += name.length()`): packets of at
/// most eight bytes overrun a frame of 64 on the ninth. A body that assigns the array it
/// measures (`packet = trimmed(packet)`) is not repeated.
#[test]
fn a_call_made_again_steps_a_counter_by_its_arguments_length() {
    let java = r#"
package p;

public class Frames {
    public static class Frame {
        private final byte[] frame = new byte[64];
        private int used;

        public void add(byte[] packet) {
            if (packet.length > 8) {
                throw new IllegalArgumentException("at most eight");
            }
            System.arraycopy(packet, 0, frame, used, packet.length);
            used += packet.length;
        }
    }

    public static class Names {
        private final char[] names = new char[32];
        private int named;

        public void name(String name) {
            if (name.length() > 4) {
                throw new IllegalArgumentException("at most four");
            }
            name.getChars(0, name.length(), names, named);
            named += name.length();
        }
    }

    public static class Trimmed {
        private final byte[] frame = new byte[64];
        private int used;

        public void add(byte[] packet) {
            if (packet.length > 8) {
                packet = new byte[8];
            }
            System.arraycopy(packet, 0, frame, used, packet.length);
            used += packet.length;
        }
    }
}
"#;
    expect![[r#"
        10:17:NullPointerException@add([B)V constructor: sat
        13:13:ArrayIndexOutOfBoundsException@add([B)V constructor: unsat
        13:13:NullPointerException@add([B)V constructor: unsat
        13:54:NullPointerException@add([B)V constructor: unsat
        14:21:NullPointerException@add([B)V constructor: unsat
        10:17:NullPointerException@add([B)V chain add: sat, whole: sat
        13:13:ArrayIndexOutOfBoundsException@add([B)V chain add: unsat, whole: unsat
        13:13:NullPointerException@add([B)V chain add: unsat, whole: unsat
        13:54:NullPointerException@add([B)V chain add: unsat, whole: unsat
        14:21:NullPointerException@add([B)V chain add: unsat, whole: unsat
        10:17:NullPointerException@add([B)V sequence add: sat, whole: sat
        13:13:ArrayIndexOutOfBoundsException@add([B)V sequence add: unsat, whole: unsat
        13:13:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        13:54:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        14:21:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        10:17:NullPointerException@add([B)V sequence add*: sat, whole: sat
        13:13:ArrayIndexOutOfBoundsException@add([B)V sequence add*: sat, whole: sat
        13:13:NullPointerException@add([B)V sequence add*: unsat, whole: unsat
        13:54:NullPointerException@add([B)V sequence add*: unsat, whole: unsat
        14:21:NullPointerException@add([B)V sequence add*: unsat, whole: unsat
        10:17:NullPointerException@add([B)V reflection: sat
        13:13:ArrayIndexOutOfBoundsException@add([B)V reflection: sat
        13:13:NullPointerException@add([B)V reflection: sat
        13:54:NullPointerException@add([B)V reflection: unsat
        14:21:NullPointerException@add([B)V reflection: unsat
        23:17:NullPointerException@name(Ljava/lang/String;)V constructor: sat
        26:13:NullPointerException@name(Ljava/lang/String;)V constructor: unsat
        26:13:StringIndexOutOfBoundsException@name(Ljava/lang/String;)V constructor: unsat
        26:30:NullPointerException@name(Ljava/lang/String;)V constructor: unsat
        27:22:NullPointerException@name(Ljava/lang/String;)V constructor: unsat
        23:17:NullPointerException@name(Ljava/lang/String;)V chain name: sat, whole: sat
        26:13:NullPointerException@name(Ljava/lang/String;)V chain name: unsat, whole: unsat
        26:13:StringIndexOutOfBoundsException@name(Ljava/lang/String;)V chain name: unsat, whole: unsat
        26:30:NullPointerException@name(Ljava/lang/String;)V chain name: unsat, whole: unsat
        27:22:NullPointerException@name(Ljava/lang/String;)V chain name: unsat, whole: unsat
        23:17:NullPointerException@name(Ljava/lang/String;)V sequence name: sat, whole: sat
        26:13:NullPointerException@name(Ljava/lang/String;)V sequence name: unsat, whole: unsat
        26:13:StringIndexOutOfBoundsException@name(Ljava/lang/String;)V sequence name: unsat, whole: unsat
        26:30:NullPointerException@name(Ljava/lang/String;)V sequence name: unsat, whole: unsat
        27:22:NullPointerException@name(Ljava/lang/String;)V sequence name: unsat, whole: unsat
        23:17:NullPointerException@name(Ljava/lang/String;)V sequence name*: sat, whole: sat
        26:13:NullPointerException@name(Ljava/lang/String;)V sequence name*: unsat, whole: unsat
        26:13:StringIndexOutOfBoundsException@name(Ljava/lang/String;)V sequence name*: sat, whole: sat
        26:30:NullPointerException@name(Ljava/lang/String;)V sequence name*: unsat, whole: unsat
        27:22:NullPointerException@name(Ljava/lang/String;)V sequence name*: unsat, whole: unsat
        23:17:NullPointerException@name(Ljava/lang/String;)V reflection: sat
        26:13:NullPointerException@name(Ljava/lang/String;)V reflection: sat
        26:13:StringIndexOutOfBoundsException@name(Ljava/lang/String;)V reflection: sat
        26:30:NullPointerException@name(Ljava/lang/String;)V reflection: unsat
        27:22:NullPointerException@name(Ljava/lang/String;)V reflection: unsat
        36:17:NullPointerException@add([B)V constructor: sat
        39:13:ArrayIndexOutOfBoundsException@add([B)V constructor: unsat
        39:13:NullPointerException@add([B)V constructor: unsat
        39:54:NullPointerException@add([B)V constructor: unsat
        40:21:NullPointerException@add([B)V constructor: unsat
        36:17:NullPointerException@add([B)V chain add: sat, whole: sat
        39:13:ArrayIndexOutOfBoundsException@add([B)V chain add: unsat, whole: unsat
        39:13:NullPointerException@add([B)V chain add: unsat, whole: unsat
        39:54:NullPointerException@add([B)V chain add: unsat, whole: unsat
        40:21:NullPointerException@add([B)V chain add: unsat, whole: unsat
        36:17:NullPointerException@add([B)V sequence add: sat, whole: sat
        39:13:ArrayIndexOutOfBoundsException@add([B)V sequence add: unsat, whole: unsat
        39:13:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        39:54:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        40:21:NullPointerException@add([B)V sequence add: unsat, whole: unsat
        36:17:NullPointerException@add([B)V reflection: sat
        39:13:ArrayIndexOutOfBoundsException@add([B)V reflection: sat
        39:13:NullPointerException@add([B)V reflection: sat
        39:54:NullPointerException@add([B)V reflection: unsat
        40:21:NullPointerException@add([B)V reflection: unsat
    "#]]
    .assert_eq(&verdicts("p/Frames.java", java));
}
