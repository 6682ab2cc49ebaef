//! Building inputs: primitives, strings, arrays, objects from constructors and factories.

use super::library::box_primitive;
use super::{dead, Builder, Make, BUILD_DEPTH, CANDIDATES_MAX, OBJECT_ARRAYS_MAX, REF_ARRAY_MAX};
use crate::lower::Lower;
use crate::param_graph::{Producer, ProducerKind};
use crate::plan::{Plan, SHORT_LENGTH};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::hierarchy::OBJECT;
use frontend::ir::{Class, Method, Stmt, Type};

/// That a string of length `len` and chars `chars` has at most `most` chars, each within
/// `range`.
fn string_within(len: &str, chars: &str, most: i32, range: (char, char)) -> Vec<Term> {
    let (low, high) = (smt::bv(range.0 as i64, 16), smt::bv(range.1 as i64, 16));
    let within = (0..most).map(|i| {
        let c = format!("(select {chars} {})", smt::int(i));
        format!(
            "(or (bvsge {} {len}) (and (bvuge {c} {low}) (bvule {c} {high})))",
            smt::int(i)
        )
    });
    std::iter::once(at_most(len, most)).chain(within).collect()
}

/// The condition that the length `len` is at most `most`.
fn at_most(len: &str, most: i32) -> Term {
    format!("(bvsle {len} {})", smt::int(most))
}

/// Longest input string `pref!printable` asks for.
const PRINTABLE_LENGTH: i32 = 16;

impl<'p> Lower<'p> {
    /// Declares the preference `name`, which holds when `holds` does; returns its name.
    pub(super) fn preference(&mut self, name: &str, holds: &str) -> Term {
        let p = self.smt.declare_named(name, "Bool");
        self.smt.assert(&format!("(= {p} {holds})"));
        p
    }

