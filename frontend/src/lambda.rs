//! Pass 3, lambdas and method references: each becomes an object of a class of its own.
//!
//! The JVM makes a lambda an object of a hidden class that implements its functional
//! interface and holds the values the lambda captured. dsd does the same in the program
//! model: `x -> x / d` typed as `IntUnaryOperator` becomes `new Outer$$Lambda$1(d)`, whose
//! class has a field `val$d`, a constructor that stores it, and `applyAsInt(int)` whose
//! body is the lambda's. Captured locals are copied into locals of the same name when the
//! body starts, so the body reads them as the source does; `this` in the body is the
//! enclosing instance, reached through the class's `this$0` as for inner classes
//! ([`BodyCx::in_lambda`]). A method reference is a lambda whose body is the call
//! (`String::length` is `s -> s.length()`); a bound receiver (`name::equals`) is evaluated
//! and null-checked where the reference is written, as `javac` does.
//!
//! The classes are private: a test never builds one. Their bodies are checked where a
//! call's target is known, which vcgen finds from the object's class like any other call.

use crate::body::BodyCx;
use crate::capture;
use crate::declare;
use crate::ir::{
    Class, ClassKind, Expr, ExprKind, Field, Functional, Local, Method, MethodRef, Modifiers, Span,
    Stmt, StmtKind, Type,
};
use crate::syntax::named_children;
use crate::typing;
use std::rc::Rc;
use tree_sitter::Node;

/// The single abstract method of a functional interface, seen through the interface type's
/// type arguments.
pub struct FunctionType {
    /// The method as declared (its name and erased descriptor are what the lambda implements).
    pub method: Method,
    /// Parameter types after substitution.
    pub params: Vec<Type>,
    /// Return type after substitution.
    pub ret: Type,
}

/// What the class of a lambda or method reference is made from.
struct Shape<'f> {
    /// The functional interface type it implements.
    target: &'f Type,
    function: &'f FunctionType,
    /// The parameters of its method.
    params: Vec<Local>,
    captures: Vec<Capture>,
    form: Functional,
}

/// A value the lambda's object holds: a captured local or a method reference's receiver.
pub(crate) struct Capture {
    /// The name the body reads it by.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Its value where the lambda is written.
    pub value: Expr,
}

/// The public methods of `Object`, which an interface may redeclare without making them
/// abstract (JLS 9.8).
fn is_object_method(m: &Method) -> bool {
    matches!(
        (m.name.as_str(), m.descriptor.as_str()),
        ("equals", "(Ljava/lang/Object;)Z")
            | ("hashCode", "()I")
            | ("toString", "()Ljava/lang/String;")
    )
}

