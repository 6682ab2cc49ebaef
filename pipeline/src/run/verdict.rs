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
        if site.precondition && !self.parsed_text_is_its_own(&site.exception, message, stack) {
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
            let mut owner = Some(class);
            while let Some(c) = owner {
                inputs.extend(
                    c.fields
                        .iter()
                        .filter(|f| !f.modifiers.is_static)
                        .map(|f| &f.ty),
                );
                owner = c
                    .superclass
                    .as_ref()
                    .and_then(|s| s.class_name())
                    .and_then(|name| self.project_class(name));
            }
        }
        !inputs.into_iter().any(|ty| self.may_carry_text(ty))
    }

    /// Whether a value of type `ty` a caller passes can carry text a parse may read: a
    /// `char`, or any reference but a boxed number or flag and a constant of an enum (the
    /// project's own names).
    fn may_carry_text(&self, ty: &Type) -> bool {
        const BOXED: &[&str] = &[
            "java.lang.Boolean",
            "java.lang.Byte",
            "java.lang.Short",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Float",
            "java.lang.Double",
        ];
        match ty {
            Type::Char => true,
            Type::Class { name, .. } => {
                !BOXED.contains(&name.as_str())
                    && !self
                        .project_class(name)
                        .is_some_and(|c| c.kind == ClassKind::Enum)
            }
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
mod tests {
    //! Snippet tests: a Java file with its documentation in, the verdict of a crash that a
    //! test proved at a line of it out (`level rule: text (file:line)`).

    use super::*;
    use crate::run::classify::tests::site;
    use testgen::InputContract;

    /// The verdict of an `exception` at `line` of the fixture `p/A.java`, proved by a test
    /// that called `A.entry` (its first method named so), whose stack goes through the
    /// methods `through` (name and line) down to the site; `change` adjusts the test.
    #[track_caller]
    fn verdict(
        java: &str,
        exception: &str,
        through: &[(&str, u32)],
        documentation: bool,
        change: impl FnOnce(&mut TestCase),
    ) -> String {
        verdict_of(java, exception, through, documentation, None, change)
    }

    /// As [`verdict`], for a crash whose message is `message`.
    #[track_caller]
    fn verdict_of(
        java: &str,
        exception: &str,
        through: &[(&str, u32)],
        documentation: bool,
        message: Option<&str>,
        change: impl FnOnce(&mut TestCase),
    ) -> String {
        judged(
            java,
            exception,
            through,
            documentation,
            message,
            Thrown::Project,
            change,
        )
    }

    /// As [`verdict`], for a crash thrown inside the library method that the last of
    /// `through` called.
    #[track_caller]
    fn verdict_in_library(
        java: &str,
        exception: &str,
        through: &[(&str, u32)],
        documentation: bool,
    ) -> String {
        judged(
            java,
            exception,
            through,
            documentation,
            None,
            Thrown::Library,
            |_| {},
        )
    }

    /// Where a crash of a test was thrown.
    #[derive(Clone, Copy, PartialEq)]
    enum Thrown {
        /// In project code.
        Project,
        /// In a library method the project called.
        Library,
        /// In a JDK method whose `@Precondition` the project's call broke.
        Precondition,
    }

    #[track_caller]
    fn judged(
        java: &str,
        exception: &str,
        through: &[(&str, u32)],
        documentation: bool,
        message: Option<&str>,
        thrown: Thrown,
        change: impl FnOnce(&mut TestCase),
    ) -> String {
        let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
        let h = Hierarchy::new(&program);
        let judge = Judge::new(&program, &h, documentation);
        let mut test = TestCase {
            class: "p.A_DsdTest".into(),
            method: "t".into(),
            file: "tests/p/A_DsdTest.java".into(),
            line: 3,
            site: "s".into(),
            inputs: Vec::new(),
            null_input: false,
            reflection: false,
            observed: false,
            route: vcgen::Route::Direct,
            contract: InputContract::default(),
        };
        change(&mut test);
        let mut stack = vec![StackFrame {
            class: "p.A_DsdTest".into(),
            method: "t".into(),
            file: "A_DsdTest.java".into(),
            line: 3,
        }];
        stack.extend(through.iter().map(|(method, line)| StackFrame {
            class: "p.A".into(),
            method: method.to_string(),
            file: "p/A.java".into(),
            line: *line,
        }));
        let mut crash = site(exception, through.last().map_or(1, |t| t.1));
        crash.class = "p.A".into();
        crash.precondition = thrown == Thrown::Precondition;
        let why = judge.why(&crash, &test, &stack, message, thrown != Thrown::Project);
        format!("{} {:?}: {}", why.level().as_str(), why.rule, why.line())
    }

    const JAVA: &str = r#"package p;
public class A {
    /**
     * The code at an index.
     * @param s the text, may be null
     * @param i the index
     * @throws IndexOutOfBoundsException if i is outside s
     */
    public static int at(String s, int i) { return s.charAt(i); }
    /**
     * A checked division.
     * @throws RuntimeException never
     */
    public static int div(int a, int b) { return inner(a, b); }
    static int inner(int a, int b) { return a / b; }
    /**
     * The first code.
     * @param s the text
     */
    public static int first(String s) { return at(s, 0); }
}
"#;

    const SIOOBE: &str = "java.lang.StringIndexOutOfBoundsException";
    const AE: &str = "java.lang.ArithmeticException";
    const NPE: &str = "java.lang.NullPointerException";

    #[test]
    fn a_documented_supertype_of_the_exception_announces_it() {
        assert_eq!(
            verdict(JAVA, SIOOBE, &[("at", 9)], true, |_| {}),
            "note Documented: documented: @throws IndexOutOfBoundsException (A.java:7)"
        );
        assert_eq!(
            verdict(JAVA, SIOOBE, &[("first", 20), ("at", 9)], true, |_| {}),
            "note Documented: documented: @throws IndexOutOfBoundsException (A.java:7)",
            "a public method on the way to the crash announces it too"
        );
        assert_eq!(
            verdict(JAVA, SIOOBE, &[("at", 9)], false, |_| {}),
            "error Within: a bug: within the contract of A.at(String, int)",
            "with the documentation off, only the code decides"
        );
    }

    #[test]
    fn the_jdk_interface_an_override_implements_announces_too() {
        let java = r#"package p;
public class A extends java.util.AbstractList<String> implements java.util.List<String> {
    private final String[] items = new String[2];
    public String get(int index) { return items[index]; }
    public int size() { return 2; }
}
"#;
        let aioobe = "java.lang.ArrayIndexOutOfBoundsException";
        assert_eq!(
            verdict(java, aioobe, &[("get", 4)], true, |_| {}),
            "note Documented: documented: @throws IndexOutOfBoundsException, inherited from List.get"
        );
        let comparator = r#"package p;
public class A implements java.util.Comparator<Object> {
    public int compare(Object a, Object b) { return ((Comparable<Object>) a).compareTo(b); }
}
"#;
        assert_eq!(
            verdict(comparator, "java.lang.ClassCastException", &[("compare", 3)], true, |_| {}),
            "note Documented: documented: @throws ClassCastException, inherited from Comparator.compare"
        );
        let comparable = r#"package p;
public class A implements Comparable<A> {
    private String name;
    public int compareTo(A other) { return name.length() - other.name.length(); }
}
"#;
        let npe = "java.lang.NullPointerException";
        assert_eq!(
            verdict(comparable, npe, &[("compareTo", 4)], true, |_| {}),
            "error Within: a bug: within the contract of A.compareTo(A)",
            "an @throws NullPointerException documents a null passed in, and none was"
        );
        assert_eq!(
            verdict(comparable, npe, &[("compareTo", 4)], true, |t| {
                t.null_input = true
            }),
            "note Documented: documented: @throws NullPointerException, inherited from \
             Comparable.compareTo"
        );
    }

    #[test]
    fn an_exception_too_general_announces_nothing() {
        assert_eq!(
            verdict(JAVA, AE, &[("div", 14), ("inner", 15)], true, |_| {}),
            "error Within: a bug: within the contract of A.div(int, int)"
        );
    }

    #[test]
    fn a_null_the_documentation_allows_is_a_bug_and_another_a_note() {
        let documented = vcgen::contract::NullSafe {
            param: 0,
            name: "s".into(),
            value: true,
            elements: false,
            file: "p/A.java".into(),
            line: 5,
        };
        assert_eq!(
            verdict(JAVA, NPE, &[("first", 20), ("at", 9)], true, |t| {
                t.contract.documented_null = Some(documented)
            }),
            "error DocumentedNull: a bug: documented: s may be null (A.java:5)"
        );
        assert_eq!(
            verdict(JAVA, NPE, &[("first", 20), ("at", 9)], true, |t| t
                .null_input =
                true),
            "note NullInput: a null passed straight in"
        );
    }

    #[test]
    fn the_entry_is_named_through_a_bridge_and_a_lambda_by_its_class() {
        let java = r#"package p;
public class A {
    public static java.util.Comparator<String> byKey(int k) {
        return new java.util.Comparator<String>() {
            @Override
            public int compare(String x, String y) { return x.charAt(k) - y.charAt(k); }
        };
    }
    public static java.util.function.IntUnaryOperator per(int d) { return x -> x / d; }
}
"#;
        let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
        let h = Hierarchy::new(&program);
        let judge = Judge::new(&program, &h, true);
        let frame = |class: &str, method: &str, line: u32| StackFrame {
            class: class.into(),
            method: method.into(),
            file: "p/A.java".into(),
            line,
        };
        let test = frame("p.A_DsdTest", "t", 3);
        // javac's bridge `compare(Object, Object)` stands at the class's line.
        let through_bridge = [
            test.clone(),
            frame("p.A$1", "compare", 4),
            frame("p.A$1", "compare", 6),
        ];
        assert_eq!(
            judge.entry(&through_bridge).as_deref(),
            Some("A$1.compare(String, String)")
        );
        let lambda = [test, frame("p.A", "lambda$per$0", 9)];
        assert_eq!(judge.entry(&lambda).as_deref(), Some("a lambda of A"));
    }

    #[test]
    fn the_parameter_the_jvm_names_null_decides_when_the_crash_is_in_the_method_called() {
        let message = r#"Cannot invoke "String.charAt(int)" because "s" is null"#;
        assert_eq!(
            verdict_of(JAVA, NPE, &[("at", 9)], true, Some(message), |t| t
                .null_input =
                true),
            "error DocumentedNull: a bug: documented: s may be null (A.java:5)",
            "another null beside it, undocumented, does not matter"
        );
        assert_eq!(
            verdict_of(
                JAVA,
                NPE,
                &[("first", 20), ("at", 9)],
                true,
                Some(message),
                |t| t.null_input = true
            ),
            "note NullInput: a null passed straight in",
            "a frame deeper, the null is the caller's to pass on"
        );
        assert_eq!(null_parameter(Some(message)), Some("s"));
        assert_eq!(
            null_parameter(Some(
                r#"Cannot invoke "Object.toString()" because the return value of "p.A.f()" is null"#
            )),
            None
        );
        assert_eq!(
            null_parameter(Some(r#"Cannot read field "x" because "this.p" is null"#)),
            None
        );
    }

    #[test]
    fn a_store_past_the_end_of_an_output_array_the_caller_gave_is_the_callers() {
        let java = r#"package p;
public class A {
    public static void encode(byte[] data, char[] out, int outOffset) { fill(data, out, outOffset); }
    private static void fill(byte[] data, char[] out, int outOffset) {
        for (int i = 0, j = outOffset; i < data.length; i++) {
            out[j++] = 'x';
        }
    }
    public static char[] encode(byte[] data) {
        char[] out = new char[data.length];
        for (int i = 0; i <= data.length; i++) {
            out[i] = 'x';
        }
        return out;
    }
}
"#;
        let aioobe = "java.lang.ArrayIndexOutOfBoundsException";
        assert_eq!(
            verdict(java, aioobe, &[("encode", 3), ("fill", 6)], true, |_| {}),
            "note Precondition: needs out to hold what is written from outOffset (an output array)"
        );
        assert_eq!(
            verdict(java, aioobe, &[("encode", 12)], true, |_| {}),
            "error Within: a bug: within the contract of A.encode(byte[])",
            "an array the method made itself"
        );
    }

    #[test]
    fn an_announced_null_pointer_exception_wins_over_a_class_that_handles_null_input() {
        let java = r#"package p;
/** Converters. They handle null input arrays gracefully. */
public class A {
    /**
     * Converts.
     * @param bytes the bytes
     * @throws NullPointerException if the input is null
     */
    public static int n(byte[] bytes) { return bytes.length; }
}
"#;
        let message = r#"Cannot read the array length because "bytes" is null"#;
        assert_eq!(
            verdict_of(java, NPE, &[("n", 9)], true, Some(message), |t| t
                .null_input =
                true),
            "note Documented: documented: @throws NullPointerException (A.java:7)"
        );
    }

    #[test]
    fn visibility_reflection_and_broken_preconditions_make_notes() {
        assert_eq!(
            verdict(JAVA, AE, &[("inner", 15)], true, |t| {
                t.contract.internal = Some("package-private".into())
            }),
            "note Internal: not client code: A.inner(int, int) is package-private; no public caller reached it"
        );
        assert_eq!(
            verdict(JAVA, AE, &[("div", 14), ("inner", 15)], true, |t| t
                .reflection =
                true),
            "note Reflection: the test set private state by reflection"
        );
        let broken = vcgen::contract::Contract {
            symbol: "doc!0".into(),
            broken: "i outside 0..s.length() - 1".into(),
            reason: "an index parameter".into(),
            file: "p/A.java".into(),
            line: 6,
        };
        assert_eq!(
            verdict(JAVA, SIOOBE, &[("at", 9)], true, |t| t.contract.broken =
                vec![broken]),
            "note Precondition: needs i outside 0..s.length() - 1 (an index parameter; A.java:6)"
        );
    }

    #[test]
    fn a_number_the_method_wrote_itself_is_its_own_to_parse() {
        let java = r##"package p;
public class A {
    public enum Unit { PX, EM }
    private final int scale;
    private String name = "a";
    public A(int scale) { this.scale = scale; }
    public static int viaHex(int argb, boolean alpha, Unit unit) {
        return Integer.decode("#" + Integer.toHexString(argb));
    }
    public static int parse(String s) { return Integer.parseInt(s.trim()); }
    public static int ofChar(char c) { return Integer.parseInt("1" + c); }
    public int scaled(int k) { return Integer.parseInt("" + k * scale); }
    public static int viaHexCode(int argb) { return Integer.parseInt(null); }
}
"##;
        let nfe = "java.lang.NumberFormatException";
        let parse = |method: &str, line: u32, exception: &str, message: &str| {
            judged(
                java,
                exception,
                &[(method, line)],
                true,
                Some(message),
                Thrown::Precondition,
                |_| {},
            )
        };
        assert_eq!(
            parse(
                "viaHex",
                8,
                nfe,
                "For input string: \"ffffffe5\" under radix 16"
            ),
            "error Within: a bug: within the contract of A.viaHex(int, boolean, Unit)"
        );
        let callers = "note LibraryPrecondition: a JDK method's precondition broken by the caller";
        // Text the caller gave: a string, a char, or a field of the object it made.
        let text = "For input string: \"x\"";
        assert_eq!(parse("parse", 10, nfe, text), callers);
        assert_eq!(parse("ofChar", 11, nfe, text), callers);
        assert_eq!(parse("scaled", 12, nfe, text), callers);
        // Another precondition than a well-formed number stays the caller's: a radix, or
        // another exception.
        let radix = "radix 1 less than Character.MIN_RADIX";
        assert_eq!(parse("viaHex", 8, nfe, radix), callers);
        assert_eq!(
            parse("viaHexCode", 13, "java.lang.IllegalArgumentException", text),
            callers
        );
    }

    #[test]
    fn a_library_call_given_the_callers_values_unchanged_has_the_library_contract() {
        let java = r#"package p;
import java.util.*;
public class A {
    private final List<String> order = new ArrayList<>();
    private final TreeMap<String, String> map = new TreeMap<>();
    public String get(int index) { return order.get(index); }
    public String next(int index) { return order.get(index + 1); }
    public String first() { return map.firstKey(); }
    public String firstOr(String other) { String k = map.firstKey(); return k == null ? other : k; }
    /**
     * The element at an index.
     * @param index the index; one past the end results in no change
     */
    public String safe(int index) { return order.get(index); }
    public String view(int from, int to) { return order.subList(from, to).get(0); }
}
"#;
        let ioobe = "java.lang.IndexOutOfBoundsException";
        let nsee = "java.util.NoSuchElementException";
        assert_eq!(
            verdict_in_library(java, ioobe, &[("get", 6)], true),
            "note Precondition: needs a value List.get(int) refuses in index (passed on to it unchanged)"
        );
        assert_eq!(
            verdict_in_library(java, ioobe, &[("get", 6)], false),
            "note Precondition: needs a value List.get(int) refuses in index (passed on to it unchanged)",
            "a convention: it holds with the documentation off"
        );
        assert_eq!(
            verdict_in_library(java, nsee, &[("first", 8)], true),
            "note Documented: the contract of TreeMap.firstKey(), the one call A.first() makes"
        );
        assert_eq!(
            verdict(java, ioobe, &[("get", 6)], true, |_| {}),
            "error Within: a bug: within the contract of A.get(int)",
            "thrown by the method's own code, not by the library it calls"
        );
        for (method, line, exception, entry, why) in [
            (
                "next",
                7,
                ioobe,
                "next(int)",
                "an index the method computed",
            ),
            (
                "firstOr",
                9,
                nsee,
                "firstOr(String)",
                "the call is not all the method does",
            ),
            (
                "safe",
                14,
                ioobe,
                "safe(int)",
                "the documentation gives more indexes a meaning",
            ),
            (
                "view",
                15,
                ioobe,
                "view(int, int)",
                "two library calls on the line",
            ),
        ] {
            assert_eq!(
                verdict_in_library(java, exception, &[(method, line)], true),
                format!("error Within: a bug: within the contract of A.{entry}"),
                "{why}"
            );
        }
    }

    #[test]
    fn a_method_documented_not_to_check_its_input_leaves_it_to_the_caller() {
        let java = r#"package p;
public class A {
    /**
     * The name after the last dot.
     * <p>The string passed in is assumed to be a class name - it is not checked.</p>
     * @param name the class name
     */
    public static String shortName(String name) { return name.substring(name.lastIndexOf('.') + 1, name.length() - 1); }
    /**
     * The name after the last dot.
     * @param name the class name
     */
    public static String checkedName(String name) { return name.substring(name.lastIndexOf('.') + 1, name.length() - 1); }
}
"#;
        assert_eq!(
            verdict(java, SIOOBE, &[("shortName", 8)], true, |_| {}),
            "note Documented: documented: its input is not checked (A.java:3)"
        );
        assert_eq!(
            verdict(java, SIOOBE, &[("checkedName", 13)], true, |_| {}),
            "error Within: a bug: within the contract of A.checkedName(String)"
        );
        assert_eq!(
            verdict(java, NPE, &[("shortName", 8)], true, |_| {}),
            "error Within: a bug: within the contract of A.shortName(String)",
            "a null is the null rules' to judge"
        );
    }
}
