//! Java literal syntax: integers in every base with underscores, floats, chars and strings.

use crate::ir::Literal;

/// Parses an integer literal (`0x1F`, `0b101`, `017`, `1_000L`); `negated` allows
/// `2147483648` and `9223372036854775808L`, which are legal only after unary minus.
pub fn integer(text: &str, negated: bool) -> Result<Literal, String> {
    let clean: String = text.chars().filter(|c| *c != '_').collect();
    let (digits, is_long) = match clean.strip_suffix(['l', 'L']) {
        Some(d) => (d.to_string(), true),
        None => (clean.clone(), false),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(b) = lower.strip_prefix("0x") {
        (16, b.to_string())
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string())
    } else {
        (10, lower)
    };
    let value =
        u128::from_str_radix(&body, radix).map_err(|_| format!("bad integer literal `{text}`"))?;
    let width = if is_long { 64 } else { 32 };
    if radix == 10 {
        let limit = 1u128 << (width - 1);
        if value > limit || (value == limit && !negated) {
            return Err(format!("integer literal `{text}` is too large"));
        }
    } else if value >> width != 0 {
        return Err(format!("integer literal `{text}` is too large"));
    }
    Ok(if is_long {
        Literal::Long(value as u64 as i64)
    } else {
        Literal::Int(value as u32 as i32)
    })
}

/// Parses a floating literal (`1.5`, `1e3f`, `0x1p-2`, `2d`).
pub fn floating(text: &str) -> Result<Literal, String> {
    let clean: String = text.chars().filter(|c| *c != '_').collect();
    let (body, is_float) = match clean.chars().last() {
        Some('f' | 'F') => (&clean[..clean.len() - 1], true),
        Some('d' | 'D') => (&clean[..clean.len() - 1], false),
        _ => (clean.as_str(), false),
    };
    let value = if body.to_ascii_lowercase().starts_with("0x") {
        hex_float(body).ok_or_else(|| format!("bad floating literal `{text}`"))?
    } else {
        body.parse::<f64>()
            .map_err(|_| format!("bad floating literal `{text}`"))?
    };
    Ok(if is_float {
        let parsed = body.parse::<f32>().unwrap_or(value as f32);
        Literal::Float(parsed.to_bits())
    } else {
        Literal::Double(value.to_bits())
    })
}

fn hex_float(body: &str) -> Option<f64> {
    let lower = body.to_ascii_lowercase();
    let rest = lower.strip_prefix("0x")?;
    let (mantissa, exp) = rest.split_once('p')?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = 0f64;
    for c in int_part.chars() {
        value = value * 16.0 + c.to_digit(16)? as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += c.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    let e: i32 = exp.parse().ok()?;
    Some(value * 2f64.powi(e))
}

/// Decodes the escapes of a char or string literal body into UTF-16 code units.
pub fn unescape(body: &str) -> Result<Vec<u16>, String> {
    let mut out = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u16; 2];
            out.extend_from_slice(c.encode_utf16(&mut buf));
            continue;
        }
        let e = chars.next().ok_or("dangling backslash")?;
        let unit = match e {
            'n' => 0x0a,
            't' => 0x09,
            'r' => 0x0d,
            'b' => 0x08,
            'f' => 0x0c,
            's' => 0x20,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let max_len = if e <= '3' { 3 } else { 2 };
                for _ in 1..max_len {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v as u16
            }
            'u' => {
                while chars.peek() == Some(&'u') {
                    chars.next();
                }
                let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                u16::from_str_radix(&hex, 16)
                    .map_err(|_| format!("bad unicode escape `\\u{hex}`"))?
            }
            '\n' => continue,
            other => {
                let mut buf = [0u16; 2];
                out.extend_from_slice(other.encode_utf16(&mut buf));
                continue;
            }
        };
        out.push(unit);
    }
    Ok(out)
}

/// Parses a char literal including its quotes.
pub fn character(text: &str) -> Result<Literal, String> {
    let body = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .ok_or("bad char literal")?;
    let units = unescape(body)?;
    match units.as_slice() {
        [u] => Ok(Literal::Char(*u)),
        _ => Err(format!("bad char literal `{text}`")),
    }
}

/// Parses a string literal or text block including its quotes.
pub fn string(text: &str) -> Result<Literal, String> {
    let body = if let Some(b) = text
        .strip_prefix("\"\"\"")
        .and_then(|t| t.strip_suffix("\"\"\""))
    {
        text_block(b)
    } else {
        text.strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .ok_or("bad string literal")?
            .to_string()
    };
    let units = unescape(&body)?;
    Ok(Literal::String(String::from_utf16_lossy(&units)))
}

fn text_block(body: &str) -> String {
    let body = body.strip_prefix('\n').unwrap_or(
        body.trim_start_matches([' ', '\t'])
            .trim_start_matches('\n'),
    );
    let lines: Vec<&str> = body.split('\n').collect();
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| {
            if l.len() >= indent {
                l[indent..].trim_end()
            } else {
                l.trim_end()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_every_base() {
        assert_eq!(integer("0x7fff_ffff", false), Ok(Literal::Int(i32::MAX)));
        assert_eq!(integer("0xFFFFFFFF", false), Ok(Literal::Int(-1)));
        assert_eq!(integer("0b101", false), Ok(Literal::Int(5)));
        assert_eq!(integer("017", false), Ok(Literal::Int(15)));
        assert_eq!(
            integer("1_000_000_000_000L", false),
            Ok(Literal::Long(1_000_000_000_000))
        );
        assert_eq!(integer("2147483648", true), Ok(Literal::Int(i32::MIN)));
        assert!(integer("2147483648", false).is_err());
        assert_eq!(integer("0", false), Ok(Literal::Int(0)));
    }

    #[test]
    fn floats_and_chars() {
        assert_eq!(floating("1.5"), Ok(Literal::Double(1.5f64.to_bits())));
        assert_eq!(floating("2f"), Ok(Literal::Float(2f32.to_bits())));
        assert_eq!(floating("0x1p-2"), Ok(Literal::Double(0.25f64.to_bits())));
        assert_eq!(character("'a'"), Ok(Literal::Char(97)));
        assert_eq!(character("'\\n'"), Ok(Literal::Char(10)));
        assert_eq!(character("'\\u0041'"), Ok(Literal::Char(65)));
        assert_eq!(string("\"a\\tb\""), Ok(Literal::String("a\tb".into())));
    }
}
