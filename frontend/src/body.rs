//! Pass 3, statements: lowers method bodies into typed IR statements.

use crate::hierarchy::Hierarchy;
use crate::ir::{
    Catch, Class, Diagnostic, Expr, ExprKind, Literal, Local, LocalId, Span, Stmt, StmtKind,
    SwitchCase, Type,
};
use crate::names::{ClassNames, TypeScope};
use crate::syntax::{child_of_kind, field_children, named_children, strip_parens, Source};
use crate::typing;
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use tree_sitter::Node;

/// Everything needed to lower one body: names, the method's locals and scopes.
pub struct BodyCx<'a> {
    /// Known classes by name.
    pub names: &'a ClassNames<'a>,
    /// Hierarchy over the declared classes.
    pub h: &'a Hierarchy<'a>,
    /// The file being read.
    pub src: &'a Source<'a>,
    /// Type names in scope.
    pub scope: TypeScope<'a>,
    /// Binary name of the enclosing class.
    pub class: String,
    /// True inside static methods and static initialisers.
    pub is_static: bool,
    /// Declared return type.
    pub ret: Type,
    /// Every local of the body, parameters first.
    pub locals: Vec<Local>,
    scopes: Vec<HashMap<String, LocalId>>,
    /// Number of `Unknown` nodes produced.
    pub unknowns: usize,
    /// Problems found.
    pub diagnostics: Vec<Diagnostic>,
    /// Classes made for the lambdas and method references of the body ([`crate::lambda`]).
    pub synthetic: Vec<Class>,
    /// How many such classes the enclosing class has made so far, for their names.
    pub lambdas: Rc<Cell<u32>>,
    /// The bodies of the anonymous classes written in this body, by class name.
    pub nested: Vec<(String, crate::ClassBodies)>,
    /// The switch expressions being lowered, innermost last: where `yield` sends its value.
    yields: Vec<YieldTarget>,
    /// True inside a lambda body: the body runs as a method of the lambda's own class, so
    /// `this` means the enclosing instance of that class.
    pub in_lambda: bool,
}

impl<'a> BodyCx<'a> {
    /// A context for a body whose parameters are `params`.
    pub fn new(
        names: &'a ClassNames<'a>,
        h: &'a Hierarchy<'a>,
        src: &'a Source<'a>,
        scope: TypeScope<'a>,
        is_static: bool,
        ret: Type,
        params: Vec<Local>,
    ) -> Self {
        let class = scope.class.clone().unwrap_or_default();
        let mut first = HashMap::new();
        for (i, p) in params.iter().enumerate() {
            first.insert(p.name.clone(), i as LocalId);
        }
        BodyCx {
            names,
            h,
            src,
            scope,
            class,
            is_static,
            ret,
            locals: params,
            scopes: vec![first],
            unknowns: 0,
            diagnostics: Vec::new(),
            synthetic: Vec::new(),
            nested: Vec::new(),
            yields: Vec::new(),
            lambdas: Rc::new(Cell::new(0)),
            in_lambda: false,
        }
    }

