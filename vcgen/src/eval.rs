//! Expressions: exact Java arithmetic, the heap model and the checks of every crash site.

use crate::fold;
use crate::kinds;
use crate::lower::{array_key, field_key, static_key, Lower};
use crate::reads::Shifted;
use crate::smt::{self, Term};
use crate::state::{self, State, Val};
use frontend::ir::{BinaryOp, Conversion, Expr, ExprKind, Literal, Span, Type, UnaryOp};

/// The synthetic field holding an inner-class object's enclosing instance.
pub const OUTER_FIELD: &str = "this$0";

/// First id of interned string literals (pre-state objects that are neither inputs nor
/// allocated by the method; `Class` objects lie above them, [`crate::reflect`]).
pub(crate) const LITERAL_BASE: i64 = 500_000;

/// How many leading elements of a copy from an offset the query states
/// ([`Lower::contents_from`]): what code looks at first in a field or token it cut out (a
/// quote, a sign). Eight made a query of a small CSV reader, whose loop joins the
/// substrings it cuts, take Z3 28 s instead of under one.
const COPY_STATED: i32 = 2;

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
            } => self.call(
                st,
                receiver.as_deref(),
                method,
                args,
                *special,
                &e.ty,
                e.span,
            ),
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
            let test = self.instance_test(&v.term, wanted);
            let fail = smt::and(&[smt::not(&smt::eq(&v.term, "0")), smt::not(&test)]);
            self.check(st, fail, &kinds::CLASS_CAST, span);
        }
        v
    }

    fn null_check(&mut self, st: &mut State, obj: &str, target: &Expr, span: Span) {
        if matches!(target.kind, ExprKind::This { .. }) {
            return;
        }
        let fail = smt::eq(obj, "0");
        self.check(st, fail, &kinds::NULL_POINTER, span);
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

    /// An interned string literal: a fixed object whose chars are known.
    ///
    /// Its chars are stated one by one, never as one array value (a `store` chain
    /// equated to the heap's entry): Java reads a string's chars only within its length,
    /// and Z3 reasons about each equation between arrays as a whole. On commons-lang3,
    /// `ExtendedMessageFormat.applyPattern`'s formula holds 27 literals: Z3 took 1.95 s to
    /// satisfy it with them as array equations, 0.29 s with them as chars.
    pub fn string_literal(&mut self, s: &str) -> Val {
        let units: Vec<u16> = s.encode_utf16().collect();
        let key = format!("{units:?}");
        let next = self.literals.len() as i64;
        let (id, fresh) = match self.literals.get(&key) {
            Some(id) => (*id, false),
            None => {
                let id = LITERAL_BASE + 2 * next;
                self.literals.insert(key, id);
                (id, true)
            }
        };
        if fresh {
            let arr = id + 1;
            let string_id = self.types.id(&Type::string());
            let chars_id = self.types.id(&Type::Array(Box::new(Type::Char)));
            let value_key = self
                .initial_heap(&field_key("java.lang.String", "value"))
                .term;
            let chars_key = self.initial_heap(&array_key(&Type::Char)).term;
            self.smt.assert(&format!("(= (dtype {id}) {string_id})"));
            self.smt.assert(&format!("(= (dtype {arr}) {chars_id})"));
            self.state_value(&value_key, &id.to_string(), &arr.to_string());
            let len = smt::int(units.len() as i32);
            self.smt.assert(&format!("(= (alen {arr}) {len})"));
            self.known_lengths.insert(arr.to_string(), len);
            let chars = format!("(select {chars_key} {arr})");
            for (i, u) in units.iter().enumerate() {
                self.state_value(&chars, &smt::int(i as i32), &smt::bv(*u as i64, 16));
            }
        }
        Val {
            term: id.to_string(),
            sort: "Int",
        }
    }

    /// `new T[n]...` or `new T[] {...}`. An initializer's literal elements are stated one
    /// by one about a fresh array, and only its computed elements are stored over it: Z3
    /// reads a long `store` chain as one nested term whatever the index (commons-codec's
    /// `PureJavaCrc32.update`, whose table `T` holds 2,048 literals, left 15 of its 45
    /// goals undecided at 5 s; with the literals stated, all 45 take 1.8 s), while a
    /// computed element stated on its own would tie its computation to every goal
    /// (`MurmurHash3.hash128`'s `new long[] {h1, h2}`: 26 goals undecided instead of 0).
    /// Java never reads an array beyond its length, so the fresh array's other elements
    /// are left free.
    fn new_array(
        &mut self,
        st: &mut State,
        ty: &Type,
        dims: &'p [Expr],
        init: Option<&'p [Expr]>,
        span: Span,
    ) -> Val {
        let elem = ty.element_erasure();
        if let Some(init) = init {
            let values: Vec<Val> = init.iter().map(|e| self.eval(st, e)).collect();
            let id = self.alloc();
            let tid = self.types.id(ty);
            self.smt.assert(&format!("(= (dtype {id}) {tid})"));
            let len = smt::int(values.len() as i32);
            self.smt.assert(&format!("(= (alen {id}) {len})"));
            self.known_lengths.insert(id.clone(), len);
            let fresh = self
                .smt
                .declare("C", &format!("(Array (_ BitVec 32) {})", smt::sort(&elem)));
            let mut content = fresh.clone();
            for (i, v) in values.iter().enumerate() {
                let index = smt::int(i as i32);
                if fold::is_literal(&v.term) {
                    self.state_value(&fresh, &index, &v.term);
                } else {
                    content = format!("(store {content} {index} {})", v.term);
                }
            }
            self.store_contents(st, &elem, &id, content);
            return Val {
                term: id,
                sort: "Int",
            };
        }
        let sizes: Vec<Term> = dims
            .iter()
            .map(|d| {
                let v = self.eval(st, d);
                self.fit(v, &Type::Int).term
            })
            .collect();
        for (d, e) in sizes.iter().zip(dims) {
            let fail = self.compare_ints(BinaryOp::Lt, d, &smt::int(0));
            self.check(st, fail, &kinds::NEGATIVE_ARRAY_SIZE, e.span);
            self.bounded_allocation(st, d);
        }
        let _ = span;
        let id = self.alloc();
        let tid = self.types.id(ty);
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        if let Some(first) = sizes.first() {
            self.set_length(&id, first);
        }
        let default = if sizes.len() > 1 {
            // Inner arrays of a multi-dimensional creation: one shared shape per element.
            let inner = self.alloc();
            let inner_ty = ty.element().cloned().unwrap_or(Type::Unknown);
            let itid = self.types.id(&inner_ty);
            self.smt.assert(&format!("(= (dtype {inner}) {itid})"));
            self.set_length(&inner, &sizes[1]);
            inner
        } else {
            smt::default_value(&elem)
        };
        let content = format!(
            "((as const (Array (_ BitVec 32) {})) {default})",
            smt::sort(&elem)
        );
        self.writes.fill(&content, &default);
        self.store_contents(st, &elem, &id, content);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// `a.clone()` on an array (JLS 10.7): after the null check, a new array of the same
    /// dynamic type and length holding the same elements.
    fn clone_array(&mut self, st: &mut State, array: &'p Expr, span: Span) -> Val {
        let source = self.eval(st, array);
        self.null_check(st, &source.term, array, span);
        let elem = array.ty.element_erasure();
        let id = self.alloc();
        self.smt
            .assert(&format!("(= (dtype {id}) (dtype {}))", source.term));
        let length = self.array_length(&source.term);
        self.smt.assert(&format!("(= (alen {id}) {length})"));
        if let Some(known) = self.known_lengths.get(&source.term).cloned() {
            self.known_lengths.insert(id.clone(), known);
        }
        let content = self.contents_of(st, &elem, &source.term);
        self.store_contents(st, &elem, &id, content);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// The contents of a copy of array `source` (elements of type `elem`) from index
    /// `from` on: element `i` of the copy is `source[from + i]`; past the source's end,
    /// the default value when `padded` (`Arrays.copyOfRange`), else whatever the source
    /// array holds there (a `substring` never reads past its end). A copy from index 0
    /// (`toCharArray`, `new String(chars)`, `Arrays.copyOf`) shares the source's contents
    /// as `clone()` does, past the original's end unknown rather than default. A copy from
    /// another offset is a fresh array whose reads at the copy's known address are folded
    /// to the source's elements ([`crate::reads::Shifted`]); a read through an address
    /// the lowering does not know (a substring passed on through a loop's join) sees the
    /// source's element for the first [`COPY_STATED`] indices, which the query states,
    /// and any element past them. A lambda that reads the source
    /// shifted made Z3 instantiate it over the query's array terms: on the 40 entries of
    /// commons-lang3 that had slowed down most, the solver took 1.10 to 1.31 times as
    /// long with it (three runs against one).
    pub fn contents_from(
        &mut self,
        st: &mut State,
        elem: &Type,
        source: &str,
        from: &str,
        padded: bool,
    ) -> Term {
        if fold::bv_literal(from).is_some_and(|(v, _)| v == 0) {
            return self.contents_of(st, elem, source);
        }
        let heap = self.heap(st, &array_key(elem)).term;
        let padding = padded.then(|| (self.array_length(source), smt::default_value(elem)));
        let copy = self
            .smt
            .declare("cp", &format!("(Array (_ BitVec 32) {})", smt::sort(elem)));
        self.writes.shift(
            &copy,
            Shifted {
                heap,
                array: source.into(),
                from: from.into(),
                padding,
            },
        );
        for i in 0..COPY_STATED {
            let idx = smt::int(i);
            if let Some(element) = self.writes.shifted_element(&copy, &idx) {
                self.smt
                    .assert(&format!("(= (select {copy} {idx}) {element})"));
            }
        }
        copy
    }

    /// The current contents of array object `array` (elements of type `elem`): an SMT
    /// array from index to element; a copy from an offset's own, when it is one
    /// ([`crate::reads::Writes::shifted_contents`]).
    pub(crate) fn contents_of(&mut self, st: &State, elem: &Type, array: &str) -> Term {
        let heap = self.heap(st, &array_key(elem));
        self.writes
            .shifted_contents(&heap.term, array)
            .unwrap_or_else(|| format!("(select {} {array})", heap.term))
    }

    /// Writes the whole contents of array object `id`.
    pub fn store_contents(&mut self, st: &mut State, elem: &Type, id: &str, content: Term) {
        let key = array_key(elem);
        let heap = self.heap(st, &key);
        let term = self.smt.define(
            "A",
            heap.sort,
            format!("(store {} {id} {content})", heap.term),
        );
        self.writes.contents(&term, &heap.term, id, &content);
        st.heap.insert(
            key,
            Val {
                term,
                sort: heap.sort,
            },
        );
    }

    /// Writes field `class.name` of object `obj`.
    pub fn store_field(&mut self, st: &mut State, class: &str, name: &str, obj: &str, value: &str) {
        let key = field_key(class, name);
        let heap = self.heap(st, &key);
        let term = self.smt.define(
            "F",
            heap.sort,
            format!("(store {} {obj} {value})", heap.term),
        );
        self.writes.field(&term, &heap.term, obj, value);
        st.heap.insert(
            key,
            Val {
                term,
                sort: heap.sort,
            },
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn binary(
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
                self.smt.assert(&facts);
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

    /// The length of a (non-null) string object.
    pub fn string_length(&mut self, st: &mut State, s: &str) -> Term {
        let heap = self.heap(st, &field_key("java.lang.String", "value"));
        let arr = self.select_field("sv", "Int", &heap.term, s);
        let len = self.array_length(&arr);
        self.smt.define("sl", "(_ BitVec 32)", len)
    }

    /// Assumes an allocation's `size` within [`ALLOCATION_LIMIT`] on the path that goes on.
    pub(crate) fn bounded_allocation(&mut self, st: &mut State, size: &str) {
        st.assume(
            &mut self.smt,
            &smt::int_compare(BinaryOp::Le, size, &smt::int(ALLOCATION_LIMIT)),
        );
        self.allocation_sizes.push(size.to_string());
    }

    /// Gives a new array its length. A negative size throws before the array exists and no
    /// length is negative, so the equation holds only for sizes that are not negative.
    pub(crate) fn set_length(&mut self, array: &str, size: &str) {
        if crate::fold::bv_literal(size).is_some_and(|(v, _)| v <= i32::MAX as u64) {
            self.known_lengths
                .insert(array.to_string(), size.to_string());
        }
        self.smt.assert(&format!(
            "(=> (bvsge {size} {}) (= (alen {array}) {size}))",
            smt::int(0)
        ));
    }

    /// A new string object of the given length with unknown characters.
    pub fn new_string(&mut self, st: &mut State, len: &str) -> Val {
        self.new_string_of(st, len, None)
    }

    /// A new string object of the given length whose characters are `content` (an SMT
    /// array from index to char), or unknown.
    pub fn new_string_of(&mut self, st: &mut State, len: &str, content: Option<Term>) -> Val {
        let id = self.alloc();
        let arr = self.alloc();
        let sid = self.types.id(&Type::string());
        let cid = self.types.id(&Type::Array(Box::new(Type::Char)));
        self.smt.assert(&format!("(= (dtype {id}) {sid})"));
        self.smt.assert(&format!("(= (dtype {arr}) {cid})"));
        self.set_length(&arr, len);
        if let Some(content) = content {
            self.store_contents(st, &Type::Char, &arr, content);
        }
        self.store_field(st, "java.lang.String", "value", &id, &arr);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// A new array of the runtime type of array `like` and length `len`, its elements
    /// unknown (`Arrays.copyOf`: the model says which elements it copies, not what they are).
    pub fn new_array_like(&mut self, like: &str, len: &str) -> Val {
        let id = self.alloc();
        self.smt.assert(&format!("(= (dtype {id}) (dtype {like}))"));
        self.set_length(&id, len);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// True for the result of a call of a JDK method without a body in the model (typed
    /// from the JDK's class files, or native): the model does not say what it returns.
    fn returned_by_platform(&self, e: &Expr) -> bool {
        let ExprKind::Call { method, .. } = &e.kind else {
            return false;
        };
        self.h
            .find_method(&method.class, &method.name, &method.descriptor)
            .is_some_and(|(c, m)| c.library && m.body.is_none())
    }

    fn conversion(
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
                let test = self.instance_test(&v.term, ty);
                let fail = smt::and(&[smt::not(&smt::eq(&v.term, "0")), smt::not(&test)]);
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

    fn assign(
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

    fn inc_dec(
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

    fn null_check_term(&mut self, st: &mut State, obj: &str, span: Span) {
        let fail = smt::eq(obj, "0");
        self.check(st, fail, &kinds::NULL_POINTER, span);
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
