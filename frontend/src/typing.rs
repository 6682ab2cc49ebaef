//! Java's typing rules: promotion, boxing, assignment conversion and generic substitution.

use crate::hierarchy::Hierarchy;
use crate::ir::{Conversion, Expr, ExprKind, Literal, Type};
use std::collections::HashMap;

/// The box class of a primitive type.
pub fn boxed(t: &Type) -> Option<&'static str> {
    Some(match t {
        Type::Boolean => "java.lang.Boolean",
        Type::Byte => "java.lang.Byte",
        Type::Short => "java.lang.Short",
        Type::Char => "java.lang.Character",
        Type::Int => "java.lang.Integer",
        Type::Long => "java.lang.Long",
        Type::Float => "java.lang.Float",
        Type::Double => "java.lang.Double",
        _ => return None,
    })
}

/// The primitive type a box class unboxes to.
pub fn unboxed(t: &Type) -> Option<Type> {
    t.unboxed()
}

/// The primitive view of a type: itself if primitive, its unboxed type if a box.
pub fn primitive_of(t: &Type) -> Option<Type> {
    if t.is_primitive() {
        Some(t.clone())
    } else {
        unboxed(t)
    }
}

/// Unary numeric promotion.
pub fn unary_promote(t: &Type) -> Type {
    match t {
        Type::Byte | Type::Short | Type::Char => Type::Int,
        t => t.clone(),
    }
}

/// An array index or size: unboxed, promoted, and converted to `int`.
pub fn int_operand(e: Expr) -> Expr {
    let promoted = unary_promote(&primitive_of(&e.ty).unwrap_or(Type::Int));
    coerce(to_primitive(e, &promoted), &Type::Int)
}

/// Binary numeric promotion of two primitive numeric types.
pub fn binary_promote(a: &Type, b: &Type) -> Type {
    if *a == Type::Double || *b == Type::Double {
        Type::Double
    } else if *a == Type::Float || *b == Type::Float {
        Type::Float
    } else if *a == Type::Long || *b == Type::Long {
        Type::Long
    } else {
        Type::Int
    }
}

fn rank(t: &Type) -> u8 {
    match t {
        Type::Byte => 1,
        Type::Short | Type::Char => 2,
        Type::Int => 3,
        Type::Long => 4,
        Type::Float => 5,
        Type::Double => 6,
        _ => 0,
    }
}

/// True when primitive `from` widens to `to` (JLS 5.1.2).
pub fn widens(from: &Type, to: &Type) -> bool {
    if from == to {
        return true;
    }
    match (from, to) {
        (Type::Char, Type::Short) | (Type::Short, Type::Char) | (Type::Byte, Type::Char) => false,
        (Type::Boolean, _) | (_, Type::Boolean) => false,
        _ => rank(from) > 0 && rank(to) > rank(from),
    }
}

/// Wraps an expression in a conversion node to `ty`.
pub fn wrap(expr: Expr, conversion: Conversion, ty: Type) -> Expr {
    let span = expr.span;
    Expr {
        kind: ExprKind::Convert {
            conversion,
            expr: Box::new(expr),
        },
        ty,
        span,
    }
}

/// Converts a value to a primitive type, unboxing first if needed.
pub fn to_primitive(expr: Expr, target: &Type) -> Expr {
    if expr.ty == *target || expr.ty == Type::Unknown {
        return expr;
    }
    let expr = match unboxed(&expr.ty) {
        Some(p) => wrap(expr, Conversion::Unbox, p),
        None if !expr.ty.is_primitive() => {
            let Some(b) = boxed(target) else { return expr };
            let cast = wrap(expr, Conversion::Checked, Type::class(b));
            wrap(cast, Conversion::Unbox, target.clone())
        }
        None => expr,
    };
    if expr.ty == *target {
        expr
    } else {
        wrap(expr, Conversion::Primitive, target.clone())
    }
}

/// Assignment and invocation conversion of a value to a target type.
pub fn coerce(expr: Expr, target: &Type) -> Expr {
    if *target == Type::Unknown || expr.ty == Type::Unknown || expr.ty == *target {
        return expr;
    }
    if target.is_primitive() {
        return to_primitive(expr, target);
    }
    if expr.ty.is_primitive() {
        let own_box = boxed(&expr.ty).map(Type::class);
        let box_target = match unboxed(target) {
            Some(p) if p != expr.ty => Some((
                to_primitive(expr.clone(), &p),
                Type::class(boxed(&p).unwrap_or("")),
            )),
            _ => None,
        };
        return match (box_target, own_box) {
            (Some((converted, bt)), _) => wrap(converted, Conversion::Box, bt),
            (None, Some(b)) => wrap(expr, Conversion::Box, b),
            (None, None) => expr,
        };
    }
    expr
}

