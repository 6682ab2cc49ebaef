//! Choosing entries: the methods a test can call, and the variants that may bring each to a crash.

use super::argument::argument_variants;
use super::chain::{chain_variants, repeated_variants, sequence_methods, sequence_variant};
use super::{
    EntrySpec, Fields, Receiver, Variant, CANDIDATES_MAX, CHAINS_MAX, FIELDS_RANK, REFLECT_RANK,
};
use crate::effects::{Effects, MethodKey};
use frontend::ir::{Class, Expr, ExprKind, Method, StmtKind, Type};
use frontend::Hierarchy;
use std::collections::{HashMap, HashSet};

/// True when code in `package` may call this member of this class.
pub(super) fn accessible(
    h: &Hierarchy,
    class: &Class,
    member_private: bool,
    package: &str,
) -> bool {
    if member_private {
        return false;
    }
    let mut c = Some(class);
    while let Some(k) = c {
        if k.modifiers.private {
            return false;
        }
        if !k.modifiers.public && package_of(&k.name) != package {
            return false;
        }
        c = k.outer.as_deref().and_then(|o| h.class(o));
    }
    true
}

/// The package part of a binary class name.
pub fn package_of(class: &str) -> &str {
    class.rsplit_once('.').map(|(p, _)| p).unwrap_or("")
}

/// Constructors a test in `package` can call to make an object of exactly `class`: those the
/// project's tests call most first ([`Hierarchy::by_usage`]), then fewer parameters first.
pub fn constructors<'p>(h: &Hierarchy<'p>, class: &'p Class, package: &str) -> Vec<&'p Method> {
    let is_enum = class.kind == frontend::ir::ClassKind::Enum;
    if is_enum || class.is_abstract() || class.inner || !accessible(h, class, false, package) {
        return Vec::new();
    }
    let mut ctors: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor() && accessible(h, class, m.modifiers.private, package))
        .filter(|m| !(m.modifiers.protected && package_of(&class.name) != package))
        .collect();
    // A deprecated constructor is no route a client should take to an object, nor one whose
    // object does not work until another call, while the class offers another (`new
    // DigestUtils()`, kept for binary compatibility, leaves its digest null; `new
    // FilterIterator()` "will not function until setIterator is invoked").
    let no_route = |m: &Method| {
        m.annotations.iter().any(|a| a == "Deprecated")
            || h.doc(&class.name, m)
                .is_some_and(|d| d.deprecated.is_some() || d.needs_set_up)
    };
    if ctors.iter().any(|m| !no_route(m)) {
        ctors.retain(|m| !no_route(m));
    }
    ctors.sort_by_key(|m| m.param_count);
    h.by_usage(&mut ctors, |m| (class.name.as_str(), m));
    ctors
}

/// Constructors a test in `package` can call on an enclosing object (`outer.new C(...)`).
fn inner_constructors<'p>(h: &Hierarchy<'p>, class: &'p Class, package: &str) -> Vec<&'p Method> {
    if class.is_abstract() || !accessible(h, class, false, package) {
        return Vec::new();
    }
    let mut ctors: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor() && accessible(h, class, m.modifiers.private, package))
        .collect();
    ctors.sort_by_key(|m| m.param_count);
    h.by_usage(&mut ctors, |m| (class.name.as_str(), m));
    ctors
}

