//! The documentation as a specification: every Javadoc comment of the project's classes,
//! constructors and methods, read into its tags with the line each came from
//! (`ir/docs.json`), inherited where javadoc inherits it (an override without a comment of
//! its own, `{@inheritDoc}`, a parameter or result it does not describe), and what it says
//! of each parameter ([`wording`]): whether `null` is handled, whether values outside an
//! index's range are given a meaning, which range it requires.
//!
//! Later stages read it: vcgen derives the preconditions a caller must meet, the run stage
//! which crashes the documentation announces, and a report cites the line.

mod comment;
pub mod wording;

use crate::hierarchy::Hierarchy;
use crate::ir::{Class, Method, Program, Type};
use crate::names::{ClassNames, FileScope, TypeScope};
use crate::syntax::Source;
use comment::{Comment, INHERIT_MARK};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use tree_sitter::Node;
pub use wording::{NullWord, Range};

/// The documentation of the project's declarations, by class binary name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Docs {
    /// Every project class that has a doc comment or a documented member.
    pub classes: BTreeMap<String, ClassDoc>,
}

/// A class's documentation and its members'.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClassDoc {
    /// The file, as it can be opened from where dsd ran.
    pub file: String,
    /// The line its comment starts on; 0 when it has none.
    pub line: u32,
    /// The main description, plain text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The class promises that its methods handle `null` inputs: the kinds of input its
    /// sentence names (`string`, `array`, `collection`, `map`), empty for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null_safe: Option<Vec<String>>,
    /// True when the class is `@deprecated` or `@Deprecated`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deprecated: bool,
    /// Its documented constructors and methods, by name plus descriptor (`<init>(I)V`).
    pub methods: BTreeMap<String, MethodDoc>,
}

/// A constructor's or method's documentation, its own or inherited.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MethodDoc {
    /// The file the comment is in (the supertype's, when inherited).
    pub file: String,
    /// The line the comment starts on.
    pub line: u32,
    /// The main description, plain text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// One entry per parameter, in order, described or not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<ParamDoc>,
    /// `@return`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returns: Option<Tag>,
    /// `@throws` and `@exception` tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<Throws>,
    /// `@deprecated`, or the `@Deprecated` annotation (text empty, line of the method).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Tag>,
    /// A constructor whose object does not work until another call
    /// ([`wording::needs_more_set_up`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub needs_set_up: bool,
    /// A method its text says is for the class's own use, not its clients'
    /// ([`wording::internal_use`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub internal: bool,
    /// A method its text says does not check its input ([`wording::unchecked_input`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unchecked: bool,
    /// The method whose comment this is, `Class.method`, when inherited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inherited_from: Option<String>,
}

/// A block tag's text and line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// Plain text.
    pub text: String,
    /// The line the tag starts on.
    pub line: u32,
}

/// An `@throws` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throws {
    /// The exception's binary name, resolved as the code's names are; as written when it
    /// names no class dsd knows.
    pub exception: String,
    /// The condition, plain text.
    pub text: String,
    /// The line the tag starts on.
    pub line: u32,
}

/// What the documentation says of one parameter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ParamDoc {
    /// The parameter's name in the method's own declaration.
    pub name: String,
    /// Its `@param` text; empty when it has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The line of its `@param` tag; 0 when it has none.
    #[serde(default)]
    pub line: u32,
    /// What is said about `null` for it: in its `@param`, in the sentences of the main
    /// description and `@return` that speak of it, or by the class.
    #[serde(default)]
    pub nulls: NullWord,
    /// `null` elements of the array or collection it is are handled.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub null_elements: bool,
    /// Values outside the usual range are given a meaning ("treated as zero").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promise: bool,
    /// Values outside the bounds are forbidden in so many words ("it is an error").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forbids_outside: bool,
    /// A valid value is asked for ("valid for buffer"): a position is an element's index.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub valid: bool,
    /// The range its text requires: of its value, or of its length for an array or a
    /// string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
}

