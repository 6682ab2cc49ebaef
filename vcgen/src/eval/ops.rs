//! Operators: exact Java arithmetic, string concatenation, conversions and assignments.

use crate::kinds;
use crate::lower::{field_key, Lower};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{BinaryOp, Conversion, Expr, Span, Type};

impl<'p> Lower<'p> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        lhs: &'p Expr,
        rhs: &'p Expr,
        op_ty: &Type,
        ty: &Type,
        op_span: Span,
    ) -> Val {
        let sort = smt::sort(ty);
        if matches!(op, BinaryOp::CondAnd | BinaryOp::CondOr) {
            let l = self.eval_cond(st, lhs);
            let (go_on, short) = if op == BinaryOp::CondAnd {
                (l.clone(), smt::not(&l))
            } else {
                (smt::not(&l), l.clone())
            };
            let mut right = st.branch(&mut self.smt, &go_on);
            let short_state = st.branch(&mut self.smt, &short);
            let r = self.eval(&mut right, rhs);
            let r = self.fit(r, &Type::Boolean);
            let short_val = Val {
                term: (op == BinaryOp::CondOr).to_string(),
                sort: "Bool",
            };
            return self.join_valued(st, vec![(right, r), (short_state, short_val)], "Bool");
        }
        let l = self.eval(st, lhs);
        let r = self.eval(st, rhs);
        let (l, r) = if op == BinaryOp::Concat {
            (l.term, r.term)
        } else if *op_ty == Type::Unknown {
            // An operand the frontend could not type takes the other operand's type.
            if lhs.ty == Type::Unknown {
                (self.fit_known(l, &rhs.ty).term, r.term)
            } else {
                (l.term, self.fit_known(r, &lhs.ty).term)
            }
        } else {
            let rty = right_operand_type(op, op_ty, &rhs.ty);
            (self.fit(l, op_ty).term, self.fit_known(r, &rty).term)
        };
        if op == BinaryOp::Concat {
            return self.concat(st, &l, &r);
        }
        if let Some(outcome) = self.decided(op, &l, &r, op_ty) {
            return Val {
                term: outcome.to_string(),
                sort,
            };
        }
        let term = self.arith(st, op, &l, &r, op_ty, &rhs.ty, op_span);
        let name = self.name_arith(("b", sort), op, &l, &r, term, op_ty);
        let rty = right_operand_type(op, op_ty, &rhs.ty);
        if let (Some(a), Some(b), Some(width)) =
            (self.range(&l, op_ty), self.range(&r, &rty), op_ty.bits())
        {
            self.record_range(&name, crate::range::binary(op, a, b, width), op_ty);
        }
        Val { term: name, sort }
    }

    /// The term of a binary operation on already evaluated, promoted operands, after
    /// the division check.
    #[allow(clippy::too_many_arguments)]
    pub fn arith(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        l: &str,
        r: &str,
        op_ty: &Type,
        rhs_ty: &Type,
        span: Span,
    ) -> Term {
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) && op_ty.is_integral() {
            let fail = smt::eq(r, &smt::bv(0, op_ty.bits().unwrap_or(32)));
            self.check(st, fail, &kinds::ARITHMETIC, span);
        }
        match smt::binary(op, l, r, op_ty, rhs_ty) {
            Some(t) => t,
            None => self.fresh_value(op_ty, false).term,
        }
    }

    /// Names the result `term` of `l op r` (with a name prefix and sort); a new quotient
    /// or remainder gets the [`smt::division_facts`] that spare Z3 bit-blasting for bounds.
    fn name_arith(
        &mut self,
        (prefix, sort): (&str, &'static str),
        op: BinaryOp,
        l: &str,
        r: &str,
        term: Term,
        op_ty: &Type,
    ) -> Term {
        let new = !smt::is_atomic(&term) && !self.smt.is_defined(&term);
        let name = self.smt.define(prefix, sort, term);
        if new && op_ty.is_integral() {
            let width = op_ty.bits().unwrap_or(32);
            if let Some(facts) = smt::division_facts(op, l, r, &name, width) {
                self.smt.assert_fact(&facts);
            }
        }
        name
    }

    /// `a + b` on strings: a new string whose length is the sum of the operands' lengths.
    /// A sum beyond `Integer.MAX_VALUE` throws `OutOfMemoryError` (not a crash dsd
    /// reports), so the path goes on only where it fits: a wrapped, small length would let
    /// the solver read past the end of a string that is in fact long.
    fn concat(&mut self, st: &mut State, l: &str, r: &str) -> Val {
        let ll = self.string_length(st, l);
        let rl = self.string_length(st, r);
        let len = self
            .smt
            .define("cl", "(_ BitVec 32)", smt::int_add(&ll, &rl));
        let fits = self.compare_ints(BinaryOp::Ge, &len, &smt::int(0));
        st.assume(&mut self.smt, &fits);
        self.new_string(st, &len)
    }

    pub(super) fn conversion(
        &mut self,
        st: &mut State,
        conversion: Conversion,
        inner: &'p Expr,
        ty: &Type,
        span: Span,
    ) -> Val {
        let v = self.eval(st, inner);
        let sort = smt::sort(ty);
        match conversion {
            // Only javac-rejected code converts between `boolean` and a number, or converts a
            // value the frontend could not type: the result is any value of the target type.
            Conversion::Primitive
                if !(inner.ty == *ty || inner.ty.is_numeric() && ty.is_numeric())
                    || v.sort != smt::sort(&inner.ty) =>
            {
                self.fresh_value(ty, false)
            }
            Conversion::Primitive => {
                let term = self
                    .smt
                    .define("cv", sort, smt::convert(&v.term, &inner.ty, ty));
                let range = self
                    .range(&v.term, &inner.ty)
                    .and_then(|r| crate::range::convert(r, &inner.ty, ty));
                if let Some(range) = range {
                    self.record_range(&term, range, ty);
                }
                Val { term, sort }
            }
            Conversion::Unchecked => v,
            // What a platform method outside the model returns has the type the JDK gives
            // it, which no test can steer: `(Calendar) date.clone()` is assumed to succeed.
            Conversion::Checked if self.returned_by_platform(inner) => {
                let test = self.instance_test(&v.term, ty);
                let holds = smt::or(&[smt::eq(&v.term, "0"), test]);
                st.assume(&mut self.smt, &holds);
                v
            }
            Conversion::Checked => {
                let fail = self.cast_fails(&v.term, ty);
                self.check(st, fail, &kinds::CLASS_CAST, span);
                v
            }
            Conversion::Unbox => {
                self.null_check(st, &v.term, inner, span);
                let class = inner
                    .ty
                    .class_name()
                    .unwrap_or("java.lang.Integer")
                    .to_string();
                let heap = self.heap(st, &field_key(&class, "value"));
                Val {
                    term: self.select_field("ub", sort, &heap.term, &v.term),
                    sort,
                }
            }
            Conversion::Box => {
                let class = ty.class_name().unwrap_or("java.lang.Integer").to_string();
                let id = self.alloc();
                let tid = self.types.id(&Type::class(&class));
                self.smt.assert(&format!("(= (dtype {id}) {tid})"));
                self.store_field(st, &class, "value", &id, &v.term);
                Val {
                    term: id,
                    sort: "Int",
                }
            }
            Conversion::ToString => {
                if inner.ty == Type::string() {
                    return v;
                }
                let len = match smt::decimal_length(&v.term, &inner.ty) {
                    Some(len) => self.smt.define("tsl", "(_ BitVec 32)", len),
                    None => {
                        let len = self.smt.declare("tsl", "(_ BitVec 32)");
                        let (least, most) =
                            smt::decimal_length_range(&inner.ty).unwrap_or((0, i32::MAX));
                        self.smt.assert(&format!(
                            "(and (bvsge {len} {}) (bvsle {len} {}))",
                            smt::int(least),
                            smt::int(most)
                        ));
                        len
                    }
                };
                self.new_string(st, &len)
            }
        }
    }

    pub(super) fn assign(
        &mut self,
        st: &mut State,
        target: &'p Expr,
        op: Option<BinaryOp>,
        value: &'p Expr,
        op_ty: &Type,
        span: Span,
    ) -> Val {
        let ty = target.ty.clone();
        let place = self.place(st, target, span);
        let new = match op {
            None => {
                let v = self.eval(st, value);
                let v = self.fit_known(v, &ty);
                self.store_check(st, &place, &v, &value.ty, span);
                v
            }
            Some(op) => {
                self.check_place(st, &place, span);
                let old = self.read_place(st, &place, &ty);
                let old_p = self.promote_for(st, old, &ty, op_ty, target, span);
                let r = self.eval(st, value);
                let r = if op == BinaryOp::Concat || *op_ty == Type::Unknown {
                    r
                } else {
                    self.fit_known(r, &right_operand_type(op, op_ty, &value.ty))
                };
                let term = if op == BinaryOp::Concat {
                    self.concat(st, &old_p.term, &r.term).term
                } else {
                    let t = self.arith(st, op, &old_p.term, &r.term, op_ty, &value.ty, span);
                    let sort = smt::sort(op_ty);
                    self.name_arith(("cb", sort), op, &old_p.term, &r.term, t, op_ty)
                };
                self.demote_for(
                    st,
                    Val {
                        term,
                        sort: smt::sort(op_ty),
                    },
                    op_ty,
                    &ty,
                )
            }
        };
        self.write_place(st, &place, &new);
        new
    }

    pub(super) fn inc_dec(
        &mut self,
        st: &mut State,
        target: &'p Expr,
        increment: bool,
        prefix: bool,
        span: Span,
    ) -> Val {
        let ty = target.ty.clone();
        let place = self.place(st, target, span);
        self.check_place(st, &place, span);
        let old = self.read_place(st, &place, &ty);
        let prim = frontend_primitive(&ty);
        let op_ty = match &prim {
            Type::Byte | Type::Short | Type::Char => Type::Int,
            t => t.clone(),
        };
        let old_p = self.promote_for(st, old.clone(), &ty, &op_ty, target, span);
        let one = match &op_ty {
            Type::Float => smt::float_bits(1f32.to_bits()),
            Type::Double => smt::double_bits(1f64.to_bits()),
            t => smt::bv(1, t.bits().unwrap_or(32)),
        };
        let op = if increment {
            BinaryOp::Add
        } else {
            BinaryOp::Sub
        };
        let t = self.arith(st, op, &old_p.term, &one, &op_ty, &op_ty, span);
        let t = self.smt.define("inc", smt::sort(&op_ty), t);
        let new = self.demote_for(
            st,
            Val {
                term: t,
                sort: smt::sort(&op_ty),
            },
            &op_ty,
            &ty,
        );
        self.write_place(st, &place, &new);
        if prefix {
            new
        } else {
            old
        }
    }

    /// Converts the old value of a compound assignment's target to the operation type.
    fn promote_for(
        &mut self,
        st: &mut State,
        v: Val,
        ty: &Type,
        op_ty: &Type,
        target: &Expr,
        span: Span,
    ) -> Val {
        if ty.is_primitive() || *op_ty == Type::string() {
            let v = self.fit_known(v, ty);
            let t = smt::convert(&v.term, ty, op_ty);
            return Val {
                term: self.smt.define("pr", smt::sort(op_ty), t),
                sort: smt::sort(op_ty),
            };
        }
        let _ = target;
        self.null_check_term(st, &v.term, span);
        let prim = frontend_primitive(ty);
        let class = ty.class_name().unwrap_or("java.lang.Integer").to_string();
        let heap = self.heap(st, &field_key(&class, "value"));
        let raw = self.select_field("ub", smt::sort(&prim), &heap.term, &v.term);
        let t = smt::convert(&raw, &prim, op_ty);
        Val {
            term: self.smt.define("pr", smt::sort(op_ty), t),
            sort: smt::sort(op_ty),
        }
    }

    /// Converts a compound result back to the target's type (narrowing, or boxing).
    fn demote_for(&mut self, st: &mut State, v: Val, op_ty: &Type, ty: &Type) -> Val {
        if ty.is_primitive() || *ty == Type::string() {
            let t = smt::convert(&v.term, op_ty, ty);
            return Val {
                term: self.smt.define("dm", smt::sort(ty), t),
                sort: smt::sort(ty),
            };
        }
        let prim = frontend_primitive(ty);
        let narrowed = smt::convert(&v.term, op_ty, &prim);
        let class = ty.class_name().unwrap_or("java.lang.Integer").to_string();
        let id = self.alloc();
        let tid = self.types.id(&Type::class(&class));
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        self.store_field(st, &class, "value", &id, &narrowed);
        Val {
            term: id,
            sort: "Int",
        }
    }
}

/// The primitive type of a primitive or box type.
fn frontend_primitive(ty: &Type) -> Type {
    if ty.is_primitive() {
        ty.clone()
    } else {
        ty.unboxed().unwrap_or(Type::Int)
    }
}

/// The type the right operand of a binary operation is promoted to: a shift promotes its
/// distance on its own (JLS 15.19), every other operation to the operation's type.
fn right_operand_type(op: BinaryOp, op_ty: &Type, rhs_ty: &Type) -> Type {
    if op.is_shift() {
        rhs_ty.clone()
    } else {
        op_ty.clone()
    }
}
