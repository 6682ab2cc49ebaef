//! Queries over the class hierarchy: lookup, subtyping, member search and dispatch.

use crate::ir::{Class, Field, Method, Program, Stmt, StmtKind, Type};
use std::collections::HashMap;

/// An index over a program's classes for hierarchy queries.
pub struct Hierarchy<'p> {
    classes: &'p [Class],
    by_name: HashMap<&'p str, usize>,
    /// Direct subtypes with bodies. A class read from the platform's class files is no one's
    /// subtype here: its methods have no bodies and change no project state, like the JDK
    /// model's natives, so a call need never dispatch to them, and `Object` would otherwise
    /// have hundreds of descendants.
    children: HashMap<&'p str, Vec<usize>>,
    /// [`Hierarchy::ancestors`] of each class, computed once: vcgen asks for them at every
    /// field access, call and allocation.
    ancestors: HashMap<&'p str, Vec<&'p str>>,
    /// The program's documentation (none for [`Hierarchy::over`]).
    docs: Option<&'p crate::javadoc::Docs>,
    /// How many calls of each method the project's tests made, by `class.name(descriptor)`
    /// (empty without them: [`Hierarchy::with_observed_calls`]).
    observed_calls: HashMap<String, u64>,
}

/// Binary name of `java.lang.Object`.
pub const OBJECT: &str = "java.lang.Object";

impl<'p> Hierarchy<'p> {
    /// Indexes the classes of a program.
    pub fn new(program: &'p Program) -> Self {
        Hierarchy {
            docs: Some(&program.docs),
            ..Self::over(&program.classes)
        }
    }

