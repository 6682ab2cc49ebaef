//! Expressions: exact Java arithmetic, the heap model and the checks of every crash site.

use crate::kinds;
use crate::lower::{field_key, static_key, Lower};
use crate::smt::{self, Term};
use crate::state::{self, State, Val};
use frontend::ir::{Expr, ExprKind, Literal, MethodRef, Span, Type, UnaryOp};

mod heap;
mod ops;

/// The synthetic field holding an inner-class object's enclosing instance.
pub const OUTER_FIELD: &str = "this$0";

/// First id of interned string literals (pre-state objects that are neither inputs nor
/// allocated by the method; `Class` objects lie above them, [`crate::reflect`]).
pub(crate) const LITERAL_BASE: i64 = 500_000;

/// How many leading elements of a copy from an offset the query states
/// ([`Lower::contents_from`]): what code looks at first in a field or token it cut out (a
/// quote, a sign). Eight made a query of a small CSV reader, whose loop joins the
/// substrings it cuts, take Z3 28 s instead of under one.
pub(crate) const COPY_STATED: i32 = 2;

/// The most elements an array allocation may have on a path that goes on: a larger
/// one throws `OutOfMemoryError` in the test JVM (its heap is 1 GB, `invariants::sandbox::HEAP`),
/// which is not a crash dsd reports, so a model that needs it proves nothing. 2^26
/// elements of the widest type take 512 MB. Without this bound, a crash after an
/// allocation whose size overflows (`new int[w * h]`) was solved with sizes of a billion
/// elements, and found only when a further model happened to be small.
pub(crate) const ALLOCATION_LIMIT: i32 = 1 << 26;

impl<'p> Lower<'p> {
    /// Evaluates an expression, recording the crash checks it performs.
    pub fn eval(&mut self, st: &mut State, e: &'p Expr) -> Val {
        let v = self.eval_raw(st, e);
        self.fit_known(v, &e.ty)
    }

    /// Evaluates a condition: a Boolean even when the frontend could not type it.
    pub fn eval_cond(&mut self, st: &mut State, e: &'p Expr) -> Term {
        let v = self.eval(st, e);
        self.fit(v, &Type::Boolean).term
    }

    /// The value itself when its sort is the one `ty` needs, else an unconstrained value of
    /// `ty` (a value the frontend could not type meets a typed context).
    pub fn fit(&mut self, v: Val, ty: &Type) -> Val {
        if v.sort == smt::sort(ty) {
            v
        } else {
            self.fresh_value(ty, false)
        }
    }

    /// [`Lower::fit`] when `ty` is known; the value itself otherwise.
    pub fn fit_known(&mut self, v: Val, ty: &Type) -> Val {
        if *ty == Type::Unknown {
            v
        } else {
            self.fit(v, ty)
        }
    }

