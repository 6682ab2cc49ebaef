//! Pass 3, pattern matching in `switch`: type patterns, guards and `case null`, lowered to
//! the switch on an arm number that the rest of the pipeline already runs.
//!
//! A switch whose labels hold a type pattern (`case String s`), a guard, or `null` tests
//! its labels in order, which a switch on constants cannot say. It is lowered as javac
//! lowers it, to a number chosen by tests and a switch on that number:
//!
//! ```text
//! { T switch$selector$N = <selector>;
//!   switch (switch$selector$N) {}         // only without `case null`: the NPE of a null
//!   int switch$arm$N = -1;
//!   if (sel == null) arm = 0;             // `case null`
//!   else if (sel instanceof String s) arm = 1;
//!   else if (sel instanceof Integer i && i > 3) arm = 2;
//!   switch (arm) { case 0 -> …; case 1 -> { String s = (String) sel; … } … default -> … }
//! }
//! ```
//!
//! The empty switch on the selector throws the `NullPointerException` of a switch on
//! `null` at the selector, as the JVM does (javac calls `Objects.requireNonNull` there).
//! Each arm starts by binding its pattern variable to the selector, a conversion already
//! proven by the test that chose the arm, so no `ClassCastException` is possible there.
//! Labels are tested in source order, so a guard runs only when the labels before it did
//! not match, and its crashes are sites of their own. Breaks, `yield` and falling through
//! keep their meaning, since the arms stay the arms of a switch.
//!
//! The semantics are those of the installed JDK 17 (JEP 406, a preview feature there): a
//! guard is written `case Integer i && i > 3` (tree-sitter reads the `&&` as a syntax
//! error around the pattern, which is recognised here), or `case Integer i when i > 3`
//! (JDK 21); a total pattern (`case Object o` on any selector) matches `null` too. A
//! switch that is exhaustive without `default` (a sealed hierarchy, a total pattern)
//! leaves the switch when nothing matches, which only a class compiled separately can
//! make happen. Record patterns (JDK 19 and later) and parenthesized patterns stay unknown.

use crate::body::BodyCx;
use crate::expr::binary_expr;
use crate::ir::{
    BinaryOp, Conversion, Expr, ExprKind, Literal, LocalId, Span, Stmt, StmtKind, SwitchCase, Type,
    UnaryOp,
};
use crate::syntax::{named_children, Source};
use crate::typing;
use tree_sitter::Node;

/// True when a switch block has a label that only a pattern switch has: a pattern, a
/// guard, or `null`.
pub fn is_pattern_switch(block: Node) -> bool {
    named_children(block).into_iter().any(|group| {
        named_children(group)
            .into_iter()
            .filter(|k| k.kind() == "switch_label")
            .flat_map(named_children)
            .any(|e| matches!(e.kind(), "pattern" | "guard" | "null_literal") || jdk17_guard(e))
    })
}

/// True for the syntax error tree-sitter makes of a JDK 17 guard's pattern
/// (`case Integer i && i > 3`): an error node around the pattern and the `&&`, followed by
/// the guard's expression.
pub fn jdk17_guard(node: Node) -> bool {
    node.is_error()
        && node.parent().is_some_and(|p| p.kind() == "switch_label")
        && named_children(node)
            .first()
            .is_some_and(|p| p.kind() == "pattern")
        && node
            .child(node.child_count().saturating_sub(1))
            .is_some_and(|c| c.kind() == "&&")
}

/// One label of a pattern switch, read from the syntax.
enum Label<'t> {
    /// `null`.
    Null,
    /// `default` (also written after `case null,`).
    Default,
    /// A type pattern with its guard.
    Type {
        pattern: Node<'t>,
        guard: Option<Node<'t>>,
    },
    /// A record or parenthesized pattern.
    Unsupported(Node<'t>, &'static str),
    /// A constant.
    Constant(Node<'t>),
}

/// The labels of one `switch_label` node.
fn labels<'t>(src: &Source, label: Node<'t>) -> Vec<Label<'t>> {
    let kids = named_children(label);
    if kids.is_empty() {
        return vec![Label::Default];
    }
    // JDK 21's `when` guard is a node of its own; JDK 17's `&&` guard is the expression
    // after the error node.
    let guard = kids.get(1).copied().map(|g| {
        if g.kind() == "guard" {
            named_children(g).first().copied().unwrap_or(g)
        } else {
            g
        }
    });
    let type_label = |p: Node<'t>| match named_children(p).first().copied() {
        Some(t) if t.kind() == "type_pattern" => Label::Type { pattern: t, guard },
        _ => Label::Unsupported(p, "record pattern in switch label"),
    };
    match kids[0].kind() {
        "pattern" => vec![type_label(kids[0])],
        _ if jdk17_guard(kids[0]) => vec![type_label(named_children(kids[0])[0])],
        _ => kids
            .into_iter()
            .map(|e| match e.kind() {
                "null_literal" => Label::Null,
                "identifier" if src.text(e) == "default" => Label::Default,
                "ERROR" | "guard" => Label::Unsupported(e, "pattern in switch label"),
                _ => Label::Constant(e),
            })
            .collect(),
    }
}

