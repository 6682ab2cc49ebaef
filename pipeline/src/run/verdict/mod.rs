//! The level of a confirmed crash and what decided it. A crash a test proved is an error
//! only when it is a bug a maintainer would accept: reached through code a client can call
//! as the test does, with inputs the entry's contract allows (its documentation and Java's
//! conventions: [`vcgen::contract`]), and not announced by the documentation of the method
//! called or of a public method on the way to the crash. Everything else is a note that
//! says which rule made it one.

use super::findings::{java_member, Level, StackFrame};
use frontend::ir::{Class, ClassKind, Method, Program, Span, Type};
use frontend::javadoc::MethodDoc;
use frontend::Hierarchy;
use serde::{Deserialize, Serialize};
use testgen::TestCase;
use vcgen::kinds::{self, Levels};
use vcgen::Site;

/// The rule that decided a finding's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Within the contract: an error.
    Within,
    /// Within the contract with a `null` the documentation says is handled: an error.
    DocumentedNull,
    /// The test set private state by reflection: a note.
    Reflection,
    /// A JDK method's `@Precondition` broken by the project: a note.
    LibraryPrecondition,
    /// No client can call the entry as the test does: a note.
    Internal,
    /// The inputs break a precondition of the entry's documentation or of Java's
    /// conventions: a note.
    Precondition,
    /// A `null` passed straight in that nothing says is allowed: a note.
    NullInput,
    /// The documentation announces the exception: a note.
    Documented,
}

/// What decided a finding's level, as the reports show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    /// The rule.
    pub rule: Rule,
    /// What it says: `documented: @throws IndexOutOfBoundsException`.
    pub text: String,
    /// The file of the documentation it cites, as it can be opened from where dsd ran;
    /// empty when it cites none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub file: String,
    /// The line it cites; 0 when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Why {
    fn plain(rule: Rule, text: impl Into<String>) -> Why {
        Why {
            rule,
            text: text.into(),
            file: String::new(),
            line: 0,
        }
    }

    /// The level the rule gives.
    pub fn level(&self) -> Level {
        match self.rule {
            Rule::Within | Rule::DocumentedNull => Level::Error,
            _ => Level::Note,
        }
    }

    /// One line for a report: the rule's text with the line it cites, `documented: @throws
    /// IndexOutOfBoundsException (CharSequenceUtils.java:49)`.
    pub fn line(&self) -> String {
        match (self.file.rsplit(['/', '\\']).next(), self.line) {
            (Some(file), line) if line > 0 && !file.is_empty() => {
                match self.text.strip_suffix(')') {
                    // A text that already ends in a parenthesis takes the place inside it.
                    Some(open) if open.contains(" (") => format!("{open}; {file}:{line})"),
                    _ => format!("{} ({file}:{line})", self.text),
                }
            }
            _ => self.text.clone(),
        }
    }
}

/// Judges confirmed crashes against a program's code and documentation.
pub struct Judge<'p> {
    program: &'p Program,
    h: &'p Hierarchy<'p>,
    audience: vcgen::contract::Audience<'p>,
    /// Whether the rules that read the documentation apply (`[levels] documentation` in
    /// `dsd.toml`).
    documentation: bool,
}

/// Exceptions too general for an `@throws` naming them to announce a particular crash.
const TOO_GENERAL: &[&str] = &[
    "java.lang.RuntimeException",
    "java.lang.Exception",
    "java.lang.Throwable",
];