    fn eval_raw(&mut self, st: &mut State, e: &'p Expr) -> Val {
        let sort = smt::sort(&e.ty);
        match &e.kind {
            ExprKind::Literal(l) => self.literal(l, &e.ty),
            ExprKind::Local(id) => match st.local(*id) {
                Some(v) => v,
                None => {
                    let v = self.fresh_value(&e.ty, false);
                    st.set_local(*id, v.clone());
                    v
                }
            },
            ExprKind::This { outer } => match (outer, self.frame().this.clone()) {
                (None, Some(t)) => Val {
                    term: t,
                    sort: "Int",
                },
                (Some(o), Some(t)) => match self.enclosing_instance(st, &t, o) {
                    Some(term) => Val { term, sort: "Int" },
                    None => self.fresh_value(&e.ty, true),
                },
                _ => self.fresh_value(&e.ty, true),
            },
            ExprKind::Field {
                target,
                class,
                name,
            } => {
                let field_ty = self.field_type(class, name).unwrap_or_else(|| e.ty.clone());
                let field = self.h.find_field(class, name).map(|(_, f)| f);
                if let (None, Some(c)) = (target, field.and_then(|f| f.constant.clone())) {
                    return self.literal(&c, &field_ty);
                }
                let platform_final = field
                    .is_some_and(|f| f.platform && f.modifiers.is_static && f.modifiers.is_final);
                if target.is_none() && platform_final {
                    let raw = self.fresh_value(&field_ty.erasure(), true);
                    return self.convert_value(st, raw, &field_ty.erasure(), &e.ty, e.span);
                }
                let raw = match target {
                    None => self.heap(st, &static_key(class, name)),
                    Some(t) => {
                        let obj = self.eval(st, t);
                        self.null_check(st, &obj.term, t, e.span);
                        let heap = self.heap(st, &field_key(class, name));
                        let s = smt::sort(&field_ty.erasure());
                        Val {
                            term: self.select_field("fld", s, &heap.term, &obj.term),
                            sort: s,
                        }
                    }
                };
                self.convert_value(st, raw, &field_ty.erasure(), &e.ty, e.span)
            }
            ExprKind::ArrayLength(a) => {
                let arr = self.eval(st, a);
                self.null_check(st, &arr.term, a, e.span);
                Val {
                    term: self.array_length(&arr.term),
                    sort,
                }
            }
            ExprKind::ArrayAccess { array, .. } => {
                let place = self.place(st, e, e.span);
                self.check_place(st, &place, e.span);
                let elem = array.ty.element_erasure();
                let raw = self.read_place(st, &place, &elem);
                self.convert_value(st, raw, &elem, &e.ty, e.span)
            }
            ExprKind::NewArray { dims, init } => {
                self.new_array(st, &e.ty, dims, init.as_deref(), e.span)
            }
            ExprKind::Call {
                receiver: Some(array),
                method,
                args,
                ..
            } if method.name == "clone" && args.is_empty() && array.ty.element().is_some() => {
                self.clone_array(st, array, e.span)
            }
            ExprKind::Call {
                receiver,
                method,
                args,
                special,
            } => {
                let v = self.call(
                    st,
                    receiver.as_deref(),
                    method,
                    args,
                    *special,
                    &e.ty,
                    e.span,
                );
                self.generic_result(st, v, method, &e.ty, e.span)
            }
            ExprKind::New {
                method,
                args,
                outer,
            } => {
                let outer = outer.as_ref().map(|o| self.eval(st, o));
                let args: Vec<Val> = args.iter().map(|a| self.eval(st, a)).collect();
                self.new_object(
                    st,
                    &method.class,
                    &method.descriptor,
                    args,
                    outer.as_ref().map(|o| &o.term),
                    e.span,
                )
            }
            ExprKind::Unary { op, operand } => {
                let v = match op {
                    UnaryOp::Not => self.eval_cond(st, operand),
                    _ => self.eval(st, operand).term,
                };
                let term = match (op, &e.ty) {
                    (UnaryOp::Not, _) => smt::not(&v),
                    (UnaryOp::Neg, Type::Float) => {
                        format!("(bvxor {v} {})", smt::bv(i32::MIN as i64, 32))
                    }
                    (UnaryOp::Neg, Type::Double) => {
                        format!("(bvxor {v} {})", smt::bv(i64::MIN, 64))
                    }
                    (UnaryOp::Neg, _) => format!("(bvneg {v})"),
                    (UnaryOp::BitNot, _) => format!("(bvnot {v})"),
                };
                Val {
                    term: self.smt.define("u", sort, term),
                    sort,
                }
            }
            ExprKind::Binary {
                op,
                lhs,
                rhs,
                op_ty,
                op_span,
            } => self.binary(st, *op, lhs, rhs, op_ty, &e.ty, *op_span),
            ExprKind::Assign {
                target,
                op,
                value,
                op_ty,
            } => self.assign(st, target, *op, value, op_ty, e.span),
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => self.inc_dec(st, target, *increment, *prefix, e.span),
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                let c = self.eval_cond(st, cond);
                let mut t = st.branch(&mut self.smt, &c);
                let mut f = st.branch(&mut self.smt, &smt::not(&c));
                let tv = self.eval(&mut t, then);
                let fv = self.eval(&mut f, otherwise);
                self.join_valued(st, vec![(t, tv), (f, fv)], sort)
            }
            ExprKind::Convert { conversion, expr } => {
                self.conversion(st, *conversion, expr, &e.ty, e.span)
            }
            ExprKind::InstanceOf {
                expr,
                target,
                binding,
            } => {
                let v = self.eval(st, expr);
                let test = self.instance_test(&v.term, target);
                if let Some(b) = binding {
                    st.set_local(*b, v);
                }
                Val {
                    term: self.smt.define("io", "Bool", test),
                    sort: "Bool",
                }
            }
            ExprKind::ClassLiteral(t) => self.class_object(t),
            ExprKind::Switch { body, result } => match self.exec_yielding(st.clone(), body) {
                Some(out) => {
                    *st = out;
                    match st.local(*result) {
                        Some(v) => v,
                        None => self.fresh_value(&e.ty, false),
                    }
                }
                None => {
                    st.reach = "false".into();
                    self.fresh_value(&e.ty, false)
                }
            },
            ExprKind::Unknown {
                parts,
                call: Some(call),
                ..
            } => self.unresolved_call(st, call, parts, &e.ty, e.span),
            ExprKind::Unknown { parts, .. } => {
                for p in parts {
                    self.eval(st, p);
                }
                self.fresh_value(&e.ty, false)
            }
        }
    }

    /// `Outer.this` seen from the inner object `this`: follows the enclosing-instance links
    /// from the current class outward until `outer` (or a subclass of it).
    fn enclosing_instance(&mut self, st: &mut State, this: &str, outer: &str) -> Option<Term> {
        let mut class = self.frame().class;
        let mut term = this.to_string();
        while !self.h.is_subclass(&class.name, outer) {
            if !class.inner {
                return None;
            }
            let heap = self.heap(st, &field_key(&class.name, OUTER_FIELD));
            term = self.select_field("outer", "Int", &heap.term, &term);
            class = self.h.class(class.outer.as_deref()?)?;
        }
        Some(term)
    }

    /// The declared type of a field.
    fn field_type(&self, class: &str, name: &str) -> Option<Type> {
        self.h.find_field(class, name).map(|(_, f)| f.ty.clone())
    }

    /// Converts a value read from a field or array (stored in its erased type) to the
    /// static type the expression has; they differ only for generics, where the
    /// compiler inserts a checked cast.
    pub fn convert_value(
        &mut self,
        st: &mut State,
        v: Val,
        stored: &Type,
        wanted: &Type,
        span: Span,
    ) -> Val {
        if stored.is_primitive() || wanted.is_primitive() || *wanted == Type::Unknown {
            return v;
        }
        if !self.h.is_subtype(stored, wanted) {
            let fail = self.cast_fails(&v.term, wanted);
            self.check(st, fail, &kinds::CLASS_CAST, span);
        }
        v
    }

    /// The result of a call to `method` as the type `ty` the call has: reproducing a
    /// `ClassCastException` ([`Lower::element_casts`]), the cast javac inserts where a
    /// generic method's result has a narrower type than its erasure (`entry.getKey()` of a
    /// `Map.Entry<TypeVariable<?>, Type>`) is a site.
    fn generic_result(
        &mut self,
        st: &mut State,
        v: Val,
        method: &MethodRef,
        ty: &Type,
        span: Span,
    ) -> Val {
        if !self.element_casts {
            return v;
        }
        match frontend::ir::descriptor_return(&method.descriptor) {
            Some(declared) if declared.is_reference() => {
                self.convert_value(st, v, &declared, ty, span)
            }
            _ => v,
        }
    }

    fn null_check(&mut self, st: &mut State, obj: &str, target: &Expr, span: Span) {
        if matches!(target.kind, ExprKind::This { .. }) {
            return;
        }
        let fail = smt::eq(obj, "0");
        self.check(st, fail, &kinds::NULL_POINTER, span);
    }

    /// When a checked cast of `o` to `target` throws: `o` is neither `null` nor an
    /// instance of `target`.
    pub fn cast_fails(&mut self, o: &str, target: &Type) -> Term {
        let test = self.instance_test(o, target);
        smt::and(&[smt::not(&smt::eq(o, "0")), smt::not(&test)])
    }

    /// `o != null && dtype(o) <: T`.
    pub fn instance_test(&mut self, o: &str, target: &Type) -> Term {
        match self.types.subtype_pred(&target.erasure()) {
            Some(pred) => format!("(and (not (= {o} 0)) ({pred} (dtype {o})))"),
            None => "false".into(),
        }
    }

    /// A literal as a value of `ty`: a number is converted as Java converts a constant
    /// (`static final byte PAD = '=';` holds the byte 61, `(int) 2654435761L` the int
    /// -1640531535), so that its term has the sort of `ty`.
    fn literal(&mut self, l: &Literal, ty: &Type) -> Val {
        let (term, own) = match l {
            Literal::Bool(b) => (b.to_string(), Type::Boolean),
            Literal::Char(c) => (smt::bv(*c as i64, 16), Type::Char),
            Literal::Int(v) => (smt::int(*v), Type::Int),
            Literal::Long(v) => (smt::bv(*v, 64), Type::Long),
            Literal::Float(bits) => (smt::float_bits(*bits), Type::Float),
            Literal::Double(bits) => (smt::double_bits(*bits), Type::Double),
            Literal::Null => ("0".into(), ty.clone()),
            Literal::String(s) => return self.string_literal(s),
        };
        let target = if ty.is_primitive() { ty } else { &own };
        Val {
            term: smt::convert(&term, &own, target),
            sort: smt::sort(target),
        }
    }

    /// True for the result of a call of a JDK method without a body in the model (typed
    /// from the JDK's class files, or native): the model does not say what it returns.
    /// A method whose result has its class's or its own type parameter's type (`E next()`
    /// of an `Iterator`, `V get(Object)` of a `Map`) gives back what the caller's code put
    /// in a container, any type a test may choose: it is not one of them.
    fn returned_by_platform(&self, e: &Expr) -> bool {
        let ExprKind::Call { method, .. } = &e.kind else {
            return false;
        };
        self.h
            .find_method(&method.class, &method.name, &method.descriptor)
            .is_some_and(|(c, m)| {
                c.library && m.body.is_none() && !matches!(m.ret, Type::Var { .. })
            })
    }

    /// Joins branches that each computed a value; the outer state becomes the join.
    pub fn join_valued(
        &mut self,
        st: &mut State,
        branches: Vec<(State, Val)>,
        sort: &'static str,
    ) -> Val {
        let live: Vec<(State, Val)> = branches.into_iter().filter(|(s, _)| !s.dead()).collect();
        let reaches: Vec<Term> = live.iter().map(|(s, _)| s.reach.clone()).collect();
        let values: Vec<Val> = live.iter().map(|(_, v)| v.clone()).collect();
        let states: Vec<State> = live.into_iter().map(|(s, _)| s).collect();
        match self.join(states) {
            Some(j) => {
                *st = j;
                let joined = state::join_values(&mut self.smt, &reaches, &values);
                self.join_allocated(&joined, &values);
                joined
            }
            None => {
                st.reach = "false".into();
                Val {
                    term: self.smt.declare("dead", sort),
                    sort,
                }
            }
        }
    }

    fn null_check_term(&mut self, st: &mut State, obj: &str, span: Span) {
        let fail = smt::eq(obj, "0");
        self.check(st, fail, &kinds::NULL_POINTER, span);
    }
}
