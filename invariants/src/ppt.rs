//! Program points: the instrumented methods, and which values each records in which order.
//!
//! An entry sample holds the recorded parameters, then (for instance methods other than
//! constructors) the receiver's own fields, then the static fields the method reads that
//! any caller could assign (see [`static_reads`]). A normal-exit sample adds the result
//! (unless the method returns `void` or an unrecorded type), then (for instance methods and
//! constructors) the receiver's own fields after the call. `float` and `double` values are
//! not recorded, nor `boolean` ones except static fields (a flag is recorded as 0 or 1).

use frontend::ir::{visit, Class, ClassKind, ExprKind, Method, Type};
use frontend::Hierarchy;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How a value of a declared type is recorded and which variables it yields.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    /// `byte`, `short`, `char`, `int`, `long`: the value.
    Int,
    /// `String`: nullness and length.
    Str,
    /// An array: nullness, length and (for reference elements) whether an element is null.
    Array {
        /// True when the elements are references.
        ref_elems: bool,
    },
    /// `Integer`, `Long`, `Short`, `Byte`, `Character`: nullness and value.
    Boxed,
    /// Any other reference: nullness and runtime class.
    Ref,
    /// Not recorded (`boolean`, `float`, `double`, `void`).
    Skip,
}

/// The primitive width of an integral slot, which decides how results are passed through.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Width {
    /// `byte`.
    Byte,
    /// `short`.
    Short,
    /// `char`.
    Char,
    /// `int`.
    Int,
    /// `long`.
    Long,
    /// `boolean`, recorded as 0 or 1 (static fields only).
    Boolean,
    /// Not a primitive.
    None,
}

/// One recorded value: its path root and how it is recorded.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Slot {
    /// The path: a parameter name, `this.f` or `\result`.
    pub name: String,
    /// How it is recorded.
    pub kind: SlotKind,
    /// Primitive width, for integral slots.
    pub width: Width,
    /// Erased declared type as a binary class name (`java.lang.Object` for type variables),
    /// empty for primitives and arrays.
    pub declared: String,
}

impl Slot {
    /// The slot for a value of declared type `ty` named `name`.
    pub fn new(name: &str, ty: &Type) -> Slot {
        let ty = ty.erasure();
        let width = match ty {
            Type::Byte => Width::Byte,
            Type::Short => Width::Short,
            Type::Char => Width::Char,
            Type::Int => Width::Int,
            Type::Long => Width::Long,
            _ => Width::None,
        };
        let (kind, declared) = match &ty {
            Type::Byte | Type::Short | Type::Char | Type::Int | Type::Long => {
                (SlotKind::Int, String::new())
            }
            Type::Boolean | Type::Float | Type::Double | Type::Void => {
                (SlotKind::Skip, String::new())
            }
            Type::Array(e) => (
                SlotKind::Array {
                    ref_elems: !e.is_primitive(),
                },
                String::new(),
            ),
            Type::Class { name, .. } => {
                let kind = match name.as_str() {
                    "java.lang.String" => SlotKind::Str,
                    "java.lang.Integer"
                    | "java.lang.Long"
                    | "java.lang.Short"
                    | "java.lang.Byte"
                    | "java.lang.Character" => SlotKind::Boxed,
                    _ => SlotKind::Ref,
                };
                (kind, name.clone())
            }
            _ => (SlotKind::Ref, "java.lang.Object".to_string()),
        };
        Slot {
            name: name.to_string(),
            kind,
            width,
            declared,
        }
    }

    /// The slot of a static field `name` (`binary.class.Name.field`) of type `ty`: as
    /// [`Slot::new`], and a `boolean` is recorded as 0 or 1.
    pub fn new_static(name: &str, ty: &Type) -> Slot {
        if ty.erasure() != Type::Boolean {
            return Slot::new(name, ty);
        }
        Slot {
            name: name.to_string(),
            kind: SlotKind::Int,
            width: Width::Boolean,
            declared: String::new(),
        }
    }

    /// True when the slot is written to the trace.
    pub fn recorded(&self) -> bool {
        self.kind != SlotKind::Skip
    }

    /// The `Sample` method that appends a value of this slot.
    pub fn append_method(&self) -> &'static str {
        match self.kind {
            SlotKind::Int if self.width == Width::Boolean => "z",
            SlotKind::Int => "i",
            SlotKind::Str => "s",
            SlotKind::Array { .. } => "a",
            SlotKind::Boxed => "n",
            SlotKind::Ref | SlotKind::Skip => "o",
        }
    }
}

