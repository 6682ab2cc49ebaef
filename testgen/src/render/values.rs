//! Values as Java expressions: literals, arrays, class literals, arguments cast to their parameters.

use super::{binary_name, local_name, Expr, Helper, Writer};
use frontend::ir::Type;
use solver::Value;

impl<'a, 'p> Writer<'a, 'p> {
    /// An expression of `v` where a value of static type `ty` is expected.
    pub fn value(&mut self, v: &Value, ty: &Type) -> Expr {
        match v {
            Value::Null | Value::Unread => {
                let t = self.access.visible(ty);
                let text = if t.is_reference() {
                    format!("({}) null", self.access.type_name(&t))
                } else {
                    "null".into()
                };
                Expr::exact(text, t)
            }
            Value::Integral { ty: t, value } => {
                let text = integral(t, *value);
                match ty {
                    p if p.is_primitive() && p != t && p.is_numeric() => {
                        Expr::exact(format!("({}) {text}", p.java_name()), p.clone())
                    }
                    _ => Expr::exact(text, t.clone()),
                }
            }
            Value::Boolean { value } => Expr::exact(value.to_string(), Type::Boolean),
            Value::Float { bits } => Expr::exact(float(*bits), Type::Float),
            Value::Double { bits } => Expr::exact(double(*bits), Type::Double),
            Value::String { units } => Expr::exact(string(units), Type::string()),
            Value::Array { ty: at, elements } => self.array(at, elements),
            Value::New {
                class,
                args,
                descriptor,
                outer,
            } => self.new_object(class, descriptor, args, outer.as_deref()),
            Value::Call {
                class,
                method,
                descriptor,
                args,
            } => self.factory(class, method, descriptor, args),
            Value::Filled { class, entries } => self.filled(class, entries),
            Value::Constant { class, name } => Expr::exact(
                format!("{}.{name}", self.access.class_name(class)),
                Type::class(class),
            ),
            Value::ClassLiteral { ty } => Expr {
                text: self.class_literal(ty),
                ty: Type::class("java.lang.Class"),
                exact: false,
            },
            Value::Boxed {
                class,
                value: inner,
            } => {
                let prim = match inner.as_ref() {
                    Value::Integral { ty, .. } => ty.clone(),
                    Value::Boolean { .. } => Type::Boolean,
                    Value::Float { .. } => Type::Float,
                    Value::Double { .. } => Type::Double,
                    _ => Type::Int,
                };
                let inner = self.value(inner, &prim);
                Expr::exact(
                    format!("{}.valueOf({})", self.access.class_name(class), inner.text),
                    Type::class(class),
                )
            }
            Value::Alias { input } => match self.shared.get(input) {
                Some(e) => e.clone(),
                None => match self.pending.get(input).cloned() {
                    Some(shared) => self.value(&shared, ty),
                    None => self.value(&Value::Null, ty),
                },
            },
            Value::Shared { slot, value } => {
                if let Some(e) = self.shared.get(slot) {
                    return e.clone();
                }
                let init = self.value(value, ty);
                let local = if self.names.contains(&init.text) {
                    init
                } else {
                    let name = local_name(value, &init.ty);
                    self.local(&name, &init.ty.clone(), &init)
                };
                self.shared.insert(*slot, local.clone());
                local
            }
            Value::Reflect { class, fields } => self.reflect(class, fields),
        }
    }

    /// `v` held in a local named after `name` (a shared value that has one keeps it), and
    /// the text of what it holds, for the inputs a finding lists.
    pub fn held(&mut self, v: &Value, ty: &Type, name: &str) -> (Expr, String) {
        if let Value::Shared { slot, value } = v {
            if !self.shared.contains_key(slot) {
                let init = self.value(value, ty);
                let local = self.local(name, &init.ty.clone(), &init);
                self.shared.insert(*slot, local.clone());
                return (local, init.text);
            }
        }
        let e = self.value(v, ty);
        if self.names.contains(&e.text) {
            let text = e.text.clone();
            return (e, text);
        }
        let local = self.local(name, &e.ty.clone(), &e);
        (local, e.text)
    }

    /// `v` as the argument of a parameter of type `param`: cast to the erased parameter
    /// type unless it already has exactly that type (`null` always is).
    pub fn argument(&mut self, v: &Value, param: &Type) -> String {
        let param = param.erasure();
        let nameable = param.is_reference() && self.access.type_nameable(&param);
        if let Value::Null | Value::Unread = v {
            return if nameable {
                format!("({}) null", self.access.type_name(&param))
            } else {
                "null".into()
            };
        }
        let e = self.value(v, &param);
        if nameable {
            self.cast_to(&e, &param)
        } else {
            e.text
        }
    }

    /// The text of `e` cast to `ty` (a nameable type) unless it already has exactly that type.
    pub(super) fn cast_to(&self, e: &Expr, ty: &Type) -> String {
        if (e.exact && e.ty == *ty) || ty.is_primitive() {
            e.text.clone()
        } else {
            format!("({}) {}", self.access.type_name(ty), e.target())
        }
    }

    /// Arguments of a call, each written for its parameter.
    pub fn arguments(&mut self, args: &[Value], params: &[Type]) -> Vec<String> {
        args.iter()
            .zip(params.iter().chain(std::iter::repeat(&Type::Unknown)))
            .map(|(a, t)| self.argument(a, t))
            .collect()
    }

