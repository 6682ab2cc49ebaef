//! Java source for values: literals, arrays, constructor calls and boxes.

use frontend::ir::Type;
use solver::Value;

/// Where a value is written: the test's package (for short class names) and the
/// expressions that name earlier inputs (for aliases).
pub struct Ctx<'a> {
    /// Package of the test class.
    pub package: &'a str,
    /// Expressions of the inputs so far (receiver first).
    pub names: &'a [String],
}

impl Ctx<'_> {
    /// A class name as the test can write it: simple in the same package and for
    /// `java.lang`, qualified otherwise; nested classes with dots.
    pub fn class(&self, binary: &str) -> String {
        let (package, rest) = binary.rsplit_once('.').unwrap_or(("", binary));
        let simple = rest.replace('$', ".");
        if package == self.package || (package == "java.lang" && !rest.contains('$')) {
            simple
        } else {
            format!("{package}.{simple}")
        }
    }

    /// A type as the test can write it.
    pub fn ty(&self, ty: &Type) -> String {
        match ty {
            Type::Array(e) => format!("{}[]", self.ty(e)),
            Type::Class { name, .. } => self.class(name),
            t => t.java_name(),
        }
    }
}

/// A Java expression that evaluates to `v`, where `ty` is the static type expected.
pub fn value(v: &Value, ty: &Type, cx: &Ctx) -> String {
    match v {
        Value::Null => match ty {
            t if t.is_reference() => format!("({}) null", cx.ty(t)),
            _ => "null".into(),
        },
        Value::Integral { ty: t, value } => integral(t, *value),
        Value::Boolean { value } => value.to_string(),
        Value::Float { bits } => float(*bits),
        Value::Double { bits } => double(*bits),
        Value::String { units } => string(units),
        Value::Array { ty: at, elements } => array(at, elements, cx),
        Value::New {
            class,
            args,
            descriptor,
            outer: None,
        } => {
            format!(
                "new {}({})",
                cx.class(class),
                arguments(args, descriptor, cx)
            )
        }
        Value::New {
            class,
            args,
            descriptor,
            outer: Some(o),
        } => {
            let simple = class.rsplit('$').next().unwrap_or(class);
            format!(
                "{}.new {simple}({})",
                value(o, &Type::Unknown, cx),
                arguments(args, descriptor, cx)
            )
        }
        Value::Call {
            class,
            method,
            descriptor,
            args,
        } => {
            format!(
                "{}.{method}({})",
                cx.class(class),
                arguments(args, descriptor, cx)
            )
        }
        Value::Boxed {
            class,
            value: inner,
        } => {
            let simple = class.rsplit('.').next().unwrap_or(class);
            let prim = match inner.as_ref() {
                Value::Integral { ty, .. } => ty.clone(),
                Value::Boolean { .. } => Type::Boolean,
                Value::Float { .. } => Type::Float,
                Value::Double { .. } => Type::Double,
                _ => Type::Int,
            };
            format!("{simple}.valueOf({})", value(inner, &prim, cx))
        }
        Value::Alias { input } => cx
            .names
            .get(*input)
            .cloned()
            .unwrap_or_else(|| "null".into()),
        Value::Reflect { class, .. } => format!("allocate({}.class)", cx.class(class)),
    }
}

/// Arguments of a call, each written for its parameter type.
pub fn arguments(args: &[Value], descriptor: &str, cx: &Ctx) -> String {
    let params = frontend::descriptor_params(descriptor);
    let rendered: Vec<String> = args
        .iter()
        .zip(params.iter().chain(std::iter::repeat(&Type::Unknown)))
        .map(|(a, t)| value(a, t, cx))
        .collect();
    rendered.join(", ")
}

fn integral(ty: &Type, v: i64) -> String {
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

fn float(bits: u32) -> String {
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
    let text = format!("{f:?}");
    if text.parse::<f32>().map(|g| g.to_bits()) == Ok(bits) && !text.contains("e") {
        format!("{text}f")
    } else {
        format!("Float.intBitsToFloat(0x{bits:08x})")
    }
}

fn double(bits: u64) -> String {
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
    let text = format!("{d:?}");
    if text.parse::<f64>().map(|g| g.to_bits()) == Ok(bits) && !text.contains("e") {
        text
    } else {
        format!("Double.longBitsToDouble(0x{bits:016x}L)")
    }
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

fn array(ty: &Type, elements: &[Value], cx: &Ctx) -> String {
    let elem = ty.element().cloned().unwrap_or(Type::Unknown);
    let all_default = elements.iter().all(|e| match e {
        Value::Integral { value, .. } => *value == 0,
        Value::Boolean { value } => !value,
        Value::Float { bits } => *bits == 0,
        Value::Double { bits } => *bits == 0,
        Value::Null => true,
        _ => false,
    });
    if elements.len() > 8 && all_default {
        let base = base_element(ty);
        let dims = ty.java_name().matches("[]").count();
        return format!(
            "new {}[{}]{}",
            cx.ty(&base),
            elements.len(),
            "[]".repeat(dims.saturating_sub(1))
        );
    }
    let items: Vec<String> = elements
        .iter()
        .map(|e| match e {
            Value::Null => "null".to_string(),
            e => value(e, &elem, cx),
        })
        .collect();
    format!("new {} {{{}}}", cx.ty(ty), items.join(", "))
}

fn base_element(ty: &Type) -> Type {
    match ty {
        Type::Array(e) => base_element(e),
        t => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_read_like_java() {
        assert_eq!(integral(&Type::Int, i32::MIN as i64), "Integer.MIN_VALUE");
        assert_eq!(integral(&Type::Long, 3), "3L");
        assert_eq!(integral(&Type::Char, 'z' as i64), "'z'");
        assert_eq!(integral(&Type::Char, 0), "'\\u0000'");
        assert_eq!(integral(&Type::Char, 10), "'\\n'");
        assert_eq!(integral(&Type::Char, 13), "'\\r'");
        assert_eq!(string(&[13, 10, 0x2028]), "\"\\r\\n\\u2028\"");
        assert_eq!(
            string(&"a\"b".encode_utf16().collect::<Vec<_>>()),
            "\"a\\\"b\""
        );
        assert_eq!(double(1.5f64.to_bits()), "1.5");
        assert_eq!(float(f32::NAN.to_bits()), "Float.NaN");
        let arr = Value::Array {
            ty: Type::Array(Box::new(Type::Int)),
            elements: vec![Value::Integral {
                ty: Type::Int,
                value: 1,
            }],
        };
        let cx = Ctx {
            package: "p",
            names: &[],
        };
        assert_eq!(
            value(&arr, &Type::Array(Box::new(Type::Int)), &cx),
            "new int[] {1}"
        );
        assert_eq!(cx.class("p.Outer$Inner"), "Outer.Inner");
        assert_eq!(cx.class("java.lang.Integer"), "Integer");
        assert_eq!(cx.class("q.Other"), "q.Other");
    }
}
