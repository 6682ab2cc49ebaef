//! Reading a model's values back through the input plans.

use super::MAX_ELEMENTS;
use crate::cex::{FieldValue, Model, Value};
use frontend::ir::Type;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use vcgen::{Harness, Plan};
use z3::ast::{Bool, Dynamic, BV};

/// Reads symbols' values out of a model.
pub(super) struct Reader<'m> {
    model: &'m z3::Model,
    consts: HashMap<String, Dynamic>,
    /// The scalar symbols read so far: what the values read depend on.
    read: RefCell<HashSet<String>>,
}

impl<'m> Reader<'m> {
    pub(super) fn new(model: &'m z3::Model) -> Self {
        let mut consts = HashMap::new();
        for d in model.iter() {
            if d.arity() == 0 {
                consts.insert(unquote(&d.name()), d.apply(&[]));
            }
        }
        Reader {
            model,
            consts,
            read: RefCell::default(),
        }
    }

    fn get(&self, sym: &str) -> Option<Dynamic> {
        let name = unquote(sym);
        let c = self.consts.get(&name)?;
        self.read.borrow_mut().insert(name);
        self.model.eval(c, true)
    }

    pub(super) fn bits(&self, sym: &str) -> u64 {
        self.get(sym)
            .and_then(|v| v.as_bv())
            .and_then(|b| b.as_u64())
            .unwrap_or(0)
    }

    pub(super) fn int(&self, sym: &str) -> i64 {
        self.get(sym)
            .and_then(|v| v.as_int())
            .and_then(|i| i.as_i64())
            .unwrap_or(0)
    }

    pub(super) fn value(&self, plan: &Plan) -> Value {
        match plan {
            Plan::Primitive { ty, sym } => self.primitive(ty, sym),
            Plan::Null => Value::Null,
            Plan::Unread => Value::Unread,
            Plan::String { len, chars } => {
                let n = (self.bits(len) as u32 as i32 as i64).clamp(0, MAX_ELEMENTS);
                let units = (0..n).map(|i| self.element(chars, i) as u16).collect();
                Value::String { units }
            }
            Plan::Array { ty, len, elems } => {
                let n = (self.bits(len) as u32 as i32 as i64).clamp(0, MAX_ELEMENTS);
                let elem = ty.element().cloned().unwrap_or(Type::Int);
                let elements = (0..n)
                    .map(|i| self.array_element(&elem, elems, i))
                    .collect();
                Value::Array {
                    ty: ty.clone(),
                    elements,
                }
            }
            Plan::RefArray { ty, len, elems } => {
                let n = (self.bits(len) as u32 as i32 as usize).min(elems.len());
                Value::Array {
                    ty: ty.clone(),
                    elements: elems[..n].iter().map(|p| self.value(p)).collect(),
                }
            }
            Plan::Choice { sym, options } => {
                let i = self.int(sym).clamp(0, options.len() as i64 - 1) as usize;
                self.value(&options[i])
            }
            Plan::New {
                class,
                descriptor,
                args,
                outer,
            } => Value::New {
                class: class.clone(),
                descriptor: descriptor.clone(),
                args: args.iter().map(|a| self.value(a)).collect(),
                outer: outer.as_ref().map(|o| Box::new(self.value(o))),
            },
            Plan::Call {
                class,
                method,
                descriptor,
                args,
            } => Value::Call {
                class: class.clone(),
                method: method.clone(),
                descriptor: descriptor.clone(),
                args: args.iter().map(|a| self.value(a)).collect(),
            },
            Plan::Filled { class, entries } => Value::Filled {
                class: class.clone(),
                entries: entries.iter().map(|e| self.value(e)).collect(),
            },
            Plan::Constant { class, name } => Value::Constant {
                class: class.clone(),
                name: name.clone(),
            },
            Plan::ClassLiteral { ty } => Value::ClassLiteral { ty: ty.clone() },
            Plan::Boxed { class, value } => Value::Boxed {
                class: class.clone(),
                value: Box::new(self.value(value)),
            },
            Plan::Alias { input } => Value::Alias { input: *input },
            Plan::Slot { slot, of } => Value::Shared {
                slot: *slot,
                value: Box::new(self.value(of)),
            },
            Plan::Reflect { class, fields } => Value::Reflect {
                class: class.clone(),
                fields: fields.iter().map(|f| self.field(f)).collect(),
            },
        }
    }

