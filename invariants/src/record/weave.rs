//! The instrumentation of `dsd record`: every instrumented method puts its receiver and
//! arguments on the shadow stack of `dsd.recorder.DsdCrashRecorder` at entry, reports an
//! exception that escapes it, and leaves the stack when it ends. As in [`crate::instrument`],
//! every edit is an insertion on an existing line, so line numbers (and stack traces) stay
//! those of the original. A method body `{ BODY }` becomes
//!
//! ```text
//! { final Frame dsd$f = enter(ID, this, new Object[] {p...}); try { BODY }
//!   catch (Throwable dsd$x) { thrown(dsd$f, dsd$x); throw dsd$x; } finally { exit(dsd$f); } }
//! ```
//!
//! with `null` for the receiver of a static method or a constructor (whose object is not yet
//! built); in constructors the code goes after an explicit `this(...)`/`super(...)` call.

use crate::instrument::{apply, declaration_at, parse_java};
use tree_sitter::{Node, Point};

/// The recorder class as generated code names it.
pub const RECORDER: &str = "dsd.recorder.DsdCrashRecorder";

/// A method or constructor to instrument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// Its id in the method table.
    pub id: u32,
    /// First line of its declaration, from 1.
    pub line: u32,
    /// First column (bytes), from 1.
    pub col: u32,
    /// Whether it has no receiver to record (static, or a constructor).
    pub no_receiver: bool,
    /// Its parameters' names, in order.
    pub params: Vec<String>,
}

/// Which methods a recording instruments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// Every method and constructor with a body.
    All,
    /// All but the trivial ones: empty bodies, getters and setters (bodies of field reads,
    /// field assignments and returns of plain names, fields and literals).
    NonTrivial,
}

/// Instruments the `sites` of the Java source `text` that `filter` keeps; returns the new
/// text and the ids of the sites instrumented. A site whose declaration is not found is left
/// alone.
pub fn weave(text: &str, sites: &[Site], filter: Filter) -> Result<(String, Vec<u32>), String> {
    let tree = parse_java(text)?;
    let mut edits = Vec::new();
    let mut done = Vec::new();
    for site in sites {
        let point = Point {
            row: site.line.saturating_sub(1) as usize,
            column: site.col.saturating_sub(1) as usize,
        };
        let Some(body) =
            declaration_at(tree.root_node(), point).and_then(|d| d.child_by_field_name("body"))
        else {
            continue;
        };
        if filter == Filter::NonTrivial && trivial(body, text) {
            continue;
        }
        edits.extend(edits_of(site, body));
        done.push(site.id);
    }
    Ok((apply(text, edits), done))
}

/// The two insertions that instrument `site`, whose body is `body`.
fn edits_of(site: &Site, body: Node) -> [(usize, String); 2] {
    let mut entry_at = body.start_byte() + 1;
    if body.kind() == "constructor_body" {
        if let Some(call) = statements(body)
            .into_iter()
            .next()
            .filter(|c| c.kind() == "explicit_constructor_invocation")
        {
            entry_at = call.end_byte();
        }
    }
    let receiver = if site.no_receiver { "null" } else { "this" };
    let entry = format!(
        " final {RECORDER}.Frame dsd$f = {RECORDER}.enter({}, {receiver}, new Object[] {{{}}}); try {{",
        site.id,
        site.params.join(", ")
    );
    let exit = format!(
        " }} catch (Throwable dsd$x) {{ {RECORDER}.thrown(dsd$f, dsd$x); throw dsd$x; }} finally {{ {RECORDER}.exit(dsd$f); }} "
    );
    [(entry_at, entry), (body.end_byte().saturating_sub(1), exit)]
}

/// The statements of a block, comments left out.
fn statements(block: Node) -> Vec<Node> {
    let mut cursor = block.walk();
    block
        .named_children(&mut cursor)
        .filter(|c| !c.kind().ends_with("comment"))
        .collect()
}

