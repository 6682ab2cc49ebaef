//! Java stack traces as people paste them: the exception line with its message (after an
//! optional `Exception in thread "main"`), `at` frames with or without `File.java:line`,
//! class-loader and module prefixes (`java.base/`, `app//`, `lib@1.0/`), `Caused by:`
//! chains whose `... N more` share the enclosing trace's last frames, and `Suppressed:`
//! blocks, which are skipped. Lines of a log around the trace, and a log's
//! `~[jar:version]` after a frame, are tolerated.

use std::fmt;

/// One frame of a trace, innermost first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceFrame {
    /// Binary class name, e.g. `a.b.Outer$Inner`.
    pub class: String,
    /// Method name as the JVM names it: `<init>`, `lambda$run$0`.
    pub method: String,
    /// Base name of the source file, when the trace gives it.
    pub file: Option<String>,
    /// Line number, when the trace gives it.
    pub line: Option<u32>,
}

impl fmt::Display for TraceFrame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.class, self.method)?;
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "({file}:{line})"),
            (Some(file), None) => write!(f, "({file})"),
            _ => write!(f, "(Unknown Source)"),
        }
    }
}

/// One exception of a trace: the top one or a cause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thrown {
    /// Fully qualified exception class.
    pub exception: String,
    /// Its message, if any.
    pub message: Option<String>,
    /// Its frames, innermost first, with those shared with the enclosing trace.
    pub frames: Vec<TraceFrame>,
}

/// A parsed trace: the top exception, then its causes, innermost last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The chain of exceptions, the top one first.
    pub chain: Vec<Thrown>,
}

impl Trace {
    /// The exception `cause` steps down the chain (0: the top one), or the innermost
    /// cause; `None` when the chain is shorter.
    pub fn pick(&self, cause: Option<usize>) -> Option<&Thrown> {
        match cause {
            Some(n) => self.chain.get(n),
            None => self.chain.last(),
        }
    }
}

/// What is wrong with a trace, at which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceError {
    /// The line, from 1 (0: the trace as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Parses a pasted trace.
pub fn parse(text: &str) -> Result<Trace, TraceError> {
    let mut chain: Vec<Thrown> = Vec::new();
    // Skipping a `Suppressed:` block: the indentation of its line.
    let mut suppressed: Option<usize> = None;
    // Before the first exception line: a qualified name that does not read as an exception
    // (`a.Outer$6`, `a.Fault`), taken for one when `at` frames follow it.
    let mut candidate: Option<Thrown> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim_end();
        let body = line.trim_start();
        if body.is_empty() {
            continue;
        }
        let indent = line.len() - body.len();
        if let Some(level) = suppressed {
            if indent >= level {
                continue;
            }
            suppressed = None;
        }
        if let Some(frame) = body.strip_prefix("at ") {
            if chain.is_empty() {
                chain.extend(candidate.take());
            }
            let Some(current) = chain.last_mut() else {
                return Err(error(number, "a frame before any exception line"));
            };
            current.frames.push(frame_of(frame.trim(), number)?);
        } else if let Some(rest) = body.strip_prefix("... ") {
            let Some(count) = shared_count(rest) else {
                return Err(error(number, "expected `... N more`"));
            };
            if chain.len() < 2 {
                continue;
            }
            let enclosing = &chain[chain.len() - 2].frames;
            let shared = enclosing[enclosing.len().saturating_sub(count)..].to_vec();
            if let Some(current) = chain.last_mut() {
                current.frames.extend(shared);
            }
        } else if body.starts_with("Suppressed: ") {
            suppressed = Some(indent.max(1));
        } else if let Some(rest) = body
            .strip_prefix("Caused by: ")
            .or_else(|| body.strip_prefix("Wrapped by: "))
        {
            if chain.is_empty() {
                return Err(error(number, "`Caused by:` before any exception line"));
            }
            let (thrown, _) = header(rest)
                .ok_or_else(|| error(number, "expected `Caused by: ExceptionClass: message`"))?;
            chain.push(thrown);
        } else if let Some(current) = chain.last_mut().filter(|t| t.frames.is_empty()) {
            // A message over several lines.
            let message = current.message.get_or_insert_with(String::new);
            message.push('\n');
            message.push_str(body);
        } else if chain.is_empty() {
            candidate = None;
            match header(body) {
                Some((thrown, true)) => chain.push(thrown),
                Some((thrown, false)) if thrown.exception.contains('.') => {
                    candidate = Some(thrown);
                }
                _ => {}
            }
        } else {
            return Err(error(
                number,
                "expected a frame such as `at a.b.C.m(C.java:12)`, `Caused by:` or `... N more`",
            ));
        }
    }
    match chain.iter().position(|t| t.frames.is_empty()) {
        _ if chain.is_empty() => Err(error(
            0,
            "no exception line such as `java.lang.ArithmeticException: / by zero` followed by \
             `at` frames",
        )),
        Some(i) => Err(TraceError {
            line: 0,
            message: format!("the exception {} has no `at` frames", chain[i].exception),
        }),
        None => Ok(Trace { chain }),
    }
}