    /// An alias may name an object the harness built in an option the model did not
    /// choose: that object is built where the first such alias stands.
    pub(super) fn build_aliased(&self, model: &mut Model, harness: &Harness) {
        let mut plans: HashMap<usize, &Plan> = HashMap::new();
        let mut todo: Vec<&Plan> = harness
            .statics
            .iter()
            .map(|f| &f.value)
            .chain(harness.receiver.iter())
            .chain(harness.fields.iter().map(|f| &f.value))
            .chain(harness.chain.iter().flat_map(|c| c.args.iter()))
            .chain(harness.args.iter())
            .collect();
        while let Some(p) = todo.pop() {
            match p {
                Plan::Slot { slot, of } => {
                    plans.insert(*slot, p);
                    todo.push(of);
                }
                Plan::Choice { options, .. } => todo.extend(options.iter()),
                Plan::RefArray { elems, .. } | Plan::Filled { entries: elems, .. } => {
                    todo.extend(elems.iter())
                }
                Plan::New { args, outer, .. } => {
                    todo.extend(args.iter());
                    todo.extend(outer.iter().map(|o| o.as_ref()));
                }
                Plan::Call { args, .. } => todo.extend(args.iter()),
                Plan::Boxed { value, .. } => todo.push(value),
                Plan::Reflect { fields, .. } => todo.extend(fields.iter().map(|f| &f.value)),
                _ => {}
            }
        }
        let mut built = std::collections::BTreeSet::new();
        let mut todo = model.values_mut();
        while let Some(v) = todo.pop() {
            if let Value::Shared { slot, .. } = v {
                built.insert(*slot);
            }
            todo.extend(v.children_mut());
        }
        let mut todo = model.values_mut();
        todo.reverse();
        while let Some(v) = todo.pop() {
            if let Value::Alias { input } = v {
                if let Some(plan) = plans.get(input).filter(|_| built.insert(*input)) {
                    *v = self.value(plan);
                }
            }
            let mut children = v.children_mut();
            children.reverse();
            todo.extend(children);
        }
    }

    pub(super) fn field(&self, f: &vcgen::FieldPlan) -> FieldValue {
        FieldValue {
            class: f.class.clone(),
            name: f.name.clone(),
            ty: f.ty.clone(),
            value: self.value(&f.value),
        }
    }

    fn primitive(&self, ty: &Type, sym: &str) -> Value {
        match ty {
            Type::Boolean => Value::Boolean {
                value: self
                    .get(sym)
                    .and_then(|v| v.as_bool())
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false),
            },
            Type::Float => Value::Float {
                bits: self.bits(sym) as u32,
            },
            Type::Double => Value::Double {
                bits: self.bits(sym),
            },
            t => Value::Integral {
                ty: t.clone(),
                value: signed(self.bits(sym), t),
            },
        }
    }

    fn select(&self, array_sym: &str, index: i64) -> Option<Dynamic> {
        let arr = self.consts.get(&unquote(array_sym))?.as_array()?;
        let v = arr.select(&BV::from_i64(index, 32));
        self.model.eval(&v, true)
    }

    fn element(&self, array_sym: &str, index: i64) -> u64 {
        self.select(array_sym, index)
            .and_then(|v| v.as_bv())
            .and_then(|b| b.as_u64())
            .unwrap_or(0)
    }

    fn array_element(&self, elem: &Type, array_sym: &str, index: i64) -> Value {
        let v = self.select(array_sym, index);
        match elem {
            Type::Boolean => Value::Boolean {
                value: v
                    .and_then(|v| v.as_bool())
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false),
            },
            Type::Float | Type::Double => {
                let bits = v
                    .and_then(|v| v.as_float())
                    .map(|f| float_bits(self.model, &f))
                    .unwrap_or(0);
                if *elem == Type::Float {
                    Value::Float { bits: bits as u32 }
                } else {
                    Value::Double { bits }
                }
            }
            t => {
                let bits = v
                    .and_then(|v| v.as_bv())
                    .and_then(|b| b.as_u64())
                    .unwrap_or(0);
                Value::Integral {
                    ty: t.clone(),
                    value: signed(bits, t),
                }
            }
        }
    }

    /// `(and (= s v) ...)` over the scalar input symbols the values read depend on, to
    /// exclude every model that would be written as the same test. An input the values do
    /// not show (the length of an array in an option not chosen, a field of an object that
    /// is `null`) is left out: blocking it too let the next model differ only there, and on
    /// commons-lang3 over a quarter of the satisfiable goals spent all nine tries on models
    /// written as the same three tests.
    pub(super) fn blocking_clause(&self, inputs: &[String]) -> Option<Bool> {
        let read = self.read.borrow();
        let mut parts = Vec::new();
        for sym in inputs
            .iter()
            .map(|s| unquote(s))
            .filter(|s| read.contains(s))
        {
            let Some(c) = self.consts.get(&sym) else {
                continue;
            };
            let Some(v) = self.model.eval(c, true) else {
                continue;
            };
            parts.push(c.safe_eq(&v).ok()?);
        }
        if parts.is_empty() {
            return None;
        }
        let refs: Vec<&Bool> = parts.iter().collect();
        Some(Bool::and(&refs))
    }
}

/// The IEEE bits of a floating-point model value.
fn float_bits(model: &z3::Model, f: &z3::ast::Float) -> u64 {
    model
        .eval(&f.to_ieee_bv(), true)
        .and_then(|b| b.as_u64())
        .unwrap_or(0)
}

/// Sign-extends a model's bits to the type's value (chars stay unsigned).
fn signed(bits: u64, ty: &Type) -> i64 {
    match ty {
        Type::Byte => bits as u8 as i8 as i64,
        Type::Short => bits as u16 as i16 as i64,
        Type::Char => bits as u16 as i64,
        Type::Int => bits as u32 as i32 as i64,
        _ => bits as i64,
    }
}

fn unquote(s: &str) -> String {
    s.trim_start_matches('|').trim_end_matches('|').to_string()
}
