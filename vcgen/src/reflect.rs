//! Runtime classes: `Class` objects, `getClass()`, `Class.getComponentType()`,
//! `getSuperclass()` and `isArray()`, and arrays made by `java.lang.reflect.Array` (the JDK model calls the
//! `dsd.Intrinsics` methods that [`Lower::reflection`] gives their meaning).
//!
//! The `Class` object of the type with id `t` is the fixed address `CLASS_BASE + t`, the
//! same for a class literal (`String.class`) and for `getClass()` of an object whose
//! `dtype` is `t`, so `a.getClass() == b.getClass()` compares runtime types, and
//! `Array.newInstance(a.getClass().getComponentType(), n)` makes an array of `a`'s own
//! runtime type: storing an element of another class in it throws `ArrayStoreException`
//! as the JVM's does. The tables from array types to their element types are
//! [`TypeTable::array_tables`](crate::types::TypeTable::array_tables); the table of
//! superclasses is [`TypeTable::superclass_table`](crate::types::TypeTable::superclass_table).

use crate::lower::Lower;
use crate::smt::Term;
use crate::state::{State, Val};
use frontend::ir::Type;

/// The number of type ids a formula may use.
const TYPE_IDS: i64 = 200_000;

/// The address of the `Class` object of type id 0: above the interned string literals'
/// addresses (room for 100,000 of them, two ids each).
const CLASS_BASE: i64 = crate::eval::LITERAL_BASE + 200_000;

impl<'p> Lower<'p> {
    /// The `Class` object of `t` (`String.class`): one fixed address per type.
    pub(crate) fn class_object(&mut self, t: &Type) -> Val {
        let id = self.types.id(t) as i64;
        object((CLASS_BASE + id).to_string())
    }

    /// The meaning of a reflection intrinsic of `dsd.Intrinsics`, if `name` is one.
    pub(crate) fn reflection(&mut self, st: &mut State, name: &str, args: &[Val]) -> Option<Val> {
        let val = match (name, args) {
            ("classOf", [o]) => {
                let t = format!("(dtype {})", o.term);
                self.smt
                    .assert(&format!("(and (< 0 {t}) (< {t} {TYPE_IDS}))"));
                object(format!("(+ {CLASS_BASE} {t})"))
            }
            ("componentType", [c]) => {
                self.types.use_array_tables();
                let t = type_of_class(&c.term);
                object(format!(
                    "(ite (is-array {t}) (+ {CLASS_BASE} (component {t})) 0)"
                ))
            }
            ("superclassOf", [c]) => {
                self.types.use_superclass_table();
                let s = format!("(superclass {})", type_of_class(&c.term));
                object(format!("(ite (= {s} 0) 0 (+ {CLASS_BASE} {s}))"))
            }
            ("isArrayClass", [c]) => {
                self.types.use_array_tables();
                boolean(format!("(is-array {})", type_of_class(&c.term)))
            }
            ("isArray", [o]) => {
                self.types.use_array_tables();
                boolean(format!("(is-array (dtype {}))", o.term))
            }
            ("newArrayOf", [c, length]) => self.new_array_of(st, &c.term, &length.term),
            _ => return None,
        };
        Some(val)
    }

    /// A new array of `length` elements (not negative) of the class `c`: each `null` for
    /// a class of objects (a primitive array's elements stay unknown: the contents heap
    /// is chosen by the static element type, which reflection does not give). Its runtime
    /// type is the array type of `c` when the entry meets that type; else any (a type the
    /// entry never names is no runtime type the solver can choose).
    fn new_array_of(&mut self, st: &mut State, c: &str, length: &str) -> Val {
        self.types.use_array_tables();
        let id = self.alloc();
        let array = format!("(array-of {})", type_of_class(c));
        self.smt
            .assert(&format!("(or (= {array} 0) (= (dtype {id}) {array}))"));
        self.bounded_allocation(st, length);
        self.set_length(&id, length);
        let nulls = "((as const (Array (_ BitVec 32) Int)) 0)".to_string();
        self.store_contents(st, &Type::object(), &id, nulls);
        object(id)
    }
}

/// The type id whose `Class` object is `c`.
fn type_of_class(c: &str) -> Term {
    format!("(- {c} {CLASS_BASE})")
}

fn object(term: Term) -> Val {
    Val { term, sort: "Int" }
}

fn boolean(term: Term) -> Val {
    Val { term, sort: "Bool" }
}
