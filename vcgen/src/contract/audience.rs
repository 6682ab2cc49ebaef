//! Who may call an entry, and with which `null`s. A generated test sits in the entry's own
//! package, so it can call package-private code that no client can; a crash found only
//! that way is a note (only a public caller makes it an error). And a `null` the
//! documentation says an input may be is a real input, not a broken contract.

use crate::kinds::simple_name;
use frontend::ir::{Class, ClassKind, ExprKind, Literal, Method, MethodRef, Program, StmtKind};
use frontend::javadoc::{Docs, NullWord};
use frontend::Hierarchy;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Who may call the project's methods: the hierarchy, and the methods the project's own
/// code calls (by the class and descriptor a call names).
pub struct Audience<'p> {
    h: &'p Hierarchy<'p>,
    called: HashSet<(String, String)>,
}

impl<'p> Audience<'p> {
    /// The audience of `program`'s methods, whose hierarchy is `h`.
    pub fn new(program: &Program, h: &'p Hierarchy<'p>) -> Audience<'p> {
        let key = |m: &MethodRef| (m.class.clone(), format!("{}{}", m.name, m.descriptor));
        let mut by_calls = HashSet::new();
        let mut by_constructors = HashSet::new();
        for class in program.classes.iter().filter(|c| !c.library) {
            for body in class.methods.iter().filter_map(|m| m.body.as_ref()) {
                frontend::ir::visit::walk(
                    body,
                    &mut |s| {
                        if let StmtKind::CtorCall { method, .. } = &s.kind {
                            by_constructors.insert(key(method));
                        }
                    },
                    &mut |e| match &e.kind {
                        ExprKind::Call { method, .. } | ExprKind::New { method, .. } => {
                            by_calls.insert(key(method));
                        }
                        _ => {}
                    },
                );
            }
        }
        let called = by_calls.union(&by_constructors).cloned().collect();
        Audience { h, called }
    }

    /// Why a client cannot call `m` of `class` as a test in its package does; `None` when
    /// a client can: a public method of a public class (nested in public classes), a
    /// public method that implements one of a public supertype (a hidden class's object
    /// reaches clients through its public type, as `Collections.unmodifiableList` hands out
    /// a private class's list), or a protected one of a class clients may extend unless it
    /// is part of the class's own machinery: a protected constructor the project's
    /// subclasses call, or a protected hook of a template the project calls and overrides
    /// (a method one class of the project overrides in another), or one its documentation
    /// says is for the class's own use ("Internal method that ...", "called automatically
    /// by another (public) method"): its callers are its usage.
    pub fn internal(&self, class: &Class, m: &Method) -> Option<String> {
        let mut outer = Some(class);
        while let Some(c) = outer {
            // A protected member class is hidden too: it serves the subclasses of the
            // class it is in, which use it as that class's own code does
            // (`AbstractReferenceMap.ReferenceEntry`).
            if !c.modifiers.public {
                // Asked only of a hidden class: a public method of a visible one is public.
                if m.modifiers.public && overrides_public(self.h, class, m) {
                    return None;
                }
                let what = match c.name == class.name {
                    true => "the class",
                    false => "its enclosing class",
                };
                let name = simple_name(&c.name).replace('$', ".");
                return Some(match (c.modifiers.protected, c.outer.as_deref()) {
                    (true, Some(holder)) => format!(
                        "in {name}, a class protected for the subclasses of {}",
                        simple_name(holder).replace('$', ".")
                    ),
                    _ => format!("{what} {name} is not public"),
                });
            }
            outer = c.outer.as_deref().and_then(|o| self.h.class(o));
        }
        let public = m.modifiers.public || class.kind == ClassKind::Interface;
        match () {
            _ if public => None,
            _ if m.modifiers.protected && !extendable(class) => {
                Some("protected in a class clients cannot extend".to_string())
            }
            _ if m.modifiers.protected && self.machinery(class, m) => {
                Some("protected, and called by the project's own code".to_string())
            }
            _ if m.modifiers.protected && m.is_constructor() && self.built_publicly(class) => {
                Some("a protected constructor for subclasses; clients build one publicly".into())
            }
            _ if m.modifiers.protected
                && self.h.doc(&class.name, m).is_some_and(|d| d.internal) =>
            {
                Some("protected, and documented for the class's own use".to_string())
            }
            _ if m.modifiers.protected => None,
            _ if m.modifiers.private => Some("private".to_string()),
            _ => Some("package-private".to_string()),
        }
    }

    /// Whether clients build objects of `class` without subclassing it: it has a public
    /// constructor or a public static method that returns one.
    fn built_publicly(&self, class: &Class) -> bool {
        class.methods.iter().any(|m| {
            m.modifiers.public
                && (m.is_constructor()
                    || (m.modifiers.is_static
                        && m.ret.erasure().class_name() == Some(class.name.as_str())))
        })
    }

    /// Whether `class` has a public supertype other than `Object` through which clients may
    /// hold its objects.
    pub fn has_public_super(&self, class: &Class) -> bool {
        self.h
            .ancestors(&class.name)
            .into_iter()
            .skip(1)
            .filter(|s| *s != frontend::hierarchy::OBJECT)
            .any(|s| self.h.class(s).is_some_and(|c| c.modifiers.public))
    }

    /// Whether the protected `m` of `class` is the class's own machinery: a constructor the
    /// project calls (`super(..)`), or a method the project calls that overrides one of a
    /// project superclass or that a project subclass overrides (a template's hook, as
    /// `UnicodeEscaper.toUtf16Escape`).
    fn machinery(&self, class: &Class, m: &Method) -> bool {
        if !self.called_by_project(class, m) {
            return false;
        }
        if m.is_constructor() {
            return true;
        }
        let declares = |c: &Class| {
            !c.library
                && c.name != class.name
                && c.methods
                    .iter()
                    .any(|x| x.name == m.name && x.descriptor == m.descriptor)
        };
        let overrides = self
            .h
            .ancestors(&class.name)
            .into_iter()
            .filter_map(|a| self.h.class(a))
            .any(declares);
        overrides || self.h.descendants(&class.name).into_iter().any(declares)
    }

    /// Whether the project's code calls `m` of `class`: through `class` or a supertype
    /// whose method it overrides (a constructor: through `class` itself, `super(..)`).
    fn called_by_project(&self, class: &Class, m: &Method) -> bool {
        let key = format!("{}{}", m.name, m.descriptor);
        let holders = match m.is_constructor() {
            true => vec![class.name.as_str()],
            false => self.h.ancestors(&class.name),
        };
        holders
            .into_iter()
            .any(|c| self.called.contains(&(c.to_string(), key.clone())))
    }
}