    /// Declares a new local in the innermost scope.
    pub fn declare(&mut self, name: &str, ty: Type, span: Span) -> LocalId {
        let id = self.locals.len() as LocalId;
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), id);
        }
        id
    }

    /// The local a name refers to, innermost scope first.
    pub fn lookup_local(&self, name: &str) -> Option<LocalId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    pub(crate) fn push(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub(crate) fn pop(&mut self) {
        self.scopes.pop();
    }

    /// A statement the frontend does not model.
    pub fn unknown_stmt(&mut self, node: Node, reason: &str) -> Stmt {
        self.unknowns += 1;
        Stmt {
            kind: StmtKind::Unknown {
                reason: reason.to_string(),
            },
            span: self.src.span(node),
        }
    }

    /// Lowers a statement node.
    pub fn stmt(&mut self, node: Node) -> Stmt {
        let span = self.src.span(node);
        let kind = match node.kind() {
            "block" | "constructor_body" => {
                self.push();
                let body = named_children(node)
                    .into_iter()
                    .map(|c| self.stmt(c))
                    .collect();
                self.pop();
                StmtKind::Block(body)
            }
            ";" => StmtKind::Empty,
            "local_variable_declaration" => StmtKind::Block(self.local_decl(node)),
            "expression_statement" => match named_children(node).into_iter().next() {
                Some(e) => StmtKind::Expr(self.expr(e)),
                None => StmtKind::Empty,
            },
            "if_statement" => self.if_stmt(node),
            "while_statement" => {
                let cond = self.condition(node.child_by_field_name("condition"));
                let body = self.sub_stmt(node.child_by_field_name("body"));
                StmtKind::While { cond, body }
            }
            "do_statement" => {
                let body = self.sub_stmt(node.child_by_field_name("body"));
                let cond = self.condition(node.child_by_field_name("condition"));
                StmtKind::DoWhile { body, cond }
            }
            "for_statement" => self.for_stmt(node),
            "enhanced_for_statement" => self.foreach_stmt(node),
            "labeled_statement" => {
                let kids = named_children(node);
                let label = kids
                    .iter()
                    .find(|k| k.kind() == "identifier")
                    .map(|l| self.src.text(*l).to_string());
                let inner = kids.iter().find(|k| k.kind() != "identifier").copied();
                StmtKind::Labeled {
                    label: label.unwrap_or_default(),
                    body: self.sub_stmt(inner),
                }
            }
            "break_statement" => {
                StmtKind::Break(child_of_kind(node, "identifier").map(|i| self.src.text(i).into()))
            }
            "continue_statement" => StmtKind::Continue(
                child_of_kind(node, "identifier").map(|i| self.src.text(i).into()),
            ),
            "return_statement" => {
                let value = named_children(node).into_iter().next().map(|e| {
                    let ret = self.ret.clone();
                    let v = self.expr_expecting(e, &ret);
                    typing::coerce(typing::narrow_constant(v, &ret), &ret)
                });
                StmtKind::Return(value)
            }
            "throw_statement" => match named_children(node).into_iter().next() {
                Some(e) => StmtKind::Throw(self.expr(e)),
                None => return self.unknown_stmt(node, "empty throw"),
            },
            "switch_expression" => self.switch_stmt(node, false),
            "yield_statement" => match named_children(node).into_iter().next() {
                Some(e) => self.yield_value(e),
                None => return self.unknown_stmt(node, "empty yield"),
            },
            "try_statement" => self.try_stmt(node, None),
            "try_with_resources_statement" => self.try_with_resources(node),
            "assert_statement" => {
                let kids = named_children(node);
                let cond = kids.first().map(|c| self.bool_expr(*c));
                let message = kids.get(1).map(|m| self.expr(*m));
                match cond {
                    Some(cond) => StmtKind::Assert { cond, message },
                    None => return self.unknown_stmt(node, "empty assert"),
                }
            }
            "synchronized_statement" => {
                let lock = child_of_kind(node, "parenthesized_expression")
                    .map(|p| self.expr(strip_parens(p)));
                let body = self.sub_stmt(node.child_by_field_name("body"));
                match lock {
                    Some(lock) => StmtKind::Synchronized { lock, body },
                    None => return self.unknown_stmt(node, "synchronized without lock"),
                }
            }
            "explicit_constructor_invocation" => return self.ctor_call(node),
            "class_declaration"
            | "record_declaration"
            | "interface_declaration"
            | "enum_declaration" => self.local_class(node),
            other => return self.unknown_stmt(node, &format!("statement `{other}`")),
        };
        Stmt { kind, span }
    }

    fn sub_stmt(&mut self, node: Option<Node>) -> Box<Stmt> {
        match node {
            Some(n) => {
                self.push();
                let s = self.stmt(n);
                self.pop();
                Box::new(s)
            }
            None => Box::new(Stmt {
                kind: StmtKind::Empty,
                span: Span::default(),
            }),
        }
    }

    fn condition(&mut self, node: Option<Node>) -> Expr {
        match node {
            Some(n) => self.bool_expr(strip_parens(n)),
            None => Expr {
                kind: ExprKind::Literal(Literal::Bool(true)),
                ty: Type::Boolean,
                span: Span::default(),
            },
        }
    }

    /// Lowers an expression used as a condition, unboxing `Boolean`.
    pub fn bool_expr(&mut self, node: Node) -> Expr {
        let e = self.expr(node);
        typing::coerce(e, &Type::Boolean)
    }

    fn local_decl(&mut self, node: Node) -> Vec<Stmt> {
        let type_node = node.child_by_field_name("type");
        let is_var = type_node.is_some_and(|t| self.src.text(t) == "var");
        let base = match type_node {
            Some(t) if !is_var => self.names.resolve_type(self.src, t, &self.scope),
            _ => Type::Unknown,
        };
        let mut out = Vec::new();
        for d in field_children(node, "declarator") {
            let Some(name_node) = d.child_by_field_name("name") else {
                continue;
            };
            let name = self.src.text(name_node).to_string();
            let declared = crate::declare::with_dims(
                base.clone(),
                d.child_by_field_name("dimensions")
                    .map(|x| self.src.text(x)),
            );
            let init = d
                .child_by_field_name("value")
                .map(|v| self.initializer(v, &declared));
            let ty = match (&init, is_var) {
                (Some(i), true) => i.ty.clone(),
                _ => declared,
            };
            let local = self.declare(&name, ty, self.src.span(d));
            out.push(Stmt {
                kind: StmtKind::Local { local, init },
                span: self.src.span(d),
            });
        }
        out
    }

    /// Lowers a variable initialiser (an expression or `{...}`) converted to `ty`.
    pub fn initializer(&mut self, node: Node, ty: &Type) -> Expr {
        if node.kind() == "array_initializer" {
            return self.array_init(node, ty);
        }
        let e = self.expr_expecting(node, ty);
        typing::coerce(typing::narrow_constant(e, ty), ty)
    }

    fn if_stmt(&mut self, node: Node) -> StmtKind {
        let cond = self.condition(node.child_by_field_name("condition"));
        let then = self.sub_stmt(node.child_by_field_name("consequence"));
        let otherwise = node
            .child_by_field_name("alternative")
            .map(|a| self.sub_stmt(Some(a)));
        StmtKind::If {
            cond,
            then,
            otherwise,
        }
    }

    fn for_stmt(&mut self, node: Node) -> StmtKind {
        self.push();
        let mut init = Vec::new();
        for i in field_children(node, "init") {
            if i.kind() == "local_variable_declaration" {
                init.extend(self.local_decl(i));
            } else {
                let e = self.expr(i);
                init.push(Stmt {
                    span: e.span,
                    kind: StmtKind::Expr(e),
                });
            }
        }
        let cond = node
            .child_by_field_name("condition")
            .map(|c| self.bool_expr(c));
        let update = field_children(node, "update")
            .into_iter()
            .map(|u| self.expr(u))
            .collect();
        let body = self.sub_stmt(node.child_by_field_name("body"));
        self.pop();
        StmtKind::For {
            init,
            cond,
            update,
            body,
        }
    }

    fn foreach_stmt(&mut self, node: Node) -> StmtKind {
        self.push();
        let iterable = match node.child_by_field_name("value") {
            Some(v) => self.expr(v),
            None => self.unknown_expr(node, "for-each without iterable", Vec::new()),
        };
        let declared = node
            .child_by_field_name("type")
            .filter(|t| self.src.text(*t) != "var");
        let element = match &iterable.ty {
            Type::Array(e) => (**e).clone(),
            t => {
                let map = typing::bindings_for(self.h, t, "java.lang.Iterable");
                map.get("T").cloned().unwrap_or_else(Type::object)
            }
        };
        let ty = match declared {
            Some(t) => self.names.resolve_type(self.src, t, &self.scope),
            None => element,
        };
        let name = node
            .child_by_field_name("name")
            .map(|n| self.src.text(n).to_string())
            .unwrap_or_default();
        let local = self.declare(&name, ty, self.src.span(node));
        let body = self.sub_stmt(node.child_by_field_name("body"));
        self.pop();
        StmtKind::ForEach {
            local,
            iterable,
            body,
        }
    }

    /// A switch expression whose context expects `expected` (`Unknown` when it does not
    /// say): the switch statement, labelled, with each arm's value assigned to a local.
    pub fn switch_expr(&mut self, node: Node, expected: &Type) -> Expr {
        let span = self.src.span(node);
        let label = format!("switch$yield${}", self.locals.len());
        let result = self.declare(&label, expected.clone(), span);
        self.yields.push(YieldTarget {
            result,
            label: label.clone(),
            expected: expected.clone(),
            types: Vec::new(),
        });
        let switch = self.switch_stmt(node, true);
        let target = self.yields.pop().expect("pushed above");
        let ty = match expected {
            Type::Unknown => match arm_type(&target.types) {
                Some(t) => t,
                None => {
                    return self.unknown_expr(
                        node,
                        "switch expression with arms of mixed types",
                        Vec::new(),
                    )
                }
            },
            t => t.clone(),
        };
        self.locals[result as usize].ty = ty.clone();
        let body = Stmt {
            kind: StmtKind::Labeled {
                label,
                body: Box::new(Stmt { kind: switch, span }),
            },
            span,
        };
        Expr {
            kind: ExprKind::Switch {
                body: Box::new(body),
                result,
            },
            ty,
            span,
        }
    }

    /// `yield v;` (or the expression of an arm `case X -> v;`): assigns the innermost switch
    /// expression's local and leaves the switch.
    fn yield_value(&mut self, node: Node) -> StmtKind {
        let span = self.src.span(node);
        let Some(target) = self.yields.last() else {
            return StmtKind::Unknown {
                reason: "yield outside a switch expression".into(),
            };
        };
        let (result, label, expected) =
            (target.result, target.label.clone(), target.expected.clone());
        let value = match &expected {
            Type::Unknown => self.expr(node),
            t => {
                let v = self.expr_expecting(node, t);
                typing::coerce(typing::narrow_constant(v, t), t)
            }
        };
        if let Some(target) = self.yields.last_mut() {
            target.types.push(value.ty.clone());
        }
        let local = Expr {
            kind: ExprKind::Local(result),
            ty: value.ty.clone(),
            span,
        };
        let assign = Expr {
            kind: ExprKind::Assign {
                target: Box::new(local),
                op: None,
                op_ty: value.ty.clone(),
                value: Box::new(value),
            },
            ty: expected,
            span,
        };
        StmtKind::Block(vec![
            Stmt {
                kind: StmtKind::Expr(assign),
                span,
            },
            Stmt {
                kind: StmtKind::Break(Some(label)),
                span,
            },
        ])
    }

    /// A switch statement, or with `yielding` the switch of a switch expression, whose
    /// arms written as expressions (`case X -> v;`) yield their value.
    fn switch_stmt(&mut self, node: Node, yielding: bool) -> StmtKind {
        let raw = self.condition_any(node.child_by_field_name("condition"));
        let block = node.child_by_field_name("body");
        if let Some(block) = block.filter(|b| crate::patterns::is_pattern_switch(*b)) {
            self.push();
            let kind = self.pattern_switch(raw, block, yielding);
            self.pop();
            return kind;
        }
        let selector = match typing::unboxed(&raw.ty) {
            Some(p) => typing::to_primitive(raw, &p),
            None => raw,
        };
        let mut cases = Vec::new();
        let mut arrow = false;
        let Some(block) = block else {
            return StmtKind::Switch {
                selector,
                cases,
                arrow,
            };
        };
        self.push();
        for group in named_children(block) {
            let mut labels = Vec::new();
            let mut is_default = false;
            arrow |= group.kind() == "switch_rule";
            for k in named_children(group) {
                if k.kind() == "switch_label" {
                    let exprs = named_children(k);
                    if exprs.is_empty() || self.src.text(k).trim_start().starts_with("default") {
                        is_default = true;
                    }
                    for e in exprs {
                        labels.push(self.case_label(e, &selector.ty));
                    }
                }
            }
            let body = self.arm_body(group, yielding);
            cases.push(SwitchCase {
                labels,
                is_default,
                body,
            });
        }
        self.pop();
        StmtKind::Switch {
            selector,
            cases,
            arrow,
        }
    }

    /// The statements of one arm of a switch (a `switch_rule` or a group of labelled
    /// statements); with `yielding`, an arm written as an expression (`case X -> v;`)
    /// yields its value.
    pub(crate) fn arm_body(&mut self, group: Node, yielding: bool) -> Vec<Stmt> {
        let mut body = Vec::new();
        for k in named_children(group) {
            if k.kind() == "switch_label" {
                continue;
            }
            if yielding && group.kind() == "switch_rule" && k.kind() == "expression_statement" {
                let span = self.src.span(k);
                let kind = match named_children(k).into_iter().next() {
                    Some(e) => self.yield_value(e),
                    None => StmtKind::Empty,
                };
                body.push(Stmt { kind, span });
            } else {
                body.push(self.stmt(k));
            }
        }
        body
    }

    fn condition_any(&mut self, node: Option<Node>) -> Expr {
        match node {
            Some(n) => self.expr(strip_parens(n)),
            None => Expr {
                kind: ExprKind::Literal(Literal::Int(0)),
                ty: Type::Int,
                span: Span::default(),
            },
        }
    }

    pub(crate) fn case_label(&mut self, node: Node, selector: &Type) -> Expr {
        if node.kind() == "identifier" {
            if let Some(enum_class) = selector.class_name().filter(|n| {
                self.h
                    .class(n)
                    .is_some_and(|c| !c.enum_constants.is_empty())
            }) {
                let name = self.src.text(node).to_string();
                return Expr {
                    kind: ExprKind::Field {
                        target: None,
                        class: enum_class.to_string(),
                        name,
                    },
                    ty: selector.clone(),
                    span: self.src.span(node),
                };
            }
        }
        if matches!(
            node.kind(),
            "pattern" | "type_pattern" | "record_pattern" | "guard"
        ) {
            return self.unknown_expr(node, "pattern in switch label", Vec::new());
        }
        let e = self.expr(node);
        if selector.is_primitive() {
            typing::coerce(typing::narrow_constant(e, selector), selector)
        } else {
            e
        }
    }

    fn try_stmt(&mut self, node: Node, resources: Option<Vec<Stmt>>) -> StmtKind {
        let body = self.sub_stmt(node.child_by_field_name("body"));
        let body = match resources {
            Some(mut r) => {
                let span = body.span;
                r.push(*body);
                Box::new(Stmt {
                    kind: StmtKind::Block(r),
                    span,
                })
            }
            None => body,
        };
        let mut catches = Vec::new();
        let mut finally = None;
        for c in named_children(node) {
            match c.kind() {
                "catch_clause" => catches.push(self.catch_clause(c)),
                "finally_clause" => {
                    finally = child_of_kind(c, "block").map(|b| self.sub_stmt(Some(b)))
                }
                _ => {}
            }
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        }
    }

    fn try_with_resources(&mut self, node: Node) -> StmtKind {
        self.push();
        let mut resources = Vec::new();
        if let Some(spec) = node.child_by_field_name("resources") {
            for r in named_children(spec) {
                let span = self.src.span(r);
                match (
                    r.child_by_field_name("name"),
                    r.child_by_field_name("value"),
                ) {
                    (Some(n), Some(v)) => {
                        let ty = r
                            .child_by_field_name("type")
                            .filter(|t| self.src.text(*t) != "var")
                            .map(|t| self.names.resolve_type(self.src, t, &self.scope));
                        let init = match &ty {
                            Some(t) => self.initializer(v, t),
                            None => self.expr(v),
                        };
                        let ty = ty.unwrap_or_else(|| init.ty.clone());
                        let name = self.src.text(n).to_string();
                        let local = self.declare(&name, ty, span);
                        resources.push(Stmt {
                            kind: StmtKind::Local {
                                local,
                                init: Some(init),
                            },
                            span,
                        });
                    }
                    _ => {
                        let e = named_children(r).into_iter().next().map(|e| self.expr(e));
                        if let Some(e) = e {
                            resources.push(Stmt {
                                kind: StmtKind::Expr(e),
                                span,
                            });
                        }
                    }
                }
            }
        }
        let kind = self.try_stmt(node, Some(resources));
        self.pop();
        kind
    }

    fn catch_clause(&mut self, node: Node) -> Catch {
        self.push();
        let param = child_of_kind(node, "catch_formal_parameter");
        let types: Vec<Type> = param
            .and_then(|p| child_of_kind(p, "catch_type"))
            .map(|ct| {
                named_children(ct)
                    .into_iter()
                    .map(|t| self.names.resolve_type(self.src, t, &self.scope))
                    .collect()
            })
            .unwrap_or_default();
        let name = param
            .and_then(|p| p.child_by_field_name("name"))
            .map(|n| self.src.text(n).to_string())
            .unwrap_or_default();
        let ty = if types.len() == 1 {
            types[0].clone()
        } else {
            Type::class("java.lang.Throwable")
        };
        let local = self.declare(&name, ty, self.src.span(node));
        let body = match node.child_by_field_name("body") {
            Some(b) => self.stmt(b),
            None => Stmt {
                kind: StmtKind::Empty,
                span: self.src.span(node),
            },
        };
        self.pop();
        Catch { types, local, body }
    }
}

/// Where the `yield`s of a switch expression go.
struct YieldTarget {
    /// The local that holds the value.
    result: LocalId,
    /// The label of the switch statement they leave.
    label: String,
    /// The type the context expects; `Unknown` when it does not say.
    expected: Type,
    /// The types of the values yielded so far.
    types: Vec<Type>,
}

/// The type of a switch expression whose context says none: its arms' common type
/// (`null` arms aside), `Object` for arms of different reference types; `None` when the
/// arms are primitives of different types.
fn arm_type(types: &[Type]) -> Option<Type> {
    let typed: Vec<&Type> = types
        .iter()
        .filter(|t| !matches!(t, Type::Null | Type::Unknown))
        .collect();
    match typed.first() {
        None => Some(Type::object()),
        Some(first) if typed.iter().all(|t| t == first) => Some((*first).clone()),
        Some(_) if typed.iter().all(|t| t.is_reference()) => Some(Type::object()),
        Some(_) => None,
    }
}
