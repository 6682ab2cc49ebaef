//! Assignable places: locals, static and instance fields, array elements.

use crate::kinds;
use crate::lower::{array_key, field_key, static_key, Lower};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{BinaryOp, Expr, ExprKind, Span, Type};

/// Where an assignment writes, with its subexpressions already evaluated.
pub enum Place {
    /// A local of the current frame.
    Local(u32),
    /// A static field.
    Static(String, String),
    /// An instance field of an object.
    Field {
        /// Declaring class.
        class: String,
        /// Field name.
        name: String,
        /// The object.
        obj: Term,
        /// True when the object is `this` (never null).
        this: bool,
    },
    /// An array element.
    Element {
        /// Erased element type.
        elem: Type,
        /// The array.
        arr: Term,
        /// The index.
        idx: Term,
    },
    /// A target the model does not track.
    Untracked,
}

impl<'p> Lower<'p> {
    /// Evaluates the subexpressions of an assignment target (no checks yet).
    pub fn place(&mut self, st: &mut State, target: &'p Expr, span: Span) -> Place {
        let _ = span;
        match &target.kind {
            ExprKind::Local(id) => Place::Local(*id),
            ExprKind::Field {
                target: None,
                class,
                name,
            } => Place::Static(class.clone(), name.clone()),
            ExprKind::Field {
                target: Some(t),
                class,
                name,
            } => {
                let obj = self.eval(st, t).term;
                Place::Field {
                    class: class.clone(),
                    name: name.clone(),
                    obj,
                    this: matches!(t.kind, ExprKind::This { .. }),
                }
            }
            ExprKind::ArrayAccess { array, index } => {
                let arr = self.eval(st, array).term;
                let idx = self.eval(st, index);
                let idx = self.fit(idx, &Type::Int).term;
                let elem = array.ty.element_erasure();
                Place::Element { elem, arr, idx }
            }
            _ => Place::Untracked,
        }
    }

    /// The checks a write or read of the place performs: null receiver, array bounds.
    pub fn check_place(&mut self, st: &mut State, place: &Place, span: Span) {
        match place {
            Place::Field {
                obj, this: false, ..
            } => {
                let fail = smt::eq(obj, "0");
                self.check(st, fail, &kinds::NULL_POINTER, span);
            }
            Place::Element { arr, idx, .. } => {
                let fail = smt::eq(arr, "0");
                self.check(st, fail, &kinds::NULL_POINTER, span);
                let len = self.array_length(arr);
                let out = smt::or(&[
                    self.compare_ints(BinaryOp::Lt, idx, &smt::int(0)),
                    self.compare_ints(BinaryOp::Ge, idx, &len),
                ]);
                self.check(st, out, &kinds::ARRAY_INDEX_OUT_OF_BOUNDS, span);
            }
            _ => {}
        }
    }

    /// Checks a place and then the array-store rule for a value about to be written.
    pub fn store_check(
        &mut self,
        st: &mut State,
        place: &Place,
        v: &Val,
        value_ty: &Type,
        span: Span,
    ) {
        self.check_place(st, place, span);
        if let Place::Element { elem, arr, .. } = place {
            if elem.is_reference()
                && !value_ty.is_primitive()
                && *value_ty != Type::Null
                && self.may_fail_store(elem, value_ty)
            {
                self.types.id(value_ty);
                let fail = self.refused_store(arr, &v.term);
                self.check(st, fail, &kinds::ARRAY_STORE, span);
            }
        }
    }

