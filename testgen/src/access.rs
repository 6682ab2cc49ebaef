//! Which types a test class in a given package may write in source.
//!
//! A type is nameable when every class from it out to its top-level class is public
//! or in the test's package (and none is private), and it is not anonymous or local.
//! Everything else is reached by reflection or through its nearest nameable
//! supertype, never written in source.

use frontend::ir::{Class, Method, Program, Type};
use std::collections::{HashMap, HashSet};

/// What the generated test classes of one package can name.
pub struct Access<'p> {
    package: &'p str,
    classes: HashMap<&'p str, &'p Class>,
    /// Simple names of the top-level classes of the test's package: they hide `java.lang`.
    local_simple: HashSet<&'p str>,
    /// First segments of the program's package names: a local so named hides them.
    roots: HashSet<&'p str>,
}

impl<'p> Access<'p> {
    /// The view from `package` onto the program's classes.
    pub fn new(program: &'p Program, package: &'p str) -> Self {
        let classes: HashMap<&str, &Class> = program
            .classes
            .iter()
            .map(|c| (c.name.as_str(), c))
            .collect();
        let local_simple = program
            .classes
            .iter()
            .filter(|c| c.outer.is_none() && package_of(&c.name) == package)
            .map(|c| c.simple_name.as_str())
            .collect();
        let roots = program
            .classes
            .iter()
            .filter_map(|c| c.name.split_once('.').map(|(root, _)| root))
            .collect();
        Access {
            package,
            classes,
            local_simple,
            roots,
        }
    }

    /// First segments of the program's package names (`org` for `org.apache.x.Y`).
    pub fn package_roots(&self) -> impl Iterator<Item = &str> {
        self.roots.iter().copied()
    }

    /// True when the test's package has a top-level class of this simple name: importing
    /// another class of that name would hide it from the test.
    pub fn declares(&self, simple: &str) -> bool {
        self.local_simple.contains(simple)
    }

