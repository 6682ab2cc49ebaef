//! Resolution of type names: imports, packages, nested classes, type variables.

use crate::ir::{Class, Type};
use crate::syntax::{named_children, Source};
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

/// Simple names of `java.lang` types that resolve even without a model of them.
const JAVA_LANG: &[&str] = &[
    "Object",
    "String",
    "StringBuilder",
    "StringBuffer",
    "Math",
    "StrictMath",
    "System",
    "Integer",
    "Long",
    "Short",
    "Byte",
    "Character",
    "Boolean",
    "Double",
    "Float",
    "Number",
    "Void",
    "Class",
    "Thread",
    "Runnable",
    "Iterable",
    "Comparable",
    "CharSequence",
    "Cloneable",
    "AutoCloseable",
    "Enum",
    "Record",
    "Throwable",
    "Exception",
    "Error",
    "RuntimeException",
    "ArithmeticException",
    "ArrayIndexOutOfBoundsException",
    "ArrayStoreException",
    "ClassCastException",
    "IllegalArgumentException",
    "IllegalStateException",
    "IndexOutOfBoundsException",
    "NegativeArraySizeException",
    "NullPointerException",
    "NumberFormatException",
    "StringIndexOutOfBoundsException",
    "UnsupportedOperationException",
    "AssertionError",
    "CloneNotSupportedException",
    "InterruptedException",
    "SecurityException",
    "StackOverflowError",
    "OutOfMemoryError",
    "Override",
    "Deprecated",
    "SuppressWarnings",
    "FunctionalInterface",
    "SafeVarargs",
    "ClassNotFoundException",
    "ReflectiveOperationException",
    "Process",
    "Runtime",
    "ThreadLocal",
    "InheritableThreadLocal",
    "ClassLoader",
    "Appendable",
    "Readable",
    "Package",
];

/// Imports and package of one file.
#[derive(Debug, Clone, Default)]
pub struct FileScope {
    /// Declared package.
    pub package: String,
    /// `import a.b.C;` by simple name.
    pub single: HashMap<String, String>,
    /// `import a.b.*;` packages (or classes, for nested types).
    pub on_demand: Vec<String>,
    /// `import static a.b.C.m;` by member name, giving the class.
    pub static_single: HashMap<String, String>,
    /// `import static a.b.C.*;` classes.
    pub static_on_demand: Vec<String>,
}

impl FileScope {
    /// Reads the package and import declarations of a parsed file.
    pub fn read(src: &Source, root: Node) -> FileScope {
        let mut scope = FileScope::default();
        for child in named_children(root) {
            match child.kind() {
                "package_declaration" => {
                    if let Some(n) = named_children(child)
                        .into_iter()
                        .find(|c| matches!(c.kind(), "identifier" | "scoped_identifier"))
                    {
                        scope.package = src.text(n).to_string();
                    }
                }
                "import_declaration" => scope.add_import(src, child),
                _ => {}
            }
        }
        scope
    }

    fn add_import(&mut self, src: &Source, node: Node) {
        let text = src.text(node);
        let is_static = text
            .trim_start()
            .trim_start_matches("import")
            .trim_start()
            .starts_with("static");
        let kids = named_children(node);
        let Some(name) = kids
            .iter()
            .find(|c| matches!(c.kind(), "identifier" | "scoped_identifier"))
        else {
            return;
        };
        let path: String = src.text(*name).split_whitespace().collect();
        let wildcard = kids.iter().any(|c| c.kind() == "asterisk");
        match (is_static, wildcard) {
            (false, false) => {
                let simple = path.rsplit('.').next().unwrap_or(&path).to_string();
                self.single.insert(simple, path);
            }
            (false, true) => self.on_demand.push(path),
            (true, false) => {
                if let Some((class, member)) = path.rsplit_once('.') {
                    self.static_single
                        .insert(member.to_string(), class.to_string());
                }
            }
            (true, true) => self.static_on_demand.push(path),
        }
    }
}

/// Where a type name is looked up: the file, the enclosing class and the type variables in scope.
#[derive(Debug, Clone)]
pub struct TypeScope<'a> {
    /// The file's imports.
    pub file: &'a FileScope,
    /// Binary name of the innermost enclosing class.
    pub class: Option<String>,
    /// Type variables in scope, innermost last, with their erasure.
    pub vars: Vec<(String, Type)>,
    /// Local classes in scope, innermost last.
    pub local_classes: Vec<LocalClass>,
}