/// `specs` reordered so that an entry comes after the entries of the methods it may call
/// (depth first, callees before callers, the given order otherwise): a caller's goals for
/// a callee's sites are then solved once the callee's own harnesses have settled them or
/// shown them unreachable. Mutually recursive entries keep the order they are found in.
pub fn callees_first<'p>(specs: Vec<EntrySpec<'p>>, effects: &Effects) -> Vec<EntrySpec<'p>> {
    let key = |s: &EntrySpec| {
        (
            s.class.name.clone(),
            s.method.name.clone(),
            s.method.descriptor.clone(),
        )
    };
    let mut index: HashMap<MethodKey, usize> = HashMap::new();
    for (i, s) in specs.iter().enumerate() {
        index.entry(key(s)).or_insert(i);
    }
    let mut order = Vec::with_capacity(specs.len());
    let mut seen: HashSet<MethodKey> = HashSet::new();
    for spec in &specs {
        // Each frame: a method and how many of its callees have been visited.
        let mut stack: Vec<(MethodKey, usize)> = Vec::new();
        let root = key(spec);
        if seen.insert(root.clone()) {
            stack.push((root, 0));
        }
        while let Some((method, next)) = stack.last_mut() {
            match effects.callees(method).get(*next) {
                Some(callee) => {
                    *next += 1;
                    if seen.insert(callee.clone()) {
                        stack.push((callee.clone(), 0));
                    }
                }
                None => {
                    if let Some(&i) = index.get(method) {
                        order.push(i);
                    }
                    stack.pop();
                }
            }
        }
    }
    let mut slots: Vec<Option<EntrySpec<'p>>> = specs.into_iter().map(Some).collect();
    let mut out: Vec<EntrySpec<'p>> = order.into_iter().filter_map(|i| slots[i].take()).collect();
    out.extend(slots.into_iter().flatten());
    out
}

/// Every entry of the project: non-private methods and constructors with a body. An entry
/// that reads state some public methods may prepare gets a sequence variant of up to
/// `sequence` calls to them (none below 2: a chain of one call is a variant of its own).
pub fn entries<'p>(h: &Hierarchy<'p>, effects: &Effects, sequence: u32) -> Vec<EntrySpec<'p>> {
    let mut out = Vec::new();
    let factories = factories(h);
    for class in h.classes().iter().filter(|c| !c.library) {
        let package = package_of(&class.name);
        for m in &class.methods {
            if m.name == "<clinit>" || m.body.is_none() && !(m.is_constructor() && m.synthetic) {
                continue;
            }
            if let Some(made) = factories.get(class.name.as_str()) {
                if !m.is_constructor() && !m.modifiers.is_static && !m.modifiers.private {
                    out.push(EntrySpec {
                        class,
                        method: m,
                        variants: made_variants(class, made),
                    });
                }
                continue;
            }
            if !accessible(h, class, m.modifiers.private, package) {
                continue;
            }
            let variants = if m.is_constructor() {
                if class.is_abstract() || class.inner || m.synthetic {
                    continue;
                }
                let plain = Variant {
                    receiver: Receiver::None,
                    chain: None,
                    reflect_statics: false,
                    public_fields: false,
                    rank: 0,
                };
                let prepared = argument_variants(h, effects, (class, m), Receiver::None, sequence);
                std::iter::once(plain).chain(prepared).collect()
            } else if m.modifiers.is_static {
                static_variants(h, effects, class, m, sequence)
            } else {
                instance_variants(h, effects, class, m, sequence)
            };
            if !variants.is_empty() {
                out.push(EntrySpec {
                    class,
                    method: m,
                    variants,
                });
            }
        }
    }
    out
}

/// Most factories tried for the objects of one anonymous class or lambda.
const FACTORIES_MAX: usize = 2;

/// The objects a test can get only from a factory: each anonymous class and lambda that a
/// public static method of a public class makes and returns (`return new Comparator<>()
/// {...}`, `return x -> x / d`), with those methods (at most [`FACTORIES_MAX`]). What only
/// package-private code hands out no client gets.
fn factories<'p>(h: &Hierarchy<'p>) -> HashMap<&'p str, Vec<(&'p Class, &'p Method)>> {
    let mut out: HashMap<&'p str, Vec<(&'p Class, &'p Method)>> = HashMap::new();
    let public = h
        .classes()
        .iter()
        .filter(|c| !c.library && !c.made_only_where_written() && h.named_everywhere(c));
    for class in public {
        let statics = class
            .methods
            .iter()
            .filter(|m| m.modifiers.is_static && m.modifiers.public && m.ret.is_reference());
        for m in statics {
            let Some(body) = &m.body else { continue };
            let mut made = HashSet::new();
            frontend::ir::visit::walk(
                body,
                &mut |s| {
                    if let StmtKind::Return(Some(e)) = &s.kind {
                        if let ExprKind::New { method, .. } = &e.without_conversions().kind {
                            made.insert(method.class.clone());
                        }
                    }
                },
                &mut |_| {},
            );
            for name in made {
                let Some(anonymous) = h.class(&name).filter(|c| c.made_only_where_written()) else {
                    continue;
                };
                let list = out.entry(anonymous.name.as_str()).or_default();
                if list.len() < FACTORIES_MAX {
                    list.push((class, m));
                }
            }
        }
    }
    out
}