    /// Builds one input of type `ty`, returning its value and plan.
    pub(super) fn input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        ty: &Type,
        depth: u32,
    ) -> (Val, Plan) {
        let declared = ty;
        let ty = ty.erasure();
        if ty.is_primitive() {
            return self.primitive_input(b, &ty);
        }
        let mut options: Vec<Make<'p>> = Vec::new();
        options.push(Box::new(|_, _, _| (Val::null(), Plan::Null)));
        for (i, (t, term)) in b.built.iter().enumerate() {
            if self.h.is_subtype(t, &ty)
                && matches!(t, Type::Class { .. })
                && t.class_name()
                    .is_some_and(|n| self.h.class(n).is_some_and(|c| !c.library))
            {
                let term = term.clone();
                options.push(Box::new(move |_, _, _| {
                    (Val { term, sort: "Int" }, Plan::Alias { input: i })
                }));
            }
        }
        for candidate in self.candidates(declared, depth) {
            options.push(candidate);
        }
        if options.len() == 1 {
            return (Val::null(), Plan::Null);
        }
        self.choose(st, b, ty, options, true)
    }

    /// One of `options` (objects of type `ty`), the choice of a new input symbol; with
    /// `first_is_null`, option 0 is `null` and the solver prefers the others.
    pub(super) fn choose(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        ty: Type,
        options: Vec<Make<'p>>,
        first_is_null: bool,
    ) -> (Val, Plan) {
        let n = options.len();
        let sym = self.sym(b, "ch", "Int");
        self.smt
            .assert(&format!("(and (>= {sym} 0) (< {sym} {n}))"));
        if first_is_null {
            b.nonnull.push(format!("(not (= {sym} 0))"));
        }
        b.inputs.push(sym.clone());
        let mut branches = Vec::new();
        let mut plans = Vec::new();
        for (i, make) in options.into_iter().enumerate() {
            let mut s = st.branch(&mut self.smt, &format!("(= {sym} {i})"));
            let (v, p) = make(self, &mut s, b);
            branches.push((s, v));
            plans.push(p);
        }
        let v = self.join_valued(st, branches, "Int");
        b.share(
            ty,
            v,
            Plan::Choice {
                sym,
                options: plans,
            },
        )
    }

    /// A new 32-bit input symbol named with `prefix` for a count from `low` to `high`: an
    /// array's length, a list's size, how many times a call is made again.
    pub(super) fn count_input(
        &mut self,
        b: &mut Builder,
        prefix: &str,
        low: i32,
        high: i32,
    ) -> Term {
        let count = self.sym(b, prefix, "(_ BitVec 32)");
        self.smt.assert(&format!(
            "(and (bvsge {count} {}) (bvsle {count} {}))",
            smt::int(low),
            smt::int(high)
        ));
        count
    }

    pub(super) fn sym(&mut self, b: &mut Builder, prefix: &str, sort: &str) -> String {
        b.next_sym += 1;
        self.smt
            .declare_named(&format!("in!{prefix}{}", b.next_sym), sort)
    }

    pub(super) fn primitive_input(&mut self, b: &mut Builder, ty: &Type) -> (Val, Plan) {
        let (sym, value) = match ty {
            Type::Float => {
                let s = self.sym(b, "f", "(_ BitVec 32)");
                let v = smt::fp(&s, &Type::Float);
                b.small.push(vec![format!(
                    "(and (fp.isNormal {v}) (fp.leq (fp.abs {v}) {}))",
                    smt::fp(&smt::float_bits(1000f32.to_bits()), &Type::Float)
                )]);
                (s.clone(), s)
            }
            Type::Double => {
                let s = self.sym(b, "d", "(_ BitVec 64)");
                let v = smt::fp(&s, &Type::Double);
                b.small.push(vec![format!(
                    "(or (fp.isZero {v}) (and (fp.isNormal {v}) (fp.leq (fp.abs {v}) {})))",
                    smt::fp(&smt::double_bits(1000f64.to_bits()), &Type::Double)
                )]);
                (s.clone(), s)
            }
            Type::Boolean => {
                let s = self.sym(b, "z", "Bool");
                (s.clone(), s)
            }
            t => {
                let s = self.sym(b, "x", smt::sort(t));
                b.small
                    .extend(small_integral(&s, t).map(|small| vec![small]));
                (s.clone(), s)
            }
        };
        b.inputs.push(sym.clone());
        let sort = smt::sort(ty);
        let value = self.smt.define("inv", sort, value);
        (
            Val { term: value, sort },
            Plan::Primitive {
                ty: ty.clone(),
                sym,
            },
        )
    }

    /// The non-null ways to build a value of the reference type `declared`.
    fn candidates(&mut self, declared: &Type, depth: u32) -> Vec<Make<'p>> {
        let ty = &declared.erasure();
        let mut out: Vec<Make<'p>> = Vec::new();
        match ty {
            Type::Array(e) => {
                let ty = ty.clone();
                if e.is_primitive() {
                    out.push(Box::new(move |me, st, b| me.array_input(st, b, &ty)));
                } else if depth < BUILD_DEPTH {
                    for t in self.covariant_arrays(&ty) {
                        out.push(Box::new(move |me, st, b| {
                            me.ref_array_input(st, b, &t, depth)
                        }));
                    }
                }
                return out;
            }
            Type::Class { name, .. } => {
                if name == "java.lang.String"
                    || name == "java.lang.CharSequence"
                    || name == "java.lang.Comparable"
                {
                    out.push(Box::new(|me, st, b| me.string_input(st, b)));
                }
                if name == "java.lang.Class" {
                    for t in self.class_literals_for(declared) {
                        out.push(Box::new(move |me, _, _| {
                            (me.class_object(&t), Plan::ClassLiteral { ty: t })
                        }));
                    }
                    return out;
                }
                if let Some(prim) = box_primitive(name) {
                    let class = name.clone();
                    out.push(Box::new(move |me, st, b| {
                        me.boxed_input(st, b, &class, &prim)
                    }));
                    return out;
                }
                if name == "java.lang.Object"
                    || name == "java.lang.Number"
                    || name == "java.lang.Comparable"
                {
                    out.push(Box::new(|me, st, b| {
                        me.boxed_input(st, b, "java.lang.Integer", &Type::Int)
                    }));
                }
                if name == "java.lang.Object" {
                    out.push(Box::new(|me, st, b| me.string_input(st, b)));
                    // Arrays only for the entry's own parameters: an array inside an array
                    // (or a constructor argument) multiplies the inputs past what the
                    // solver can take (commons-lang3's `ArrayUtils.add(T[], T)`).
                    let arrays = if depth == 0 { OBJECT_ARRAYS_MAX } else { 0 };
                    for t in self.cast_targets.clone().into_iter().take(arrays) {
                        out.push(Box::new(move |me, st, b| {
                            if t.element().is_some_and(|e| e.is_primitive()) {
                                me.array_input(st, b, &t)
                            } else {
                                me.ref_array_input(st, b, &t, depth)
                            }
                        }));
                    }
                }
                for constant in self.enum_constants(name) {
                    let class = name.clone();
                    out.push(Box::new(move |me, st, _| {
                        me.enum_input(st, &class, &constant)
                    }));
                }
                if depth >= BUILD_DEPTH {
                    return out;
                }
                // A plain `new Object()` is offered for every `Object`, however many classes
                // rank before it: the one object whose class extends none, declares nothing
                // and implements no interface (what a caller passes as a key or a lock).
                let producers = self.graph.producers(self.h, ty);
                let plain = producers
                    .iter()
                    .position(|p| name == OBJECT && p.class.name == OBJECT);
                for (i, producer) in producers.into_iter().enumerate() {
                    if i < CANDIDATES_MAX || Some(i) == plain {
                        out.push(Box::new(move |me, st, b| {
                            me.produce(st, b, producer, depth)
                        }));
                    }
                }
                out.extend(self.filled_collection(declared, depth));
            }
            _ => {}
        }
        out
    }

    /// An input for each parameter of `m` (of `class`), at the given construction depth:
    /// `null` for a reference its body never reads, unless invariants observed for `m` say
    /// what its callers pass.
    fn inputs(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &Class,
        m: &Method,
        depth: u32,
    ) -> (Vec<Val>, Vec<Plan>) {
        self.inputs_given(st, b, (class, m), depth, None)
    }

    /// [`Lower::inputs`], but the parameter at the position `given` names takes the value
    /// already built for it (an argument prepared by calls).
    pub(super) fn inputs_given(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        method: (&Class, &Method),
        depth: u32,
        mut given: Option<(usize, (Val, Plan))>,
    ) -> (Vec<Val>, Vec<Plan>) {
        let (class, m) = method;
        let observed = self
            .specs
            .is_some_and(|s| s.method(&class.name, &m.name, &m.descriptor).is_some());
        let unread = crate::unread::unread_params(m);
        m.params()
            .iter()
            .zip(unread)
            .enumerate()
            .map(|(i, (p, unread))| {
                if let Some((_, built)) = given.take_if(|(at, _)| *at == i) {
                    built
                } else if unread && !observed && !p.ty.is_primitive() {
                    (Val::null(), Plan::Unread)
                } else {
                    self.input(st, b, &p.ty, depth)
                }
            })
            .unzip()
    }

    /// `new C(args)` (or `outer.new C(args)`) with an input per constructor parameter.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn construct_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &'p Class,
        ctor: &'p Method,
        outer: Option<(Val, Plan)>,
        depth: u32,
        span: frontend::ir::Span,
    ) -> (Val, Plan) {
        let (vals, plans) = self.inputs(st, b, class, ctor, depth + 1);
        // The receiver's constructor: the one call a client makes to have the object the
        // entry runs on (an argument's producers are left out: their preconditions in every
        // input's choice made each formula larger for a note or two).
        if depth == 0 {
            self.name_set_up_contract(st, class, ctor, &vals);
        }
        let outer_term = outer.as_ref().map(|(o, _)| &o.term);
        let v = self
            .as_setup(|l| l.new_object(st, &class.name, &ctor.descriptor, vals, outer_term, span));
        b.constructed = true;
        let plan = Plan::New {
            class: class.name.clone(),
            descriptor: ctor.descriptor.clone(),
            args: plans,
            outer: outer.map(|(_, p)| Box::new(p)),
        };
        (v, plan)
    }

    /// Runs `build` as set-up code: a call that builds an input or prepares the receiver
    /// must complete normally, for a test that crashes there shows nothing about the
    /// entry. Its own crashes belong to its own entry (a public constructor, factory or
    /// method is one); a crash of the JDK model there (`new ArrayList(-1)` for a
    /// `Collection` parameter) belongs to no one.
    pub(crate) fn as_setup<T>(&mut self, build: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.setup, true);
        let built = build(self);
        self.setup = outer;
        built
    }

    /// The receiver of an entry of an anonymous class or a lambda: what `factory` (a
    /// static method of `factory_class`) returns, on the paths where that is an object of
    /// `class`; the test keeps it as the factory's result type.
    pub(super) fn made_receiver(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &'p Class,
        factory_class: &'p Class,
        factory: &'p Method,
    ) -> (Val, Plan) {
        let producer = Producer {
            class: factory_class,
            method: factory,
            kind: ProducerKind::Factory,
        };
        let (v, plan) = self.produce(st, b, producer, 0);
        let id = self.types.id(&Type::class(&class.name));
        let made = format!("(= (dtype {}) {id})", v.term);
        st.assume(&mut self.smt, &made);
        b.share(factory.ret.erasure(), v, plan)
    }

    /// Builds a value with a constructor or a static factory of the parameter graph.
    fn produce(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        producer: Producer<'p>,
        depth: u32,
    ) -> (Val, Plan) {
        let (class, m) = (producer.class, producer.method);
        match producer.kind {
            ProducerKind::Constructor => {
                self.construct_input(st, b, class, m, None, depth, class.span)
            }
            ProducerKind::Factory => {
                let (vals, plans) = self.inputs(st, b, class, m, depth + 1);
                b.constructed = true;
                let value = match &m.body {
                    Some(body) => self
                        .run_as_setup(st, class, m, None, vals, body, m.span)
                        .unwrap_or_else(Val::null),
                    None => self.fresh_value(&m.ret, false),
                };
                // A factory is a way to make an object: `null` is an input of its own, and a
                // lookup that found nothing (`FieldUtils.getField` of a name no class has)
                // passes a null on rather than making anything.
                let made = smt::not(&smt::eq(&value.term, "0"));
                st.reach = smt::and(&[st.reach.clone(), made]);
                let plan = Plan::Call {
                    class: class.name.clone(),
                    method: m.name.clone(),
                    descriptor: m.descriptor.clone(),
                    args: plans,
                };
                (value, plan)
            }
        }
    }

    /// Runtime types for an array of references: the declared type, then narrower
    /// array types the project mentions (a `String[]` passed as `Object[]`).
    fn covariant_arrays(&self, ty: &Type) -> Vec<Type> {
        let mut out = vec![ty.clone()];
        let mut extra: Vec<Type> = self.cast_targets.clone();
        extra.push(Type::Array(Box::new(Type::string())));
        extra.push(Type::Array(Box::new(Type::class("java.lang.Integer"))));
        for t in extra {
            if !out.contains(&t) && self.h.is_subtype(&t, ty) && out.len() < 3 {
                out.push(t);
            }
        }
        out
    }

    pub(super) fn object_id(&mut self, b: &mut Builder, ty: &Type) -> Term {
        b.next_input += 1;
        let id = b.next_input.to_string();
        let tid = self.types.id(ty);
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        id
    }

    /// A new input symbol for the length of the array object `array`, at most `max`.
    fn input_length(&mut self, b: &mut Builder, array: &str, max: i32) -> Term {
        let len = self.count_input(b, "len", 0, max);
        self.smt.assert(&format!("(= (alen {array}) {len})"));
        len
    }

    fn string_input(&mut self, st: &mut State, b: &mut Builder) -> (Val, Plan) {
        let id = self.object_id(b, &Type::string());
        let arr = self.object_id(b, &Type::Array(Box::new(Type::Char)));
        let len = self.input_length(b, &arr, crate::plan::INPUT_LENGTH_MAX);
        let chars = self.sym(b, "chars", "(Array (_ BitVec 32) (_ BitVec 16))");
        b.small
            .push(string_within(&len, &chars, SHORT_LENGTH, ('a', 'z')));
        b.lengths.push(len.clone());
        b.printable
            .extend(string_within(&len, &chars, PRINTABLE_LENGTH, (' ', '~')));
        b.inputs.push(len.clone());
        self.store_field(st, "java.lang.String", "value", &id, &arr);
        self.store_contents(st, &Type::Char, &arr, chars.clone());
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::String { len, chars },
        )
    }

    fn array_input(&mut self, st: &mut State, b: &mut Builder, ty: &Type) -> (Val, Plan) {
        let id = self.object_id(b, ty);
        let elem = ty.element().cloned().unwrap_or(Type::Int);
        let len = self.input_length(b, &id, crate::plan::INPUT_LENGTH_MAX);
        let elems = self.sym(
            b,
            "elems",
            &format!("(Array (_ BitVec 32) {})", smt::sort(&elem)),
        );
        let mut small = vec![at_most(&len, SHORT_LENGTH)];
        b.lengths.push(len.clone());
        for i in 0..SHORT_LENGTH {
            let element = format!("(select {elems} {})", smt::int(i));
            if let Some(element) = small_integral(&element, &elem) {
                small.push(format!("(or (bvsge {} {len}) {element})", smt::int(i)));
            }
        }
        b.small.push(small);
        b.inputs.push(len.clone());
        self.store_contents(st, &elem, &id, elems.clone());
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Array {
                ty: ty.clone(),
                len,
                elems,
            },
        )
    }

    fn ref_array_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        ty: &Type,
        depth: u32,
    ) -> (Val, Plan) {
        let id = self.object_id(b, ty);
        let elem = ty.element().cloned().unwrap_or(Type::object());
        let len = self.input_length(b, &id, REF_ARRAY_MAX as i32);
        b.inputs.push(len.clone());
        let mut content = "((as const (Array (_ BitVec 32) Int)) 0)".to_string();
        let mut plans = Vec::new();
        for i in 0..REF_ARRAY_MAX {
            let (v, p) = self.input(st, b, &elem, depth + 1);
            content = format!("(store {content} {} {})", smt::int(i as i32), v.term);
            plans.push(p);
        }
        self.store_contents(st, &elem, &id, content);
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::RefArray {
                ty: ty.clone(),
                len,
                elems: plans,
            },
        )
    }

    /// Runs `body`, the code of `m`, on `this` with `args` as set-up code (a factory that
    /// builds an input, a call made first, a collection filled): a path on which it throws
    /// leaves the formula, so only inputs whose set-up completes are witnesses. Returns its
    /// result.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_as_setup(
        &mut self,
        st: &mut State,
        class: &'p Class,
        m: &'p Method,
        this: Option<Term>,
        args: Vec<Val>,
        body: &'p Stmt,
        span: frontend::ir::Span,
    ) -> Option<Val> {
        let (out, value) =
            self.as_setup(|l| l.inline(st.clone(), class, m, this, args, body, span));
        *st = out.unwrap_or_else(|| dead(st));
        value
    }
}

/// The preferred range of an integral input `value` of type `ty`: a printable ASCII char,
/// or a number from -100 to 100; `None` for other types. A model of unconstrained chars
/// picks any of 65,536, and the JDK's own checks (`Character.digit` beyond ASCII) then
/// reject the input before the crash it was solved for.
fn small_integral(value: &str, ty: &Type) -> Option<Term> {
    match ty {
        Type::Char => Some(format!(
            "(and (bvuge {value} {}) (bvule {value} {}))",
            smt::bv(32, 16),
            smt::bv(126, 16)
        )),
        Type::Byte | Type::Short | Type::Int | Type::Long => {
            let w = ty.bits().unwrap_or(32);
            Some(format!(
                "(and (bvsge {value} {}) (bvsle {value} {}))",
                smt::bv(-100, w),
                smt::bv(100, w)
            ))
        }
        _ => None,
    }
}
