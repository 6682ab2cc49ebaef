//! Pass 3, expressions: typing, name resolution and explicit conversions.

use crate::body::BodyCx;
use crate::ir::{
    BinaryOp, Conversion, Expr, ExprKind, Literal, Span, Type, UnaryOp, UnresolvedCall,
};
use crate::literal;
use crate::syntax::{named_children, strip_parens};
use crate::typing::{self, binary_promote, primitive_of, unary_promote, wrap};
use tree_sitter::Node;

impl BodyCx<'_> {
    /// An expression the frontend does not model; `parts` are still evaluated.
    pub fn unknown_expr(&mut self, node: Node, reason: &str, parts: Vec<Expr>) -> Expr {
        self.unknown_call(node, reason, parts, None)
    }

    /// An expression the frontend does not model, which may be an unresolved instance call
    /// (then `parts[0]` is its receiver).
    pub fn unknown_call(
        &mut self,
        node: Node,
        reason: &str,
        parts: Vec<Expr>,
        call: Option<UnresolvedCall>,
    ) -> Expr {
        self.unknowns += 1;
        Expr {
            kind: ExprKind::Unknown {
                reason: reason.to_string(),
                parts,
                call,
            },
            ty: Type::Unknown,
            span: self.src.span(node),
        }
    }

    /// Lowers an expression whose context expects `ty` (used for `{...}` and poly expressions).
    pub fn expr_expecting(&mut self, node: Node, ty: &Type) -> Expr {
        let node = strip_parens(node);
        if node.kind() == "array_initializer" {
            return self.array_init(node, ty);
        }
        if matches!(node.kind(), "lambda_expression" | "method_reference") {
            return self.functional(node, ty);
        }
        if node.kind() == "switch_expression" {
            return self.switch_expr(node, ty);
        }
        let mut e = self.expr(node);
        if e.ty == Type::Unknown
            && matches!(e.kind, ExprKind::Unknown { .. })
            && *ty != Type::Unknown
        {
            e.ty = ty.clone();
        }
        e
    }

    /// Lowers an expression node.
    pub fn expr(&mut self, node: Node) -> Expr {
        let node = strip_parens(node);
        let span = self.src.span(node);
        let text = self.src.text(node);
        let lit = |l: Literal, ty: Type| Expr {
            kind: ExprKind::Literal(l),
            ty,
            span,
        };
        match node.kind() {
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => match literal::integer(text, false) {
                Ok(l @ Literal::Long(_)) => lit(l, Type::Long),
                Ok(l) => lit(l, Type::Int),
                Err(e) => self.unknown_expr(node, &e, Vec::new()),
            },
            "decimal_floating_point_literal" | "hex_floating_point_literal" => {
                match literal::floating(text) {
                    Ok(l @ Literal::Float(_)) => lit(l, Type::Float),
                    Ok(l) => lit(l, Type::Double),
                    Err(e) => self.unknown_expr(node, &e, Vec::new()),
                }
            }
            "true" => lit(Literal::Bool(true), Type::Boolean),
            "false" => lit(Literal::Bool(false), Type::Boolean),
            "null_literal" => lit(Literal::Null, Type::Null),
            "character_literal" => match literal::character(text) {
                Ok(l) => lit(l, Type::Char),
                Err(e) => self.unknown_expr(node, &e, Vec::new()),
            },
            "string_literal" => match literal::string(text) {
                Ok(l) => lit(l, Type::string()),
                Err(e) => self.unknown_expr(node, &e, Vec::new()),
            },
            "class_literal" => {
                let t = named_children(node)
                    .into_iter()
                    .next()
                    .map(|t| self.names.resolve_type(self.src, t, &self.scope))
                    .unwrap_or(Type::Unknown);
                Expr {
                    kind: ExprKind::ClassLiteral(t),
                    ty: Type::class("java.lang.Class"),
                    span,
                }
            }
            "this" => self.this_expr(span, None),
            "identifier" => self.name_expr(node),
            "field_access" => self.field_access(node),
            "array_access" => {
                let array = node.child_by_field_name("array").map(|a| self.expr(a));
                let index = node.child_by_field_name("index").map(|i| self.expr(i));
                match (array, index) {
                    (Some(array), Some(index)) => {
                        let ty = array.ty.element().cloned().unwrap_or(Type::Unknown);
                        let index = typing::int_operand(index);
                        Expr {
                            kind: ExprKind::ArrayAccess {
                                array: Box::new(array),
                                index: Box::new(index),
                            },
                            ty,
                            span,
                        }
                    }
                    _ => self.unknown_expr(node, "incomplete array access", Vec::new()),
                }
            }
            "method_invocation" => self.call(node),
            "object_creation_expression" => self.new_object(node),
            "array_creation_expression" => self.new_array(node),
            "array_initializer" => {
                self.unknown_expr(node, "array initializer without a type", Vec::new())
            }
            "assignment_expression" => self.assignment(node),
            "binary_expression" => self.binary(node),
            "unary_expression" => self.unary(node),
            "update_expression" => self.update(node),
            "ternary_expression" => self.conditional(node),
            "cast_expression" => self.cast(node),
            "instanceof_expression" => self.instance_of(node),
            "lambda_expression" | "method_reference" => self.functional(node, &Type::Unknown),
            "switch_expression" => self.switch_expr(node, &Type::Unknown),
            other => self.unknown_expr(node, &format!("expression `{other}`"), Vec::new()),
        }
    }

    /// `this`, or the instance of an enclosing class for `Outer.this`.
    pub fn this_expr(&self, span: Span, outer: Option<String>) -> Expr {
        let class = outer.clone().unwrap_or_else(|| self.class.clone());
        let args = self
            .h
            .class(&class)
            .map(|c| {
                c.type_params
                    .iter()
                    .map(|p| Type::Var {
                        name: p.clone(),
                        bound: Box::new(self.type_var_bound(p)),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let outer = if self.in_lambda {
            Some(class.clone())
        } else {
            outer.filter(|o| *o != self.class)
        };
        Expr {
            kind: ExprKind::This { outer },
            ty: Type::Class { name: class, args },
            span,
        }
    }

    /// The erasure of a type variable in scope (`Comparable` for `A extends Comparable<A>`).
    fn type_var_bound(&self, name: &str) -> Type {
        self.scope
            .vars
            .iter()
            .rev()
            .find(|(v, _)| v == name)
            .map(|(_, bound)| bound.clone())
            .unwrap_or_else(Type::object)
    }

    fn name_expr(&mut self, node: Node) -> Expr {
        let name = self.src.text(node).to_string();
        let span = self.src.span(node);
        if let Some(id) = self.lookup_local(&name) {
            let ty = self.locals[id as usize].ty.clone();
            return Expr {
                kind: ExprKind::Local(id),
                ty,
                span,
            };
        }
        if let Some(e) = self.implicit_field(&name, span) {
            return e;
        }
        self.unknown_expr(node, &format!("unresolved name `{name}`"), Vec::new())
    }

    /// A field named without a qualifier: of this class, an enclosing class, or a static import.
    fn implicit_field(&mut self, name: &str, span: Span) -> Option<Expr> {
        let mut current = Some(self.class.clone());
        while let Some(c) = current {
            if let Some((decl, field)) = self.h.find_field(&c, name) {
                let target = if field.modifiers.is_static {
                    None
                } else {
                    let outer = if c == self.class {
                        None
                    } else {
                        Some(c.clone())
                    };
                    Some(Box::new(self.this_expr(span, outer)))
                };
                let ty = match &target {
                    Some(t) => self.member_type(&field.ty, &t.ty, &decl.name),
                    None => field.ty.clone(),
                };
                return Some(Expr {
                    kind: ExprKind::Field {
                        target,
                        class: decl.name.clone(),
                        name: name.to_string(),
                    },
                    ty,
                    span,
                });
            }
            current = self.h.class(&c).and_then(|k| k.outer.clone());
        }
        let file = self.scope.file;
        let holders: Vec<String> = file
            .static_single
            .get(name)
            .cloned()
            .into_iter()
            .chain(file.static_on_demand.iter().cloned())
            .collect();
        for holder in holders {
            let Some(class) = self.names.resolve(&holder, &self.scope) else {
                continue;
            };
            if let Some((decl, field)) = self.h.find_field(&class, name) {
                if field.modifiers.is_static {
                    return Some(Expr {
                        kind: ExprKind::Field {
                            target: None,
                            class: decl.name.clone(),
                            name: name.to_string(),
                        },
                        ty: field.ty.clone(),
                        span,
                    });
                }
            }
        }
        None
    }

    /// The type of a member declared in `decl` with type `ty`, seen through `receiver`'s type arguments.
    pub fn member_type(&self, ty: &Type, receiver: &Type, decl: &str) -> Type {
        let map = typing::bindings_for(self.h, receiver, decl);
        let t = typing::substitute(ty, &map);
        erase_free_vars(&t, &map)
    }

    /// If a node names a type (`Math`, `java.util.List`, `Outer.Inner`) rather than a value, the type.
    pub fn as_type_name(&self, node: Node) -> Option<String> {
        let node = strip_parens(node);
        if !matches!(
            node.kind(),
            "identifier" | "field_access" | "scoped_identifier" | "type_identifier"
        ) {
            return None;
        }
        let text: String = self.src.text(node).split_whitespace().collect();
        if text.split('.').any(|p| {
            p.is_empty()
                || !p
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        }) {
            return None;
        }
        let first = text.split('.').next().unwrap_or_default();
        if self.lookup_local(first).is_some() || self.field_visible(first) {
            return None;
        }
        self.names
            .resolve(&text, &self.scope)
            .filter(|n| self.names.exists(n) || n.starts_with("java."))
    }

    fn field_visible(&self, name: &str) -> bool {
        let mut current = Some(self.class.clone());
        while let Some(c) = current {
            if self.h.find_field(&c, name).is_some() {
                return true;
            }
            current = self.h.class(&c).and_then(|k| k.outer.clone());
        }
        false
    }

    fn field_access(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (Some(object), Some(field)) = (
            node.child_by_field_name("object"),
            node.child_by_field_name("field"),
        ) else {
            return self.unknown_expr(node, "incomplete field access", Vec::new());
        };
        let name = self.src.text(field).to_string();
        if object.kind() == "super"
            || named_children(node).iter().any(|c| c.kind() == "super")
                && object.kind() != "super"
                && name != "this"
                && self.src.text(object) == "super"
        {
            let sup = self
                .h
                .class(&self.class)
                .and_then(|c| c.superclass.as_ref())
                .and_then(|s| s.class_name())
                .map(String::from);
            let this = self.this_expr(span, None);
            return match sup.and_then(|s| {
                self.h
                    .find_field(&s, &name)
                    .map(|(d, f)| (d.name.clone(), f.clone()))
            }) {
                Some((decl, f)) => {
                    let ty = self.member_type(&f.ty, &this.ty, &decl);
                    let target = if f.modifiers.is_static {
                        None
                    } else {
                        Some(Box::new(this))
                    };
                    Expr {
                        kind: ExprKind::Field {
                            target,
                            class: decl,
                            name,
                        },
                        ty,
                        span,
                    }
                }
                None => self.unknown_expr(node, "unresolved super field", Vec::new()),
            };
        }
        if name == "this" || field.kind() == "this" {
            let outer = self.as_type_name(object);
            return self.this_expr(span, outer);
        }
        if let Some(class) = self.as_type_name(object) {
            if name == "length" && class.is_empty() {
                return self.unknown_expr(node, "length of a type", Vec::new());
            }
            return match self.h.find_field(&class, &name) {
                Some((decl, f)) => Expr {
                    kind: ExprKind::Field {
                        target: None,
                        class: decl.name.clone(),
                        name,
                    },
                    ty: f.ty.clone(),
                    span,
                },
                None => {
                    let nested = format!("{class}${name}");
                    if self.names.exists(&nested) {
                        self.unknown_expr(node, "type used as a value", Vec::new())
                    } else {
                        self.unknown_expr(
                            node,
                            &format!("unknown static field `{class}.{name}`"),
                            Vec::new(),
                        )
                    }
                }
            };
        }
        let target = self.expr(object);
        if let Type::Array(_) = target.ty {
            if name == "length" {
                return Expr {
                    kind: ExprKind::ArrayLength(Box::new(target)),
                    ty: Type::Int,
                    span,
                };
            }
        }
        let Some(class) = target.ty.erasure().class_name().map(String::from) else {
            return self.unknown_expr(
                node,
                &format!("field `{name}` of an untyped value"),
                vec![target],
            );
        };
        match self.h.find_field(&class, &name) {
            Some((decl, f)) => {
                let ty = self.member_type(&f.ty, &target.ty, &decl.name);
                let decl = decl.name.clone();
                let target = if f.modifiers.is_static {
                    None
                } else {
                    Some(Box::new(target))
                };
                Expr {
                    kind: ExprKind::Field {
                        target,
                        class: decl,
                        name,
                    },
                    ty,
                    span,
                }
            }
            None => self.unknown_expr(
                node,
                &format!("unknown field `{class}.{name}`"),
                vec![target],
            ),
        }
    }

    /// Lowers `{a, b, ...}` for an array of type `ty`.
    pub fn array_init(&mut self, node: Node, ty: &Type) -> Expr {
        let span = self.src.span(node);
        let Some(element) = ty.element().cloned() else {
            return self.unknown_expr(node, "array initializer for a non-array type", Vec::new());
        };
        let elements = named_children(node)
            .into_iter()
            .map(|c| self.initializer(c, &element))
            .collect::<Vec<_>>();
        Expr {
            kind: ExprKind::NewArray {
                dims: Vec::new(),
                init: Some(elements),
            },
            ty: ty.clone(),
            span,
        }
    }

    fn new_array(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let base = node
            .child_by_field_name("type")
            .map(|t| self.names.resolve_type(self.src, t, &self.scope))
            .unwrap_or(Type::Unknown);
        let mut sized = Vec::new();
        let mut extra = 0;
        let mut cursor = node.walk();
        for d in node.children_by_field_name("dimensions", &mut cursor) {
            if d.kind() == "dimensions_expr" {
                if let Some(e) = named_children(d)
                    .into_iter()
                    .find(|c| !matches!(c.kind(), "annotation" | "marker_annotation"))
                {
                    sized.push(e);
                }
            } else {
                extra += self.src.text(d).matches('[').count();
            }
        }
        let mut ty = base;
        for _ in 0..(sized.len() + extra) {
            ty = Type::Array(Box::new(ty));
        }
        if let Some(init) = node.child_by_field_name("value") {
            let mut e = self.array_init(init, &ty);
            e.span = span;
            return e;
        }
        let dims = sized
            .into_iter()
            .map(|d| {
                let e = self.expr(d);
                typing::int_operand(e)
            })
            .collect();
        Expr {
            kind: ExprKind::NewArray { dims, init: None },
            ty,
            span,
        }
    }

    fn assignment(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (Some(left), Some(right), Some(op)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
            node.child_by_field_name("operator"),
        ) else {
            return self.unknown_expr(node, "incomplete assignment", Vec::new());
        };
        let target = self.expr(left);
        if !matches!(
            target.kind,
            ExprKind::Local(_) | ExprKind::Field { .. } | ExprKind::ArrayAccess { .. }
        ) {
            let value = self.expr(right);
            return self.unknown_expr(
                node,
                "assignment to an unmodelled target",
                vec![target, value],
            );
        }
        let op_text = self.src.text(op);
        let ty = target.ty.clone();
        if op_text == "=" {
            let value = self.expr_expecting(right, &ty);
            let value = typing::coerce(typing::narrow_constant(value, &ty), &ty);
            return Expr::assign(target, value, span);
        }
        let bop = binary_op(op_text.trim_end_matches('='));
        let value = self.expr(right);
        let Some(bop) = bop else {
            return self.unknown_expr(node, "unknown compound operator", vec![target, value]);
        };
        let (op_ty, value) = if bop == BinaryOp::Add && ty == Type::string() {
            (Type::string(), self.to_string_value(value))
        } else if bop.is_shift() {
            let p = unary_promote(&primitive_of(&value.ty).unwrap_or(Type::Int));
            let op_ty = unary_promote(&primitive_of(&ty).unwrap_or(Type::Int));
            (op_ty, typing::to_primitive(value, &p))
        } else {
            let tp = primitive_of(&ty).unwrap_or(Type::Unknown);
            let vp = primitive_of(&value.ty).unwrap_or(Type::Unknown);
            let op_ty = if tp == Type::Boolean {
                Type::Boolean
            } else {
                binary_promote(&tp, &vp)
            };
            (op_ty.clone(), typing::to_primitive(value, &op_ty))
        };
        let op = if op_ty == Type::string() {
            BinaryOp::Concat
        } else {
            bop
        };
        Expr {
            kind: ExprKind::Assign {
                target: Box::new(target),
                op: Some(op),
                value: Box::new(value),
                op_ty,
            },
            ty,
            span,
        }
    }

    /// Converts a value to `String` for concatenation.
    pub fn to_string_value(&self, e: Expr) -> Expr {
        if e.ty == Type::string() {
            return e;
        }
        wrap(e, Conversion::ToString, Type::string())
    }

    fn binary(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (Some(l), Some(r), Some(op_node)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
            node.child_by_field_name("operator"),
        ) else {
            return self.unknown_expr(node, "incomplete binary expression", Vec::new());
        };
        let op_text = self.src.text(op_node).to_string();
        let lhs = self.expr(l);
        let rhs = self.expr(r);
        let Some(op) = binary_op(&op_text) else {
            return self.unknown_expr(node, "unknown operator", vec![lhs, rhs]);
        };
        let mut e = self
            .make_binary(op, lhs, rhs, span)
            .unwrap_or_else(|parts| self.unknown_expr(node, "ill-typed operands", parts));
        if let ExprKind::Binary { op_span, .. } = &mut e.kind {
            *op_span = self.src.span(op_node);
        }
        e
    }

    /// Types a binary operation, inserting promotions; gives back the operands if it cannot.
    pub fn make_binary(
        &mut self,
        op: BinaryOp,
        lhs: Expr,
        rhs: Expr,
        span: Span,
    ) -> Result<Expr, Vec<Expr>> {
        let string = Type::string();
        if op == BinaryOp::Add && (lhs.ty == string || rhs.ty == string) {
            let (lhs, rhs) = (self.to_string_value(lhs), self.to_string_value(rhs));
            return Ok(binary_expr(
                BinaryOp::Concat,
                lhs,
                rhs,
                string.clone(),
                string,
                span,
            ));
        }
        let lp = primitive_of(&lhs.ty);
        let rp = primitive_of(&rhs.ty);
        match op {
            BinaryOp::CondAnd | BinaryOp::CondOr => {
                let (l, r) = (
                    typing::coerce(lhs, &Type::Boolean),
                    typing::coerce(rhs, &Type::Boolean),
                );
                Ok(binary_expr(op, l, r, Type::Boolean, Type::Boolean, span))
            }
            BinaryOp::Eq | BinaryOp::Ne => {
                let numeric_or_bool =
                    |p: &Option<Type>, t: &Type| p.is_some() && (t.is_primitive());
                if numeric_or_bool(&lp, &lhs.ty) || numeric_or_bool(&rp, &rhs.ty) {
                    let (Some(a), Some(b)) = (lp, rp) else {
                        return Err(vec![lhs, rhs]);
                    };
                    let op_ty = if a == Type::Boolean {
                        Type::Boolean
                    } else {
                        binary_promote(&a, &b)
                    };
                    let (l, r) = (
                        typing::to_primitive(lhs, &op_ty),
                        typing::to_primitive(rhs, &op_ty),
                    );
                    Ok(binary_expr(op, l, r, op_ty, Type::Boolean, span))
                } else {
                    Ok(binary_expr(
                        op,
                        lhs,
                        rhs,
                        Type::object(),
                        Type::Boolean,
                        span,
                    ))
                }
            }
            _ if op.is_shift() => {
                let (Some(a), Some(b)) = (lp, rp) else {
                    return Err(vec![lhs, rhs]);
                };
                let (a, b) = (unary_promote(&a), unary_promote(&b));
                let (l, r) = (typing::to_primitive(lhs, &a), typing::to_primitive(rhs, &b));
                Ok(binary_expr(op, l, r, a.clone(), a, span))
            }
            _ => {
                let (Some(a), Some(b)) = (lp, rp) else {
                    return Err(vec![lhs, rhs]);
                };
                let op_ty = if a == Type::Boolean && b == Type::Boolean {
                    Type::Boolean
                } else {
                    binary_promote(&a, &b)
                };
                let (l, r) = (
                    typing::to_primitive(lhs, &op_ty),
                    typing::to_primitive(rhs, &op_ty),
                );
                let ty = if op.is_comparison() {
                    Type::Boolean
                } else {
                    op_ty.clone()
                };
                Ok(binary_expr(op, l, r, op_ty, ty, span))
            }
        }
    }

    fn unary(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (Some(operand), Some(op)) = (
            node.child_by_field_name("operand"),
            node.child_by_field_name("operator"),
        ) else {
            return self.unknown_expr(node, "incomplete unary expression", Vec::new());
        };
        let op_text = self.src.text(op);
        let operand_node = strip_parens(operand);
        if op_text == "-"
            && operand_node.kind() != "parenthesized_expression"
            && operand_node.kind().ends_with("integer_literal")
        {
            if let Ok(l) = literal::integer(self.src.text(operand_node), true) {
                let (l, ty) = match l {
                    Literal::Int(v) => (Literal::Int(v.wrapping_neg()), Type::Int),
                    Literal::Long(v) => (Literal::Long(v.wrapping_neg()), Type::Long),
                    other => (other, Type::Int),
                };
                return Expr {
                    kind: ExprKind::Literal(l),
                    ty,
                    span,
                };
            }
        }
        let e = self.expr(operand);
        let Some(p) = primitive_of(&e.ty) else {
            return self.unknown_expr(node, "ill-typed unary operand", vec![e]);
        };
        match op_text {
            "!" => {
                let e = typing::to_primitive(e, &Type::Boolean);
                Expr {
                    kind: ExprKind::Unary {
                        op: UnaryOp::Not,
                        operand: Box::new(e),
                    },
                    ty: Type::Boolean,
                    span,
                }
            }
            "+" => {
                let t = unary_promote(&p);
                typing::to_primitive(e, &t)
            }
            "-" | "~" => {
                let t = unary_promote(&p);
                let e = typing::to_primitive(e, &t);
                let op = if op_text == "-" {
                    UnaryOp::Neg
                } else {
                    UnaryOp::BitNot
                };
                Expr {
                    kind: ExprKind::Unary {
                        op,
                        operand: Box::new(e),
                    },
                    ty: t,
                    span,
                }
            }
            _ => self.unknown_expr(node, "unknown unary operator", vec![e]),
        }
    }

    fn update(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let text = self.src.text(node).trim().to_string();
        let Some(operand) = named_children(node).into_iter().next() else {
            return self.unknown_expr(node, "incomplete update", Vec::new());
        };
        let target = self.expr(operand);
        if !matches!(
            target.kind,
            ExprKind::Local(_) | ExprKind::Field { .. } | ExprKind::ArrayAccess { .. }
        ) {
            return self.unknown_expr(node, "update of an unmodelled target", vec![target]);
        }
        let prefix = text.starts_with("++") || text.starts_with("--");
        let increment = if prefix {
            text.starts_with("++")
        } else {
            text.ends_with("++")
        };
        let ty = target.ty.clone();
        Expr {
            kind: ExprKind::IncDec {
                target: Box::new(target),
                increment,
                prefix,
            },
            ty,
            span,
        }
    }

    fn conditional(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (Some(c), Some(t), Some(f)) = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("consequence"),
            node.child_by_field_name("alternative"),
        ) else {
            return self.unknown_expr(node, "incomplete conditional", Vec::new());
        };
        let cond = self.bool_expr(c);
        let then = self.expr(t);
        let otherwise = self.expr(f);
        let ty = self.conditional_type(&then.ty, &otherwise.ty);
        let (then, otherwise) = (typing::coerce(then, &ty), typing::coerce(otherwise, &ty));
        Expr {
            kind: ExprKind::Conditional {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            ty,
            span,
        }
    }

    fn conditional_type(&self, a: &Type, b: &Type) -> Type {
        if a == b {
            return a.clone();
        }
        if *a == Type::Null {
            return b.clone().boxed_if_primitive();
        }
        if *b == Type::Null {
            return a.clone().boxed_if_primitive();
        }
        match (primitive_of(a), primitive_of(b)) {
            (Some(x), Some(y)) if a.is_primitive() || b.is_primitive() => {
                if x == y {
                    x
                } else if x == Type::Boolean || y == Type::Boolean {
                    Type::object()
                } else {
                    binary_promote(&x, &y)
                }
            }
            _ if a.is_primitive() || b.is_primitive() => Type::object(),
            _ => {
                if self.h.is_subtype(a, b) {
                    b.clone()
                } else if self.h.is_subtype(b, a) {
                    a.clone()
                } else {
                    Type::object()
                }
            }
        }
    }

    fn cast(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let types: Vec<Node> = crate::syntax::field_children(node, "type");
        let (Some(t), Some(v)) = (types.first(), node.child_by_field_name("value")) else {
            return self.unknown_expr(node, "incomplete cast", Vec::new());
        };
        let target = self.names.resolve_type(self.src, *t, &self.scope);
        let value = self.expr_expecting(v, &target);
        let mut e = if target.is_primitive() {
            if value.ty.is_primitive() {
                if value.ty == target {
                    value
                } else {
                    wrap(value, Conversion::Primitive, target.clone())
                }
            } else {
                typing::to_primitive(value, &target)
            }
        } else if value.ty.is_primitive() {
            typing::coerce(value, &target)
        } else if value.ty == Type::Unknown || self.h.is_subtype(&value.ty, &target) {
            wrap(value, Conversion::Unchecked, target.clone())
        } else {
            wrap(value, Conversion::Checked, target.clone())
        };
        e.span = span;
        e
    }

    fn instance_of(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let Some(left) = node.child_by_field_name("left") else {
            return self.unknown_expr(node, "incomplete instanceof", Vec::new());
        };
        let e = self.expr(left);
        if node.child_by_field_name("pattern").is_some() {
            return self.unknown_expr(node, "record pattern", vec![e]);
        }
        let Some(t) = node.child_by_field_name("right") else {
            return self.unknown_expr(node, "instanceof without type", vec![e]);
        };
        let target = self.names.resolve_type(self.src, t, &self.scope);
        let binding = node.child_by_field_name("name").map(|n| {
            let name = self.src.text(n).to_string();
            self.declare(&name, target.clone(), self.src.span(n))
        });
        Expr {
            kind: ExprKind::InstanceOf {
                expr: Box::new(e),
                target,
                binding,
            },
            ty: Type::Boolean,
            span,
        }
    }
}

trait BoxIfPrimitive {
    fn boxed_if_primitive(self) -> Type;
}

impl BoxIfPrimitive for Type {
    fn boxed_if_primitive(self) -> Type {
        match typing::boxed(&self) {
            Some(b) => Type::class(b),
            None => self,
        }
    }
}

/// A binary operation node.
pub(crate) fn binary_expr(
    op: BinaryOp,
    lhs: Expr,
    rhs: Expr,
    op_ty: Type,
    ty: Type,
    span: Span,
) -> Expr {
    Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
            op_ty,
            op_span: span,
        },
        ty,
        span,
    }
}

/// The operator for a binary operator token.
pub fn binary_op(text: &str) -> Option<BinaryOp> {
    Some(match text {
        "+" => BinaryOp::Add,
        "-" => BinaryOp::Sub,
        "*" => BinaryOp::Mul,
        "/" => BinaryOp::Div,
        "%" => BinaryOp::Rem,
        "<<" => BinaryOp::Shl,
        ">>" => BinaryOp::Shr,
        ">>>" => BinaryOp::Ushr,
        "&" => BinaryOp::And,
        "|" => BinaryOp::Or,
        "^" => BinaryOp::Xor,
        "&&" => BinaryOp::CondAnd,
        "||" => BinaryOp::CondOr,
        "==" => BinaryOp::Eq,
        "!=" => BinaryOp::Ne,
        "<" => BinaryOp::Lt,
        "<=" => BinaryOp::Le,
        ">" => BinaryOp::Gt,
        ">=" => BinaryOp::Ge,
        _ => return None,
    })
}

/// Replaces type variables that a substitution left unbound by their erasure.
pub fn erase_free_vars(t: &Type, bound: &std::collections::HashMap<String, Type>) -> Type {
    match t {
        t if t.is_super_wildcard() => Type::object(),
        Type::Var { name, bound: b } if !bound.contains_key(name) => (**b).clone(),
        Type::Class { name, args } => Type::Class {
            name: name.clone(),
            args: args.iter().map(|a| erase_free_vars(a, bound)).collect(),
        },
        Type::Array(e) => Type::Array(Box::new(erase_free_vars(e, bound))),
        t => t.clone(),
    }
}