/// One instrumented method or constructor.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ppt {
    /// Index in the trace.
    pub id: u32,
    /// Binary name of the declaring class.
    pub class: String,
    /// Method name, `<init>` for constructors.
    pub method: String,
    /// Erased JVM descriptor.
    pub descriptor: String,
    /// `static` method.
    pub is_static: bool,
    /// `private` method.
    pub is_private: bool,
    /// Parameters in order, unrecorded ones included (so positions match overridden methods).
    pub params: Vec<Slot>,
    /// The receiver's own instance fields (empty for static methods).
    pub fields: Vec<Slot>,
    /// The static fields the method reads that any caller could assign ([`static_reads`]),
    /// recorded at entry after the fields.
    #[serde(default)]
    pub statics: Vec<Slot>,
    /// The result (`Skip` for `void` and constructors).
    pub result: Slot,
}

impl Ppt {
    /// The program point of `method` in `class`; the id is assigned later.
    pub fn of(h: &Hierarchy, class: &Class, method: &Method) -> Ppt {
        let is_static = method.modifiers.is_static;
        let fields = if is_static || class.kind == ClassKind::Interface {
            Vec::new()
        } else {
            class
                .fields
                .iter()
                .filter(|f| !f.modifiers.is_static)
                .map(|f| Slot::new(&format!("this.{}", f.name), &f.ty))
                .filter(Slot::recorded)
                .collect()
        };
        Ppt {
            id: 0,
            class: class.name.clone(),
            method: method.name.clone(),
            descriptor: method.descriptor.clone(),
            is_static,
            is_private: method.modifiers.private,
            params: param_slots(method),
            fields,
            statics: static_reads(h, method),
            result: Slot::new("\\result", &method.ret),
        }
    }

    /// True for constructors.
    pub fn is_ctor(&self) -> bool {
        self.method == "<init>"
    }

    /// The slots of an entry sample, in trace order.
    pub fn entry_slots(&self) -> Vec<&Slot> {
        let mut out: Vec<&Slot> = self.params.iter().filter(|s| s.recorded()).collect();
        if !self.is_ctor() {
            out.extend(self.fields.iter());
        }
        out.extend(self.statics.iter());
        out
    }

    /// The slots of a normal-exit sample after the entry values, in trace order.
    pub fn exit_slots(&self) -> Vec<&Slot> {
        let mut out: Vec<&Slot> = Vec::new();
        if self.result.recorded() {
            out.push(&self.result);
        }
        out.extend(self.fields.iter());
        out
    }

    /// `class.method(descriptor)`.
    pub fn key(&self) -> String {
        format!("{}.{}{}", self.class, self.method, self.descriptor)
    }
}

/// The static fields `method`'s body reads that any caller could assign, as slots named
/// `binary.class.Name.field`: non-final, public, of a project class every package can
/// name (as every class enclosing it is public), in name order. These are the fields a
/// generated test may set; recorded, they tell which values the project's tests ran with.
pub fn static_reads(h: &Hierarchy, method: &Method) -> Vec<Slot> {
    let Some(body) = &method.body else {
        return Vec::new();
    };
    let mut read = BTreeSet::new();
    visit::stmt_exprs(body, &mut |e| {
        if let ExprKind::Field {
            target: None,
            class,
            name,
        } = &e.kind
        {
            read.insert((class.clone(), name.clone()));
        }
    });
    read.into_iter()
        .filter_map(|(class, name)| {
            let c = h.class(&class).filter(|c| h.named_everywhere(c))?;
            let f = c.fields.iter().find(|f| f.name == name)?;
            let m = &f.modifiers;
            (m.is_static && m.public && !m.is_final)
                .then(|| Slot::new_static(&format!("{class}.{name}"), &f.ty))
        })
        .filter(Slot::recorded)
        .collect()
}

/// The Java expression that reads the static field of slot `name` (`a.B$C.f` is
/// `a.B.C.f`).
pub fn static_expression(name: &str) -> String {
    name.replace('$', ".")
}

/// The parameter slots of a method, named as in its declaration.
pub fn param_slots(method: &Method) -> Vec<Slot> {
    method
        .locals
        .iter()
        .take(method.param_count as usize)
        .map(|l| Slot::new(&l.name, &l.ty))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_follow_declared_types() {
        assert_eq!(Slot::new("n", &Type::Int).kind, SlotKind::Int);
        assert_eq!(Slot::new("c", &Type::Char).width, Width::Char);
        assert_eq!(Slot::new("b", &Type::Boolean).kind, SlotKind::Skip);
        assert_eq!(Slot::new("s", &Type::string()).kind, SlotKind::Str);
        assert_eq!(
            Slot::new("v", &Type::class("java.lang.Integer")).kind,
            SlotKind::Boxed
        );
        assert_eq!(
            Slot::new("a", &Type::Array(Box::new(Type::Byte))).kind,
            SlotKind::Array { ref_elems: false }
        );
        assert_eq!(
            Slot::new("a", &Type::Array(Box::new(Type::string()))).kind,
            SlotKind::Array { ref_elems: true }
        );
        let var = Type::Var {
            name: "T".into(),
            bound: Box::new(Type::object()),
        };
        let s = Slot::new("t", &var);
        assert_eq!(
            (s.kind, s.declared.as_str()),
            (SlotKind::Ref, "java.lang.Object")
        );
    }
}