impl<'p> Judge<'p> {
    /// A judge of crashes in `program`; `documentation` says whether its documentation is
    /// read.
    pub fn new(program: &'p Program, h: &'p Hierarchy<'p>, documentation: bool) -> Judge<'p> {
        Judge {
            program,
            h,
            audience: vcgen::contract::Audience::new(program, h),
            documentation,
        }
    }

    /// What decides the level of the crash at `site` that `test` proved, whose frames in
    /// the project and the test are `stack`, whose message (the JVM's) is `message`, and
    /// which was thrown inside a library method the deepest of them called when
    /// `in_library`.
    pub fn why(
        &self,
        site: &Site,
        test: &TestCase,
        stack: &[StackFrame],
        message: Option<&str>,
        in_library: bool,
    ) -> Why {
        if test.reflection {
            return Why::plain(Rule::Reflection, "the test set private state by reflection");
        }
        if site.precondition
            && !self.parsed_text_is_its_own(&site.exception, message, stack)
            && !decimal_read_in_a_smaller_radix(&site.exception, message)
        {
            return Why::plain(
                Rule::LibraryPrecondition,
                "a JDK method's precondition broken by the caller",
            );
        }
        let entry = self.entry(stack).unwrap_or_else(|| test.method.clone());
        if let Some(reason) = &test.contract.internal {
            return Why::plain(
                Rule::Internal,
                format!("not client code: {entry} is {reason}; no public caller reached it"),
            );
        }
        if let Some(c) = test.contract.broken.first() {
            return Why {
                rule: Rule::Precondition,
                text: format!("needs {} ({})", c.broken, c.reason),
                file: c.file.clone(),
                line: c.line,
            };
        }
        if let Some(out) = self.output_store(site, stack) {
            return Why::plain(
                Rule::Precondition,
                format!(
                    "needs {} to hold what is written from {} (an output array)",
                    out.array, out.offset
                ),
            );
        }
        let null_kind = kinds::for_class(&site.exception).levels() == Levels::NullInputNote;
        if in_library && !null_kind {
            if let Some(why) = self.forwarded(site, stack) {
                return why;
            }
        }
        let passed_null = test.null_input || test.contract.documented_null.is_some();
        if self.documentation {
            if let Some(why) = self.announced(&site.exception, stack, passed_null) {
                return why;
            }
            if let Some(why) = self.unchecked(stack).filter(|_| !null_kind) {
                return why;
            }
        }
        // The `null` the documentation lets an input be: the parameter the JVM's message
        // names (`because "array" is null`), when the crash is in the method the test
        // called, decides alone; else every `null` the test passes must be one.
        let documented = match (null_kind && self.documentation, null_parameter(message)) {
            (true, Some(param)) => self.documented_null(stack, param),
            (true, None) => test.contract.documented_null.clone(),
            (false, _) => None,
        };
        if let Some(n) = documented {
            return Why {
                rule: Rule::DocumentedNull,
                text: format!("a bug: documented: {} may be null", n.name),
                file: n.file,
                line: n.line,
            };
        }
        if null_kind && test.null_input && !test.observed {
            return Why::plain(
                Rule::NullInput,
                match &test.contract.null_from {
                    Some(producer) => format!("a null {producer} may return, passed on"),
                    None => "a null passed straight in".to_string(),
                },
            );
        }
        Why::plain(
            Rule::Within,
            format!("a bug: within the contract of {entry}"),
        )
    }

    /// The output array given to the method the test called that the crash stores past the
    /// end of ([`vcgen::contract::output_store`]), for an array index crash.
    fn output_store(
        &self,
        site: &Site,
        stack: &[StackFrame],
    ) -> Option<vcgen::contract::OutputStore> {
        if site.exception != kinds::ARRAY_INDEX_OUT_OF_BOUNDS.exception() {
            return None;
        }
        let frames: Vec<(&Method, u32)> = stack
            .iter()
            .skip(1)
            .map(|f| self.locate(f).map(|(_, m)| (m, f.line)))
            .collect::<Option<_>>()?;
        vcgen::contract::output_store(&frames)
    }

    /// The library call the method the test called passes its caller's values on to, when
    /// the crash is in it ([`vcgen::contract::forwarded`]) and no parameter passed on is
    /// documented to mean something outside the range the library accepts.
    fn forwarded(&self, site: &Site, stack: &[StackFrame]) -> Option<Why> {
        let [_, entry] = stack else { return None };
        let (class, method) = self.locate(entry)?;
        let at = Span {
            line: site.line,
            col: site.col,
            end_line: site.end_line,
            end_col: site.end_col,
            ..Span::default()
        };
        let passed = vcgen::contract::forwarded(self.program, method, entry.line, &at)?;
        let doc = self.doc(class, method).filter(|_| self.documentation);
        let promised = |p: &usize| {
            doc.and_then(|d| d.params.get(*p))
                .is_some_and(|d| d.promise)
        };
        if passed.params.iter().any(promised) {
            return None;
        }
        let names: Vec<&str> = passed
            .params
            .iter()
            .filter_map(|p| method.params().get(*p).map(|l| l.name.as_str()))
            .collect();
        Some(match names.is_empty() {
            true => Why::plain(
                Rule::Documented,
                format!(
                    "the contract of {}, the one call {} makes",
                    passed.call,
                    self.entry(stack)?
                ),
            ),
            false => Why::plain(
                Rule::Precondition,
                format!(
                    "needs a value {} refuses in {} (passed on to it unchanged)",
                    passed.call,
                    names.join(" or ")
                ),
            ),
        })
    }

    /// The documentation of the method the test called, when it says the method does not
    /// check its input ("assumed to be a class name - it is not checked"): what the input
    /// must be is left to the caller.
    fn unchecked(&self, stack: &[StackFrame]) -> Option<Why> {
        let (class, method) = self.locate(stack.get(1)?)?;
        let doc = self.doc(class, method)?;
        doc.unchecked.then(|| Why {
            rule: Rule::Documented,
            text: "documented: its input is not checked".to_string(),
            file: doc.file.clone(),
            line: doc.line,
        })
    }

    /// The entry's parameter `name` when the crash is in the entry itself (the test's frame,
    /// then the entry's) and its documentation says it may be `null`.
    fn documented_null(
        &self,
        stack: &[StackFrame],
        name: &str,
    ) -> Option<vcgen::contract::NullSafe> {
        let [_, entry] = stack else { return None };
        let (class, method) = self.locate(entry)?;
        vcgen::contract::null_safe(&self.program.docs, class, method)
            .into_iter()
            .find(|n| n.value && n.name == name)
    }

    /// The method a test whose crash has the frames `stack` called, in Java terms:
    /// `Ranges.sum(byte[], int, int)`, `Orders$1.compare(String, String)` (through the
    /// bridge javac wrote, `compare(Object, Object)`, whose frame is at the class's line),
    /// `a lambda of Factories` (the JVM's `lambda$per$0`).
    pub fn entry(&self, stack: &[StackFrame]) -> Option<String> {
        let mut frames = stack.iter().skip(1).peekable();
        while let Some(frame) = frames.next() {
            if frame.method.starts_with("lambda$") {
                return Some(frontend::ir::java_lambda(&frame.class));
            }
            if let Some((class, method)) = self.locate(frame) {
                return Some(java_member(
                    &class.name,
                    &format!("{}{}", method.name, method.descriptor),
                ));
            }
            let bridge = frames
                .peek()
                .is_some_and(|next| next.class == frame.class && next.method == frame.method);
            if !bridge {
                return None;
            }
        }
        None
    }

    /// The `@throws` that announces `exception` (or a supertype more particular than
    /// `RuntimeException`) in the documentation of a method on the crash's path a client
    /// can call: the one the test called, or a public one between it and the site.
    fn announced(&self, exception: &str, stack: &[StackFrame], passed_null: bool) -> Option<Why> {
        // An `@throws NullPointerException` documents a `null` passed in ("if the key is
        // null"): a crash on a `null` the code made itself is not the one it announces.
        if kinds::for_class(exception).levels() == Levels::NullInputNote && !passed_null {
            return None;
        }
        for (depth, frame) in stack.iter().enumerate().skip(1) {
            let Some((class, method)) = self.locate(frame) else {
                continue;
            };
            let entry = depth == 1;
            if !entry && self.audience.internal(class, method).is_some() {
                continue;
            }
            let Some(doc) = self.doc(class, method) else {
                continue;
            };
            let throws = doc.throws.iter().find(|t| {
                !TOO_GENERAL.contains(&t.exception.as_str())
                    && (self.h.is_subclass(exception, &t.exception)
                        || simple(&t.exception) == simple(exception))
            });
            if let Some(t) = throws {
                // The JDK's documentation, which the model carries, is cited by its method.
                let (file, line, from) = match (&doc.inherited_from, doc.file.starts_with('<')) {
                    (Some(from), true) => (String::new(), 0, format!(", inherited from {from}")),
                    _ => (doc.file.clone(), t.line, String::new()),
                };
                return Some(Why {
                    rule: Rule::Documented,
                    text: format!("documented: @throws {}{from}", simple(&t.exception)),
                    file,
                    line,
                });
            }
        }
        None
    }

    /// Whether the malformed number a JDK parse rejected (`NumberFormatException`) is text
    /// the method the test called made itself: it takes no input that can carry text, in
    /// its parameters or, for an instance method, in its object's fields. Its caller chose
    /// only numbers, flags and constants, and the text the parse read is the method's own:
    /// `Integer.decode("#" + Integer.toHexString(argb))` rejects what `viaCss(int)` wrote,
    /// whatever `argb` its caller chose. The parse's precondition is then the method's to
    /// keep, and its crash is judged as any other. A radix out of range (the JVM's message
    /// `radix 1 less than Character.MIN_RADIX`) is a number the caller chose.
    fn parsed_text_is_its_own(
        &self,
        exception: &str,
        message: Option<&str>,
        stack: &[StackFrame],
    ) -> bool {
        if exception != "java.lang.NumberFormatException"
            || message.is_some_and(|m| m.starts_with("radix "))
        {
            return false;
        }
        let Some((class, method)) = stack.get(1).and_then(|frame| self.locate(frame)) else {
            return false;
        };
        let mut inputs: Vec<&Type> = method.params().iter().map(|l| &l.ty).collect();
        if !method.modifiers.is_static {
            for owner in self.h.ancestors(&class.name) {
                let fields = self.project_class(owner).map_or(&[][..], |c| &c.fields);
                inputs.extend(
                    fields
                        .iter()
                        .filter(|f| !f.modifiers.is_static)
                        .map(|f| &f.ty),
                );
            }
        }
        !inputs.into_iter().any(|ty| self.may_carry_text(ty))
    }

    /// Whether a value of type `ty` a caller passes can carry text a parse may read: a
    /// `char`, or any reference but a boxed number or flag and a constant of an enum (the
    /// project's own names).
    fn may_carry_text(&self, ty: &Type) -> bool {
        if let Some(primitive) = ty.unboxed() {
            return primitive == Type::Char;
        }
        match ty {
            Type::Char => true,
            Type::Class { name, .. } => !self
                .project_class(name)
                .is_some_and(|c| c.kind == ClassKind::Enum),
            t => t.is_reference(),
        }
    }

    /// The project's class named `name`.
    fn project_class(&self, name: &str) -> Option<&'p Class> {
        self.program
            .classes
            .iter()
            .find(|c| !c.library && c.name == name)
    }

