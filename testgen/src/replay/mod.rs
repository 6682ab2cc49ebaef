//! The replay tests of `dsd record`: one JUnit test per captured frame of a recorded crash,
//! which rebuilds the frame's receiver and arguments as the call saw them ([`values`]) and
//! calls its method. The tests dsd runs let the exception out, so that its stack can be
//! matched against the recorded one; the tests it keeps (`--emit-tests`) expect the same
//! exception at the same line, with JUnit 4 or 5.

mod jdk;
mod values;

use crate::access::{package_of, Access};
use crate::helpers;
use crate::render::{self, Helper};
use frontend::ir::{descriptor_params, Program, Type};
use invariants::record::capture::{Frame, Value};
use invariants::toolchain::Flavour;
use std::fmt::Write;
use values::{utf16, Builder};

/// Where the test throws: the crash's exception and its top project frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The exception's class, fully qualified.
    pub exception: String,
    /// The class of the top project frame.
    pub class: String,
    /// Its method.
    pub method: String,
    /// Its line.
    pub line: u32,
}

/// Which test to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Style {
    /// The test dsd runs: the call's exception goes out of the test.
    Run,
    /// The test dsd keeps: it passes when the call throws the expected exception at the
    /// expected line.
    Kept(Flavour, Expected),
}

/// A written replay test class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The source.
    pub source: String,
    /// Binary name of the class.
    pub class: String,
    /// The test method.
    pub method: String,
    /// Line of the test method's declaration, from 1.
    pub line: u32,
    /// Whether it sets state or calls the method by reflection.
    pub reflection: bool,
    /// What it could not rebuild as captured.
    pub notes: Vec<String>,
}

/// The test class `simple` (in the package of the frame's class) that replays `frame`; `None`
/// when the frame's arguments do not fit its method's parameters.
pub fn replay(program: &Program, frame: &Frame, simple: &str, style: &Style) -> Option<Replay> {
    let params = descriptor_params(&frame.descriptor);
    if params.len() != frame.args.len() {
        return None;
    }
    let package = package_of(&frame.class);
    let access = Access::new(program, package);
    let mut values = vec![&frame.receiver];
    values.extend(&frame.args);
    let mut b = Builder::new(&access, &values);
    let call = call(&access, &mut b, frame, &params);
    let method = test_method(frame);
    let mut out = String::new();
    if matches!(style, Style::Kept(..)) {
        let _ = writeln!(out, "{}", crate::keep::MARKER);
    }
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};\n");
    }
    let annotation = match style {
        Style::Kept(Flavour::JUnit5, _) => "@org.junit.jupiter.api.Test",
        _ => "@org.junit.Test",
    };
    let _ = writeln!(out, "/** Replays a crash `dsd record` recorded. */");
    let _ = writeln!(out, "public class {simple} {{");
    let _ = writeln!(out, "    {annotation}");
    let line = out.lines().count() as u32 + 1;
    let _ = writeln!(out, "    public void {method}() throws Throwable {{");
    for stmt in &b.stmts {
        let _ = writeln!(out, "        {stmt}");
    }
    match style {
        Style::Run => {
            let _ = writeln!(out, "        {call};");
        }
        Style::Kept(_, expected) => {
            let s = |t: &str| render::string(&utf16(t));
            let _ = writeln!(
                out,
                "        expect({}, {}, {}, {}, () -> {{ {call}; }});",
                s(&expected.exception),
                s(&expected.class),
                s(&expected.method),
                expected.line
            );
        }
    }
    let _ = writeln!(out, "    }}");
    for helper in &b.helpers {
        out.push_str(helpers::source(*helper));
    }
    for own in &b.own {
        out.push_str(own);
    }
    if matches!(style, Style::Kept(..)) {
        out.push_str(EXPECT);
    }
    out.push_str("}\n");
    let class = match package {
        "" => simple.to_string(),
        p => format!("{p}.{simple}"),
    };
    Some(Replay {
        source: out,
        class,
        method,
        line,
        reflection: b.reflection,
        notes: b.notes,
    })
}

