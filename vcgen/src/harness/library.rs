//! Inputs of JDK types: lists and maps the model fills, enum constants, class literals and boxes.

use super::entries::{accessible, package_of};
use super::{dead, Builder, Make, ENUM_CONSTANTS_MAX};
use crate::lower::Lower;
use crate::plan::Plan;
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Method, Stmt, Type};

/// The class of the lists [`Lower::filled_list`] builds.
const FILLED_LIST: &str = "java.util.ArrayList";

/// The class of the maps [`Lower::filled_map`] builds.
const FILLED_MAP: &str = "java.util.HashMap";

/// The class of the property tables [`Lower::filled_properties`] builds.
const FILLED_PROPERTIES: &str = "java.util.Properties";

/// Most elements of a list input: as many as the `ArrayList` model keeps (more would be
/// any objects, which no test could match).
const FILLED_LIST_MAX: usize = 2;

/// A method of the JDK model that fills a collection input (`ArrayList.add`, `HashMap.put`).
#[derive(Clone, Copy)]
struct Filler<'p> {
    class: &'p Class,
    method: &'p Method,
    body: &'p Stmt,
}

/// The `i`th type argument of the declared type `declared` (a `List<String>` holds strings),
/// `Object` when it has none.
fn type_argument(declared: &Type, i: usize) -> Type {
    match declared {
        Type::Class { args, .. } => match args.get(i) {
            Some(t @ (Type::Class { .. } | Type::Array(_) | Type::Var { .. })) => t.erasure(),
            _ => Type::object(),
        },
        _ => Type::object(),
    }
}