impl Docs {
    /// True when nothing is documented.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The documentation of a method of a class, by name plus descriptor.
    pub fn method(&self, class: &str, method: &str, descriptor: &str) -> Option<&MethodDoc> {
        self.classes
            .get(class)?
            .methods
            .get(&format!("{method}{descriptor}"))
    }

    /// The documentation of a class.
    pub fn class(&self, class: &str) -> Option<&ClassDoc> {
        self.classes.get(class)
    }
}

/// Path of the documentation inside a work directory.
pub fn docs_path(work_dir: &Path) -> PathBuf {
    work_dir.join("ir").join("docs.json")
}

/// Reads the documentation the parse stage wrote (none when it wrote no file).
pub fn read_docs(work_dir: &Path) -> Result<Docs, crate::Error> {
    let path = docs_path(work_dir);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| crate::Error(format!("{}: {e}", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Docs::default()),
        Err(e) => Err(crate::Error(format!("{}: {e}", path.display()))),
    }
}

/// The doc comments of one file, by the start (line, column) of the declaration each
/// precedes.
#[derive(Default)]
pub struct FileComments {
    by_declaration: HashMap<(u32, u32), Comment>,
}

/// Collects the doc comments of a parsed file, each keyed by the declaration it documents:
/// the next sibling that is not a comment.
pub fn file_comments(src: &Source, root: Node) -> FileComments {
    let mut out = FileComments::default();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for (i, child) in children.iter().enumerate() {
            if child.kind() != "block_comment" {
                continue;
            }
            let documented = children[i + 1..]
                .iter()
                .find(|n| !matches!(n.kind(), "block_comment" | "line_comment"));
            let (Some(decl), Some(comment)) = (
                documented,
                comment::read(src.text(*child), src.span(*child).line),
            ) else {
                continue;
            };
            let at = src.span(*decl);
            out.by_declaration.insert((at.line, at.col), comment);
        }
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The documentation of the project's classes of `program`, whose files' comments and
/// imports are `comments[file]` and `scopes[file]` (`None` for files not read).
pub fn read(program: &Program, comments: &[Option<FileComments>], scopes: &[&FileScope]) -> Docs {
    let names = ClassNames::new(&program.classes);
    let mut own: BTreeMap<String, ClassDoc> = BTreeMap::new();
    for class in &program.classes {
        let Some(Some(file)) = comments.get(class.file as usize) else {
            continue;
        };
        let path = program.files[class.file as usize].path.clone();
        let scope = TypeScope {
            file: scopes[class.file as usize],
            class: Some(class.name.clone()),
            vars: Vec::new(),
            local_classes: Vec::new(),
        };
        let class_comment = file
            .by_declaration
            .get(&(class.span.line, class.span.col))
            .filter(|_| !class.library);
        let mut doc = ClassDoc {
            file: path.clone(),
            line: class_comment.map_or(0, |c| c.line),
            text: class_comment.map(|c| c.main.clone()).unwrap_or_default(),
            deprecated: class_comment
                .is_some_and(|c| c.tags.iter().any(|t| t.name == "deprecated")),
            ..ClassDoc::default()
        };
        for m in class.methods.iter().filter(|m| !m.synthetic) {
            let comment = file.by_declaration.get(&(m.span.line, m.span.col));
            let deprecated_annotation = m.annotations.iter().any(|a| a == "Deprecated");
            let documents_throws = comment.is_some_and(|c| {
                c.tags
                    .iter()
                    .any(|t| t.name == "throws" || t.name == "exception")
            });
            if (comment.is_none() && !deprecated_annotation) || (class.library && !documents_throws)
            {
                continue;
            }
            let mut method = comment
                .map(|c| method_doc(c, m, &path, &names, &scope))
                .map(|d| match class.library {
                    // The JDK model's comments describe the model; only its `@throws` are
                    // the JDK's documentation.
                    true => MethodDoc {
                        file: d.file,
                        line: d.line,
                        params: bare_params(m),
                        throws: d.throws,
                        ..MethodDoc::default()
                    },
                    false => d,
                })
                .unwrap_or_else(|| MethodDoc {
                    file: path.clone(),
                    line: m.span.line,
                    params: bare_params(m),
                    ..MethodDoc::default()
                });
            if deprecated_annotation && method.deprecated.is_none() {
                method.deprecated = Some(Tag {
                    text: String::new(),
                    line: m.span.line,
                });
            }
            doc.methods
                .insert(format!("{}{}", m.name, m.descriptor), method);
        }
        own.insert(class.name.clone(), doc);
    }
    let h = Hierarchy::new(program);
    let mut docs = Docs { classes: own };
    inherit(&mut docs, program, &h);
    read_facts(&mut docs, program);
    docs.classes
        .retain(|_, c| c.line > 0 || c.deprecated || !c.methods.is_empty());
    docs
}

/// A method's own documentation from its comment.
fn method_doc(
    c: &Comment,
    m: &Method,
    file: &str,
    names: &ClassNames,
    scope: &TypeScope,
) -> MethodDoc {
    let tag = |name: &str| {
        c.tags.iter().find(|t| t.name == name).map(|t| Tag {
            text: t.text.clone(),
            line: t.line,
        })
    };
    let params = m
        .params()
        .iter()
        .map(|p| {
            let t = c.tags.iter().find(|t| t.name == "param" && t.arg == p.name);
            ParamDoc {
                name: p.name.clone(),
                text: t.map(|t| t.text.clone()).unwrap_or_default(),
                line: t.map_or(0, |t| t.line),
                ..ParamDoc::default()
            }
        })
        .collect();
    let throws = c
        .tags
        .iter()
        .filter(|t| t.name == "throws" || t.name == "exception")
        .map(|t| Throws {
            exception: names
                .resolve(&t.arg, scope)
                .unwrap_or_else(|| t.arg.clone()),
            text: t.text.clone(),
            line: t.line,
        })
        .collect();
    MethodDoc {
        file: file.to_string(),
        line: c.line,
        text: c.main.clone(),
        params,
        returns: tag("return"),
        throws,
        deprecated: tag("deprecated"),
        needs_set_up: m.is_constructor() && wording::needs_more_set_up(&c.main),
        internal: wording::internal_use(&c.main),
        unchecked: wording::unchecked_input(&c.main)
            || c.tags
                .iter()
                .any(|t| t.name == "param" && wording::unchecked_input(&t.text)),
        inherited_from: None,
    }
}

/// One undescribed entry per parameter.
fn bare_params(m: &Method) -> Vec<ParamDoc> {
    m.params()
        .iter()
        .map(|p| ParamDoc {
            name: p.name.clone(),
            ..ParamDoc::default()
        })
        .collect()
}

/// Completes each project method's documentation from the method it overrides, nearest
/// supertype first, as javadoc does: the whole comment when it has none, and within a
/// comment the main description, parameters, result and `@throws` it leaves to
/// `{@inheritDoc}` or does not describe.
fn inherit(docs: &mut Docs, program: &Program, h: &Hierarchy) {
    for class in program.classes.iter().filter(|c| !c.library) {
        for m in class.methods.iter().filter(|m| overridable(m)) {
            let key = format!("{}{}", m.name, m.descriptor);
            let own = docs.method(&class.name, &m.name, &m.descriptor).cloned();
            if own.as_ref().is_some_and(complete) {
                continue;
            }
            let Some((from, inherited)) = overridden_doc(docs, h, class, m) else {
                continue;
            };
            let merged = match own {
                None => MethodDoc {
                    inherited_from: Some(from),
                    params: renamed(&inherited.params, m),
                    ..inherited
                },
                Some(own) => merge(own, &inherited),
            };
            let path = &program.files[class.file as usize].path;
            docs.classes
                .entry(class.name.clone())
                .or_insert_with(|| ClassDoc {
                    file: path.clone(),
                    ..ClassDoc::default()
                })
                .methods
                .insert(key, merged);
        }
    }
}

/// Whether a method may override another: not a constructor, initialiser or private or
/// static method.
fn overridable(m: &Method) -> bool {
    !m.name.starts_with('<') && !m.modifiers.private && !m.modifiers.is_static
}

/// Whether a comment leaves nothing to inherit.
fn complete(doc: &MethodDoc) -> bool {
    let marked = |t: &str| t.contains(INHERIT_MARK);
    !marked(&doc.text)
        && !doc.text.is_empty()
        && doc
            .params
            .iter()
            .all(|p| !p.text.is_empty() && !marked(&p.text))
        && doc.returns.as_ref().is_none_or(|r| !marked(&r.text))
        && doc.throws.iter().all(|t| !marked(&t.text))
}

/// The nearest documentation of a method `m` of `class` overrides, with whose it is.
fn overridden_doc(
    docs: &Docs,
    h: &Hierarchy,
    class: &Class,
    m: &Method,
) -> Option<(String, MethodDoc)> {
    h.ancestors(&class.name)
        .into_iter()
        .skip(1)
        .find_map(|sup| {
            let doc = docs.method(sup, &m.name, &m.descriptor).or_else(|| {
                // A generic supertype's method erases to another descriptor: the one method of
                // the name and arity.
                let methods = &docs.class(sup)?.methods;
                let prefix = format!("{}(", m.name);
                let mut same: Vec<(&String, &MethodDoc)> = methods
                    .iter()
                    .filter(|(k, d)| k.starts_with(&prefix) && d.params.len() == m.params().len())
                    .collect();
                (same.len() == 1).then(|| same.remove(0).1)
            })?;
            let simple = sup.rsplit(['.', '$']).next().unwrap_or(sup);
            Some((format!("{simple}.{}", m.name), doc.clone()))
        })
}

/// The inherited parameters under the overriding method's own names.
fn renamed(params: &[ParamDoc], m: &Method) -> Vec<ParamDoc> {
    m.params()
        .iter()
        .enumerate()
        .map(|(i, p)| ParamDoc {
            name: p.name.clone(),
            ..params.get(i).cloned().unwrap_or_default()
        })
        .collect()
}

/// An own comment completed from the inherited one.
fn merge(mut own: MethodDoc, inherited: &MethodDoc) -> MethodDoc {
    own.text = fill(&own.text, &inherited.text);
    for (i, p) in own.params.iter_mut().enumerate() {
        if let Some(sup) = inherited.params.get(i) {
            if p.text.is_empty() {
                p.text = sup.text.clone();
                p.line = sup.line;
            } else {
                p.text = fill(&p.text, &sup.text);
            }
        }
    }
    match (&mut own.returns, &inherited.returns) {
        (Some(r), Some(sup)) => r.text = fill(&r.text, &sup.text),
        (None, Some(sup)) => own.returns = Some(sup.clone()),
        _ => {}
    }
    for t in own
        .throws
        .iter_mut()
        .filter(|t| t.text.contains(INHERIT_MARK))
    {
        let sup = inherited.throws.iter().find(|s| s.exception == t.exception);
        t.text = fill(&t.text, sup.map_or("", |s| s.text.as_str()));
    }
    own
}

/// `text` with `{@inheritDoc}` replaced by `inherited`, or `inherited` when `text` is
/// empty.
fn fill(text: &str, inherited: &str) -> String {
    if text.is_empty() {
        inherited.to_string()
    } else {
        text.replace(INHERIT_MARK, inherited).trim().to_string()
    }
}

/// Reads what every parameter's documentation says ([`wording`]): its `@param`, the
/// sentences of the main description and `@return` that speak of it, and the class's
/// promise for `null` inputs.
fn read_facts(docs: &mut Docs, program: &Program) {
    for class in program.classes.iter().filter(|c| !c.library) {
        let Some(doc) = docs.classes.get_mut(&class.name) else {
            continue;
        };
        let null_safe = wording::class_null_safety(&doc.text)
            .map(|kinds| kinds.into_iter().map(String::from).collect::<Vec<_>>());
        for m in &class.methods {
            let Some(md) = doc.methods.get_mut(&format!("{}{}", m.name, m.descriptor)) else {
                continue;
            };
            let described = match &md.returns {
                Some(r) => format!("{} {}", md.text, r.text),
                None => md.text.clone(),
            };
            let containers = m.params().iter().filter(|l| is_container(&l.ty)).count();
            let integral_names: Vec<String> = m
                .params()
                .iter()
                .filter(|l| l.ty.is_integral())
                .map(|l| l.name.clone())
                .collect();
            for (p, local) in md.params.iter_mut().zip(m.params()) {
                let ty = local.ty.erasure().java_name();
                let kind = wording::type_words(&ty);
                // An `@throws NullPointerException` that names the input forbids its `null`.
                let thrown_for_null = md.throws.iter().any(|t| {
                    t.exception == "java.lang.NullPointerException"
                        && wording::mentions(&t.text, &p.name, &kind)
                });
                p.nulls = match wording::param_nulls(&p.text) {
                    NullWord::Silent if thrown_for_null => NullWord::Forbidden,
                    NullWord::Silent => wording::described_nulls(&described, &p.name, &kind),
                    said => said,
                };
                if p.nulls == NullWord::Silent
                    && local.ty.is_reference()
                    && null_safe
                        .as_ref()
                        .is_some_and(|kinds| covers(kinds, &local.ty))
                {
                    p.nulls = NullWord::Allowed;
                }
                // A sentence of the main description speaks of the elements of the one
                // array or collection input ("If any of these objects is null").
                let only_container = containers == 1 && is_container(&local.ty);
                p.null_elements = wording::allows_null_elements(&p.text)
                    || wording::sentences(&described).iter().any(|s| {
                        (only_container || wording::mentions(s, &p.name, &kind))
                            && wording::allows_null_elements(s)
                    });
                // The sentences of the description that speak of it, and those that promise
                // for the whole method ("a part that would run past the end of the text is
                // cut at its end, without an exception"), naming no integral parameter.
                let about_it = wording::sentences(&described)
                    .into_iter()
                    .filter(|s| names(s, &p.name) || !integral_names.iter().any(|n| names(s, n)))
                    .collect::<Vec<_>>()
                    .join(" ");
                p.promise =
                    wording::promises_outside(&p.text) || wording::promises_outside(&about_it);
                p.forbids_outside = wording::forbids_outside(&p.text);
                p.valid = wording::asks_valid(&p.text);
                // Of an integral value, or of an array's or string's length ("the output
                // alphabet, must contain at least 16 chars").
                p.range = wording::required_range(&p.text);
            }
        }
        doc.null_safe = null_safe;
    }
}

/// Whether a class's promise for `null` inputs of the kinds `kinds` covers an input of
/// type `ty`.
fn covers(kinds: &[String], ty: &Type) -> bool {
    if kinds.is_empty() {
        return true;
    }
    let name = ty.erasure().java_name();
    let words = wording::type_words(&name);
    kinds.iter().any(|k| {
        words
            .iter()
            .any(|w| w.starts_with(k.as_str()) || (k == "string" && *w == "charsequence"))
    })
}

/// Whether a value of type `ty` holds elements: an array, or a collection by its name.
fn is_container(ty: &Type) -> bool {
    let name = ty.erasure().java_name();
    name.ends_with("[]") || wording::type_words(&name).contains(&"collection")
}

/// Whether a sentence names the parameter `name` itself.
fn names(sentence: &str, name: &str) -> bool {
    sentence
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == name)
}

#[cfg(test)]
mod tests;