    /// The class model of a binary name, if the program has it.
    pub fn class(&self, binary: &str) -> Option<&'p Class> {
        self.classes.get(binary).copied()
    }

    /// True when a test in this package may write the class's name in source.
    pub fn nameable(&self, binary: &str) -> bool {
        let (package, rest) = binary.rsplit_once('.').unwrap_or(("", binary));
        if rest
            .split('$')
            .any(|part| part.is_empty() || part.starts_with(|c: char| c.is_ascii_digit()))
        {
            return false;
        }
        let mut name = Some(binary.to_string());
        while let Some(n) = name {
            let Some(c) = self.class(&n) else {
                // Outside the program's model (a JDK class): public unless nested in a class we
                // know to be hidden, which the loop has checked.
                return true;
            };
            if c.modifiers.private || (!c.modifiers.public && package != self.package) {
                return false;
            }
            name = c.outer.clone();
        }
        true
    }

    /// The nearest class a test in this package may name among `binary` and its
    /// superclasses: an anonymous exception class (`Faults$1`) is caught as the class it
    /// extends. `java.lang.Throwable` when the program models none of them.
    pub fn nameable_class_of(&self, binary: &str) -> String {
        let mut name = binary.to_string();
        loop {
            if self.nameable(&name) {
                return name;
            }
            let superclass = self
                .class(&name)
                .and_then(|c| c.superclass.as_ref())
                .and_then(|t| t.erasure().class_name().map(String::from));
            match superclass {
                Some(s) => name = s,
                None => return "java.lang.Throwable".to_string(),
            }
        }
    }

    /// True when a test in this package may access the method or constructor `name` of
    /// `class` whose descriptor starts with `descriptor_prefix` (parameters, and `V` for
    /// constructors): public, or protected or package-private in this package. A member
    /// the program does not model is taken as accessible.
    pub fn member_accessible(&self, class: &str, name: &str, descriptor_prefix: &str) -> bool {
        let Some((_, m)) = self.member(class, name, descriptor_prefix) else {
            return true;
        };
        !m.modifiers.private && (m.modifiers.public || package_of(class) == self.package)
    }

    /// True when a test in this package may assign the field `name` declared by `class`
    /// in source: the class and the field's type are nameable, and the field is not final
    /// and is public, or protected or package-private in this package. A field the program
    /// does not model is not.
    pub fn field_assignable(&self, class: &str, name: &str) -> bool {
        let Some(f) = self
            .class(class)
            .and_then(|c| c.fields.iter().find(|f| f.name == name))
        else {
            return false;
        };
        let visible =
            f.modifiers.public || (!f.modifiers.private && package_of(class) == self.package);
        visible && !f.modifiers.is_final && self.nameable(class) && self.type_nameable(&f.ty)
    }

    /// True when javac cannot pick the method `name` of `class` with parameters
    /// `descriptor_prefix` from arguments cast to its erased parameter types: another
    /// method of that name and arity accepts the same arguments, and one of the two is
    /// generic, so neither is more specific (collections4's `MapUtils.populateMap` on a
    /// `MultiMap` and on a `Map`, ambiguous even with explicit type arguments).
    pub fn ambiguous(&self, class: &str, name: &str, descriptor_prefix: &str) -> bool {
        let Some((c, m)) = self.member(class, name, descriptor_prefix) else {
            return false;
        };
        let params: Vec<Type> = m.params().iter().map(|p| p.ty.erasure()).collect();
        c.methods.iter().any(|other| {
            other.name == name
                && other.descriptor != m.descriptor
                && other.param_count == m.param_count
                && !(m.type_params.is_empty() && other.type_params.is_empty())
                && other
                    .params()
                    .iter()
                    .zip(&params)
                    .all(|(o, p)| self.widens_to(p, &o.ty.erasure()))
        })
    }

    /// The method or constructor `name` of `class` whose descriptor starts with
    /// `descriptor_prefix`, with its class, when the program models it.
    fn member(
        &self,
        class: &str,
        name: &str,
        descriptor_prefix: &str,
    ) -> Option<(&'p Class, &'p Method)> {
        let c = self.class(class)?;
        let m = c
            .methods
            .iter()
            .find(|m| m.name == name && m.descriptor.starts_with(descriptor_prefix))?;
        Some((c, m))
    }

    /// True when a value of the erased type `from` is also one of `to`.
    fn widens_to(&self, from: &Type, to: &Type) -> bool {
        if from == to || *to == Type::object() {
            return true;
        }
        match (from.class_name(), to.class_name()) {
            (Some(f), Some(t)) => self.supertypes(f).iter().any(|s| s == t),
            _ => false,
        }
    }

    /// True when a test may write the (erased) type in source.
    pub fn type_nameable(&self, ty: &Type) -> bool {
        match ty.erasure() {
            Type::Array(e) => self.type_nameable(&e),
            Type::Class { name, .. } => self.nameable(&name),
            _ => true,
        }
    }

    /// The nearest supertype of `ty` a test may name (the erasure itself when it can):
    /// superclasses first, then interfaces, at worst `Object`.
    pub fn visible(&self, ty: &Type) -> Type {
        let ty = ty.erasure();
        match &ty {
            Type::Array(e) if !self.type_nameable(e) => Type::Array(Box::new(self.visible(e))),
            Type::Class { name, .. } if !self.nameable(name) => self
                .supertypes(name)
                .into_iter()
                .find(|s| self.nameable(s))
                .map(|s| Type::class(&s))
                .unwrap_or_else(Type::object),
            Type::Unknown | Type::Null => Type::object(),
            _ => ty,
        }
    }

    /// Proper supertypes of a class, breadth first: superclass before interfaces.
    pub fn supertypes(&self, binary: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut queue = vec![binary.to_string()];
        while !queue.is_empty() {
            let mut next = Vec::new();
            for name in queue {
                let Some(c) = self.class(&name) else { continue };
                let supers = c.superclass.iter().chain(c.interfaces.iter());
                for s in supers.filter_map(|t| t.class_name()) {
                    if !out.iter().any(|o| o == s) {
                        out.push(s.to_string());
                        next.push(s.to_string());
                    }
                }
            }
            queue = next;
        }
        out
    }

    /// A nameable class as source writes it: simple in the test's package and for
    /// `java.lang` (unless a class of the package hides it), qualified otherwise;
    /// nested classes with dots.
    pub fn class_name(&self, binary: &str) -> String {
        let (package, rest) = binary.rsplit_once('.').unwrap_or(("", binary));
        let simple = rest.replace('$', ".");
        let top = rest.split('$').next().unwrap_or(rest);
        let java_lang = package == "java.lang" && !self.local_simple.contains(top);
        if package == self.package || java_lang {
            simple
        } else {
            format!("{package}.{simple}")
        }
    }

    /// A nameable type as source writes it, erased (raw for generic classes).
    pub fn type_name(&self, ty: &Type) -> String {
        match ty.erasure() {
            Type::Array(e) => format!("{}[]", self.type_name(&e)),
            Type::Class { name, .. } => self.class_name(&name),
            Type::Unknown | Type::Null => self.class_name("java.lang.Object"),
            t => t.java_name(),
        }
    }
}

/// The package part of a binary class name.
pub fn package_of(binary: &str) -> &str {
    binary.rsplit_once('.').map(|(p, _)| p).unwrap_or("")
}