impl BodyCx<'_> {
    /// A switch whose labels are patterns, guards or `null` (see the module doc); `raw` is
    /// the selector as written (not unboxed), `block` the switch block.
    pub(crate) fn pattern_switch(&mut self, raw: Expr, block: Node, yielding: bool) -> StmtKind {
        let span = raw.span;
        let n = self.locals.len();
        let sel_ty = raw.ty.clone();
        let sel = self.declare(&format!("switch$selector${n}"), sel_ty.clone(), span);
        let arm = self.declare(&format!("switch$arm${n}"), Type::Int, span);
        let read = |ty: &Type| Expr {
            kind: ExprKind::Local(sel),
            ty: ty.clone(),
            span,
        };
        let mut tests: Vec<(Expr, i32)> = Vec::new();
        let mut cases = Vec::new();
        let mut arrow = false;
        let mut has_null = false;
        for (index, group) in named_children(block).into_iter().enumerate() {
            let index = index as i32;
            arrow |= group.kind() == "switch_rule";
            self.push();
            let mut is_default = false;
            let mut prologue = Vec::new();
            for label in named_children(group)
                .into_iter()
                .filter(|k| k.kind() == "switch_label")
            {
                for l in labels(self.src, label) {
                    let test = match l {
                        Label::Default => {
                            is_default = true;
                            continue;
                        }
                        Label::Null => {
                            has_null = true;
                            null_test(read(&sel_ty), span)
                        }
                        Label::Type { pattern, guard } => {
                            let (test, bind, total) = self.type_test(pattern, read(&sel_ty));
                            prologue.push(bind);
                            has_null |= total && guard.is_none();
                            match guard {
                                Some(g) => {
                                    let g = self.expr(g);
                                    let g = typing::coerce(g, &Type::Boolean);
                                    and(test, g, span)
                                }
                                None if total => literal(Literal::Bool(true), Type::Boolean, span),
                                None => test,
                            }
                        }
                        Label::Constant(e) => self.constant_test(e, read(&sel_ty)),
                        Label::Unsupported(node, reason) => {
                            self.unknown_expr(node, reason, Vec::new())
                        }
                    };
                    tests.push((test, index));
                }
            }
            let mut body = prologue;
            body.extend(self.arm_body(group, yielding));
            self.pop();
            let labels = if tests.last().is_some_and(|t| t.1 == index) {
                vec![literal(Literal::Int(index), Type::Int, span)]
            } else {
                Vec::new()
            };
            cases.push(SwitchCase {
                labels,
                is_default,
                body,
            });
        }
        let local = |local: LocalId, init: Expr| Stmt {
            kind: StmtKind::Local {
                local,
                init: Some(init),
            },
            span,
        };
        let mut stmts = vec![local(sel, raw)];
        if !has_null {
            stmts.push(Stmt {
                kind: StmtKind::Switch {
                    selector: read(&sel_ty),
                    cases: Vec::new(),
                    arrow: true,
                },
                span,
            });
        }
        stmts.push(local(arm, literal(Literal::Int(-1), Type::Int, span)));
        let mut chain: Option<Stmt> = None;
        for (test, index) in tests.into_iter().rev() {
            let set = assign(arm, literal(Literal::Int(index), Type::Int, span));
            chain = Some(Stmt {
                kind: StmtKind::If {
                    cond: test,
                    then: Box::new(set),
                    otherwise: chain.map(Box::new),
                },
                span,
            });
        }
        stmts.extend(chain);
        stmts.push(Stmt {
            kind: StmtKind::Switch {
                selector: Expr {
                    kind: ExprKind::Local(arm),
                    ty: Type::Int,
                    span,
                },
                cases,
                arrow,
            },
            span,
        });
        StmtKind::Block(stmts)
    }

    /// The test of a type pattern on the selector, the statement that binds its variable
    /// at the start of the arm, and whether the pattern is total (its type a supertype of
    /// the selector's, so it matches every value, `null` included on JDK 17).
    fn type_test(&mut self, pattern: Node, sel: Expr) -> (Expr, Stmt, bool) {
        let span = self.src.span(pattern);
        let kids = named_children(pattern);
        let ty = kids
            .first()
            .map(|t| self.names.resolve_type(self.src, *t, &self.scope))
            .unwrap_or(Type::Unknown);
        let name = kids
            .last()
            .map(|n| self.src.text(*n).to_string())
            .unwrap_or_default();
        let local = self.declare(&name, ty.clone(), span);
        let total =
            sel.ty != Type::Unknown && ty != Type::Unknown && self.h.is_subtype(&sel.ty, &ty);
        let bind = Stmt {
            kind: StmtKind::Local {
                local,
                init: Some(typing::wrap(sel.clone(), Conversion::Unchecked, ty.clone())),
            },
            span,
        };
        let test = Expr {
            kind: ExprKind::InstanceOf {
                expr: Box::new(sel),
                target: ty,
                binding: Some(local),
            },
            ty: Type::Boolean,
            span,
        };
        (test, bind, total)
    }

    /// The test of a constant label, on a selector that may be `null`: `==` on a number
    /// (unboxed only when it is not `null`) or an enum constant; on a string, the
    /// comparison by content of a switch on strings.
    fn constant_test(&mut self, node: Node, sel: Expr) -> Expr {
        let span = self.src.span(node);
        if let Some(p) = typing::unboxed(&sel.ty) {
            let c = self.case_label(node, &p);
            let op_ty = if p == Type::Boolean {
                p.clone()
            } else {
                typing::binary_promote(&p, &c.ty)
            };
            let present = not(null_test(sel.clone(), span));
            let (l, r) = (
                typing::to_primitive(sel, &op_ty),
                typing::to_primitive(c, &op_ty),
            );
            let equal = binary_expr(BinaryOp::Eq, l, r, op_ty, Type::Boolean, span);
            return and(present, equal, span);
        }
        let c = self.case_label(node, &sel.ty);
        if sel.ty != Type::string() {
            return binary_expr(BinaryOp::Eq, sel, c, Type::object(), Type::Boolean, span);
        }
        let present = not(null_test(sel.clone(), span));
        let equal = self.string_equals(sel, c, span);
        and(present, equal, span)
    }

    /// `switch (sel) { case c -> true; default -> false; }`: a string selector compared
    /// with a label by content, as a switch on strings compares it.
    fn string_equals(&mut self, sel: Expr, c: Expr, span: Span) -> Expr {
        let label = format!("switch$yield${}", self.locals.len());
        let result = self.declare(&label, Type::Boolean, span);
        let arm = |value: bool| {
            vec![
                assign(result, literal(Literal::Bool(value), Type::Boolean, span)),
                Stmt {
                    kind: StmtKind::Break(Some(label.clone())),
                    span,
                },
            ]
        };
        let cases = vec![
            SwitchCase {
                labels: vec![c],
                is_default: false,
                body: arm(true),
            },
            SwitchCase {
                labels: Vec::new(),
                is_default: true,
                body: arm(false),
            },
        ];
        let switch = Stmt {
            kind: StmtKind::Switch {
                selector: sel,
                cases,
                arrow: true,
            },
            span,
        };
        Expr {
            kind: ExprKind::Switch {
                body: Box::new(Stmt {
                    kind: StmtKind::Labeled {
                        label,
                        body: Box::new(switch),
                    },
                    span,
                }),
                result,
            },
            ty: Type::Boolean,
            span,
        }
    }
}

