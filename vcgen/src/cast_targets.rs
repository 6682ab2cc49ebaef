//! The array types a project casts to or tests with `instanceof`: the runtime types most
//! worth trying for an input declared as `Object`.

use frontend::ir::{Conversion, ExprKind, Program, Type};
use std::collections::BTreeMap;

/// The JDK class whose static methods read and write arrays of any type by reflection.
const REFLECTED_ARRAYS: &str = "java.lang.reflect.Array";

/// Array types named by casts and `instanceof` in project code, those of the `first`
/// classes (a focus's crash class, the entry's own) first: the runtime types most worth
/// trying for its `Object` inputs.
pub(crate) fn first<'c>(
    by_class: &BTreeMap<String, Vec<Type>>,
    first: impl Iterator<Item = &'c str>,
) -> Vec<Type> {
    let mut out: Vec<Type> = Vec::new();
    let first = first.filter_map(|class| by_class.get(class));
    for t in first.flatten().chain(by_class.values().flatten()) {
        if !out.contains(t) {
            out.push(t.clone());
        }
    }
    out
}

/// Array types named by casts and `instanceof` in each project class's code, in the order
/// they are written; with a focus's `crash_line` (its class and line), those named on that
/// line first in that class's list: the crash may need an input of that runtime type
/// (commons-lang3's `CompareToBuilder` casts to eight primitive array types before
/// `(Object[]) rhs`, which a `String` fails only when the other input is an `Object[]`).
/// A call on that line into `java.lang.reflect.Array` reads any array, primitive ones too,
/// which no cast names: `int[]` is tried first there (commons-collections4's
/// `CollectionUtils.get(Object, int)` reaches `Array.get` only for a primitive array).
pub(crate) fn by_class(
    p: &Program,
    crash_line: Option<(&str, u32)>,
) -> BTreeMap<String, Vec<Type>> {
    let mut by_class = BTreeMap::new();
    for c in p.classes.iter().filter(|c| !c.library) {
        let mut at_line: Vec<Type> = Vec::new();
        let mut out: Vec<Type> = Vec::new();
        for m in &c.methods {
            let Some(b) = &m.body else { continue };
            frontend::ir::visit::stmt_exprs(b, &mut |e| {
                let crash = crash_line == Some((c.name.as_str(), e.span.line));
                let t = match &e.kind {
                    ExprKind::Convert {
                        conversion: Conversion::Checked,
                        ..
                    } => Some(e.ty.erasure()),
                    ExprKind::InstanceOf { target, .. } => Some(target.erasure()),
                    ExprKind::Call { method, .. } if crash && method.class == REFLECTED_ARRAYS => {
                        Some(Type::Array(Box::new(Type::Int)))
                    }
                    _ => None,
                };
                let Some(t @ Type::Array(_)) = t else { return };
                let list = if crash { &mut at_line } else { &mut out };
                if !list.contains(&t) {
                    list.push(t);
                }
            });
        }
        out.retain(|t| !at_line.contains(t));
        at_line.extend(out);
        if !at_line.is_empty() {
            by_class.insert(c.name.clone(), at_line);
        }
    }
    by_class
}