    /// Indexes a list of classes.
    pub fn over(classes: &'p [Class]) -> Self {
        let mut by_name = HashMap::new();
        let mut children: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, c) in classes.iter().enumerate() {
            by_name.insert(c.name.as_str(), i);
            if c.signatures_only {
                continue;
            }
            let supers = c.superclass.iter().chain(c.interfaces.iter());
            for s in supers {
                if let Some(n) = s.class_name() {
                    children.entry(n).or_default().push(i);
                }
            }
        }
        let mut h = Hierarchy {
            classes,
            by_name,
            children,
            ancestors: HashMap::new(),
            docs: None,
            observed_calls: HashMap::new(),
        };
        h.ancestors = classes
            .iter()
            .map(|c| (c.name.as_str(), h.compute_ancestors(&c.name)))
            .collect();
        h
    }

    /// The same index, knowing how many calls of each method the project's tests made
    /// (`class.name(descriptor)` and its calls), so that [`Hierarchy::by_usage`] puts first
    /// the constructors, classes and methods they use (Botsing's model seeding).
    pub fn with_observed_calls(mut self, calls: impl IntoIterator<Item = (String, u64)>) -> Self {
        self.observed_calls = calls.into_iter().collect();
        self
    }

    /// How many calls of `method` of `class` the project's tests made (0 without them).
    pub fn observed_calls(&self, class: &str, method: &Method) -> u64 {
        if self.observed_calls.is_empty() {
            return 0;
        }
        let key = format!("{class}.{}{}", method.name, method.descriptor);
        self.observed_calls.get(&key).copied().unwrap_or(0)
    }

    /// Sorts `items` (each naming a method by its class and itself) so that those the
    /// project's tests call most come first; among equals, and without tests, the order stays.
    pub fn by_usage<T>(&self, items: &mut [T], method: impl Fn(&T) -> (&str, &Method)) {
        if self.observed_calls.is_empty() {
            return;
        }
        items.sort_by_cached_key(|item| {
            let (class, m) = method(item);
            std::cmp::Reverse(self.observed_calls(class, m))
        });
    }

    /// The documentation of a method, when the program has it.
    pub fn doc(&self, class: &str, method: &Method) -> Option<&'p crate::javadoc::MethodDoc> {
        self.docs?.method(class, &method.name, &method.descriptor)
    }

    /// The class with this binary name.
    pub fn class(&self, name: &str) -> Option<&'p Class> {
        self.by_name.get(name).map(|&i| &self.classes[i])
    }

    /// Direct supertypes (superclass first, then interfaces; `Object` for interfaces).
    pub fn direct_supers(&self, name: &str) -> Vec<&'p str> {
        let Some(c) = self.class(name) else {
            return if name == OBJECT {
                Vec::new()
            } else {
                vec![OBJECT]
            };
        };
        let mut out: Vec<&str> = Vec::new();
        if let Some(s) = c.superclass.as_ref().and_then(|t| t.class_name()) {
            out.push(s);
        } else if name != OBJECT {
            out.push(OBJECT);
        }
        out.extend(c.interfaces.iter().filter_map(|t| t.class_name()));
        out
    }

    /// True when code in every package may name `class`: a project class that is public,
    /// as is every class enclosing it.
    pub fn named_everywhere(&self, class: &Class) -> bool {
        let mut c = Some(class);
        while let Some(k) = c {
            if k.library || !k.modifiers.public {
                return false;
            }
            c = k.outer.as_deref().and_then(|o| self.class(o));
        }
        true
    }

    /// The class and all its transitive supertypes, nearest first, without repeats.
    pub fn ancestors<'a>(&'a self, name: &'a str) -> Vec<&'a str> {
        match self.ancestors.get(name) {
            Some(known) => known.clone(),
            None => self.compute_ancestors(name),
        }
    }

    fn compute_ancestors<'a>(&self, name: &'a str) -> Vec<&'a str>
    where
        'p: 'a,
    {
        let mut out: Vec<&'a str> = vec![name];
        let mut i = 0;
        while i < out.len() {
            for s in self.direct_supers(out[i]) {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
            i += 1;
        }
        if !out.contains(&OBJECT) {
            out.push(OBJECT);
        }
        out
    }

    /// True when class `sub` is `sup` or inherits from it.
    pub fn is_subclass(&self, sub: &str, sup: &str) -> bool {
        sup == OBJECT || sub == sup || self.ancestors(sub).contains(&sup)
    }

    /// Java's subtype relation on erased types, with array covariance.
    pub fn is_subtype(&self, sub: &Type, sup: &Type) -> bool {
        let (sub, sup) = (sub.erasure(), sup.erasure());
        match (&sub, &sup) {
            (Type::Null, t) => t.is_reference(),
            (_, Type::Class { name, .. }) if name == OBJECT => sub.is_reference(),
            (Type::Class { name: a, .. }, Type::Class { name: b, .. }) => self.is_subclass(a, b),
            (Type::Array(_), Type::Class { name, .. }) => {
                name == "java.lang.Cloneable" || name == "java.io.Serializable"
            }
            (Type::Array(a), Type::Array(b)) => {
                if a.is_primitive() || b.is_primitive() {
                    a == b
                } else {
                    self.is_subtype(a, b)
                }
            }
            (a, b) => a == b,
        }
    }

    /// Every class that is `name` or a transitive subtype of it, `name` first.
    pub fn descendants(&self, name: &str) -> Vec<&'p Class> {
        let mut out: Vec<&Class> = Vec::new();
        let mut queue = vec![name];
        let mut seen = std::collections::HashSet::new();
        while let Some(n) = queue.pop() {
            if !seen.insert(n.to_string()) {
                continue;
            }
            if let Some(c) = self.class(n) {
                out.push(c);
            }
            if let Some(kids) = self.children.get(n) {
                for &k in kids {
                    queue.push(self.classes[k].name.as_str());
                }
            }
        }
        out
    }

    /// A field visible in `class` (declared there or inherited), with its declaring class.
    pub fn find_field(&self, class: &str, name: &str) -> Option<(&'p Class, &'p Field)> {
        for a in self.ancestors(class) {
            if let Some(c) = self.class(a) {
                if let Some(f) = c.field(name) {
                    return Some((c, f));
                }
            }
        }
        None
    }

    /// The method with this name and descriptor declared in `class` or inherited by it.
    pub fn find_method(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Option<(&'p Class, &'p Method)> {
        for a in self.ancestors(class) {
            if let Some(c) = self.class(a) {
                if let Some(m) = c.method(name, descriptor) {
                    return Some((c, m));
                }
            }
        }
        None
    }

    /// The superclass constructor that constructor `ctor` of `class` runs by the implicit
    /// `super()` when its body starts with no `this(..)` or `super(..)`: the superclass's
    /// constructor without parameters, when the program has it.
    pub fn implicit_super(&self, class: &Class, ctor: &Method) -> Option<(&'p Class, &'p Method)> {
        let explicit = match &ctor.body {
            Some(Stmt {
                kind: StmtKind::Block(b),
                ..
            }) => b
                .iter()
                .any(|s| matches!(s.kind, StmtKind::CtorCall { .. })),
            _ => false,
        };
        if !ctor.is_constructor() || explicit {
            return None;
        }
        let sup = self.class(class.superclass.as_ref()?.class_name()?)?;
        let m = sup
            .methods
            .iter()
            .find(|m| m.is_constructor() && m.param_count == 0)?;
        Some((sup, m))
    }

    /// The implementation run by a virtual call on an object of runtime class `runtime`:
    /// the nearest declaration with a body, classes before interfaces (default methods).
    pub fn dispatch(
        &self,
        runtime: &str,
        name: &str,
        descriptor: &str,
    ) -> Option<(&'p Class, &'p Method)> {
        let ancestors = self.ancestors(runtime);
        let concrete = ancestors
            .iter()
            .filter_map(|a| self.class(a))
            .find_map(|c| {
                c.method(name, descriptor)
                    .or_else(|| self.bridged(c, name, descriptor))
                    .filter(|m| m.body.is_some() || m.modifiers.native)
                    .filter(|_| c.kind != crate::ir::ClassKind::Interface)
                    .map(|m| (c, m))
            });
        concrete.or_else(|| {
            ancestors
                .iter()
                .filter_map(|a| self.class(a))
                .find_map(|c| {
                    c.method(name, descriptor)
                        .filter(|m| m.body.is_some())
                        .map(|m| (c, m))
                })
        })
    }

    /// The method of `c` that javac's bridge method `name(descriptor)` would call: an
    /// override whose erased parameter or return types are narrower, as
    /// `compare(String, String)` implements `Comparator<String>.compare(Object, Object)`.
    /// A parameter may narrow only where the overridden method's is a type variable; a
    /// narrower parameter elsewhere is an overload, not an override.
    fn bridged(&self, c: &'p Class, name: &str, descriptor: &str) -> Option<&'p Method> {
        // Most classes a dispatch walks past declare no method of that name at all.
        if !c
            .methods
            .iter()
            .any(|m| m.name == name && !m.modifiers.is_static)
        {
            return None;
        }
        let overridden = self
            .ancestors(&c.name)
            .into_iter()
            .filter_map(|a| self.class(a))
            .find_map(|k| k.method(name, descriptor))?;
        c.methods.iter().find(|m| {
            m.name == name
                && !m.modifiers.is_static
                && m.param_count == overridden.param_count
                && m.params().iter().zip(overridden.params()).all(|(p, o)| {
                    let (p, bridge) = (p.ty.erasure(), o.ty.erasure());
                    p == bridge
                        || matches!(o.ty, Type::Var { .. })
                            && p.is_reference()
                            && self.is_subtype(&p, &bridge)
                })
        })
    }

    /// All classes, in program order.
    pub fn classes(&self) -> &'p [Class] {
        self.classes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ClassKind, Modifiers, Span};

    fn class(name: &str, sup: Option<&str>, ifaces: &[&str], kind: ClassKind) -> Class {
        Class {
            name: name.into(),
            simple_name: name.into(),
            kind,
            modifiers: Modifiers::default(),
            type_params: vec![],
            superclass: sup.map(Type::class),
            interfaces: ifaces.iter().map(|i| Type::class(i)).collect(),
            outer: None,
            inner: false,
            fields: vec![],
            methods: vec![],
            instance_init: vec![],
            init_locals: vec![],
            enum_constants: vec![],
            file: 0,
            span: Span::default(),
            library: false,
            signatures_only: false,
            platform_superclass: None,
            functional: None,
        }
    }

    #[test]
    fn subtyping_with_arrays_and_interfaces() {
        let classes = vec![
            class("I", None, &[], ClassKind::Interface),
            class("A", Some(OBJECT), &["I"], ClassKind::Class),
            class("B", Some("A"), &[], ClassKind::Class),
        ];
        let h = Hierarchy::over(&classes);
        assert!(h.is_subclass("B", "I"));
        assert!(!h.is_subclass("A", "B"));
        let arr = |t: Type| Type::Array(Box::new(t));
        assert!(h.is_subtype(&arr(Type::class("B")), &arr(Type::class("A"))));
        assert!(h.is_subtype(&arr(Type::class("B")), &Type::object()));
        assert!(!h.is_subtype(&arr(Type::Byte), &arr(Type::class("java.lang.Byte"))));
        assert!(!h.is_subtype(&arr(Type::Int), &arr(Type::object())));
        assert_eq!(h.descendants("I").len(), 3);
    }
}