impl<'p> Lower<'p> {
    /// A collection with elements, when one of the JDK model may stand where a `declared`
    /// is expected: a list for a `List`, `Collection` or `Iterable`, a map for a `Map`, a
    /// property table for a `Properties`. The parameter graph's constructors build them
    /// empty.
    pub(super) fn filled_collection(&self, declared: &Type, depth: u32) -> Option<Make<'p>> {
        let ty = declared.erasure();
        let within = |made: &str, kind: &str| {
            self.h.is_subtype(&Type::class(made), &ty) && self.h.is_subtype(&ty, &Type::class(kind))
        };
        if within(FILLED_LIST, "java.lang.Iterable") {
            let add = self.filler(FILLED_LIST, "add", "(Ljava/lang/Object;)Z")?;
            let element = self.element_type(declared, 0);
            return Some(Box::new(move |me, st, b| {
                me.filled_list(st, b, add, &element, depth)
            }));
        }
        if ty == Type::class(FILLED_PROPERTIES) {
            let set = self.filler(
                FILLED_PROPERTIES,
                "setProperty",
                "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;",
            )?;
            return Some(Box::new(move |me, st, b| {
                me.filled_properties(st, b, set, depth)
            }));
        }
        if within(FILLED_MAP, "java.util.Map") {
            let put = self.filler(
                FILLED_MAP,
                "put",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
            )?;
            let entry = (
                self.element_type(declared, 0),
                self.element_type(declared, 1),
            );
            return Some(Box::new(move |me, st, b| {
                me.filled_map(st, b, put, &entry, depth)
            }));
        }
        None
    }

    /// The type of the elements (keys, values) a filled collection of the declared type
    /// `declared` holds: its `i`th type argument, or any class when reproducing a
    /// `ClassCastException` ([`Lower::element_casts`]), since a caller that broke the type
    /// arguments (an unchecked conversion) is what the cast javac inserts where an
    /// element is read fails on.
    fn element_type(&self, declared: &Type, i: usize) -> Type {
        match self.element_casts {
            true => Type::object(),
            false => type_argument(declared, i),
        }
    }

    /// The model's method `name(descriptor)` of `class`, with its body.
    fn filler(&self, class: &str, name: &str, descriptor: &str) -> Option<Filler<'p>> {
        let (class, method) = self.h.find_method(class, name, descriptor)?;
        Some(Filler {
            class,
            method,
            body: method.body.as_ref()?,
        })
    }

    /// Runs `filler` on `object` with `args` as set-up code (its checks pass).
    fn fill(&mut self, st: &mut State, filler: Filler<'p>, object: &Term, args: Vec<Val>) {
        let this = Some(object.clone());
        let span = filler.class.span;
        self.run_as_setup(
            st,
            filler.class,
            filler.method,
            this,
            args,
            filler.body,
            span,
        );
    }

    /// A list holding one to [`FILLED_LIST_MAX`] elements of type `element`, each an input:
    /// in the formula `new ArrayList()` and one `add` per element the length symbol keeps,
    /// so that `get`, `size()` and iteration see those elements; in the test
    /// `new ArrayList(Arrays.asList(new Object[] {..}))`, which holds the same ones. A
    /// method that walks its `List<String>` parameter and parses each element crashes on
    /// a list holding `"x"`, which no constructor of the parameter graph builds.
    fn filled_list(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        add: Filler<'p>,
        element: &Type,
        depth: u32,
    ) -> (Val, Plan) {
        let span = add.class.span;
        let list = self.as_setup(|l| l.new_object(st, FILLED_LIST, "()V", Vec::new(), None, span));
        b.constructed = true;
        let len = self.count_input(b, "len", 1, FILLED_LIST_MAX as i32);
        b.inputs.push(len.clone());
        let mut plans = Vec::new();
        for i in 0..FILLED_LIST_MAX {
            let (v, p) = self.input(st, b, element, depth + 1);
            plans.push(p);
            let kept = format!("(bvslt {} {len})", smt::int(i as i32));
            let mut added = st.branch(&mut self.smt, &kept);
            let left_out = st.branch(&mut self.smt, &smt::not(&kept));
            self.fill(&mut added, add, &list.term, vec![v]);
            *st = self.join(vec![added, left_out]).unwrap_or_else(|| dead(st));
        }
        let elements = Plan::RefArray {
            ty: Type::Array(Box::new(Type::object())),
            len,
            elems: plans,
        };
        let as_list = Plan::Call {
            class: "java.util.Arrays".into(),
            method: "asList".into(),
            descriptor: "([Ljava/lang/Object;)Ljava/util/List;".into(),
            args: vec![elements],
        };
        let plan = Plan::New {
            class: FILLED_LIST.into(),
            descriptor: "(Ljava/util/Collection;)V".into(),
            args: vec![as_list],
            outer: None,
        };
        (list, plan)
    }

    /// A map holding one entry, its key and value inputs of the types `entry`: in the
    /// formula `new HashMap()` and a `put`, so that `get` finds the value under an equal
    /// key; in the test `new HashMap(Collections.singletonMap(key, value))`, which holds the
    /// same entry (`null` key or value included). `100 / counts.get("total")` crashes on
    /// a map holding `"total"` with `0`.
    fn filled_map(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        put: Filler<'p>,
        (key_ty, value_ty): &(Type, Type),
        depth: u32,
    ) -> (Val, Plan) {
        let (map, key_plan, value_plan) =
            self.one_entry(st, b, (FILLED_MAP, put), (key_ty, value_ty), depth);
        let entry = Plan::Call {
            class: "java.util.Collections".into(),
            method: "singletonMap".into(),
            descriptor: "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/Map;".into(),
            args: vec![key_plan, value_plan],
        };
        let plan = Plan::New {
            class: FILLED_MAP.into(),
            descriptor: "(Ljava/util/Map;)V".into(),
            args: vec![entry],
            outer: None,
        };
        (map, plan)
    }

    /// A property table holding one entry, its key and value input strings: in the formula
    /// `new Properties()` and a `setProperty`, in the test `filled(new Properties(), key,
    /// value)` ([`Plan::Filled`]). A method that looks up each name its caller's table
    /// holds in a table of its own fails on a name its own table lacks.
    fn filled_properties(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        set: Filler<'p>,
        depth: u32,
    ) -> (Val, Plan) {
        let string = Type::string();
        let (table, key_plan, value_plan) =
            self.one_entry(st, b, (FILLED_PROPERTIES, set), (&string, &string), depth);
        let plan = Plan::Filled {
            class: FILLED_PROPERTIES.into(),
            entries: vec![key_plan, value_plan],
        };
        (table, plan)
    }

    /// In the formula, a new map of `class` (its no-argument constructor) and one entry
    /// `put` there, its key and value inputs of the types given: the map, and the plans of
    /// the key and the value.
    fn one_entry(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        (class, put): (&str, Filler<'p>),
        (key_ty, value_ty): (&Type, &Type),
        depth: u32,
    ) -> (Val, Plan, Plan) {
        let span = put.class.span;
        let map = self.as_setup(|l| l.new_object(st, class, "()V", Vec::new(), None, span));
        b.constructed = true;
        let (key, key_plan) = self.input(st, b, key_ty, depth + 1);
        let (value, value_plan) = self.input(st, b, value_ty, depth + 1);
        self.fill(st, put, &map.term, vec![key, value]);
        (map, key_plan, value_plan)
    }

    /// The constants a test may name of an enum (none for other classes), at most
    /// [`ENUM_CONSTANTS_MAX`] of them.
    pub(super) fn enum_constants(&self, class: &str) -> Vec<String> {
        let Some(c) = self.h.class(class) else {
            return Vec::new();
        };
        let package = self
            .frames
            .first()
            .map_or("", |f| package_of(&f.class.name));
        if c.kind != frontend::ir::ClassKind::Enum || !accessible(self.h, c, false, package) {
            return Vec::new();
        }
        c.enum_constants
            .iter()
            .take(ENUM_CONSTANTS_MAX)
            .cloned()
            .collect()
    }

    /// An enum constant: the object its static field holds when the entry runs the enum's
    /// static initialiser, else one object per constant, of the enum's type.
    pub(super) fn enum_input(
        &mut self,
        st: &mut State,
        class: &str,
        constant: &str,
    ) -> (Val, Plan) {
        let v = if self.initialised.contains(class) {
            self.heap(st, &crate::lower::static_key(class, constant))
        } else {
            let key = (class.to_string(), constant.to_string());
            let term = match self.enum_objects.get(&key) {
                Some(t) => t.clone(),
                None => {
                    let id = self.alloc();
                    let test = self.instance_test(&id, &Type::class(class));
                    self.smt.assert(&test);
                    self.enum_objects.insert(key, id.clone());
                    id
                }
            };
            Val { term, sort: "Int" }
        };
        (
            v,
            Plan::Constant {
                class: class.to_string(),
                name: constant.to_string(),
            },
        )
    }

    /// The receiver of an enum's instance method: one of its constants, the choice an
    /// input symbol's.
    pub(super) fn enum_receiver(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &Class,
    ) -> (Val, Plan) {
        let options: Vec<Make<'p>> = self
            .enum_constants(&class.name)
            .into_iter()
            .map(|constant| {
                let class = class.name.clone();
                Box::new(move |me: &mut Lower<'p>, st: &mut State, _: &mut Builder| {
                    me.enum_input(st, &class, &constant)
                }) as Make<'p>
            })
            .collect();
        self.choose(st, b, Type::class(&class.name), options, false)
    }

    /// The class literals that fit a parameter of type `declared` (`Class<? extends
    /// Number>` takes `Integer.class` and `int.class`, `Class<E extends Enum<E>>` none): a
    /// caller cannot pass the others without a raw type.
    pub(super) fn class_literals_for(&self, declared: &Type) -> Vec<Type> {
        let argument = match declared {
            Type::Class { args, .. } => args.first(),
            _ => None,
        };
        class_literal_types()
            .into_iter()
            .filter(|t| {
                let named = frontend::boxed(t).map_or_else(|| t.clone(), Type::class);
                match argument {
                    None => true,
                    Some(arg @ Type::Var { bound, .. }) if arg.is_super_wildcard() => {
                        self.h.is_subtype(bound, &named)
                    }
                    Some(bound) => self.h.is_subtype(&named, bound),
                }
            })
            .collect()
    }

    pub(super) fn boxed_input(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &str,
        prim: &Type,
    ) -> (Val, Plan) {
        let id = self.object_id(b, &Type::class(class));
        let (v, p) = self.primitive_input(b, prim);
        self.store_field(st, class, "value", &id, &v.term);
        (
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Boxed {
                class: class.to_string(),
                value: Box::new(p),
            },
        )
    }
}

/// The classes a `Class` input may name, as a person testing it would pick them: a class,
/// a final class, a box, a primitive and two arrays. A project's factory of classes
/// (`ClassUtils.getClass(String)`) finds them by a name the solver would have to guess,
/// and the test fails before the entry when no class has it.
fn class_literal_types() -> Vec<Type> {
    vec![
        Type::object(),
        Type::string(),
        Type::class("java.lang.Integer"),
        Type::Int,
        Type::Array(Box::new(Type::Int)),
        Type::Array(Box::new(Type::string())),
    ]
}

/// The primitive a box class holds.
pub(super) fn box_primitive(class: &str) -> Option<Type> {
    Type::class(class).unboxed()
}
