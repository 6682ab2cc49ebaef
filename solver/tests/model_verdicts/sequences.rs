//! Calls made first: arguments prepared by calls, and calls made again stepping counters.

use crate::verdicts;
use expect_test::expect;

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