/// The variants of an entry of an anonymous class or lambda: its object made by each of
/// its `factories`.
fn made_variants<'p>(class: &'p Class, factories: &[(&'p Class, &'p Method)]) -> Vec<Variant<'p>> {
    factories
        .iter()
        .enumerate()
        .map(|(i, &(factory_class, factory))| Variant {
            receiver: Receiver::Made(class, factory_class, factory),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: i as u32,
        })
        .collect()
}

fn static_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    m: &'p Method,
    sequence: u32,
) -> Vec<Variant<'p>> {
    let package = package_of(&class.name);
    let mut out = vec![Variant {
        receiver: Receiver::None,
        chain: None,
        reflect_statics: false,
        public_fields: false,
        rank: 0,
    }];
    let mutable_statics = class
        .fields
        .iter()
        .any(|f| f.modifiers.is_static && !f.modifiers.is_final);
    // A `static final` collection or map is static state too: calls fill it (a registry's
    // `NAMES.add(name)`), though no assignment changes the field.
    let filled_statics = class
        .fields
        .iter()
        .any(|f| f.modifiers.is_static && f.modifiers.is_final && is_container(h, &f.ty));
    let uses_statics = uses_state(m, true);
    let reads_statics = (mutable_statics || filled_statics) && uses_statics;
    let mut writers = class
        .methods
        .iter()
        .filter(|_| reads_statics)
        .filter(|k| k.modifiers.is_static && k.body.is_some() && k.name != "<clinit>")
        .filter(|k| {
            accessible(h, class, k.modifiers.private, package) && writes_fields(h, effects, k, true)
        })
        .map(|k| (class, k))
        .collect::<Vec<_>>();
    h.by_usage(&mut writers, |(c, k)| (c.name.as_str(), k));
    let mutators = mutators(effects, &writers, (class, m));
    out.extend(chain_variants(Receiver::None, &mutators));
    out.extend(fields_variant(h, effects, (class, m), Receiver::None));
    let methods = sequence_methods(effects, &writers, &mutators);
    out.extend(sequence_variants(
        h,
        effects,
        (class, m),
        Receiver::None,
        methods,
        sequence,
    ));
    // Reflection sets the non-final static fields only.
    if mutable_statics && uses_statics {
        out.push(Variant {
            receiver: Receiver::None,
            chain: None,
            reflect_statics: true,
            public_fields: false,
            rank: REFLECT_RANK,
        });
    }
    out
}

/// The sequence variants of `entry`, up to `length` calls each: the receiver's (or the
/// static one) over `methods` and the arguments' prepared by calls, exact, then the same
/// with calls made again ([`repeated_variants`]).
fn sequence_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&'p Class, &'p Method),
    receiver: Receiver<'p>,
    methods: Vec<(&'p Class, &'p Method)>,
    length: u32,
) -> Vec<Variant<'p>> {
    let mut exact: Vec<Variant> = sequence_variant(receiver, methods, length)
        .into_iter()
        .collect();
    exact.extend(argument_variants(h, effects, entry, receiver, length));
    let repeated = repeated_variants(&exact);
    exact.extend(repeated);
    exact
}

