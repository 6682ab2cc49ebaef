//! The names of the tests `--emit-tests` keeps in the project: the method the test calls,
//! the exception, and the inputs that show why, never a line number
//! (`shelvesFor_throwsArithmeticException_whenPerShelfIsZero`), so that a name stays when
//! lines move.
//!
//! An input shows why when its value is an edge the exception is about (zero for a
//! division, `null` for a null dereference, a negative size or index, an empty array or
//! string to index) and its name is written in the crashing statement where that edge
//! matters: a divisor after the `/` or `%`, an index or a size inside brackets or a call's
//! parentheses. Any other input is left out of the name (the comment above the test lists
//! them all), and so is every input of a crash in a method the test does not call
//! directly, whose statement names other variables.

use crate::plan::sanitize;
use solver::Value;
use vcgen::kinds::{self, Edge, Written};

/// At most this many inputs are named after `_when`.
const MAX_CONDITIONS: usize = 2;

/// The name of a kept test of `method` (`average`, `newStock`) that throws `exception`
/// (fully qualified) at `statement`, with the inputs a caller chose, by name.
pub fn test_name(
    method: &str,
    exception: &str,
    statement: &str,
    named: &[(String, Value)],
) -> String {
    let simple = exception.rsplit('.').next().unwrap_or(exception);
    let code = without_comment(statement);
    let conditions: Vec<String> = named
        .iter()
        .filter_map(|(name, value)| condition(exception, code, name, value))
        .take(MAX_CONDITIONS)
        .collect();
    let mut out = format!("{method}_throws{simple}");
    if !conditions.is_empty() {
        out.push_str("_when");
        out.push_str(&conditions.join("And"));
    }
    sanitize(&out)
}

/// The edge `value` is, if it is one.
fn edge_of(value: &Value) -> Option<Edge> {
    match value {
        Value::Null => Some(Edge::Null),
        Value::Integral { value: 0, .. } => Some(Edge::Zero),
        Value::Integral { value, .. } if *value < 0 => Some(Edge::Negative),
        Value::String { units } if units.is_empty() => Some(Edge::Empty),
        Value::Array { elements, .. } if elements.is_empty() => Some(Edge::Empty),
        Value::Boxed { value, .. } | Value::Shared { value, .. } => edge_of(value),
        _ => None,
    }
}

/// How a name says `edge`: `Zero` in `whenNIsZero`.
fn word(edge: Edge) -> &'static str {
    match edge {
        Edge::Null => "Null",
        Edge::Zero => "Zero",
        Edge::Negative => "Negative",
        Edge::Empty => "Empty",
    }
}

/// `NameIsEdge` when the input `name = value` explains `exception` at `code`.
fn condition(exception: &str, code: &str, name: &str, value: &Value) -> Option<String> {
    let edge = edge_of(value)?;
    let place = kinds::for_class(exception).explained_by(edge)?;
    let written = occurrences(code, name).any(|at| match place {
        Written::Anywhere => true,
        Written::AfterDivision => code.find(['/', '%']).is_some_and(|op| at > op),
        Written::Enclosed => depth(&code[..at]) > 0,
    });
    written.then(|| format!("{}Is{}", upper_first(name), word(edge)))
}

/// The statement without a trailing `//` or `/* */` comment.
fn without_comment(statement: &str) -> &str {
    let end = [statement.find("//"), statement.find("/*")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(statement.len());
    &statement[..end]
}

/// Where `name` is written in `code` as a whole identifier.
fn occurrences<'c>(code: &'c str, name: &'c str) -> impl Iterator<Item = usize> + 'c {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    code.match_indices(name).filter_map(move |(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        let whole = !before.is_some_and(ident) && !after.is_some_and(ident) && !name.is_empty();
        // A member of the same name (`this.used`, `other.used`) is not the input.
        (whole && before != Some('.')).then_some(at)
    })
}

/// How many brackets and parentheses are open at the end of `prefix`.
fn depth(prefix: &str) -> i32 {
    prefix.chars().fold(0, |d, c| match c {
        '(' | '[' => d + 1,
        ')' | ']' => d - 1,
        _ => d,
    })
}

fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::ir::Type;

    fn int(value: i64) -> Value {
        Value::Integral {
            ty: Type::Int,
            value,
        }
    }

    fn named(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    }

    const AE: &str = "java.lang.ArithmeticException";
    const AIOOBE: &str = "java.lang.ArrayIndexOutOfBoundsException";

    #[test]
    fn a_zero_divisor_names_the_test() {
        let inputs = named(&[("items", int(0)), ("perShelf", int(0))]);
        assert_eq!(
            test_name(
                "shelvesFor",
                AE,
                "return (items + perShelf - 1) / perShelf;",
                &inputs
            ),
            "shelvesFor_throwsArithmeticException_whenPerShelfIsZero",
            "items is no divisor"
        );
        let inputs = named(&[("a", int(0)), ("b", int(0))]);
        assert_eq!(
            test_name(
                "longDivision",
                AE,
                "return 1000L / (a - b); // expect",
                &inputs
            ),
            "longDivision_throwsArithmeticException_whenAIsZeroAndBIsZero"
        );
    }

    #[test]
    fn an_input_the_statement_does_not_use_where_it_matters_is_left_out() {
        let inputs = named(&[("items", int(-27))]);
        assert_eq!(
            test_name("add", AIOOBE, "shelves[used++] = items;", &inputs),
            "add_throwsArrayIndexOutOfBoundsException",
            "items is stored, not an index"
        );
        let inputs = named(&[("i", int(-1))]);
        assert_eq!(
            test_name("slot", AIOOBE, "return slots[i];", &inputs),
            "slot_throwsArrayIndexOutOfBoundsException_whenIIsNegative"
        );
        let inputs = named(&[("used", int(0))]);
        assert_eq!(
            test_name("average", AE, "return total / this.used;", &inputs),
            "average_throwsArithmeticException",
            "the field is not the parameter of that name"
        );
    }

    #[test]
    fn each_kind_has_its_edges() {
        let empty = Value::String { units: Vec::new() };
        assert_eq!(
            test_name(
                "aisle",
                "java.lang.StringIndexOutOfBoundsException",
                "return Character.toUpperCase(label.charAt(0));",
                &named(&[("label", empty.clone())])
            ),
            "aisle_throwsStringIndexOutOfBoundsException_whenLabelIsEmpty"
        );
        assert_eq!(
            test_name(
                "newStock",
                "java.lang.NegativeArraySizeException",
                "shelves = new int[capacity];",
                &named(&[("capacity", int(-9))])
            ),
            "newStock_throwsNegativeArraySizeException_whenCapacityIsNegative"
        );
        assert_eq!(
            test_name(
                "size",
                "java.lang.NullPointerException",
                "return names.size();",
                &named(&[("names", Value::Null), ("n", int(0))])
            ),
            "size_throwsNullPointerException_whenNamesIsNull",
            "a zero explains no null dereference"
        );
        assert_eq!(
            test_name(
                "parse",
                "java.lang.NumberFormatException",
                "return Integer.parseInt(text);",
                &named(&[("text", empty)])
            ),
            "parse_throwsNumberFormatException_whenTextIsEmpty"
        );
    }
}