    /// The method a frame names: by class, name and the line inside its declaration.
    fn locate(&self, frame: &StackFrame) -> Option<(&'p Class, &'p Method)> {
        let class = self.project_class(&frame.class)?;
        let method = class.methods.iter().find(|m| {
            m.name == frame.method && m.span.line <= frame.line && frame.line <= m.span.end_line
        })?;
        Some((class, method))
    }

    fn doc(&self, class: &Class, method: &Method) -> Option<&'p MethodDoc> {
        self.program
            .docs
            .method(&class.name, &method.name, &method.descriptor)
    }
}

/// The variable a `NullPointerException`'s message says was `null`: `array` in `Cannot read
/// the array length because "array" is null`.
fn null_parameter(message: Option<&str>) -> Option<&str> {
    let rest = message?.split("because \"").nth(1)?;
    let name = rest.split('"').next()?;
    (rest[name.len()..].starts_with("\" is null") && !name.contains(['.', '<', '(', ' ']))
        .then_some(name)
}

/// A binary name without its package and outer classes.
fn simple(name: &str) -> &str {
    name.rsplit(['.', '$']).next().unwrap_or(name)
}

#[cfg(test)]
mod tests;

/// Whether a parse in a radix below ten rejected a decimal number (the JVM's message names
/// the text and the radix: `For input string: "08" under radix 8`). The text met the
/// format a caller knows, digits; it was the method that read it in another radix:
/// `Integer.decode` reads a leading zero as octal, so the month of "2024-08-15" fails. The
/// parse's precondition is then the method's to keep, and its crash is judged as any other.
fn decimal_read_in_a_smaller_radix(exception: &str, message: Option<&str>) -> bool {
    let Some(rest) = message
        .filter(|_| exception == "java.lang.NumberFormatException")
        .and_then(|m| m.strip_prefix("For input string: \""))
    else {
        return false;
    };
    let Some((text, radix)) = rest.rsplit_once("\" under radix ") else {
        return false;
    };
    let decimal = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    decimal && radix.parse::<u32>().is_ok_and(|r| r < 10)
}
