//! Suppressions written in the source, the way Java developers silence other checkers:
//! `@SuppressWarnings("dsd")` or `@SuppressWarnings("dsd:ArithmeticException")` on a class,
//! method, constructor, field or local variable covers the whole declaration (nested
//! classes and lambdas included); a comment `// dsd:ignore` or
//! `// dsd:ignore[ArithmeticException, NullPointerException]` covers its own line.

use crate::ir::Suppression;
use crate::syntax::Source;
use tree_sitter::Node;

/// The value of `@SuppressWarnings` that covers every crash kind; `dsd:Kind` covers one.
const TOOL: &str = "dsd";

/// The word that starts a suppressing comment.
const IGNORE: &str = "dsd:ignore";

/// Where a file is: as it can be opened, and below its source root.
pub struct Place<'a> {
    /// The path as it can be opened from where dsd ran.
    pub file: &'a str,
    /// The path below the source root.
    pub rel: &'a str,
}

/// The suppressions written in the file `src` at `place`, whose syntax tree is `root`, in
/// source order.
pub fn suppressions(src: &Source, root: Node, place: &Place) -> Vec<Suppression> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        match node.kind() {
            "line_comment" | "block_comment" => out.extend(comment(src, node, place)),
            "annotation" => out.extend(annotation(src, node, place)),
            _ => {}
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The suppression a comment holds: `dsd:ignore` as its first word, then optionally the
/// kinds in brackets.
fn comment(src: &Source, node: Node, place: &Place) -> Option<Suppression> {
    let text = src.text(node);
    let body = text
        .strip_prefix("//")
        .or_else(|| text.strip_prefix("/*").map(|t| t.trim_end_matches("*/")))?
        .trim();
    let rest = body.strip_prefix(IGNORE)?;
    let kinds = if let Some(list) = rest.strip_prefix('[') {
        let list = &list[..list.find(']')?];
        list.split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(String::from)
            .collect()
    } else if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        Vec::new()
    } else {
        return None;
    };
    let line = src.span(node).line;
    Some(Suppression {
        file: place.file.to_string(),
        rel: place.rel.to_string(),
        line,
        lines: (line, line),
        kinds,
        text: text.trim().to_string(),
    })
}

/// The suppression of a `@SuppressWarnings` annotation with `dsd` values, covering the
/// declaration it annotates.
fn annotation(src: &Source, node: Node, place: &Place) -> Option<Suppression> {
    let name = src.text(node.child_by_field_name("name")?);
    if name != "SuppressWarnings" && name != "java.lang.SuppressWarnings" {
        return None;
    }
    let mut values = Vec::new();
    let mut stack = vec![node.child_by_field_name("arguments")?];
    while let Some(n) = stack.pop() {
        if n.kind() == "string_literal" {
            values.push(src.text(n).trim_matches('"').to_string());
            continue;
        }
        let mut cursor = n.walk();
        stack.extend(n.children(&mut cursor));
    }
    let every_kind = values.iter().any(|v| v == TOOL);
    let kinds: Vec<String> = if every_kind {
        Vec::new()
    } else {
        values
            .iter()
            .filter_map(|v| v.strip_prefix(TOOL)?.strip_prefix(':'))
            .map(String::from)
            .collect()
    };
    if !every_kind && kinds.is_empty() {
        return None;
    }
    let declaration = node
        .parent()
        .filter(|p| p.kind() == "modifiers")
        .and_then(|m| m.parent())?;
    let covered = src.span(declaration);
    Some(Suppression {
        file: place.file.to_string(),
        rel: place.rel.to_string(),
        line: src.span(node).line,
        lines: (covered.line, covered.end_line),
        kinds,
        text: src.text(node).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use crate::parse_sources;

    /// `line (first-last) kinds: text` of each suppression of a one-file project.
    fn suppressions(java: &str) -> Vec<String> {
        let (program, _) = parse_sources(&[("p/A.java", java)]);
        program
            .suppressions
            .iter()
            .map(|s| {
                format!(
                    "{} ({}-{}) [{}]: {}",
                    s.line,
                    s.lines.0,
                    s.lines.1,
                    s.kinds.join(","),
                    s.text
                )
            })
            .collect()
    }

    #[test]
    fn annotations_cover_their_declaration() {
        let java = r#"package p;
@SuppressWarnings("dsd:ClassCastException")
class A {
    @SuppressWarnings({"unchecked", "dsd"})
    int f(int a, int b) {
        return a / b;
    }
    @SuppressWarnings(value = "dsd:ArithmeticException")
    A() {}
    @SuppressWarnings("unchecked")
    void g() {}
}
"#;
        assert_eq!(
            suppressions(java),
            [
                r#"2 (2-12) [ClassCastException]: @SuppressWarnings("dsd:ClassCastException")"#,
                r#"4 (4-7) []: @SuppressWarnings({"unchecked", "dsd"})"#,
                r#"8 (8-9) [ArithmeticException]: @SuppressWarnings(value = "dsd:ArithmeticException")"#,
            ]
        );
    }

    #[test]
    fn comments_cover_their_line() {
        let java = r#"package p;
class A {
    int f(int a, int b, int[] c) {
        int x = a / b; // dsd:ignore
        int y = c[a] / b; // dsd:ignore[ArithmeticException, NullPointerException]
        /* dsd:ignore[ArrayIndexOutOfBoundsException] */ return c[x + y];
    }
    // dsd:ignored is not one, nor is a mention of dsd:ignore later in a comment
}
"#;
        assert_eq!(
            suppressions(java),
            [
                "4 (4-4) []: // dsd:ignore",
                "5 (5-5) [ArithmeticException,NullPointerException]: // dsd:ignore[ArithmeticException, NullPointerException]",
                "6 (6-6) [ArrayIndexOutOfBoundsException]: /* dsd:ignore[ArrayIndexOutOfBoundsException] */",
            ]
        );
    }
}