fn error(line: usize, message: &str) -> TraceError {
    TraceError {
        line,
        message: message.to_string(),
    }
}

/// `N more` or `N common frames omitted`: N.
fn shared_count(rest: &str) -> Option<usize> {
    let (count, tail) = rest.split_once(' ')?;
    matches!(tail.trim(), "more" | "common frames omitted")
        .then(|| count.parse().ok())
        .flatten()
}

/// An exception line: `[Exception in thread "t"] a.b.SomeException[: message]`, with
/// whether its class's simple name reads as a throwable's (ends in `Exception`, `Error` or
/// `Throwable`; an anonymous subclass `Outer$6` or a `Fault` does not).
fn header(line: &str) -> Option<(Thrown, bool)> {
    let line = match line.strip_prefix("Exception in thread \"") {
        Some(rest) => rest.split_once("\" ")?.1,
        None => line,
    };
    let (class, message) = match line.split_once(':') {
        Some((class, message)) => (class, Some(message.strip_prefix(' ').unwrap_or(message))),
        None => (line, None),
    };
    let class = class.trim();
    let is_name = !class.is_empty()
        && class.split('.').all(|part| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
                && part
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        });
    if !is_name {
        return None;
    }
    let simple = class.rsplit('.').next().unwrap_or(class);
    let throwable = ["Exception", "Error", "Throwable"]
        .iter()
        .any(|end| simple.ends_with(end));
    let exception = if class.contains('.') || !throwable {
        class.to_string()
    } else {
        format!("java.lang.{class}")
    };
    let thrown = Thrown {
        exception,
        message: message.filter(|m| !m.is_empty()).map(str::to_string),
        frames: Vec::new(),
    };
    Some((thrown, throwable))
}

