//! Source instrumentation with tree-sitter edits: every instrumented method records its entry
//! values, its result and its exceptional exits through `dsd.recorder.DsdRecorder`.
//!
//! All edits are insertions on existing lines, so line numbers (and stack traces) stay those of
//! the original. A method body `{ BODY }` becomes
//!
//! ```text
//! { final Sample dsd$s = enter(ID); if (dsd$s != null) { dsd$s.i(p)...go(); } try { BODY }
//!   catch (Throwable dsd$x) { thrown(dsd$s); throw dsd$x; }
//!   finally { if (dsd$s != null && dsd$s.exiting()) { dsd$s.i(this.f)...end(); } } }
//! ```
//!
//! and each `return e;` of the method itself (not of lambdas or local and anonymous classes)
//! becomes `return DsdRecorder.rI(dsd$s, e);` (the pass-through method of the result's type).
//! In constructors the code goes after an explicit `this(...)`/`super(...)` call, records no
//! fields at entry, and reads fields at exit through a local `dsd$this` so that Java's
//! definite-assignment rules for final fields are not disturbed.

use crate::ppt::{static_expression, Ppt, SlotKind, Width};
use tree_sitter::{Node, Parser, Point, Tree};

/// The recorder class as generated code names it.
pub const RECORDER: &str = "dsd.recorder.DsdRecorder";

/// A method to instrument: its program point and where its declaration starts.
pub struct Target<'a> {
    /// The program point (id assigned).
    pub ppt: &'a Ppt,
    /// First line of the declaration, from 1.
    pub line: u32,
    /// First column (bytes), from 1.
    pub col: u32,
    /// The class's type as its own body writes it, e.g. `Box<T>`.
    pub this_type: String,
}

/// The instrumented text and the ids of the program points that were instrumented.
pub struct Instrumented {
    /// The new source text.
    pub text: String,
    /// Ids of the targets found and instrumented.
    pub done: Vec<u32>,
}

/// Node kinds whose bodies belong to other code: their `return`s are not the method's.
const FOREIGN: &[&str] = &[
    "lambda_expression",
    "class_body",
    "class_declaration",
    "interface_declaration",
    "enum_declaration",
    "record_declaration",
];

/// A tree-sitter parser for Java; an error says the grammar does not fit the library.
pub(crate) fn java_parser() -> Result<Parser, String> {
    let mut parser = Parser::new();
    let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    parser
        .set_language(&language)
        .map_err(|e| format!("tree-sitter-java grammar is incompatible: {e}"))?;
    Ok(parser)
}

/// The syntax tree of the Java source `text`, which instrumentation edits.
pub(crate) fn parse_java(text: &str) -> Result<Tree, String> {
    java_parser()?
        .parse(text, None)
        .ok_or_else(|| "tree-sitter could not parse the file".to_string())
}

/// Instruments the methods `targets` in the Java source `text`. Targets whose declaration is not
/// found (or that are compact record constructors) are left alone.
pub fn instrument(text: &str, targets: &[Target]) -> Result<Instrumented, String> {
    let tree = parse_java(text)?;
    let mut edits: Vec<(usize, String)> = Vec::new();
    let mut done = Vec::new();
    for target in targets {
        let point = Point {
            row: target.line.saturating_sub(1) as usize,
            column: target.col.saturating_sub(1) as usize,
        };
        let Some(decl) = declaration_at(tree.root_node(), point) else {
            continue;
        };
        let Some(body) = decl.child_by_field_name("body") else {
            continue;
        };
        method_edits(target, body, &mut edits);
        done.push(target.ppt.id);
    }
    Ok(Instrumented {
        text: apply(text, edits),
        done,
    })
}

/// The method or constructor declaration that starts at `point`.
pub(crate) fn declaration_at(root: Node, point: Point) -> Option<Node> {
    let mut node = root.descendant_for_point_range(point, point)?;
    loop {
        if matches!(
            node.kind(),
            "method_declaration" | "constructor_declaration"
        ) && node.start_position() == point
        {
            return Some(node);
        }
        node = node.parent()?;
    }
}