/// Whether `m` overrides or implements a method of a public supertype of `class`.
fn overrides_public(h: &Hierarchy, class: &Class, m: &Method) -> bool {
    if m.is_constructor() || m.modifiers.is_static {
        return false;
    }
    h.ancestors(&class.name).into_iter().skip(1).any(|sup| {
        h.class(sup).is_some_and(|s| {
            s.modifiers.public
                && s.methods.iter().any(|sm| {
                    sm.name == m.name
                        && sm.param_count == m.param_count
                        && (sm.modifiers.public || s.kind == ClassKind::Interface)
                })
        })
    })
}

/// Whether a client may extend `class`: not final, an enum or a record, and with a
/// constructor a subclass in another package can call.
fn extendable(class: &Class) -> bool {
    if class.modifiers.is_final || matches!(class.kind, ClassKind::Enum | ClassKind::Record) {
        return false;
    }
    if class.kind == ClassKind::Interface {
        return true;
    }
    let mut ctors = class
        .methods
        .iter()
        .filter(|m| m.is_constructor())
        .peekable();
    ctors.peek().is_none() || ctors.any(|m| m.modifiers.public || m.modifiers.protected)
}

/// A parameter whose `null`, or whose `null` elements, the documentation says are handled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NullSafe {
    /// The parameter's position.
    pub param: usize,
    /// The parameter's name.
    pub name: String,
    /// `null` itself is handled.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub value: bool,
    /// `null` elements are handled.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub elements: bool,
    /// The file of the documentation that says so.
    pub file: String,
    /// Its line: the parameter's `@param`, else the method's or the class's comment.
    pub line: u32,
}