/// A frame after `at `: `[loader//|module@version/]a.b.C.m(C.java:12)[ ~[jar:1.0]]`.
fn frame_of(text: &str, number: usize) -> Result<TraceFrame, TraceError> {
    let bad = || {
        error(
            number,
            "expected a frame such as `at a.b.C.m(C.java:12)` after `at`",
        )
    };
    let (name, rest) = text.split_once('(').ok_or_else(bad)?;
    let (location, _) = rest.split_once(')').ok_or_else(bad)?;
    let name = name.rsplit('/').next().unwrap_or(name);
    let (class, method) = name.rsplit_once('.').ok_or_else(bad)?;
    if class.is_empty() || method.is_empty() {
        return Err(bad());
    }
    let (file, line) = match location.rsplit_once(':') {
        Some((file, line)) => (
            Some(file),
            Some(
                line.trim()
                    .parse::<u32>()
                    .map_err(|_| error(number, "the line after `:` in a frame is not a number"))?,
            ),
        ),
        None => (Some(location), None),
    };
    let file = file
        .filter(|f| !matches!(*f, "Unknown Source" | "Native Method" | ""))
        .map(str::to_string);
    Ok(TraceFrame {
        class: class.to_string(),
        method: method.to_string(),
        file,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(text: &str, expected: &str) {
        let shown = match parse(text) {
            Ok(trace) => trace
                .chain
                .iter()
                .map(|t| {
                    let frames: Vec<String> = t.frames.iter().map(ToString::to_string).collect();
                    format!(
                        "{} [{}]\n  {}\n",
                        t.exception,
                        t.message.as_deref().unwrap_or("-"),
                        frames.join("\n  ")
                    )
                })
                .collect::<String>(),
            Err(e) => format!("error at {}: {}\n", e.line, e.message),
        };
        assert_eq!(shown.trim_end(), expected.trim_end(), "\n{shown}");
    }

    #[test]
    fn a_plain_trace_with_jdk_frames_on_top() {
        check(
            "java.lang.StringIndexOutOfBoundsException: String index out of range: 3\n\
             \tat java.base/java.lang.StringLatin1.charAt(StringLatin1.java:48)\n\
             \tat java.base/java.lang.String.charAt(String.java:1517)\n\
             \tat bench.chains.Calc.eval(Calc.java:16)\n",
            "java.lang.StringIndexOutOfBoundsException [String index out of range: 3]\n  \
             java.lang.StringLatin1.charAt(StringLatin1.java:48)\n  \
             java.lang.String.charAt(String.java:1517)\n  \
             bench.chains.Calc.eval(Calc.java:16)",
        );
    }

    #[test]
    fn thread_prefix_inner_classes_lambdas_constructors_and_unknown_lines() {
        check(
            "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\
             \tat app//a.Outer$Inner.lambda$run$0(Outer.java:7)\n\
             \tat a.Outer$1.<init>(Outer.java)\n\
             \tat a.Outer.<clinit>(Unknown Source)\n\
             \tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n\
             \tat lib@1.2/b.C.m(C.java:3) ~[lib-1.2.jar:1.2]\n",
            "java.lang.ArithmeticException [/ by zero]\n  \
             a.Outer$Inner.lambda$run$0(Outer.java:7)\n  \
             a.Outer$1.<init>(Outer.java)\n  \
             a.Outer.<clinit>(Unknown Source)\n  \
             jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Unknown Source)\n  \
             b.C.m(C.java:3)",
        );
    }

    #[test]
    fn causes_share_the_enclosing_frames_and_suppressed_blocks_are_skipped() {
        let text =
            "java.lang.RuntimeException: wrapped: java.lang.ArithmeticException: / by zero\n\
             \tat a.B.outer(B.java:20)\n\
             \tat a.B.main(B.java:30)\n\
             \tSuppressed: java.lang.IllegalStateException: closing\n\
             \t\tat a.B.close(B.java:40)\n\
             \t\t... 1 more\n\
             \tCaused by: java.lang.NullPointerException\n\
             \t\tat a.B.close2(B.java:41)\n\
             \t\t... 2 more\n\
             Caused by: java.lang.ArithmeticException: / by zero\n\
             \tat a.B.div(B.java:10)\n\
             \tat a.B.outer(B.java:18)\n\
             \t... 1 more\n";
        check(
            text,
            "java.lang.RuntimeException [wrapped: java.lang.ArithmeticException: / by zero]\n  \
             a.B.outer(B.java:20)\n  \
             a.B.main(B.java:30)\n\
             java.lang.ArithmeticException [/ by zero]\n  \
             a.B.div(B.java:10)\n  \
             a.B.outer(B.java:18)\n  \
             a.B.main(B.java:30)",
        );
        let trace = parse(text).unwrap();
        assert_eq!(
            trace.pick(None).unwrap().exception,
            "java.lang.ArithmeticException"
        );
        assert_eq!(
            trace.pick(Some(0)).unwrap().exception,
            "java.lang.RuntimeException"
        );
        assert!(trace.pick(Some(2)).is_none());
    }

    #[test]
    fn log_lines_around_and_messages_over_lines_are_kept_apart() {
        check(
            "12:00:01 ERROR request failed\n\
             a.BadInputException: first line\n\
             second line\n\
             \x20   at a.P.parse(P.java:5)\n\
             \x20   ... 3 common frames omitted\n",
            "a.BadInputException [first line\nsecond line]\n  a.P.parse(P.java:5)",
        );
    }

    #[test]
    fn exceptions_whose_names_do_not_end_in_exception_are_read_before_frames() {
        // An anonymous subclass a factory returned, and a class named otherwise; a log
        // line that is a qualified name but has no frames after it is not one.
        check(
            "org.example.Sample\n\
             a.MathRuntimeException$6: Array is empty\n\
             \tat a.MathRuntimeException.createArrayIndexOutOfBoundsException(MathRuntimeException.java:80)\n\
             \tat a.Arrays.first(Arrays.java:12)\n\
             Caused by: a.io.Fault: disk\n\
             \tat a.io.Disk.read(Disk.java:3)\n\
             \t... 1 more\n",
            "a.MathRuntimeException$6 [Array is empty]\n  \
             a.MathRuntimeException.createArrayIndexOutOfBoundsException(MathRuntimeException.java:80)\n  \
             a.Arrays.first(Arrays.java:12)\n\
             a.io.Fault [disk]\n  \
             a.io.Disk.read(Disk.java:3)\n  \
             a.Arrays.first(Arrays.java:12)",
        );
    }

    #[test]
    fn bad_input_is_said_with_its_line() {
        check("", "error at 0: no exception line such as `java.lang.ArithmeticException: / by zero` followed by `at` frames");
        check(
            "java.lang.ArithmeticException\n\tat a.B.m(B.java:x)\n",
            "error at 2: the line after `:` in a frame is not a number",
        );
        check(
            "java.lang.ArithmeticException\n\tat nothing here\n",
            "error at 2: expected a frame such as `at a.B.m(B.java:12)` after `at`"
                .replace("a.B.m(B", "a.b.C.m(C")
                .as_str(),
        );
        check(
            "java.lang.ArithmeticException: / by zero\n",
            "error at 0: the exception java.lang.ArithmeticException has no `at` frames",
        );
        check(
            "java.lang.ArithmeticException\n\tat a.B.m(B.java:3)\nhello\n",
            "error at 3: expected a frame such as `at a.b.C.m(C.java:12)`, `Caused by:` or `... N more`",
        );
    }
}