    /// The element checks of `System.arraycopy(src, srcPos, dest, destPos, length)`, whose
    /// arguments are `args`, valued `vals`: between reference arrays whose declared element
    /// types let the copy meet an element `dest` refuses (an `Object[]` copied into an
    /// `Integer[]`), the JVM checks each element as it copies it, after the null and range
    /// checks, and throws `ArrayStoreException` at the first it refuses. The check asks for
    /// an index of the range whose element is not null and of a class `dest`'s runtime
    /// element type does not admit. A source whose declared element type fits the
    /// destination's is not checked: a destination of a narrower runtime type than the one
    /// declared is rare, and the table of what each array admits costs every entry it is
    /// in (commons-codec copies `byte[]`s everywhere).
    pub fn copy_store_check(&mut self, st: &mut State, args: &[Expr], vals: &[Val], span: Span) {
        let ([src_arg, _, dest_arg, _, _], [src, from, dest, to, len]) = (args, vals) else {
            return;
        };
        let (Some(source), Some(target)) = (src_arg.ty.element(), dest_arg.ty.element()) else {
            return;
        };
        if source.is_primitive() || target.is_primitive() || self.h.is_subtype(source, target) {
            return;
        }
        let heap = self.heap(st, &array_key(&Type::object()));
        let k = self.smt.declare("k", "(_ BitVec 32)");
        let element = self.select_element("elt", "Int", &heap.term, &src.term, &k);
        let refused = self.refused_store(&dest.term, &element);
        let (src, from, dest, to, len) = (&src.term, &from.term, &dest.term, &to.term, &len.term);
        let fail = smt::and(&[
            smt::not(&smt::eq(src, "0")),
            smt::not(&smt::eq(dest, "0")),
            format!("(bvsge {from} {})", smt::int(0)),
            format!("(bvsge {to} {})", smt::int(0)),
            format!("(bvsle {from} (bvsub (alen {src}) {len}))"),
            format!("(bvsle {to} (bvsub (alen {dest}) {len}))"),
            format!("(bvsle {from} {k})"),
            format!("(bvslt (bvsub {k} {from}) {len})"),
            refused,
        ]);
        self.check(st, fail, &kinds::ARRAY_STORE, span);
    }

    /// Whether storing `value` into the array `arr` throws `ArrayStoreException`: it is not
    /// null and the array's runtime element type does not admit its class.
    fn refused_store(&mut self, arr: &str, value: &str) -> Term {
        let pred = self.types.store_pred();
        format!("(and (not (= {value} 0)) (not ({pred} (dtype {arr}) (dtype {value}))))")
    }

    /// A store cannot fail when the array's static element type is final and the value fits it.
    fn may_fail_store(&self, elem: &Type, value: &Type) -> bool {
        let final_elem = elem
            .class_name()
            .and_then(|n| self.h.class(n))
            .is_some_and(|c| c.modifiers.is_final);
        !(final_elem && self.h.is_subtype(value, elem))
    }

    /// Reads a place (its checks are done by [`Lower::check_place`]).
    pub fn read_place(&mut self, st: &mut State, place: &Place, ty: &Type) -> Val {
        let sort = smt::sort(&ty.erasure());
        match place {
            Place::Local(id) => st.local(*id).unwrap_or_else(|| self.fresh_value(ty, false)),
            Place::Static(c, n) => self.heap(st, &static_key(c, n)),
            Place::Field {
                class, name, obj, ..
            } => {
                let heap = self.heap(st, &field_key(class, name));
                Val {
                    term: self.select_field("fld", sort, &heap.term, obj),
                    sort,
                }
            }
            Place::Element { elem, arr, idx } => {
                self.note_forgotten_read(arr, idx);
                let heap = self.heap(st, &array_key(elem));
                let s = smt::sort(elem);
                Val {
                    term: self.select_element("elt", s, &heap.term, arr, idx),
                    sort: s,
                }
            }
            Place::Untracked => self.fresh_value(ty, false),
        }
    }

    /// Writes a value to a place.
    pub fn write_place(&mut self, st: &mut State, place: &Place, v: &Val) {
        match place {
            Place::Local(id) => st.set_local(*id, v.clone()),
            Place::Static(c, n) => {
                st.heap.insert(static_key(c, n), v.clone());
            }
            Place::Field {
                class, name, obj, ..
            } => self.store_field(st, class, name, obj, &v.term),
            Place::Element { elem, arr, idx } => {
                let key = array_key(elem);
                let heap = self.heap(st, &key);
                let term = format!(
                    "(store {} {arr} (store (select {} {arr}) {idx} {}))",
                    heap.term, heap.term, v.term
                );
                let term = self.smt.define("A", heap.sort, term);
                self.writes.element(&term, &heap.term, arr, idx, &v.term);
                st.heap.insert(
                    key,
                    Val {
                        term,
                        sort: heap.sort,
                    },
                );
            }
            Place::Untracked => {}
        }
    }
}
