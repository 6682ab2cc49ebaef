//! Inferred invariants as assumptions (DSD-Crasher 6.4.1): observed preconditions restrict
//! the inputs of the method under test, observed postconditions the results of calls that
//! are not inlined. They are assumed, never checked: a crash outside observed usage is
//! simply not looked for.

use crate::lower::{field_key, static_key, Lower};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Field, Type};
use invariants::{CmpOp, Form, Invariant};
use std::collections::HashMap;

/// The roots an invariant's paths start from: parameter names, `this`, `\result`.
pub type Roots = HashMap<String, (Val, Type)>;

impl<'p> Lower<'p> {
    /// Restricts the path to states where every invariant holds (those it can express).
    pub fn assume_invariants(&mut self, st: &mut State, invariants: &[Invariant], roots: &Roots) {
        for inv in invariants {
            let Some(cond) = self.invariant_term(st, &inv.form, roots) else {
                continue;
            };
            match &mut self.usage {
                Some(named) => {
                    let name = self
                        .smt
                        .declare_named(&format!("usage!{}", named.len()), "Bool");
                    self.smt.assert(&format!("(= {name} {cond})"));
                    named.push(name);
                }
                None => st.assume(&mut self.smt, &cond),
            }
        }
    }

    /// Restricts the static fields `fields`, just given input values, to the values the
    /// project's tests ran with: the usage invariants over static fields (a flag no test
    /// sets keeps its initial value).
    pub fn assume_static_invariants(&mut self, st: &mut State, fields: &[(&Class, &Field)]) {
        let Some(specs) = self.specs else { return };
        let roots: Roots = fields
            .iter()
            .filter_map(|(c, f)| {
                let value = st.heap.get(&static_key(&c.name, &f.name))?;
                Some((
                    format!("{}.{}", c.name, f.name),
                    (value.clone(), f.ty.clone()),
                ))
            })
            .collect();
        if !roots.is_empty() {
            self.assume_invariants(st, &specs.statics, &roots);
        }
    }

    fn invariant_term(&mut self, st: &mut State, form: &Form, roots: &Roots) -> Option<Term> {
        Some(match form {
            Form::Const { var, value } => {
                let v = self.int_path(st, var, roots)?;
                smt::eq(&v, &smt::bv(*value, 64))
            }
            Form::OneOf { var, values } => {
                let v = self.int_path(st, var, roots)?;
                smt::or(
                    &values
                        .iter()
                        .map(|c| smt::eq(&v, &smt::bv(*c, 64)))
                        .collect::<Vec<_>>(),
                )
            }
            Form::Lower { var, bound } => format!(
                "(bvsge {} {})",
                self.int_path(st, var, roots)?,
                smt::bv(*bound, 64)
            ),
            Form::Upper { var, bound } => format!(
                "(bvsle {} {})",
                self.int_path(st, var, roots)?,
                smt::bv(*bound, 64)
            ),
            Form::NonZero { var } => {
                smt::not(&smt::eq(&self.int_path(st, var, roots)?, &smt::bv(0, 64)))
            }
            Form::Null { var } => smt::eq(&self.ref_path(st, var, roots)?, "0"),
            Form::NonNull { var } => smt::not(&smt::eq(&self.ref_path(st, var, roots)?, "0")),
            Form::Cmp { lhs, op, rhs } => {
                let (a, b) = (
                    self.int_path(st, lhs, roots)?,
                    self.int_path(st, rhs, roots)?,
                );
                match op {
                    CmpOp::Eq => smt::eq(&a, &b),
                    CmpOp::Ne => smt::not(&smt::eq(&a, &b)),
                    CmpOp::Lt => format!("(bvslt {a} {b})"),
                    CmpOp::Le => format!("(bvsle {a} {b})"),
                    CmpOp::Gt => format!("(bvsgt {a} {b})"),
                    CmpOp::Ge => format!("(bvsge {a} {b})"),
                }
            }
            Form::Linear { y, a, x, b } => {
                let (yv, xv) = (self.int_path(st, y, roots)?, self.int_path(st, x, roots)?);
                smt::eq(
                    &yv,
                    &format!(
                        "(bvadd (bvmul {} {xv}) {})",
                        smt::bv(*a, 64),
                        smt::bv(*b, 64)
                    ),
                )
            }
            Form::Type { var, class } => {
                let r = self.ref_path(st, var, roots)?;
                let id = self.types.id(&Type::class(class));
                format!("(or (= {r} 0) (= (dtype {r}) {id}))")
            }
            Form::NonNullElements { .. } => return None,
        })
    }

    /// A path's value and static type: `root(.field)*(.length|.length())?`, where the root
    /// is a name or a static field (`a.Config.limit`).
    fn path(&mut self, st: &mut State, path: &str, roots: &Roots) -> Option<(Term, Type)> {
        let ((root, ty), rest) = split_root(path, roots)?;
        let mut cur = (root.term.clone(), ty.erasure());
        for seg in rest.split('.').filter(|s| !s.is_empty()) {
            cur = match (seg, &cur.1) {
                ("length", Type::Array(_)) => (format!("(alen {})", cur.0), Type::Int),
                ("length()", t) if *t == Type::string() => {
                    (self.string_length(st, &cur.0), Type::Int)
                }
                (field, Type::Class { name, .. }) => {
                    let (decl, f) = self.h.find_field(name, field)?;
                    let heap = self.heap(st, &field_key(&decl.name, &f.name));
                    let sort = smt::sort(&f.ty.erasure());
                    let term =
                        self.smt
                            .define("inv", sort, format!("(select {} {})", heap.term, cur.0));
                    (term, f.ty.erasure())
                }
                _ => return None,
            };
        }
        Some(cur)
    }

    fn ref_path(&mut self, st: &mut State, path: &str, roots: &Roots) -> Option<Term> {
        let (t, ty) = self.path(st, path, roots)?;
        ty.is_reference().then_some(t)
    }

    /// An integral path as a 64-bit value (booleans as 0/1, boxes unboxed).
    fn int_path(&mut self, st: &mut State, path: &str, roots: &Roots) -> Option<Term> {
        let (t, ty) = self.path(st, path, roots)?;
        let (t, ty) = match ty.class_name().map(String::from) {
            Some(class) if box_of(&class).is_some() => {
                let prim = box_of(&class)?;
                let heap = self.heap(st, &field_key(&class, "value"));
                (format!("(select {} {t})", heap.term), prim)
            }
            _ => (t, ty),
        };
        match ty {
            Type::Boolean => Some(format!("(ite {t} {} {})", smt::bv(1, 64), smt::bv(0, 64))),
            t2 if t2.is_integral() => Some(smt::convert(&t, &t2, &Type::Long)),
            _ => None,
        }
    }
}

/// The root of `path` among `roots` and the rest of the path: its first segment, or the
/// longest root (a static field's dotted name) it starts with.
fn split_root<'r>(path: &'r str, roots: &'r Roots) -> Option<(&'r (Val, Type), &'r str)> {
    let first = path.split('.').next()?;
    if let Some(root) = roots.get(first) {
        return Some((root, &path[first.len()..]));
    }
    roots
        .iter()
        .filter(|(name, _)| {
            path.strip_prefix(name.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
        })
        .max_by_key(|(name, _)| name.len())
        .map(|(name, root)| (root, &path[name.len()..]))
}

fn box_of(class: &str) -> Option<Type> {
    Type::class(class).unboxed()
}
