//! A trace's frames matched to the program model: which are the project's, the method each
//! names (lambdas by the line inside their body), whether a test can call it, and which
//! frames cannot be this version of the code.

use super::trace::TraceFrame;
use crate::run::findings::java_member;
use frontend::ir::{Class, Method, Program};
use std::collections::HashSet;
use std::path::Path;

/// (binary class name, name, descriptor) of a method of the model.
pub type MethodKey = (String, String, String);

/// Where a frame of the trace is in the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Located {
    /// Not the project's: the JDK's or a library's.
    Library,
    /// A method of the project.
    Method {
        /// The method in the model (a lambda's is its class's method).
        key: MethodKey,
        /// Whether a test can call it (vcgen analyses it as an entry).
        callable: bool,
    },
    /// The project's class, but the frame does not fit its source: why, in Java terms.
    Mismatch(String),
}

/// Locates every frame of a trace in `p`, whose callable methods are `entries`.
pub fn locate(p: &Program, entries: &HashSet<MethodKey>, frames: &[TraceFrame]) -> Vec<Located> {
    frames.iter().map(|f| locate_one(p, entries, f)).collect()
}

fn locate_one(p: &Program, entries: &HashSet<MethodKey>, frame: &TraceFrame) -> Located {
    let Some(class) = p
        .classes
        .iter()
        .find(|c| !c.library && c.name == frame.class)
    else {
        return Located::Library;
    };
    let file = &p.files[class.file as usize];
    let base = Path::new(&file.rel).file_name().and_then(|n| n.to_str());
    if let (Some(named), Some(base)) = (&frame.file, base) {
        if named != base {
            return Located::Mismatch(format!(
                "{} is declared in {base}, not in {named}: the trace comes from another version \
                 of the code",
                frame.class
            ));
        }
    }
    let found = if frame.method.starts_with("lambda$") {
        lambda(p, frame)
    } else {
        declared(class, frame)
    };
    match found {
        Ok((class, method)) => {
            let key = (
                class.name.clone(),
                method.name.clone(),
                method.descriptor.clone(),
            );
            Located::Method {
                callable: entries.contains(&key),
                key,
            }
        }
        // javac writes bridge methods (`compareTo(Object)` beside `compareTo(Version)`) and
        // accessors (`access$000`) at the line where the class's declaration starts: code
        // the sources do not hold, passed through as a library's frame is.
        Err(_) if frame.line == Some(class.span.line) && !frame.method.starts_with('<') => {
            Located::Library
        }
        Err(why) => Located::Mismatch(why),
    }
}

/// The method of `class` the frame names: by name, and by the line among overloads.
fn declared<'p>(class: &'p Class, frame: &TraceFrame) -> Result<(&'p Class, &'p Method), String> {
    let named: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.name == frame.method)
        .collect();
    let simple = class.name.rsplit(['.', '$']).next().unwrap_or(&class.name);
    let what = match frame.method.as_str() {
        "<init>" => format!("constructor of {simple}"),
        "<clinit>" => format!("static initialiser of {simple}"),
        name => format!("method {simple}.{name}"),
    };
    if named.is_empty() {
        return Err(format!(
            "{} has no {what}: the trace comes from another version of the code",
            class.name
        ));
    }
    let Some(line) = frame.line else {
        return match named.as_slice() {
            [one] => Ok((class, one)),
            _ => Err(format!(
                "the frame gives no line to tell the overloads of the {what} apart"
            )),
        };
    };
    if let Some(m) = named
        .iter()
        .find(|m| m.span.line <= line && line <= m.span.end_line)
    {
        return Ok((class, m));
    }
    // Field initialisers run in every constructor and static ones in `<clinit>`.
    let in_class = class.span.line <= line && line <= class.span.end_line;
    if in_class && frame.method.starts_with('<') {
        return Ok((class, named[0]));
    }
    let spans: Vec<String> = named
        .iter()
        .map(|m| {
            format!(
                "{} at lines {}-{}",
                java_member(&class.name, &format!("{}{}", m.name, m.descriptor)),
                m.span.line,
                m.span.end_line
            )
        })
        .collect();
    Err(format!(
        "line {line} is not in the {what} ({}): the trace comes from another version of the code",
        spans.join(", ")
    ))
}

/// The lambda a `lambda$name$N` frame runs: the method of one of its class's lambda classes
/// whose body holds the frame's line.
fn lambda<'p>(p: &'p Program, frame: &TraceFrame) -> Result<(&'p Class, &'p Method), String> {
    let prefix = format!("{}$$Lambda", frame.class);
    let line = frame.line.ok_or_else(|| {
        format!(
            "the frame {frame} gives no line to tell the lambdas of {} apart",
            frame.class
        )
    })?;
    p.classes
        .iter()
        .filter(|c| !c.library && c.name.starts_with(&prefix))
        .flat_map(|c| c.methods.iter().map(move |m| (c, m)))
        .filter(|(_, m)| !m.is_constructor() && m.body.is_some())
        .filter(|(_, m)| m.span.line <= line && line <= m.span.end_line)
        .min_by_key(|(_, m)| m.span.end_line - m.span.line)
        .ok_or_else(|| {
            format!(
                "no lambda of {} is at line {line}: the trace comes from another version of the \
                 code",
                frame.class
            )
        })
}