/// Whether a body only reads or assigns fields: empty, `return f;`, `this.f = f;`, a
/// `super(...)` of plain values.
fn trivial(body: Node, text: &str) -> bool {
    statements(body).iter().all(|s| match s.kind() {
        "return_statement" => statements(*s).iter().all(|e| plain(*e)),
        "expression_statement" => statements(*s).first().is_some_and(|e| {
            e.kind() == "assignment_expression"
                && e.child_by_field_name("operator")
                    .is_some_and(|o| &text[o.byte_range()] == "=")
                && e.child_by_field_name("left").is_some_and(plain)
                && e.child_by_field_name("right").is_some_and(plain)
        }),
        "explicit_constructor_invocation" => s
            .child_by_field_name("arguments")
            .is_some_and(|a| statements(a).iter().all(|e| plain(*e))),
        _ => false,
    })
}

/// A name, `this`, a field of `this` or a literal.
fn plain(e: Node) -> bool {
    match e.kind() {
        "identifier" | "this" | "null_literal" | "true" | "false" | "string_literal"
        | "character_literal" => true,
        k if k.ends_with("integer_literal") || k.ends_with("floating_point_literal") => true,
        "field_access" => e.child_by_field_name("object").is_some_and(plain),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(id: u32, line: u32, col: u32, no_receiver: bool, params: &[&str]) -> Site {
        Site {
            id,
            line,
            col,
            no_receiver,
            params: params.iter().map(|p| p.to_string()).collect(),
        }
    }

    const SOURCE: &str = "class C {\n  int f;\n  int get() { return f; }\n  void set(int v) { this.f = v; }\n  int div(int a,\n      int b) {\n    return a / b;\n  }\n  C(int x) {\n    this();\n    f = x * 2;\n  }\n  C() { }\n  static int twice(int... xs) { return xs.length * 2; }\n}\n";

    fn sites() -> Vec<Site> {
        vec![
            site(0, 3, 3, false, &[]),
            site(1, 4, 3, false, &["v"]),
            site(2, 5, 3, false, &["a", "b"]),
            site(3, 9, 3, true, &["x"]),
            site(4, 13, 3, true, &[]),
            site(5, 14, 3, true, &["xs"]),
        ]
    }

    #[test]
    fn every_method_records_its_frame_and_lines_stay() {
        let (text, done) = weave(SOURCE, &sites(), Filter::All).unwrap();
        assert_eq!(done, [0, 1, 2, 3, 4, 5]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), SOURCE.lines().count());
        assert!(
            lines[5].contains("enter(2, this, new Object[] {a, b}); try {"),
            "{}",
            lines[5]
        );
        assert!(lines[6].ends_with("return a / b;"), "{}", lines[6]);
        assert!(
            lines[7].contains("catch (Throwable dsd$x) { dsd.recorder.DsdCrashRecorder.thrown(dsd$f, dsd$x); throw dsd$x; } finally { dsd.recorder.DsdCrashRecorder.exit(dsd$f); } }"),
            "{}",
            lines[7]
        );
        assert!(
            lines[9].starts_with("    this(); final dsd.recorder.DsdCrashRecorder.Frame dsd$f = dsd.recorder.DsdCrashRecorder.enter(3, null, new Object[] {x});"),
            "{}",
            lines[9]
        );
        assert!(lines[13].contains("enter(5, null, new Object[] {xs})"));
    }

    #[test]
    fn non_trivial_leaves_out_getters_setters_and_empty_bodies() {
        let (text, done) = weave(SOURCE, &sites(), Filter::NonTrivial).unwrap();
        assert_eq!(done, [2, 3, 5]);
        assert!(text
            .lines()
            .nth(2)
            .unwrap()
            .ends_with("int get() { return f; }"));
    }

    #[test]
    fn unknown_positions_are_skipped() {
        let (text, done) = weave(
            "class C { void m() {} }",
            &[site(0, 7, 1, false, &[])],
            Filter::All,
        )
        .unwrap();
        assert!(done.is_empty());
        assert_eq!(text, "class C { void m() {} }");
    }
}