fn method_edits(target: &Target, body: Node, edits: &mut Vec<(usize, String)>) {
    let ppt = target.ppt;
    let mut entry_at = body.start_byte() + 1;
    if body.kind() == "constructor_body" {
        let mut cursor = body.walk();
        let first = body
            .named_children(&mut cursor)
            .find(|c| !c.kind().ends_with("comment"));
        if let Some(call) = first.filter(|c| c.kind() == "explicit_constructor_invocation") {
            entry_at = call.end_byte();
        }
    }
    let receiver = if ppt.is_ctor() { "dsd$this" } else { "this" };
    let mut entry = format!(
        " final {RECORDER}.Sample dsd$s = {RECORDER}.enter({}); if (dsd$s != null) {{ dsd$s",
        ppt.id
    );
    let slots = ppt.entry_slots();
    let (own, statics) = slots.split_at(slots.len() - ppt.statics.len());
    for slot in own {
        entry.push_str(&format!(".{}({})", slot.append_method(), slot.name));
    }
    for slot in statics {
        let read = static_expression(&slot.name);
        entry.push_str(&format!(".{}({read})", slot.append_method()));
    }
    entry.push_str(".go(); }");
    if ppt.is_ctor() && !ppt.fields.is_empty() {
        entry.push_str(&format!(" final {} dsd$this = this;", target.this_type));
    }
    entry.push_str(" try {");
    edits.push((entry_at, entry));

    let mut exit = format!(
        " }} catch (Throwable dsd$x) {{ {RECORDER}.thrown(dsd$s); throw dsd$x; }} finally {{ if (dsd$s != null && dsd$s.exiting()) {{ dsd$s"
    );
    for slot in &ppt.fields {
        let field = slot.name.trim_start_matches("this.");
        exit.push_str(&format!(".{}({receiver}.{field})", slot.append_method()));
    }
    exit.push_str(".end(); } } ");
    edits.push((body.end_byte().saturating_sub(1), exit));

    if ppt.result.recorded() {
        let (open, close) = result_wrapper(ppt);
        let mut returns = Vec::new();
        collect_returns(body, &mut returns);
        for ret in returns {
            let mut cursor = ret.walk();
            let expr = ret
                .named_children(&mut cursor)
                .find(|c| !c.kind().ends_with("comment"));
            if let Some(expr) = expr {
                edits.push((expr.start_byte(), open.clone()));
                edits.push((expr.end_byte(), close.to_string()));
            }
        }
    }
}

/// The text around a returned expression that records it: `(open, close)`.
fn result_wrapper(ppt: &Ppt) -> (String, &'static str) {
    let call = |name: &str| format!("{RECORDER}.{name}(dsd$s, ");
    match (ppt.result.kind, ppt.result.width) {
        (SlotKind::Int, Width::Byte) => (format!("{}(byte) (", call("rB")), "))"),
        (SlotKind::Int, Width::Short) => (format!("{}(short) (", call("rS")), "))"),
        (SlotKind::Int, Width::Char) => (format!("{}(char) (", call("rC")), "))"),
        (SlotKind::Int, Width::Long) => (call("rJ"), ")"),
        (SlotKind::Int, _) => (call("rI"), ")"),
        (SlotKind::Str, _) => (call("rStr"), ")"),
        (SlotKind::Array { .. }, _) => (call("rArr"), ")"),
        (SlotKind::Boxed, _) => (call("rBox"), ")"),
        (SlotKind::Ref, _) | (SlotKind::Skip, _) => (call("rObj"), ")"),
    }
}

/// The `return` statements of the method whose body is `node`, skipping nested code.
fn collect_returns<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if child.kind() == "return_statement" {
            out.push(child);
        }
        if !FOREIGN.contains(&child.kind()) {
            collect_returns(child, out);
        }
    }
}

