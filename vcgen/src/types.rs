//! Dynamic types: an integer id per class and array type, and subtype predicates.
//!
//! `(dtype o)` is the runtime type id of object `o`. A test `o instanceof T`
//! becomes `(sub!T (dtype o))`, a predicate listing the ids of every known
//! type that is a subtype of `T`; the predicates are written once the whole
//! entry is lowered, so array types met late are included.

use frontend::ir::Type;
use frontend::Hierarchy;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::Arc;

/// Type ids by descriptor.
type Ids = BTreeMap<String, (u32, Type)>;

/// Type ids and the subtype predicates asked for.
///
/// The ids of the program's classes are numbered once and shared by every entry's table
/// (a clone is cheap); an entry adds the array types it meets. Numbering the classes for
/// each entry variant took 8% of vcgen's time on commons-lang3.
#[derive(Clone)]
pub struct TypeTable {
    classes: Arc<Ids>,
    more: Ids,
    preds: BTreeMap<String, Type>,
    uses_store: bool,
    uses_arrays: bool,
    uses_superclass: bool,
    /// The ids the entry asked for: the types its objects, class literals and checks name.
    used: BTreeSet<u32>,
}

impl TypeTable {
    /// A table holding every class of the program.
    pub fn new(h: &Hierarchy) -> TypeTable {
        let mut t = TypeTable {
            classes: Arc::default(),
            more: Ids::new(),
            preds: BTreeMap::new(),
            uses_store: false,
            uses_arrays: false,
            uses_superclass: false,
            used: BTreeSet::new(),
        };
        for c in h.classes() {
            t.id(&Type::class(&c.name));
        }
        t.classes = Arc::new(std::mem::take(&mut t.more));
        // Numbering every class asks for no id on an entry's behalf.
        t.used.clear();
        t
    }

    /// The id of an (erased) class or array type.
    pub fn id(&mut self, ty: &Type) -> u32 {
        let ty = ty.erasure();
        let key = ty.descriptor();
        if let Some((id, _)) = self.classes.get(&key) {
            self.used.insert(*id);
            return *id;
        }
        let next = (self.classes.len() + self.more.len()) as u32 + 1;
        let id = self.more.entry(key).or_insert((next, ty)).0;
        self.used.insert(id);
        id
    }

    /// Every type with its id, in the order of their descriptors.
    fn ids(&self) -> Vec<&(u32, Type)> {
        let mut all: Vec<(&String, &(u32, Type))> =
            self.classes.iter().chain(self.more.iter()).collect();
        all.sort_unstable_by(|a, b| a.0.cmp(b.0));
        all.into_iter().map(|(_, v)| v).collect()
    }

    /// The name of the predicate `is a subtype of ty` over type ids, if `ty` is a reference type.
    pub fn subtype_pred(&mut self, ty: &Type) -> Option<String> {
        let ty = ty.erasure();
        if !matches!(ty, Type::Class { .. } | Type::Array(_)) {
            return None;
        }
        self.id(&ty);
        if let Type::Array(e) = &ty {
            if !e.is_primitive() {
                self.id(e);
            }
        }
        let name = crate::smt::symbol(&format!("sub!{}", ty.descriptor()));
        self.preds.insert(name.clone(), ty);
        Some(name)
    }

    /// The predicate `(store-ok a v)`: arrays of type id `a` may hold objects of type id `v`.
    pub fn store_pred(&mut self) -> String {
        self.uses_store = true;
        "store-ok".to_string()
    }

    /// Asks for the tables of array types, for reflection ([`crate::reflect`]):
    /// `(is-array t)`, true for the id of an array type; `(component t)`, the id of an
    /// array type's element type; `(array-of e)`, the id of the array type whose elements
    /// are of type id `e`, or 0 when the entry meets no such array type.
    pub fn use_array_tables(&mut self) {
        self.uses_arrays = true;
    }

    /// Asks for the table of superclasses, for `Class.getSuperclass()`
    /// ([`crate::reflect`]): `(superclass t)`, the id of the class that the type with id
    /// `t` extends, or 0 for `Object`, an interface and a primitive type.
    pub fn use_superclass_table(&mut self) {
        self.uses_superclass = true;
    }

    /// Declarations of `dtype` and every predicate used, to put before the body.
    pub fn preamble(&self, h: &Hierarchy) -> String {
        let mut out = String::new();
        let ids = self.ids();
        let _ = writeln!(out, "(declare-fun dtype (Int) Int)");
        // An array's length is never negative, whatever produced the reference (an input, a
        // field, an opaque library call): `alen` is a 31-bit magnitude widened to an int.
        let _ = writeln!(out, "(declare-fun alen31 (Int) (_ BitVec 31))");
        let _ = writeln!(
            out,
            "(define-fun alen ((a Int)) (_ BitVec 32) ((_ zero_extend 1) (alen31 a)))"
        );
        for (name, sup) in &self.preds {
            let ids: Vec<String> = ids
                .iter()
                .filter(|(_, t)| h.is_subtype(t, sup))
                .map(|(id, _)| format!("(= t {id})"))
                .collect();
            let body = disjunction(&ids);
            let _ = writeln!(out, "(define-fun {name} ((t Int)) Bool {body})");
        }
        if self.uses_store {
            let cases: Vec<String> = ids
                .iter()
                .filter_map(|(id, t)| match t {
                    Type::Array(e) if !e.is_primitive() => Some((id, e)),
                    _ => None,
                })
                .map(|(id, e)| {
                    let admits: Vec<String> = ids
                        .iter()
                        .filter(|(_, v)| h.is_subtype(v, e))
                        .map(|(vid, _)| format!("(= v {vid})"))
                        .collect();
                    format!("(and (= a {id}) {})", disjunction(&admits))
                })
                .collect();
            let _ = writeln!(
                out,
                "(define-fun store-ok ((a Int) (v Int)) Bool {})",
                disjunction(&cases)
            );
        }
        if self.uses_arrays {
            out.push_str(&self.array_tables(&ids));
        }
        if self.uses_superclass {
            out.push_str(&self.superclass_table(h, &ids));
        }
        out
    }