fn instance_variants<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    m: &'p Method,
    sequence: u32,
) -> Vec<Variant<'p>> {
    let package = package_of(&class.name);
    // An enum's objects are its constants: a caller calls the method on one of them, never
    // on an object made another way (JLS 8.9).
    if class.kind == frontend::ir::ClassKind::Enum
        && !class.enum_constants.is_empty()
        && accessible(h, class, false, package)
    {
        return vec![Variant {
            receiver: Receiver::Constant(class),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: 0,
        }];
    }
    let mut receivers: Vec<(&Class, &Method)> = Vec::new();
    let mut concrete: Vec<&Class> = Vec::new();
    let mut inner: Vec<Variant> = Vec::new();
    for d in h.descendants(&class.name) {
        if d.library || d.is_abstract() {
            continue;
        }
        if d.inner {
            let outer = d.outer.as_deref().and_then(|o| h.class(o));
            let outer_ctor = outer.and_then(|o| constructors(h, o, package).into_iter().next());
            let ctor = inner_constructors(h, d, package).into_iter().next();
            if let (Some(o), Some(k), Some(c)) = (outer, outer_ctor, ctor) {
                inner.push(Variant {
                    receiver: Receiver::Inner(d, c, o, k),
                    chain: None,
                    reflect_statics: false,
                    public_fields: false,
                    rank: 0,
                });
            }
            continue;
        }
        let overridden = h
            .dispatch(&d.name, &m.name, &m.descriptor)
            .is_some_and(|(c, _)| c.name != class.name);
        if overridden {
            continue;
        }
        concrete.push(d);
        for ctor in constructors(h, d, package).into_iter().take(2) {
            receivers.push((d, ctor));
        }
    }
    h.by_usage(&mut receivers, |(c, k)| (c.name.as_str(), k));
    receivers.truncate(CANDIDATES_MAX);
    if receivers.is_empty() && !inner.is_empty() {
        return inner;
    }
    let mut out: Vec<Variant> = receivers
        .iter()
        .enumerate()
        .map(|(i, (c, k))| Variant {
            receiver: Receiver::Constructor(c, k),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: i as u32,
        })
        .collect();
    let reads_state = uses_state(m, false);
    let mut writers = Vec::new();
    let mut mutators = Vec::new();
    if let Some(&(c, k)) = receivers.first().filter(|_| reads_state) {
        writers = instance_writers(h, effects, c, package);
        mutators = self::mutators(effects, &writers, (class, m));
        out.extend(chain_variants(Receiver::Constructor(c, k), &mutators));
    }
    if let Some(&(c, k)) = receivers.first() {
        let receiver = Receiver::Constructor(c, k);
        out.extend(fields_variant(h, effects, (class, m), receiver));
        let methods = sequence_methods(effects, &writers, &mutators);
        out.extend(sequence_variants(
            h,
            effects,
            (class, m),
            receiver,
            methods,
            sequence,
        ));
    }
    // A record's state is what its canonical constructor stores: no caller makes one
    // another way (JLS 8.10.4), so reflection is only the route to one nobody can construct.
    let record = |c: &&Class| c.kind == frontend::ir::ClassKind::Record && !receivers.is_empty();
    if let Some(c) = concrete.first().filter(|c| reads_state && !record(c)) {
        out.push(Variant {
            receiver: Receiver::Reflect(c),
            chain: None,
            reflect_statics: false,
            public_fields: false,
            rank: REFLECT_RANK,
        });
    }
    out
}

/// The project classes `class` is or extends, itself first.
pub(super) fn project_ancestors<'p>(h: &Hierarchy<'p>, class: &Class) -> Vec<&'p Class> {
    h.ancestors(&class.name)
        .into_iter()
        .filter_map(|a| h.class(a))
        .filter(|a| !a.library)
        .collect()
}

/// The instance fields of `class`, declared or inherited from a project class.
pub(super) fn instance_fields<'p>(h: &Hierarchy<'p>, class: &Class) -> Fields<'p> {
    every_instance_field(h, class)
        .into_iter()
        .filter(|(c, _)| !c.library)
        .collect()
}

/// The instance fields of `class`, declared or inherited, a JDK model class's among them
/// (`FilterInputStream.in`).
pub(super) fn every_instance_field<'p>(h: &Hierarchy<'p>, class: &Class) -> Fields<'p> {
    h.ancestors(&class.name)
        .into_iter()
        .filter_map(|a| h.class(a))
        .flat_map(|c| c.fields.iter().map(move |f| (c, f)))
        .filter(|(_, f)| !f.modifiers.is_static)
        .collect()
}