/// A local class in scope (JLS 14.3).
#[derive(Debug, Clone)]
pub struct LocalClass {
    /// The name it is declared with.
    pub simple: String,
    /// Its binary name, `Outer$1Helper`.
    pub binary: String,
    /// The enclosing locals its constructors take after their own parameters.
    pub captures: Vec<(String, Type)>,
}

/// The set of known class names and the nesting and supertypes needed for lookup.
pub struct ClassNames<'a> {
    known: HashSet<String>,
    classes: &'a [Class],
    index: HashMap<String, usize>,
    /// Anonymous and local classes by the span of their body or declaration.
    in_body: HashMap<crate::ir::Span, usize>,
}

impl<'a> ClassNames<'a> {
    /// Indexes the classes declared so far.
    pub fn new(classes: &'a [Class]) -> Self {
        let known = classes.iter().map(|c| c.name.clone()).collect();
        let index = classes
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        let in_body = classes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.made_only_where_written())
            .map(|(i, c)| (c.span, i))
            .collect();
        ClassNames {
            known,
            classes,
            index,
            in_body,
        }
    }

    /// The anonymous class whose body spans `span`, or the local class declared there.
    pub fn in_body_at(&self, span: crate::ir::Span) -> Option<&'a Class> {
        self.in_body.get(&span).map(|&i| &self.classes[i])
    }

    /// True when a class with this binary name is declared.
    pub fn exists(&self, name: &str) -> bool {
        self.known.contains(name)
    }

    /// The declared class with this binary name.
    pub fn class(&self, name: &str) -> Option<&'a Class> {
        self.index.get(name).map(|&i| &self.classes[i])
    }

    /// Resolves a simple or dotted type name written in `scope`.
    pub fn resolve(&self, name: &str, scope: &TypeScope) -> Option<String> {
        let mut parts = name.split('.');
        let first = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        if let Some(base) = self.resolve_simple(first, scope) {
            let mut current = base;
            for p in &rest {
                let nested = format!("{current}${p}");
                if !self.exists(&nested) && self.exists(&current) {
                    return None;
                }
                current = nested;
            }
            return Some(current);
        }
        // A fully qualified name: the longest package prefix that makes a known class.
        for split in (1..=rest.len()).rev() {
            let pkg_parts: Vec<&str> = std::iter::once(first)
                .chain(rest[..split - 1].iter().copied())
                .collect();
            let class = format!("{}.{}", pkg_parts.join("."), rest[split - 1]);
            if self.exists(&class) {
                let mut current = class;
                for p in &rest[split..] {
                    current = format!("{current}${p}");
                }
                return Some(current);
            }
        }
        if !rest.is_empty() && first.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
            return Some(name.to_string());
        }
        None
    }

    fn resolve_simple(&self, name: &str, scope: &TypeScope) -> Option<String> {
        if let Some(local) = scope.local_classes.iter().rev().find(|l| l.simple == name) {
            return Some(local.binary.clone());
        }
        let mut current = scope.class.clone();
        while let Some(c) = current {
            for holder in self.member_type_holders(&c) {
                let nested = format!("{holder}${name}");
                if self.exists(&nested) {
                    return Some(nested);
                }
            }
            if self
                .class(&c)
                .is_some_and(|k| k.simple_name == name && k.outer.is_none())
            {
                return Some(c);
            }
            current = self.class(&c).and_then(|k| k.outer.clone());
        }
        if let Some(q) = scope.file.single.get(name) {
            return Some(self.resolve_import(q));
        }
        let same_package = qualify(&scope.file.package, name);
        if self.exists(&same_package) {
            return Some(same_package);
        }
        for pkg in &scope.file.on_demand {
            for candidate in [qualify(pkg, name), format!("{pkg}${name}")] {
                if self.exists(&candidate) {
                    return Some(candidate);
                }
            }
        }
        let lang = format!("java.lang.{name}");
        if self.exists(&lang) || JAVA_LANG.contains(&name) {
            return Some(lang);
        }
        None
    }

    /// An imported name may be a nested class written with dots (`java.util.Map.Entry`).
    fn resolve_import(&self, qualified: &str) -> String {
        if self.exists(qualified) {
            return qualified.to_string();
        }
        let mut parts: Vec<&str> = qualified.split('.').collect();
        let mut nested = Vec::new();
        while parts.len() > 1 {
            nested.insert(0, parts.pop().unwrap_or_default());
            let outer = parts.join(".");
            if self.exists(&outer) {
                return format!("{outer}${}", nested.join("$"));
            }
        }
        qualified.to_string()
    }

    /// The class and its declared supertypes, whose member classes are visible inside it.
    fn member_type_holders(&self, class: &str) -> Vec<String> {
        let mut out = vec![class.to_string()];
        let mut i = 0;
        while i < out.len() && i < 32 {
            if let Some(c) = self.class(&out[i]) {
                for s in c.superclass.iter().chain(c.interfaces.iter()) {
                    if let Some(n) = s.class_name() {
                        if !out.iter().any(|o| o == n) {
                            out.push(n.to_string());
                        }
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// Resolves a type written in the source.
    pub fn resolve_type(&self, src: &Source, node: Node, scope: &TypeScope) -> Type {
        match node.kind() {
            "integral_type" => match src.text(node) {
                "byte" => Type::Byte,
                "short" => Type::Short,
                "char" => Type::Char,
                "long" => Type::Long,
                _ => Type::Int,
            },
            "floating_point_type" => {
                if src.text(node) == "float" {
                    Type::Float
                } else {
                    Type::Double
                }
            }
            "boolean_type" => Type::Boolean,
            "void_type" => Type::Void,
            "type_identifier" | "identifier" | "scoped_type_identifier" | "scoped_identifier" => {
                let text: String = strip_type_args(src.text(node));
                self.named_type(&text, Vec::new(), scope)
            }
            "generic_type" => {
                let kids = named_children(node);
                let base = kids.iter().find(|k| k.kind() != "type_arguments");
                let args = kids
                    .iter()
                    .find(|k| k.kind() == "type_arguments")
                    .map(|a| {
                        named_children(*a)
                            .into_iter()
                            .map(|t| self.resolve_type(src, t, scope))
                            .collect()
                    })
                    .unwrap_or_default();
                match base {
                    Some(b) => self.named_type(&strip_type_args(src.text(*b)), args, scope),
                    None => Type::Unknown,
                }
            }
            "array_type" => {
                let element = node
                    .child_by_field_name("element")
                    .map(|e| self.resolve_type(src, e, scope));
                let dims = node
                    .child_by_field_name("dimensions")
                    .map(|d| src.text(d).matches('[').count())
                    .unwrap_or(1);
                let mut t = element.unwrap_or(Type::Unknown);
                for _ in 0..dims {
                    t = Type::Array(Box::new(t));
                }
                t
            }
            "annotated_type" => named_children(node)
                .into_iter()
                .rfind(|c| !matches!(c.kind(), "annotation" | "marker_annotation"))
                .map(|c| self.resolve_type(src, c, scope))
                .unwrap_or(Type::Unknown),
            "wildcard" => {
                let bound = named_children(node)
                    .into_iter()
                    .rfind(|c| !matches!(c.kind(), "annotation" | "marker_annotation" | "super"))
                    .map(|c| self.resolve_type(src, c, scope));
                let lower = named_children(node).iter().any(|c| c.kind() == "super");
                match bound {
                    Some(b) if lower => Type::super_wildcard(b),
                    Some(b) => b,
                    None => Type::object(),
                }
            }
            _ => Type::Unknown,
        }
    }

    /// A class or type-variable type from its written name.
    pub fn named_type(&self, name: &str, args: Vec<Type>, scope: &TypeScope) -> Type {
        if !name.contains('.') {
            if let Some((_, bound)) = scope.vars.iter().rev().find(|(v, _)| v == name) {
                return Type::Var {
                    name: name.to_string(),
                    bound: Box::new(bound.clone()),
                };
            }
        }
        match self
            .resolve(name, scope)
            .or_else(|| self.resolve_member_type(name, scope))
        {
            Some(n) => Type::Class { name: n, args },
            None => Type::Unknown,
        }
    }

    /// In a type, a dotted name whose head is a class names a member type: one declared
    /// by the class or a supertype, or else one the class has outside the program (the JDK
    /// model declares `java.util.Map` without `Map.Entry`).
    fn resolve_member_type(&self, name: &str, scope: &TypeScope) -> Option<String> {
        let (first, rest) = name.split_once('.')?;
        let mut current = self.resolve_simple(first, scope)?;
        for part in rest.split('.') {
            current = self
                .member_type_holders(&current)
                .into_iter()
                .map(|holder| format!("{holder}${part}"))
                .find(|nested| self.exists(nested))
                .unwrap_or_else(|| format!("{current}${part}"));
        }
        Some(current)
    }
}

/// `pkg.Name`, or `Name` in the default package.
pub fn qualify(package: &str, name: &str) -> String {
    if package.is_empty() {
        name.to_string()
    } else {
        format!("{package}.{name}")
    }
}

fn strip_type_args(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            c if depth == 0 && !c.is_whitespace() => out.push(c),
            _ => {}
        }
    }
    out
}