impl BodyCx<'_> {
    /// The function type of a functional interface type (JLS 9.9), `None` for anything else.
    pub fn function_type(&self, ty: &Type) -> Option<FunctionType> {
        let name = ty.class_name()?;
        if self.h.class(name)?.kind != ClassKind::Interface {
            return None;
        }
        let ancestors = self.h.ancestors(name);
        let implemented = |m: &Method| {
            ancestors.iter().filter_map(|a| self.h.class(a)).any(|c| {
                c.method(&m.name, &m.descriptor)
                    .is_some_and(|k| !k.modifiers.is_abstract)
            })
        };
        let mut found: Vec<(&str, &Method)> = Vec::new();
        for a in &ancestors {
            let Some(c) = self.h.class(a).filter(|c| c.kind == ClassKind::Interface) else {
                continue;
            };
            for m in &c.methods {
                let overridden = found
                    .iter()
                    .any(|(_, k)| k.name == m.name && k.param_count == m.param_count);
                if !m.modifiers.is_abstract
                    || m.modifiers.is_static
                    || is_object_method(m)
                    || overridden
                    || implemented(m)
                {
                    continue;
                }
                found.push((c.name.as_str(), m));
            }
        }
        let [(decl, method)] = found.as_slice() else {
            return None;
        };
        // javac types a lambda for `Consumer<? super String>` as a `Consumer<String>`.
        let map = typing::bindings_with_wildcards(self.h, ty, decl);
        let seen = |declared: &Type| {
            let t = typing::substitute(declared, &map);
            let t = match t {
                Type::Var { bound, .. } if t.is_super_wildcard() => *bound,
                t => t,
            };
            crate::expr::erase_free_vars(&t, &map)
        };
        Some(FunctionType {
            params: method.params().iter().map(|p| seen(&p.ty)).collect(),
            ret: seen(&method.ret),
            method: (*method).clone(),
        })
    }

    /// Lowers a lambda expression or method reference whose context expects `target`.
    pub fn functional(&mut self, node: Node, target: &Type) -> Expr {
        let what = match node.kind() {
            "lambda_expression" => "lambda expression",
            _ => "method reference",
        };
        let Some(function) = self.function_type(target) else {
            return self.unknown_expr(
                node,
                &format!("{what} whose functional interface is not known"),
                Vec::new(),
            );
        };
        match node.kind() {
            "lambda_expression" => self.lambda(node, target, function),
            _ => self.method_reference(node, target, function),
        }
    }

    fn lambda(&mut self, node: Node, target: &Type, function: FunctionType) -> Expr {
        let span = self.src.span(node);
        let (Some(params), Some(body)) = (
            node.child_by_field_name("parameters"),
            node.child_by_field_name("body"),
        ) else {
            return self.unknown_expr(node, "incomplete lambda expression", Vec::new());
        };
        let declared: Vec<Local> = match params.kind() {
            "formal_parameters" => declare::params(self.names, self.src, &self.scope, node).0,
            "identifier" => vec![self.lambda_param(params)],
            _ => named_children(params)
                .into_iter()
                .filter(|p| p.kind() == "identifier")
                .map(|p| self.lambda_param(p))
                .collect(),
        };
        if declared.len() != function.params.len() {
            let reason = format!(
                "lambda expression with {} parameters for `{}`, which takes {}",
                declared.len(),
                function.method.name,
                function.params.len()
            );
            return self.unknown_expr(node, &reason, Vec::new());
        }
        let params: Vec<Local> = declared
            .into_iter()
            .zip(&function.params)
            .map(|(mut p, ty)| {
                if p.ty == Type::Unknown {
                    p.ty = ty.clone();
                }
                p
            })
            .collect();
        let own: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
        let captures = self.captures(body, &own);
        let ret = function.ret.clone();
        let shape = Shape {
            target,
            function: &function,
            params,
            captures,
            form: Functional::Lambda,
        };
        self.functional_object(span, shape, |cx| {
            let span = cx.src.span(body);
            if body.kind() == "block" {
                return vec![cx.stmt(body)];
            }
            let kind = if ret == Type::Void {
                StmtKind::Expr(cx.expr(body))
            } else {
                let value = cx.expr_expecting(body, &ret);
                StmtKind::Return(Some(typing::coerce(
                    typing::narrow_constant(value, &ret),
                    &ret,
                )))
            };
            vec![Stmt { kind, span }]
        })
    }

    /// A lambda parameter written without a type; typed from the function type later.
    fn lambda_param(&self, node: Node) -> Local {
        Local {
            name: self.src.text(node).to_string(),
            ty: Type::Unknown,
            span: self.src.span(node),
        }
    }

    /// The enclosing locals a body may read: every identifier below `body` that names a
    /// local in scope here. A name that turns out to mean something else is copied but
    /// never read, which costs nothing.
    pub(crate) fn captures(&self, body: Node, own: &[String]) -> Vec<Capture> {
        let mut out: Vec<Capture> = Vec::new();
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                let name = self.src.text(n);
                if own.iter().any(|o| o == name) || out.iter().any(|c| c.name == name) {
                    continue;
                }
                if let Some(id) = self.lookup_local(name) {
                    let ty = self.locals[id as usize].ty.clone();
                    out.push(Capture {
                        name: name.to_string(),
                        value: Expr {
                            kind: ExprKind::Local(id),
                            ty: ty.clone(),
                            span: self.src.span(n),
                        },
                        ty,
                    });
                }
                continue;
            }
            stack.extend(named_children(n).into_iter().rev());
        }
        out
    }

    /// `new Outer$$Lambda$N(captures)`: declares the class whose `function` method has the
    /// body `body` builds, with `params` as its parameters and the captures as locals.
    fn functional_object(
        &mut self,
        span: Span,
        shape: Shape,
        body: impl FnOnce(&mut BodyCx) -> Vec<Stmt>,
    ) -> Expr {
        let Shape {
            target,
            function,
            params,
            captures,
            form,
        } = shape;
        let number = self.lambdas.get() + 1;
        self.lambdas.set(number);
        let name = format!("{}$$Lambda${number}", self.class);
        let field_of = |c: &Capture| capture::read(&name, &c.name, &c.ty, span);
        let param_count = params.len() as u32;
        let mut cx = BodyCx::new(
            self.names,
            self.h,
            self.src,
            self.scope.clone(),
            self.is_static,
            function.ret.clone(),
            params,
        );
        cx.lambdas = Rc::clone(&self.lambdas);
        cx.in_lambda = true;
        let mut stmts: Vec<Stmt> = captures
            .iter()
            .map(|c| {
                let id = cx.declare(&c.name, c.ty.clone(), span);
                let local = Expr {
                    kind: ExprKind::Local(id),
                    ty: c.ty.clone(),
                    span,
                };
                Stmt::assign(local, field_of(c), span)
            })
            .collect();
        stmts.extend(body(&mut cx));
        self.unknowns += cx.unknowns;
        self.diagnostics.append(&mut cx.diagnostics);
        self.synthetic.append(&mut cx.synthetic);
        let private = Modifiers {
            private: true,
            is_final: true,
            ..Modifiers::default()
        };
        let fields: Vec<Field> = captures
            .iter()
            .map(|c| capture::field(&c.name, &c.ty, span))
            .collect();
        let ctor_locals: Vec<Local> = captures
            .iter()
            .map(|c| Local {
                name: c.name.clone(),
                ty: c.ty.clone(),
                span,
            })
            .collect();
        let stores = captures
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let local = Expr {
                    kind: ExprKind::Local(i as u32),
                    ty: c.ty.clone(),
                    span,
                };
                Stmt::assign(field_of(c), local, span)
            })
            .collect();
        let descriptor = format!(
            "({})V",
            captures
                .iter()
                .map(|c| c.ty.erasure().descriptor())
                .collect::<String>()
        );
        let ctor = Method {
            name: "<init>".into(),
            descriptor: descriptor.clone(),
            param_count: captures.len() as u32,
            varargs: false,
            ret: Type::Void,
            modifiers: private,
            type_params: Vec::new(),
            locals: ctor_locals,
            body: Some(Stmt {
                kind: StmtKind::Block(stores),
                span,
            }),
            span,
            synthetic: true,
            annotations: Vec::new(),
        };
        let method = Method {
            name: function.method.name.clone(),
            descriptor: function.method.descriptor.clone(),
            param_count,
            varargs: false,
            ret: function.ret.clone(),
            modifiers: Modifiers {
                public: true,
                ..Modifiers::default()
            },
            type_params: Vec::new(),
            locals: cx.locals,
            body: Some(Stmt {
                kind: StmtKind::Block(stmts),
                span,
            }),
            span,
            synthetic: false,
            annotations: Vec::new(),
        };
        let library = self.h.class(&self.class).is_some_and(|c| c.library);
        self.synthetic.push(Class {
            simple_name: name.rsplit('.').next().unwrap_or(&name).to_string(),
            name: name.clone(),
            kind: ClassKind::Class,
            modifiers: Modifiers {
                is_static: self.is_static,
                ..private
            },
            type_params: Vec::new(),
            superclass: Some(Type::object()),
            interfaces: vec![target.clone()],
            outer: Some(self.class.clone()),
            inner: !self.is_static,
            fields,
            methods: vec![ctor, method],
            instance_init: Vec::new(),
            init_locals: Vec::new(),
            enum_constants: Vec::new(),
            file: span.file,
            span,
            library,
            signatures_only: false,
            platform_superclass: None,
            functional: Some(form),
        });
        let outer = (!self.is_static).then(|| Box::new(self.this_expr(span, None)));
        Expr {
            kind: ExprKind::New {
                method: MethodRef {
                    class: name,
                    name: "<init>".into(),
                    descriptor,
                    is_static: false,
                },
                args: captures.into_iter().map(|c| c.value).collect(),
                outer,
            },
            ty: target.clone(),
            span,
        }
    }

    fn method_reference(&mut self, node: Node, target: &Type, function: FunctionType) -> Expr {
        let span = self.src.span(node);
        let kids = named_children(node);
        let Some(&qualifier) = kids.first() else {
            return self.unknown_expr(node, "incomplete method reference", Vec::new());
        };
        let mut cursor = node.walk();
        let is_new = node.children(&mut cursor).any(|c| c.kind() == "new");
        let name = kids
            .last()
            .filter(|n| n.kind() == "identifier" && **n != qualifier)
            .map(|n| self.src.text(*n).to_string());
        let params: Vec<Local> = function
            .params
            .iter()
            .enumerate()
            .map(|(i, ty)| Local {
                name: format!("arg${i}"),
                ty: ty.clone(),
                span,
            })
            .collect();
        let referent = match qualifier.kind() {
            "super" | "this" => Referent::Bound {
                receiver: None,
                special: qualifier.kind() == "super",
            },
            _ => match self.qualifier_type(qualifier) {
                Some(ty) => Referent::Type(ty),
                None => {
                    let value = self.expr(qualifier);
                    Referent::Bound {
                        receiver: Some(self.null_checked(value)),
                        special: false,
                    }
                }
            },
        };
        let mut captures = Vec::new();
        if let Referent::Bound {
            receiver: Some(value),
            ..
        } = &referent
        {
            captures.push(Capture {
                name: "receiver$".into(),
                ty: value.ty.clone(),
                value: value.clone(),
            });
        }
        let ret = function.ret.clone();
        let shape = Shape {
            target,
            function: &function,
            params,
            captures,
            form: Functional::MethodReference,
        };
        self.functional_object(span, shape, |cx| {
            let args: Vec<Expr> = cx.locals[..function.params.len()]
                .iter()
                .enumerate()
                .map(|(i, l)| Expr {
                    kind: ExprKind::Local(i as u32),
                    ty: l.ty.clone(),
                    span,
                })
                .collect();
            let call = match (&referent, is_new, &name) {
                (Referent::Type(ty), true, _) => cx.reference_new(ty, args, span),
                (Referent::Type(ty), false, Some(name)) => {
                    cx.reference_on_type(ty, name, args, span)
                }
                (Referent::Bound { receiver, special }, false, Some(name)) => {
                    let receiver = match receiver {
                        Some(v) => cx.lookup_local("receiver$").map(|id| Expr {
                            kind: ExprKind::Local(id),
                            ty: v.ty.clone(),
                            span,
                        }),
                        None => Some(cx.this_expr(span, None)),
                    };
                    receiver.and_then(|r| cx.reference_on_value(r, name, args, *special, span))
                }
                _ => None,
            };
            let call = call.unwrap_or_else(|| {
                cx.unknowns += 1;
                Expr {
                    kind: ExprKind::Unknown {
                        reason: "method reference whose method is not found".into(),
                        parts: Vec::new(),
                        call: None,
                    },
                    ty: ret.clone(),
                    span,
                }
            });
            let kind = if ret == Type::Void {
                StmtKind::Expr(call)
            } else {
                StmtKind::Return(Some(typing::coerce(call, &ret)))
            };
            vec![Stmt { kind, span }]
        })
    }

    /// The type a method reference's qualifier names (`String`, `int[]`, `Map.Entry`), or
    /// `None` when it is an expression.
    fn qualifier_type(&self, node: Node) -> Option<Type> {
        match node.kind() {
            "identifier" | "field_access" | "scoped_identifier" => {
                self.as_type_name(node).map(|c| Type::class(&c))
            }
            "type_identifier"
            | "generic_type"
            | "array_type"
            | "scoped_type_identifier"
            | "integral_type"
            | "floating_point_type"
            | "boolean_type" => Some(self.names.resolve_type(self.src, node, &self.scope))
                .filter(|t| *t != Type::Unknown),
            _ => None,
        }
    }

    /// `Objects.requireNonNull(value)`, as `javac` checks a method reference's receiver.
    fn null_checked(&mut self, value: Expr) -> Expr {
        let span = value.span;
        let ty = value.ty.clone();
        if ty.is_primitive() || ty == Type::Unknown {
            return value;
        }
        let check = MethodRef {
            class: "java.util.Objects".into(),
            name: "requireNonNull".into(),
            descriptor: "(Ljava/lang/Object;)Ljava/lang/Object;".into(),
            is_static: true,
        };
        if self
            .h
            .class(&check.class)
            .and_then(|c| c.method(&check.name, &check.descriptor))
            .is_none()
        {
            return value;
        }
        let call = Expr {
            kind: ExprKind::Call {
                receiver: None,
                method: check,
                args: vec![typing::coerce(value, &Type::object())],
                special: false,
            },
            ty: Type::object(),
            span,
        };
        typing::wrap(call, crate::ir::Conversion::Unchecked, ty)
    }

    /// `Type::new`: a constructor, or an array of the first argument's length.
    fn reference_new(&mut self, ty: &Type, args: Vec<Expr>, span: Span) -> Option<Expr> {
        if ty.element().is_some() {
            let length = typing::int_operand(args.into_iter().next()?);
            return Some(Expr {
                kind: ExprKind::NewArray {
                    dims: vec![length],
                    init: None,
                },
                ty: ty.clone(),
                span,
            });
        }
        self.construct(ty, (args, Vec::new()), None, span).ok()
    }

    /// `Type::m`: a static method taking every argument, or an instance method of the first.
    fn reference_on_type(
        &mut self,
        ty: &Type,
        name: &str,
        args: Vec<Expr>,
        span: Span,
    ) -> Option<Expr> {
        let class = ty.erasure().class_name()?.to_string();
        if let Some(chosen) = self
            .choose(&class, name, &args, &[], ty)
            .filter(|c| c.method.modifiers.is_static)
        {
            return Some(self.make_call(chosen, None, args, false, span));
        }
        let mut rest = args;
        if rest.is_empty() {
            return None;
        }
        let receiver = typing::coerce(rest.remove(0), ty);
        let chosen = self
            .choose(&class, name, &rest, &[], ty)
            .filter(|c| !c.method.modifiers.is_static)?;
        Some(self.make_call(chosen, Some(receiver), rest, false, span))
    }

    /// `value::m` (`this::m`, `super::m` when `special`).
    fn reference_on_value(
        &mut self,
        receiver: Expr,
        name: &str,
        args: Vec<Expr>,
        special: bool,
        span: Span,
    ) -> Option<Expr> {
        let class = if special {
            self.h
                .class(&self.class)
                .and_then(|c| c.superclass.as_ref())
                .and_then(|s| s.class_name())
                .unwrap_or(crate::hierarchy::OBJECT)
                .to_string()
        } else {
            match receiver.ty.erasure() {
                Type::Array(_) => crate::hierarchy::OBJECT.to_string(),
                t => t.class_name()?.to_string(),
            }
        };
        let recv_ty = receiver.ty.clone();
        let chosen = self.choose(&class, name, &args, &[], &recv_ty)?;
        let receiver = (!chosen.method.modifiers.is_static).then_some(receiver);
        Some(self.make_call(chosen, receiver, args, special, span))
    }
}

/// What a method reference calls.
enum Referent {
    /// `Type::m` or `Type::new`.
    Type(Type),
    /// `value::m`, `this::m` or `super::m`; the receiver is `this` when absent.
    Bound {
        receiver: Option<Expr>,
        special: bool,
    },
}
