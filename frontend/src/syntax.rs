//! Small helpers over tree-sitter nodes: text, spans and named children.

use crate::ir::{FileId, Span};
use tree_sitter::Node;

/// A parsed file's text plus its id, shared by the passes that read it.
pub struct Source<'a> {
    /// The file's id in the program.
    pub file: FileId,
    /// The file's text.
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// The source text a node covers.
    pub fn text(&self, node: Node) -> &'a str {
        &self.text[node.byte_range()]
    }

    /// The node's span (1-based lines and columns).
    pub fn span(&self, node: Node) -> Span {
        let s = node.start_position();
        let e = node.end_position();
        Span {
            file: self.file,
            line: s.row as u32 + 1,
            col: s.column as u32 + 1,
            end_line: e.row as u32 + 1,
            end_col: e.column as u32 + 1,
        }
    }
}

/// The named children of a node, comments excluded.
pub fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
        .collect()
}

/// All children stored under one field name.
pub fn field_children<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(field, &mut cursor).collect()
}

/// The first named child of the given kind.
pub fn child_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    named_children(node).into_iter().find(|c| c.kind() == kind)
}

/// The `modifiers` child's keywords and annotation names (`@Override` gives `Override`).
pub fn modifier_words(src: &Source, node: Node) -> Vec<String> {
    let Some(mods) = child_of_kind(node, "modifiers") else {
        return Vec::new();
    };
    let mut words = Vec::new();
    let mut cursor = mods.walk();
    for c in mods.children(&mut cursor) {
        match c.kind() {
            "marker_annotation" | "annotation" => {
                if let Some(name) = c.child_by_field_name("name") {
                    words.push(format!("@{}", src.text(name)));
                }
            }
            _ => words.push(src.text(c).to_string()),
        }
    }
    words
}

/// Unwraps parentheses around an expression node.
pub fn strip_parens(mut node: Node) -> Node {
    while node.kind() == "parenthesized_expression" {
        match named_children(node).into_iter().next() {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}