/// `local = value;`.
fn assign(local: LocalId, value: Expr) -> Stmt {
    let (ty, span) = (value.ty.clone(), value.span);
    Stmt {
        kind: StmtKind::Expr(Expr {
            kind: ExprKind::Assign {
                target: Box::new(Expr {
                    kind: ExprKind::Local(local),
                    ty: ty.clone(),
                    span,
                }),
                op: None,
                op_ty: ty.clone(),
                value: Box::new(value),
            },
            ty,
            span,
        }),
        span,
    }
}

/// `l && r`.
fn and(l: Expr, r: Expr, span: Span) -> Expr {
    binary_expr(BinaryOp::CondAnd, l, r, Type::Boolean, Type::Boolean, span)
}

/// `!e`.
fn not(e: Expr) -> Expr {
    let span = e.span;
    Expr {
        kind: ExprKind::Unary {
            op: UnaryOp::Not,
            operand: Box::new(e),
        },
        ty: Type::Boolean,
        span,
    }
}

/// `sel == null`.
fn null_test(sel: Expr, span: Span) -> Expr {
    let null = literal(Literal::Null, Type::Null, span);
    binary_expr(BinaryOp::Eq, sel, null, Type::object(), Type::Boolean, span)
}

/// A literal of a type.
fn literal(value: Literal, ty: Type, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Literal(value),
        ty,
        span,
    }
}
