//! Streams, readers and writers of the JDK model.

use crate::verdicts;
use expect_test::expect;

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