/// The parameters of `m` of `class` whose `null`s its documentation says are handled.
pub fn null_safe(docs: &Docs, class: &Class, m: &Method) -> Vec<NullSafe> {
    let Some(doc) = docs.method(&class.name, &m.name, &m.descriptor) else {
        return Vec::new();
    };
    doc.params
        .iter()
        .enumerate()
        .filter(|(_, p)| p.nulls == NullWord::Allowed || p.null_elements)
        .map(|(i, p)| NullSafe {
            param: i,
            name: p.name.clone(),
            value: p.nulls == NullWord::Allowed,
            elements: p.null_elements,
            file: doc.file.clone(),
            line: match p.line {
                0 => doc.line,
                n => n,
            },
        })
        .collect()
}

/// Whether the project method `class.method(descriptor)` may return `null`, or make what
/// returns it: its `@return` names `null` as a result, its description says it returns
/// `null` ("Gets a Factory that will return null each time the factory is used"), or its
/// body returns the literal `null`. An input a test builds with it may then be that `null`,
/// or yield it.
pub fn may_return_null(program: &Program, class: &str, method: &str, descriptor: &str) -> bool {
    let Some(m) = program
        .classes
        .iter()
        .find(|c| c.name == class && !c.library)
        .and_then(|c| c.method(method, descriptor))
    else {
        return false;
    };
    let doc = program.docs.method(class, method, descriptor);
    let documented = doc
        .and_then(|d| d.returns.as_ref())
        .is_some_and(|r| names_null_result(&r.text))
        || doc.is_some_and(|d| says_returns_null(&d.text));
    documented || returns_null_literal(m)
}

/// Whether a `@return` text names `null` as a result, not only as an input.
fn names_null_result(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "null if",
        "or null",
        "null when",
        "null otherwise",
        "null is returned",
    ]
    .iter()
    .any(|p| lower.contains(p))
}

/// Whether a method's description says that it, or what it makes, returns `null`.
fn says_returns_null(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["return null", "returns null"]
        .iter()
        .any(|p| lower.contains(p))
}

/// Whether a method's body holds `return null;`.
fn returns_null_literal(m: &Method) -> bool {
    let Some(body) = &m.body else { return false };
    let mut found = false;
    frontend::ir::visit::walk(
        body,
        &mut |s| {
            if let StmtKind::Return(Some(e)) = &s.kind {
                found |= matches!(e.kind, ExprKind::Literal(Literal::Null));
            }
        },
        &mut |_| {},
    );
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_producer_may_return_null_by_its_documentation_or_its_body() {
        let java = r#"package p;
public class A {
    /** Gets a supplier that will return null each time it is used. @return the supplier */
    public static java.util.function.Supplier<String> nothing() { return () -> null; }
    /**
     * The name.
     * @return the name, or null if there is none
     */
    public static String name(int k) { return k > 0 ? "n" : "m"; }
    /** The value. @return the value */
    public static String value(int k) { if (k > 0) return null; return "v"; }
    /** The label. @return the label */
    public static String label(int k) { return "l" + k; }
}
"#;
        let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
        let nullable: Vec<&str> = ["nothing", "name", "value", "label"]
            .into_iter()
            .filter(|m| {
                let class = program.classes.iter().find(|c| c.name == "p.A").unwrap();
                let d = &class
                    .methods
                    .iter()
                    .find(|x| x.name == *m)
                    .unwrap()
                    .descriptor;
                may_return_null(&program, "p.A", m, d)
            })
            .collect();
        assert_eq!(nullable, ["nothing", "name", "value"]);
    }
}