/// The test method's name: the frame's method, `construct` for a constructor.
fn test_method(frame: &Frame) -> String {
    match frame.method.as_str() {
        "<init>" => "replayConstructor".into(),
        m => {
            let name: String = m
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let mut chars = name.chars();
            match chars.next() {
                Some(first) => format!("replay{}{}", first.to_ascii_uppercase(), chars.as_str()),
                None => "replay".into(),
            }
        }
    }
}

/// The call of the frame's method: in source when the test can write it, by reflection
/// otherwise.
fn call(access: &Access, b: &mut Builder, frame: &Frame, params: &[Type]) -> String {
    let args: Vec<String> = frame.args.iter().map(|a| b.expr(a)).collect();
    let prefix = frame
        .descriptor
        .split_once(')')
        .map_or(String::new(), |(p, _)| format!("{p})"));
    let constructor = frame.method == "<init>";
    let member = if constructor {
        format!("{prefix}V")
    } else {
        prefix.clone()
    };
    let model = access.class(&frame.class);
    let direct = access.nameable(&frame.class)
        && access.member_accessible(&frame.class, &frame.method, &member)
        && !access.ambiguous(&frame.class, &frame.method, &prefix)
        && params.iter().all(|p| access.type_nameable(p))
        && !(constructor
            && model
                .is_some_and(|m| m.is_abstract() || (m.outer.is_some() && !m.modifiers.is_static)));
    let receiver = b.expr(&frame.receiver);
    let is_static = matches!(frame.receiver, Value::Null) && !constructor;
    if direct {
        let cast: Vec<String> = args
            .iter()
            .zip(params)
            .map(|(a, p)| match p {
                p if p.is_reference() => format!("({}) {a}", access.type_name(p)),
                _ => a.clone(),
            })
            .collect();
        let class = access.class_name(&frame.class);
        let args = cast.join(", ");
        return if constructor {
            format!("new {class}({args})")
        } else if is_static {
            format!("{class}.{}({args})", frame.method)
        } else {
            format!("(({class}) {receiver}).{}({args})", frame.method)
        };
    }
    let classes: Vec<String> = params.iter().map(|p| b.class_literal(p)).collect();
    let ty = b.type_of(&frame.class);
    let classes = format!("new Class<?>[] {{{}}}", classes.join(", "));
    let args = format!("new Object[] {{{}}}", args.join(", "));
    if constructor {
        b.helpers.insert(Helper::Construct);
        b.reflection = true;
        format!("construct({ty}, {classes}, {args})")
    } else {
        b.helpers.insert(Helper::Invoke);
        b.reflection = true;
        let name = render::string(&utf16(&frame.method));
        format!("invoke({receiver}, {ty}, {name}, {classes}, {args})")
    }
}

/// The check of a kept test: the call throws the exception in the expected frame's method
/// at its line.
const EXPECT: &str = r#"
    /** A call that may throw anything. */
    interface Call {
        void run() throws Throwable;
    }

    /**
     * Fails unless `call` throws `exception` (or an exception caused by one, such as the error
     * around a failed static initialiser) with a frame `method` of `owner` at `line`.
     */
    static void expect(String exception, String owner, String method, int line, Call call) throws Throwable {
        try {
            call.run();
        } catch (Throwable caught) {
            Throwable thrown = caught;
            while (thrown != null && !Class.forName(exception).isInstance(thrown)) {
                thrown = thrown.getCause();
            }
            if (thrown == null) {
                throw new AssertionError("expected " + exception + ", got " + caught, caught);
            }
            for (StackTraceElement frame : thrown.getStackTrace()) {
                if (frame.getClassName().equals(owner) && frame.getMethodName().equals(method)) {
                    if (frame.getLineNumber() == line) {
                        return;
                    }
                    throw new AssertionError(exception + " thrown at line " + frame.getLineNumber() + " of " + owner + "." + method + ", not at line " + line, thrown);
                }
            }
            throw new AssertionError(exception + " not thrown in " + owner + "." + method, thrown);
        }
        throw new AssertionError("expected " + exception + " at line " + line + " of " + owner + "." + method + ", but nothing was thrown");
    }
"#;

#[cfg(test)]
mod tests;