/// True when a value of type `from` may be passed where `to` is expected;
/// `loose` allows boxing and unboxing (JLS 15.12.2 phases 1 and 2).
pub fn applicable(h: &Hierarchy, from: &Type, to: &Type, loose: bool) -> bool {
    if *from == Type::Unknown || *to == Type::Unknown {
        return true;
    }
    let (from_e, to_e) = (from.erasure(), to.erasure());
    if from_e.is_primitive() && to_e.is_primitive() {
        return widens(&from_e, &to_e);
    }
    if from_e.is_primitive() {
        return loose && boxed(&from_e).is_some_and(|b| h.is_subtype(&Type::class(b), &to_e));
    }
    if to_e.is_primitive() {
        return loose && unboxed(&from_e).is_some_and(|p| widens(&p, &to_e));
    }
    if from_e.class_name().is_some_and(|n| h.class(n).is_none())
        || to_e.class_name().is_some_and(|n| h.class(n).is_none())
    {
        return from_e.is_reference() && to_e.is_reference();
    }
    h.is_subtype(&from_e, &to_e)
}

/// Replaces type variables by their bindings.
pub fn substitute(t: &Type, map: &HashMap<String, Type>) -> Type {
    match t {
        Type::Var { bound, .. } if t.is_super_wildcard() => {
            Type::super_wildcard(substitute(bound, map))
        }
        Type::Var { name, .. } => map.get(name).cloned().unwrap_or_else(|| t.clone()),
        Type::Class { name, args } => Type::Class {
            name: name.clone(),
            args: args.iter().map(|a| substitute(a, map)).collect(),
        },
        Type::Array(e) => Type::Array(Box::new(substitute(e, map))),
        t => t.clone(),
    }
}

/// The bindings of `class`'s type parameters when viewed through the type `ty`
/// (e.g. `HashMap<String, Integer>` seen as `Map` gives `K = String, V = Integer`); a
/// parameter bound to `? super T` is `Object`, what reading through it gives.
pub fn bindings_for(h: &Hierarchy, ty: &Type, class: &str) -> HashMap<String, Type> {
    let mut map = bindings_with_wildcards(h, ty, class);
    for t in map.values_mut() {
        if t.is_super_wildcard() {
            *t = Type::object();
        }
    }
    map
}

/// [`bindings_for`], keeping `? super T` arguments as they are.
pub fn bindings_with_wildcards(h: &Hierarchy, ty: &Type, class: &str) -> HashMap<String, Type> {
    let mut current = ty.clone();
    let mut seen = 0;
    loop {
        let Type::Class { name, args } = &current else {
            return HashMap::new();
        };
        let Some(c) = h.class(name) else {
            return HashMap::new();
        };
        let map: HashMap<String, Type> = if args.len() == c.type_params.len() {
            c.type_params
                .iter()
                .cloned()
                .zip(args.iter().cloned())
                .collect()
        } else {
            HashMap::new()
        };
        if name == class {
            return map;
        }
        seen += 1;
        if seen > 32 {
            return HashMap::new();
        }
        let next = c
            .superclass
            .iter()
            .chain(c.interfaces.iter())
            .find(|s| s.class_name().is_some_and(|n| h.is_subclass(n, class)));
        match next {
            Some(s) => current = substitute(s, &map),
            None => return HashMap::new(),
        }
    }
}

/// Narrows an `int` constant to byte, short or char where assignment allows it (JLS 5.2).
pub fn narrow_constant(expr: Expr, target: &Type) -> Expr {
    if let ExprKind::Literal(Literal::Int(v)) = expr.kind {
        let fits = match target {
            Type::Byte => i8::try_from(v).is_ok(),
            Type::Short => i16::try_from(v).is_ok(),
            Type::Char => u16::try_from(v).is_ok(),
            _ => false,
        };
        if fits {
            return wrap(expr, Conversion::Primitive, target.clone());
        }
    }
    expr
}
