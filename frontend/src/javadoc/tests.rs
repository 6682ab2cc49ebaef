//! Snippet tests of the documentation reader: Java in, each documented member's tags and
//! what they say of its parameters out.

use expect_test::{expect, Expect};

/// Prints the documentation read from one or more files (`//- /path` headers).
#[track_caller]
fn check(java: &str, expect: Expect) {
    let files = split(java);
    let sources: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (program, _) = crate::parse_sources(&sources);
    let mut out = String::new();
    for (class, doc) in program
        .docs
        .classes
        .iter()
        .filter(|(_, d)| !d.file.starts_with("<jdk>"))
    {
        out.push_str(&format!("{class} {}:{}", doc.file, doc.line));
        if let Some(kinds) = &doc.null_safe {
            out.push_str(&format!(" null-safe{kinds:?}"));
        }
        if doc.deprecated {
            out.push_str(" deprecated");
        }
        out.push('\n');
        for (key, m) in &doc.methods {
            out.push_str(&format!("  {key} :{}", m.line));
            if let Some(from) = &m.inherited_from {
                out.push_str(&format!(" from {from}"));
            }
            if let Some(d) = &m.deprecated {
                out.push_str(&format!(" deprecated:{}", d.line));
            }
            out.push('\n');
            for p in &m.params {
                out.push_str(&format!("    {} :{} {:?}", p.name, p.line, p.nulls));
                for (flag, on) in [
                    ("elements", p.null_elements),
                    ("promise", p.promise),
                    ("forbids", p.forbids_outside),
                ] {
                    if on {
                        out.push_str(&format!(" {flag}"));
                    }
                }
                if let Some(r) = p.range {
                    out.push_str(&format!(" range {:?}..{:?}", r.min, r.max));
                }
                out.push('\n');
            }
            for t in &m.throws {
                out.push_str(&format!(
                    "    throws {} :{} {}\n",
                    t.exception, t.line, t.text
                ));
            }
        }
    }
    expect.assert_eq(&out);
}

/// The files of a fixture: `//- /path` starts each; a fixture without one is `p/A.java`.
fn split(java: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in java.lines() {
        match line.trim().strip_prefix("//- /") {
            Some(path) => files.push((path.to_string(), String::new())),
            None => {
                if files.is_empty() {
                    files.push(("p/A.java".into(), String::new()));
                }
                let text = &mut files.last_mut().expect("a file").1;
                text.push_str(line.trim_start());
                text.push('\n');
            }
        }
    }
    files
}