/// The `writers` whose calls may change what `entry` sees ([`may_prepare`]), at most
/// [`CHAINS_MAX`]: the methods of its one-call chains, and the first a sequence chooses.
pub(super) fn mutators<'p>(
    effects: &Effects,
    writers: &[(&'p Class, &'p Method)],
    entry: (&Class, &Method),
) -> Vec<(&'p Class, &'p Method)> {
    writers
        .iter()
        .copied()
        .filter(|&w| may_prepare(effects, w, entry))
        .take(CHAINS_MAX)
        .collect()
}

/// The instance methods of `class` (declared or inherited) that code in `package` may call
/// and that change their object's fields ([`writes_fields`]), those the project's tests call
/// most first ([`Hierarchy::by_usage`]).
pub(super) fn instance_writers<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    class: &'p Class,
    package: &str,
) -> Vec<(&'p Class, &'p Method)> {
    let mut writers = project_ancestors(h, class)
        .into_iter()
        .flat_map(|a| a.methods.iter().map(move |x| (a, x)))
        .filter(|(a, x)| {
            !x.modifiers.is_static
                && !x.is_constructor()
                && x.body.is_some()
                && accessible(h, a, x.modifiers.private, package)
        })
        .filter(|(_, x)| writes_fields(h, effects, x, false))
        .collect::<Vec<_>>();
    h.by_usage(&mut writers, |(c, x)| (c.name.as_str(), x));
    writers
}

/// The variant that assigns the public fields the entry reads, with this receiver, when
/// it reads any: without one it would repeat the plain variant's answers.
fn fields_variant<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&Class, &Method),
    receiver: Receiver<'p>,
) -> Option<Variant<'p>> {
    if public_fields(h, effects, entry, receiver.constructed()).is_empty() {
        return None;
    }
    Some(Variant {
        receiver,
        chain: None,
        reflect_statics: false,
        public_fields: true,
        rank: FIELDS_RANK,
    })
}

/// The fields the entry reads (directly or through its callees) that any caller may
/// assign: non-final and public, of a project class every package can name. Static
/// fields of any class, and instance fields of `receiver`'s class and its ancestors; none
/// when the entry's reads are unknown.
pub fn public_fields<'p>(
    h: &Hierarchy<'p>,
    effects: &Effects,
    entry: (&Class, &Method),
    receiver: Option<&'p Class>,
) -> Fields<'p> {
    let (class, m) = entry;
    let Some(reads) = effects.reads(&class.name, &m.name, &m.descriptor) else {
        return Vec::new();
    };
    let statics = reads
        .iter()
        .filter_map(|key| key.strip_prefix("S.")?.rsplit_once('.'))
        .filter_map(|(c, name)| {
            let c = h.class(c).filter(|c| h.named_everywhere(c))?;
            let f = c.fields.iter().find(|f| f.name == name)?;
            Some((c, f)).filter(|_| f.modifiers.is_static)
        });
    let ancestors = receiver.map_or_else(Vec::new, |r| h.ancestors(&r.name));
    let instance = ancestors
        .into_iter()
        .filter_map(|a| h.class(a).filter(|c| h.named_everywhere(c)))
        .flat_map(|c| c.fields.iter().map(move |f| (c, f)))
        .filter(|(c, f)| {
            !f.modifiers.is_static && reads.contains(&crate::lower::field_key(&c.name, &f.name))
        });
    statics
        .chain(instance)
        .filter(|(_, f)| f.modifiers.public && !f.modifiers.is_final)
        .collect()
}

/// True when a method reads its object's state (or static state, for `statics`): a field,
/// or a call that may read it. Only then can a call chain or reflection reach a state
/// that constructors alone cannot.
fn uses_state(m: &Method, statics: bool) -> bool {
    let Some(body) = &m.body else { return false };
    let mut found = false;
    frontend::ir::visit::stmt_exprs(body, &mut |e| match &e.kind {
        ExprKind::Field { target: None, .. } if statics => found = true,
        ExprKind::Field {
            target: Some(t), ..
        } if !statics => {
            found |= matches!(t.kind, ExprKind::This { .. });
        }
        ExprKind::Call {
            receiver: Some(r), ..
        } if !statics => {
            found |= matches!(r.kind, ExprKind::This { .. });
        }
        ExprKind::Call {
            receiver: None,
            method,
            ..
        } if statics => {
            found |= method.is_static;
        }
        _ => {}
    });
    found
}