    /// The definition of `superclass` over the ids the entry asked for and their
    /// superclasses, as the JVM's `Class.getSuperclass()` answers: a class's declared
    /// superclass, `Object` for an array type, none (0) for `Object`, an interface and a
    /// primitive type; for a class of the JDK model, whose own superclass serves the model
    /// (`SlotMap`), the one of its class file. Any other id (a class the program does not
    /// declare, a model class whose class file was not read, the class of an object an
    /// opaque call returned) extends a class the solver chooses (`superclass-free`), which
    /// may be none. Only the entry's ids: a table of every class of commons-lang3 made its
    /// reflection helpers (`TypeUtils.getTypeArguments`) time out.
    fn superclass_table(&self, h: &Hierarchy, ids: &[&(u32, Type)]) -> String {
        let known = |ty: &Type| {
            let key = ty.erasure().descriptor();
            self.classes
                .get(&key)
                .or_else(|| self.more.get(&key))
                .map(|(id, _)| *id)
        };
        let types: BTreeMap<u32, &Type> = ids.iter().map(|(id, t)| (*id, t)).collect();
        // Per id: `Some(None)` extends nothing, `Some(Some(s))` extends `s`, `None` unknown.
        let extends = |t: &Type| -> Option<Option<u32>> {
            match t {
                Type::Array(_) => known(&Type::object()).map(Some),
                Type::Class { name, .. } => {
                    let c = h.class(name)?;
                    let declared = if c.library && !c.signatures_only {
                        c.platform_superclass.as_ref()
                    } else {
                        c.superclass.as_ref()
                    };
                    match (&c.superclass, declared) {
                        (None, _) => Some(None),
                        (Some(_), Some(sup)) => known(sup).map(Some),
                        (Some(_), None) => None,
                    }
                }
                _ => Some(None),
            }
        };
        let mut cases: BTreeMap<u32, String> = BTreeMap::new();
        let mut todo: Vec<u32> = self.used.iter().copied().collect();
        while let Some(id) = todo.pop() {
            let Some(t) = types.get(&id).filter(|_| !cases.contains_key(&id)) else {
                continue;
            };
            let to = match extends(t) {
                Some(Some(sup)) => {
                    todo.push(sup);
                    sup.to_string()
                }
                Some(None) => "0".to_string(),
                None => "(superclass-free t)".to_string(),
            };
            cases.insert(id, to);
        }
        let body = cases
            .iter()
            .rev()
            .fold("(superclass-free t)".to_string(), |rest, (id, to)| {
                format!("(ite (= t {id}) {to} {rest})")
            });
        format!(
            "(declare-fun superclass-free (Int) Int)\n(define-fun superclass ((t Int)) Int {body})\n"
        )
    }

    /// The definitions of `is-array`, `component` and `array-of` over the table's ids. An
    /// element type without an id of its own (`int` of `int[]`, `String[]` of `String[][]`
    /// when the entry meets only the latter) gets one past the table's, so that every array
    /// type has its element and no two arrays share one.
    fn array_tables(&self, ids: &[&(u32, Type)]) -> String {
        let mut next = ids.iter().map(|(id, _)| *id).max().unwrap_or(0);
        let mut extra: BTreeMap<String, u32> = BTreeMap::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (id, t) in ids {
            let Type::Array(e) = t else { continue };
            let key = e.erasure().descriptor();
            let known = self.classes.get(&key).or_else(|| self.more.get(&key));
            let element = match known {
                Some((e, _)) => *e,
                None => *extra.entry(key).or_insert_with(|| {
                    next += 1;
                    next
                }),
            };
            pairs.push((*id, element));
        }
        let arrays: Vec<String> = pairs.iter().map(|(a, _)| format!("(= t {a})")).collect();
        let table = |from: fn(&(u32, u32)) -> u32, to: fn(&(u32, u32)) -> u32| {
            pairs.iter().rev().fold("0".to_string(), |rest, p| {
                format!("(ite (= t {}) {} {rest})", from(p), to(p))
            })
        };
        format!(
            "(define-fun is-array ((t Int)) Bool {})\n(define-fun component ((t Int)) Int {})\n(define-fun array-of ((t Int)) Int {})\n",
            disjunction(&arrays),
            table(|p| p.0, |p| p.1),
            table(|p| p.1, |p| p.0)
        )
    }
}

fn disjunction(parts: &[String]) -> String {
    match parts.len() {
        0 => "false".to_string(),
        1 => parts[0].clone(),
        _ => format!("(or {})", parts.join(" ")),
    }
}