#[test]
fn tags_with_resolved_exceptions_and_facts_of_each_parameter() {
    check(
        r#"
        package p;
        import java.io.UncheckedIOException;
        /** Helpers. */
        public class A {
            /**
             * The part of text from start.
             * @param text the text, may be null
             * @param start where it starts, negative treated as zero
             * @param count how many, must be positive
             * @return the part
             * @throws IndexOutOfBoundsException if start is past the end
             * @throws UncheckedIOException never
             * @exception Bad when bad
             */
            public static String part(String text, int start, int count) { return text; }

            /** @deprecated use part */
            @Deprecated
            public A() {}

            @Deprecated
            void old() {}
        }
        "#,
        expect![[r#"
            p.A p/A.java:4
              <init>()V :18 deprecated:18
              old()V :22 deprecated:22
              part(Ljava/lang/String;II)Ljava/lang/String; :6
                text :8 Allowed
                start :9 Silent promise
                count :10 Silent range Some(1)..None
                throws java.lang.IndexOutOfBoundsException :12 if start is past the end
                throws java.io.UncheckedIOException :13 never
                throws Bad :14 when bad
        "#]],
    );
}

#[test]
fn an_override_inherits_what_it_does_not_say_itself() {
    check(
        r#"
        //- /p/Base.java
        package p;
        public abstract class Base {
            /**
             * Translates.
             * @param input the text, may be null
             * @param index where to start
             * @throws IndexOutOfBoundsException if index is outside input
             */
            public abstract int translate(CharSequence input, int index);
            /**
             * Counts.
             * @param s the text
             * @return how many
             */
            public int count(String s) { return 0; }
        }
        //- /p/Impl.java
        package p;
        public class Impl extends Base {
            public int translate(CharSequence in, int at) { return at; }
            /**
             * {@inheritDoc} Faster.
             * @param s {@inheritDoc}, must not be null
             */
            public int count(String s) { return 1; }
        }
        "#,
        expect![[r#"
            p.Base p/Base.java:0
              count(Ljava/lang/String;)I :10
                s :12 Silent
              translate(Ljava/lang/CharSequence;I)I :3
                input :5 Allowed
                index :6 Silent
                throws java.lang.IndexOutOfBoundsException :7 if index is outside input
            p.Impl p/Impl.java:0
              count(Ljava/lang/String;)I :4
                s :6 Forbidden
              translate(Ljava/lang/CharSequence;I)I :3 from Base.translate
                in :5 Allowed
                at :6 Silent
                throws java.lang.IndexOutOfBoundsException :7 if index is outside input
        "#]],
    );
}

#[test]
fn a_class_that_handles_null_input_makes_its_inputs_of_that_kind_null_safe() {
    check(
        r#"
        package p;
        /**
         * Operations on strings. Null input Strings are handled quietly: a null input
         * returns null.
         */
        public class S {
            /**
             * Trims.
             * @param s the text
             */
            public static String trim(String s) { return s; }
            /**
             * Pads.
             * @param s the text
             * @param with the padding, must not be null
             * @param n the width
             */
            public static String pad(String s, Object with, int n) { return s; }
            /**
             * Joins the values. If any of these objects is null, a null element will be
             * inserted.
             * @param values the values
             */
            public static String join(Object[] values) { return ""; }
        }
        "#,
        expect![[r#"
            p.S p/A.java:3 null-safe["string"]
              join([Ljava/lang/Object;)Ljava/lang/String; :20
                values :23 Silent elements
              pad(Ljava/lang/String;Ljava/lang/Object;I)Ljava/lang/String; :13
                s :15 Allowed
                with :16 Forbidden
                n :17 Silent
              trim(Ljava/lang/String;)Ljava/lang/String; :8
                s :10 Allowed
        "#]],
    );
}

#[test]
fn an_implementation_of_a_jdk_interface_inherits_its_throws() {
    check(
        r#"
        package p;
        import java.util.AbstractList;
        public class Bits extends AbstractList<Boolean> implements java.util.List<Boolean> {
            public Boolean get(int index) { return index == 0; }
            public int size() { return 1; }
        }
        "#,
        expect![[r#"
            p.Bits p/A.java:0
              get(I)Ljava/lang/Boolean; :8 from List.get
                index :0 Silent
                throws java.lang.IndexOutOfBoundsException :9 if the index is out of range
        "#]],
    );
}

#[test]
fn a_promise_of_the_description_covers_the_integral_inputs_it_names_or_all_of_them() {
    check(
        r#"
        package p;
        public class W {
            /**
             * The window of the values from start. A window that would run past the end of
             * the values is cut at the end, without an exception.
             * @param values the values
             * @param start where it starts
             * @param size how many
             */
            public static int[] window(int[] values, int start, int size) { return values; }
            /**
             * The middle. If len characters are not available, the remainder is returned
             * without an exception.
             * @param text the text
             * @param pos where it starts
             * @param len how many
             */
            public static String mid(String text, int pos, int len) { return text; }
        }
        "#,
        expect![[r#"
            p.W p/A.java:0
              mid(Ljava/lang/String;II)Ljava/lang/String; :12
                text :15 Silent
                pos :16 Silent
                len :17 Silent promise
              window([III)[I :4
                values :7 Silent promise
                start :8 Silent promise
                size :9 Silent promise
        "#]],
    );
}