/// True when calling `mutator` first can change what `entry` sees: the heap keys the
/// mutator may write or read, through its callees too, meet the keys the entry may read.
/// Its reads count because a field it reads it may change through a library call
/// (`this.items.add(x)`), which no write set records. A chain through any other method
/// leaves the entry the state its constructor made, and its prelude repeats the
/// constructor variant's answers; leaving those out also lets the few chains an entry
/// gets ([`CHAINS_MAX`]) go to methods that matter (commons-lang3: 112 of 1,521 chain
/// variants changed nothing their entry reads).
pub(super) fn may_prepare(
    effects: &Effects,
    mutator: (&Class, &Method),
    entry: (&Class, &Method),
) -> bool {
    let (class, m) = entry;
    let Some(seen) = effects.reads(&class.name, &m.name, &m.descriptor) else {
        return true;
    };
    let (class, m) = mutator;
    let reads = effects.reads(&class.name, &m.name, &m.descriptor);
    effects
        .of(&class.name, &m.name, &m.descriptor)
        .chain(reads.into_iter().flatten())
        .any(|key| seen.contains(key))
}

/// True when a method changes a field of its own object (or a static field, for `statics`):
/// assigns it, stores into the array it holds, or calls a method on the collection or map
/// it holds that changes it (`stages.add(s)`, `REGISTRY.put(k, v)`).
fn writes_fields(h: &Hierarchy, effects: &Effects, m: &Method, statics: bool) -> bool {
    let Some(body) = &m.body else { return false };
    let own_field = |e: &Expr| match &e.kind {
        ExprKind::Field { target: None, .. } => statics,
        ExprKind::Field {
            target: Some(t), ..
        } => !statics && matches!(t.kind, ExprKind::This { .. }),
        _ => false,
    };
    let mut found = false;
    frontend::ir::visit::stmt_exprs(body, &mut |e| match &e.kind {
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => {
            found |= match &target.kind {
                ExprKind::ArrayAccess { array, .. } => !statics && own_field(array),
                _ => own_field(target),
            };
        }
        ExprKind::Call {
            receiver: Some(r),
            method,
            ..
        } if !found && own_field(r) => found = changes_receiver(h, effects, &r.ty, method),
        _ => {}
    });
    found
}

/// True for a collection or a map.
fn is_container(h: &Hierarchy, ty: &Type) -> bool {
    ["java.util.Collection", "java.util.Map"]
        .iter()
        .any(|c| h.is_subtype(&ty.erasure(), &Type::class(c)))
}

/// Most implementations [`changes_receiver`] looks at.
const CHANGING_IMPLEMENTATIONS_MAX: usize = 16;

/// True when a call of `method` on a collection or map of static type `receiver` may
/// change it: an implementation it may dispatch to writes an instance field
/// (`ArrayList.add`, not `List.size`). Other objects a field holds are not counted: on
/// commons-lang3, counting the builders' `StringBuilder.append` too made 240 more chain
/// variants, 10 % more solver time, and no new error.
fn changes_receiver(
    h: &Hierarchy,
    effects: &Effects,
    receiver: &Type,
    method: &frontend::ir::MethodRef,
) -> bool {
    let Some(class) = receiver.class_name().filter(|_| is_container(h, receiver)) else {
        return false;
    };
    if method.is_static {
        return false;
    }
    let candidates = h.descendants(class);
    if candidates.len() > CHANGING_IMPLEMENTATIONS_MAX {
        return false;
    }
    candidates
        .iter()
        .filter_map(|d| h.dispatch(&d.name, &method.name, &method.descriptor))
        .any(|(c, k)| {
            effects
                .of(&c.name, &k.name, &k.descriptor)
                .any(|key| key.starts_with("F."))
        })
}