/// Applies insertions; insertions at the same position keep their order.
pub(crate) fn apply(text: &str, mut edits: Vec<(usize, String)>) -> String {
    edits.sort_by_key(|e| e.0);
    let extra: usize = edits.iter().map(|e| e.1.len()).sum();
    let mut out = String::with_capacity(text.len() + extra);
    let mut last = 0;
    for (pos, insert) in edits {
        let pos = pos.min(text.len());
        out.push_str(&text[last..pos]);
        out.push_str(&insert);
        last = pos;
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ppt::Slot;
    use frontend::ir::Type;

    fn ppt(
        id: u32,
        method: &str,
        params: &[(&str, Type)],
        ret: Type,
        fields: &[(&str, Type)],
    ) -> Ppt {
        Ppt {
            id,
            class: "p.C".into(),
            method: method.into(),
            descriptor: "()V".into(),
            is_static: false,
            is_private: false,
            params: params.iter().map(|(n, t)| Slot::new(n, t)).collect(),
            fields: fields
                .iter()
                .map(|(n, t)| Slot::new(&format!("this.{n}"), t))
                .collect(),
            statics: Vec::new(),
            result: Slot::new("\\result", &ret),
        }
    }

    #[test]
    fn keeps_lines_and_wraps_returns() {
        let src = "class C {\n  int f;\n  int m(int a) {\n    Runnable r = () -> { return; };\n    return a +\n      1;\n  }\n  C(int x) {\n    this();\n    f = x;\n  }\n  C() { }\n}\n";
        let m = ppt(1, "m", &[("a", Type::Int)], Type::Int, &[("f", Type::Int)]);
        let c = ppt(
            2,
            "<init>",
            &[("x", Type::Int)],
            Type::Void,
            &[("f", Type::Int)],
        );
        let targets = [
            Target {
                ppt: &m,
                line: 3,
                col: 3,
                this_type: "C".into(),
            },
            Target {
                ppt: &c,
                line: 8,
                col: 3,
                this_type: "C".into(),
            },
        ];
        let out = instrument(src, &targets).unwrap();
        assert_eq!(out.done, vec![1, 2]);
        assert_eq!(out.text.lines().count(), src.lines().count());
        let lines: Vec<&str> = out.text.lines().collect();
        assert!(lines[2].contains("enter(1)") && lines[2].contains(".i(a).i(this.f).go()"));
        assert!(
            lines[3].contains("return; }"),
            "lambda return untouched: {}",
            lines[3]
        );
        assert!(lines[4].contains("return dsd.recorder.DsdRecorder.rI(dsd$s, a +"));
        assert!(lines[5].contains("1);"));
        assert!(lines[8].starts_with("    this(); final"), "{}", lines[8]);
        assert!(lines[8].contains("final C dsd$this = this;"));
        assert!(lines[10].contains(".i(dsd$this.f).end()"));
    }

    #[test]
    fn static_fields_are_read_by_their_canonical_names_after_the_fields() {
        let src = "class C { int f; int m(int a) { return a; } }";
        let mut p = ppt(5, "m", &[("a", Type::Int)], Type::Int, &[("f", Type::Int)]);
        p.statics = vec![
            Slot::new_static("p.Outer$Flags.on", &Type::Boolean),
            Slot::new_static("p.Config.limit", &Type::Int),
        ];
        let t = [Target {
            ppt: &p,
            line: 1,
            col: 18,
            this_type: "C".into(),
        }];
        let out = instrument(src, &t).unwrap();
        assert!(
            out.text
                .contains(".i(a).i(this.f).z(p.Outer.Flags.on).i(p.Config.limit).go()"),
            "{}",
            out.text
        );
    }

    #[test]
    fn narrow_results_are_cast() {
        let src = "class C { byte b() { return 0; } }";
        let p = ppt(3, "b", &[], Type::Byte, &[]);
        let t = [Target {
            ppt: &p,
            line: 1,
            col: 11,
            this_type: "C".into(),
        }];
        let out = instrument(src, &t).unwrap();
        assert!(out.text.contains("rB(dsd$s, (byte) (0))"), "{}", out.text);
    }

    #[test]
    fn unknown_positions_are_skipped() {
        let p = ppt(4, "m", &[], Type::Void, &[]);
        let t = [Target {
            ppt: &p,
            line: 9,
            col: 1,
            this_type: "C".into(),
        }];
        let out = instrument("class C { void m() {} }", &t).unwrap();
        assert!(out.done.is_empty());
        assert_eq!(out.text, "class C { void m() {} }");
    }
}