    /// A class literal, or the class by binary name when the test cannot name it.
    pub fn class_literal(&mut self, ty: &Type) -> String {
        let ty = ty.erasure();
        if self.access.type_nameable(&ty) {
            return format!("{}.class", self.access.type_name(&ty));
        }
        let type_of = self.helper(Helper::Type);
        format!("{type_of}(\"{}\")", binary_name(&ty))
    }

    pub(super) fn class_literals(&mut self, types: &[Type]) -> String {
        let literals: Vec<String> = types.iter().map(|t| self.class_literal(t)).collect();
        format!("new Class<?>[] {{{}}}", literals.join(", "))
    }

    fn array(&mut self, ty: &Type, elements: &[Value]) -> Expr {
        let ty = ty.erasure();
        let elem = ty.element().cloned().unwrap_or(Type::object());
        if !self.access.type_nameable(&ty) {
            let new_array = self.helper(Helper::NewArray);
            let literal = self.class_literal(&elem);
            let items = self
                .arguments(elements, &vec![elem.clone(); elements.len()])
                .join(", ");
            let visible = self.access.visible(&ty);
            return Expr::exact(
                format!(
                    "({}) {new_array}({literal}, new Object[] {{{items}}})",
                    self.access.type_name(&visible)
                ),
                visible,
            );
        }
        let all_default = elements.iter().all(|e| match e {
            Value::Integral { value, .. } => *value == 0,
            Value::Boolean { value } => !value,
            Value::Float { bits } => *bits == 0,
            Value::Double { bits } => *bits == 0,
            Value::Null | Value::Unread => true,
            _ => false,
        });
        if elements.len() > 8 && all_default {
            let base = base_element(&ty);
            let dims = ty.java_name().matches("[]").count();
            let text = format!(
                "new {}[{}]{}",
                self.access.type_name(&base),
                elements.len(),
                "[]".repeat(dims.saturating_sub(1))
            );
            return Expr::exact(text, ty);
        }
        let items: Vec<String> = elements
            .iter()
            .map(|e| match e {
                Value::Null | Value::Unread => "null".to_string(),
                e => {
                    let v = self.value(e, &elem);
                    if elem.is_reference() && !(v.exact && self.assignable(&v.ty, &elem)) {
                        let visible = self.access.visible(&elem);
                        self.cast_to(&v, &visible)
                    } else {
                        v.text
                    }
                }
            })
            .collect();
        let text = format!(
            "new {} {{{}}}",
            self.access.type_name(&ty),
            items.join(", ")
        );
        Expr::exact(text, ty)
    }

    /// True when a value of exact type `from` can be stored where `to` is declared.
    fn assignable(&self, from: &Type, to: &Type) -> bool {
        from == to
            || *to == Type::object()
            || to.class_name().is_some_and(|c| self.is_subclass(from, c))
    }
}

pub(crate) fn integral(ty: &Type, v: i64) -> String {
    match ty {
        Type::Long => match v {
            i64::MIN => "Long.MIN_VALUE".into(),
            i64::MAX => "Long.MAX_VALUE".into(),
            v => format!("{v}L"),
        },
        Type::Int => match v as i32 {
            i32::MIN => "Integer.MIN_VALUE".into(),
            i32::MAX => "Integer.MAX_VALUE".into(),
            v => v.to_string(),
        },
        Type::Byte => format!("(byte) {v}"),
        Type::Short => format!("(short) {v}"),
        Type::Char => char_literal(v as u16),
        _ => v.to_string(),
    }
}

/// A Java char literal. Line ends need their escape sequences: javac turns `\u000a` into a
/// real line end before it reads the literal.
fn char_literal(u: u16) -> String {
    match u {
        0x27 => "'\\''".into(),
        0x5c => "'\\\\'".into(),
        0x0a => "'\\n'".into(),
        0x0d => "'\\r'".into(),
        0x20..=0x7e => format!("'{}'", u as u8 as char),
        _ => format!("'\\u{u:04x}'"),
    }
}

/// A Java expression for the `float` of `bits`: the shortest decimal that reads back as
/// the same bits (`1.5f`, `3.4e38f`), as Rust prints it; Java rounds a literal correctly,
/// so it reads the same bits.
pub(crate) fn float(bits: u32) -> String {
    let f = f32::from_bits(bits);
    if f.is_nan() {
        return "Float.NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Float.POSITIVE_INFINITY".into()
        } else {
            "Float.NEGATIVE_INFINITY".into()
        };
    }
    format!("{f:?}f")
}

/// A Java expression for the `double` of `bits`, as [`float`] writes a `float`.
pub(crate) fn double(bits: u64) -> String {
    let d = f64::from_bits(bits);
    if d.is_nan() {
        return "Double.NaN".into();
    }
    if d.is_infinite() {
        return if d > 0.0 {
            "Double.POSITIVE_INFINITY".into()
        } else {
            "Double.NEGATIVE_INFINITY".into()
        };
    }
    format!("{d:?}")
}

/// A Java string literal for UTF-16 code units.
pub fn string(units: &[u16]) -> String {
    let mut out = String::from("\"");
    for &u in units {
        match u {
            0x22 => out.push_str("\\\""),
            0x5c => out.push_str("\\\\"),
            0x0a => out.push_str("\\n"),
            0x0d => out.push_str("\\r"),
            0x09 => out.push_str("\\t"),
            0x20..=0x7e => out.push(u as u8 as char),
            _ => out.push_str(&format!("\\u{u:04x}")),
        }
    }
    out.push('"');
    out
}

fn base_element(ty: &Type) -> Type {
    match ty {
        Type::Array(e) => base_element(e),
        t => t.clone(),
    }
}
