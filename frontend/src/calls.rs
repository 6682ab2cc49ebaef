//! Pass 3, calls: overload resolution, `new`, and explicit constructor calls.

use crate::body::BodyCx;
use crate::ir::{Expr, ExprKind, Method, MethodRef, Stmt, StmtKind, Type, UnresolvedCall};
use crate::syntax::named_children;
use crate::typing;
use crate::Hierarchy;
use std::collections::HashMap;
use tree_sitter::Node;

/// A method chosen by overload resolution, with its types seen from the call site.
pub(crate) struct Chosen {
    /// Binary name of the declaring class.
    pub class: String,
    /// The method as declared.
    pub method: Method,
    /// Parameter types seen from the call site.
    pub params: Vec<Type>,
    /// Return type seen from the call site.
    pub ret: Type,
}

/// A lambda or method reference among a call's arguments. It is lowered once overload
/// resolution has chosen the method, since the parameter it is passed to gives its type;
/// until then its argument is a placeholder of unknown type.
pub(crate) struct Pending<'t> {
    /// Position among the arguments.
    index: usize,
    node: Node<'t>,
    /// A lambda's parameter count; `None` for a method reference.
    arity: Option<usize>,
}

impl BodyCx<'_> {
    /// Lowers a call's arguments, leaving lambdas and method references pending.
    fn args<'t>(&mut self, node: Node<'t>) -> (Vec<Expr>, Vec<Pending<'t>>) {
        let mut pending = Vec::new();
        let Some(list) = node.child_by_field_name("arguments") else {
            return (Vec::new(), pending);
        };
        let mut args = Vec::new();
        for (index, e) in named_children(list).into_iter().enumerate() {
            let e = crate::syntax::strip_parens(e);
            let arity = match e.kind() {
                "lambda_expression" => Some(lambda_arity(e)),
                "method_reference" => None,
                _ => {
                    args.push(self.expr(e));
                    continue;
                }
            };
            pending.push(Pending {
                index,
                node: e,
                arity,
            });
            args.push(Expr {
                kind: ExprKind::Unknown {
                    reason: "lambda expression".into(),
                    parts: Vec::new(),
                    call: None,
                },
                ty: Type::Unknown,
                span: self.src.span(e),
            });
        }
        (args, pending)
    }

    /// Lowers the pending arguments against the parameter types of the chosen method
    /// (every pending argument unknown when `chosen` is `None`).
    pub(crate) fn complete_args(
        &mut self,
        args: &mut [Expr],
        pending: Vec<Pending>,
        chosen: Option<&Chosen>,
    ) {
        for p in pending {
            let ty = chosen
                .map(|c| param_at(&c.params, c.method.varargs, p.index, args.len()))
                .unwrap_or(Type::Unknown);
            args[p.index] = self.functional(p.node, &ty);
        }
    }

    /// True when every pending argument can be passed to its parameter of `m`: a functional
    /// interface whose method takes as many parameters as the lambda declares, or a type
    /// variable (`add(E)` of a `List<IntUnaryOperator>`: the lambda is typed once the
    /// receiver's type arguments are put in).
    fn shapes_fit(&self, m: &Method, pending: &[Pending], arg_count: usize) -> bool {
        let params: Vec<Type> = m.params().iter().map(|p| p.ty.clone()).collect();
        pending
            .iter()
            .all(|p| match param_at(&params, m.varargs, p.index, arg_count) {
                Type::Unknown | Type::Var { .. } => true,
                ty @ Type::Class { .. } => {
                    let interface = ty.class_name().and_then(|n| self.h.class(n));
                    match interface {
                        None => true,
                        Some(_) => self
                            .function_type(&ty)
                            .is_some_and(|f| p.arity.is_none_or(|n| n == f.params.len())),
                    }
                }
                _ => false,
            })
    }

    /// Lowers `m(...)`, `x.m(...)`, `T.m(...)` and `super.m(...)`.
    pub fn call(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let name = node
            .child_by_field_name("name")
            .map(|n| self.src.text(n).to_string())
            .unwrap_or_default();
        let object = node.child_by_field_name("object");
        let is_super = object.is_some_and(|o| o.kind() == "super");
        let static_class = object
            .filter(|_| !is_super)
            .and_then(|o| self.as_type_name(o));
        let receiver = match (object, &static_class) {
            (Some(_), _) if is_super => Some(self.this_expr(span, None)),
            (Some(o), None) => Some(self.expr(o)),
            _ => None,
        };
        let (mut args, pending) = self.args(node);
        let search: Vec<(String, Option<Expr>)> = if is_super {
            let sup = self
                .h
                .class(&self.class)
                .and_then(|c| c.superclass.as_ref())
                .and_then(|s| s.class_name());
            vec![(
                sup.unwrap_or(crate::hierarchy::OBJECT).to_string(),
                receiver.clone(),
            )]
        } else if let Some(c) = &static_class {
            vec![(c.clone(), None)]
        } else if let Some(r) = &receiver {
            let class = match r.ty.erasure() {
                Type::Array(_) => crate::hierarchy::OBJECT.to_string(),
                t => match t.class_name() {
                    Some(c) => c.to_string(),
                    None => {
                        self.complete_args(&mut args, pending, None);
                        let mut parts = vec![r.clone()];
                        parts.extend(args);
                        return self.unknown_expr(
                            node,
                            &format!("call of `{name}` on an untyped value"),
                            parts,
                        );
                    }
                },
            };
            vec![(class, receiver.clone())]
        } else {
            self.implicit_receivers(span)
        };
        for (class, recv) in &search {
            let recv_ty = recv
                .as_ref()
                .map(|r| r.ty.clone())
                .unwrap_or_else(|| Type::class(class));
            if let Some(chosen) = self.choose(class, &name, &args, &pending, &recv_ty) {
                self.complete_args(&mut args, pending, Some(&chosen));
                return self.make_call(chosen, recv.clone(), args, is_super, span);
            }
        }
        if receiver.is_none() && static_class.is_none() {
            if let Some(chosen) = self.static_import_call(&name, &args, &pending) {
                self.complete_args(&mut args, pending, Some(&chosen));
                return self.make_call(chosen, None, args, false, span);
            }
        }
        self.complete_args(&mut args, pending, None);
        let owner = search.first().map(|(c, _)| c.clone()).unwrap_or_default();
        let call = receiver.as_ref().map(|_| UnresolvedCall {
            class: owner.clone(),
            name: name.clone(),
        });
        let mut parts: Vec<Expr> = receiver.into_iter().collect();
        parts.extend(args);
        let reason = format!("unresolved method `{owner}.{name}`");
        self.unknown_call(node, &reason, parts, call)
    }

    /// For an unqualified call: this class, then each enclosing class (with its `this`).
    fn implicit_receivers(&self, span: crate::ir::Span) -> Vec<(String, Option<Expr>)> {
        let mut out = Vec::new();
        let mut current = Some(self.class.clone());
        let mut static_context = self.is_static;
        while let Some(c) = current {
            let recv = if static_context {
                None
            } else {
                let outer = if c == self.class {
                    None
                } else {
                    Some(c.clone())
                };
                Some(self.this_expr(span, outer))
            };
            out.push((c.clone(), recv));
            let k = self.h.class(&c);
            static_context |= k.is_some_and(|k| k.modifiers.is_static);
            current = k.and_then(|k| k.outer.clone());
        }
        out
    }

    fn static_import_call(&self, name: &str, args: &[Expr], pending: &[Pending]) -> Option<Chosen> {
        let file = self.scope.file;
        let holders: Vec<String> = file
            .static_single
            .get(name)
            .cloned()
            .into_iter()
            .chain(file.static_on_demand.iter().cloned())
            .collect();
        holders.iter().find_map(|h| {
            let class = self.names.resolve(h, &self.scope)?;
            self.choose(&class, name, args, pending, &Type::class(&class))
                .filter(|c| c.method.modifiers.is_static)
        })
    }

    pub(crate) fn make_call(
        &mut self,
        chosen: Chosen,
        receiver: Option<Expr>,
        args: Vec<Expr>,
        special: bool,
        span: crate::ir::Span,
    ) -> Expr {
        let is_static = chosen.method.modifiers.is_static;
        let args = self.convert_args(&chosen, args);
        let private = chosen.method.modifiers.private;
        let method = MethodRef {
            class: chosen.class,
            name: chosen.method.name.clone(),
            descriptor: chosen.method.descriptor.clone(),
            is_static,
        };
        let receiver = if is_static {
            None
        } else {
            receiver.map(Box::new)
        };
        let kind = ExprKind::Call {
            receiver,
            method,
            args,
            special: special || private,
        };
        Expr {
            kind,
            ty: chosen.ret,
            span,
        }
    }

    /// Converts arguments to the parameter types, packing varargs into an array.
    pub(crate) fn convert_args(&self, chosen: &Chosen, args: Vec<Expr>) -> Vec<Expr> {
        let n = chosen.params.len();
        let packs = chosen.method.varargs
            && !(args.len() == n
                && args
                    .last()
                    .is_some_and(|a| matches!(a.ty, Type::Array(_) | Type::Null)));
        if !packs {
            return args
                .into_iter()
                .zip(chosen.params.iter())
                .map(|(a, p)| typing::coerce(a, p))
                .collect();
        }
        let mut out: Vec<Expr> = Vec::new();
        let mut rest = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            if i + 1 < n {
                out.push(typing::coerce(a, &chosen.params[i]));
            } else {
                rest.push(a);
            }
        }
        let array_ty = chosen.params.last().cloned().unwrap_or(Type::Unknown);
        let element = array_ty.element().cloned().unwrap_or(Type::Unknown);
        let span = rest.first().map(|a| a.span).unwrap_or_default();
        let elements = rest
            .into_iter()
            .map(|a| typing::coerce(a, &element))
            .collect();
        out.push(Expr {
            kind: ExprKind::NewArray {
                dims: Vec::new(),
                init: Some(elements),
            },
            ty: array_ty,
            span,
        });
        out
    }

    /// Overload resolution among the methods named `name` visible in `class` (JLS 15.12.2).
    pub(crate) fn choose(
        &self,
        class: &str,
        name: &str,
        args: &[Expr],
        pending: &[Pending],
        recv_ty: &Type,
    ) -> Option<Chosen> {
        let mut candidates: Vec<(String, Method)> = Vec::new();
        for a in self.h.ancestors(class) {
            let Some(c) = self.h.class(a) else { continue };
            for m in c.methods.iter().filter(|m| m.name == name) {
                if !candidates.iter().any(|(_, k)| k.descriptor == m.descriptor) {
                    candidates.push((c.name.clone(), m.clone()));
                }
            }
        }
        let arg_types: Vec<Type> = args.iter().map(|a| a.ty.clone()).collect();
        for phase in 0..3 {
            let applicable: Vec<&(String, Method)> = candidates
                .iter()
                .filter(|(_, m)| self.fits(m, &arg_types, phase))
                .filter(|(_, m)| self.shapes_fit(m, pending, args.len()))
                .collect();
            if let Some(best) = self.most_specific(&applicable) {
                return Some(self.instantiate(best.0.clone(), best.1.clone(), &arg_types, recv_ty));
            }
        }
        None
    }

    fn fits(&self, m: &Method, args: &[Type], phase: u8) -> bool {
        let params: Vec<Type> = m.params().iter().map(|p| p.ty.clone()).collect();
        let loose = phase > 0;
        if phase < 2 || !m.varargs {
            return params.len() == args.len()
                && params
                    .iter()
                    .zip(args)
                    .all(|(p, a)| typing::applicable(self.h, a, p, loose));
        }
        let n = params.len();
        if args.len() + 1 < n {
            return false;
        }
        let element = params[n - 1].element().cloned().unwrap_or(Type::Unknown);
        params[..n - 1]
            .iter()
            .zip(args)
            .all(|(p, a)| typing::applicable(self.h, a, p, true))
            && args[n - 1..]
                .iter()
                .all(|a| typing::applicable(self.h, a, &element, true))
    }

    fn most_specific<'m>(
        &self,
        applicable: &[&'m (String, Method)],
    ) -> Option<&'m (String, Method)> {
        applicable
            .iter()
            .find(|(_, m)| {
                applicable.iter().all(|(_, other)| {
                    m.params()
                        .iter()
                        .zip(other.params())
                        .all(|(a, b)| typing::applicable(self.h, &a.ty, &b.ty, false))
                })
            })
            .or_else(|| applicable.first())
            .copied()
    }

    /// Substitutes the receiver's type arguments and infers simple method type variables.
    fn instantiate(&self, class: String, method: Method, args: &[Type], recv_ty: &Type) -> Chosen {
        let mut map: HashMap<String, Type> = typing::bindings_for(self.h, recv_ty, &class);
        for (p, a) in method.params().iter().zip(args) {
            infer(self.h, &p.ty, a, &method.type_params, &mut map);
        }
        let params = method
            .params()
            .iter()
            .map(|p| typing::substitute(&p.ty, &map))
            .collect();
        let ret = crate::expr::erase_free_vars(&typing::substitute(&method.ret, &map), &map);
        let ret = if ret == Type::Null {
            Type::object()
        } else if method.name == "clone" && method.param_count == 0 && recv_ty.element().is_some() {
            // An array's `clone()` returns its own array type (JLS 10.7).
            recv_ty.clone()
        } else {
            ret
        };
        Chosen {
            class,
            method,
            params,
            ret,
        }
    }

    /// Lowers `new C(...)` (anonymous classes are not modelled).
    pub fn new_object(&mut self, node: Node) -> Expr {
        let span = self.src.span(node);
        let (mut args, pending) = self.args(node);
        if let Some(body) = crate::syntax::child_of_kind(node, "class_body") {
            return self.anonymous_object(body, (args, pending), span);
        }
        let outer = named_children(node)
            .into_iter()
            .find(|c| {
                c.kind() != "argument_list"
                    && Some(*c) != node.child_by_field_name("type")
                    && c.kind() != "type_arguments"
            })
            .filter(|c| !matches!(c.kind(), "annotation" | "marker_annotation"))
            .map(|o| self.expr(o));
        let ty = match node.child_by_field_name("type") {
            Some(t) => {
                let mut ty = self.names.resolve_type(self.src, t, &self.scope);
                if let (Some(o), Type::Unknown) = (&outer, &ty) {
                    if let Some(oc) = o.ty.class_name() {
                        let nested = format!("{oc}${}", self.src.text(t));
                        if self.names.exists(&nested) {
                            ty = Type::class(&nested);
                        }
                    }
                }
                ty
            }
            None => Type::Unknown,
        };
        let Some(class) = ty.class_name().map(String::from) else {
            self.complete_args(&mut args, pending, None);
            return self.unknown_expr(node, "instantiation of an unknown type", args);
        };
        let ctor_owner_known = self.h.class(&class).is_some();
        match self.construct(&ty, (args, pending), outer, span) {
            Ok(e) => e,
            Err(args) if !ctor_owner_known => {
                let mut e = self.unknown_expr(
                    node,
                    &format!("instantiation of unmodelled `{class}`"),
                    args,
                );
                e.ty = ty;
                e
            }
            Err(args) => {
                self.unknown_expr(node, &format!("no matching constructor of `{class}`"), args)
            }
        }
    }

    /// `new T(args)` with the constructor overload resolution picks; the arguments back
    /// when `T` is abstract or has no applicable constructor.
    pub(crate) fn construct(
        &mut self,
        ty: &Type,
        (mut args, pending): (Vec<Expr>, Vec<Pending>),
        outer: Option<Expr>,
        span: crate::ir::Span,
    ) -> Result<Expr, Vec<Expr>> {
        let class = ty
            .class_name()
            .filter(|c| !self.h.class(c).is_some_and(|c| c.is_abstract()));
        let chosen = class.and_then(|c| self.choose_ctor(c, &args, &pending, ty));
        self.complete_args(&mut args, pending, chosen.as_ref());
        let (Some(class), Some(chosen)) = (class.map(String::from), chosen) else {
            return Err(args);
        };
        let args = self.convert_args(&chosen, args);
        let (descriptor, args) =
            self.with_captures(&class, chosen.method.descriptor.clone(), args, span);
        let method = MethodRef {
            class: class.clone(),
            name: "<init>".into(),
            descriptor,
            is_static: false,
        };
        let outer = outer
            .or_else(|| self.implicit_outer(&class, span))
            .map(Box::new);
        Ok(Expr {
            kind: ExprKind::New {
                method,
                args,
                outer,
            },
            ty: ty.clone(),
            span,
        })
    }

    pub(crate) fn choose_ctor(
        &self,
        class: &str,
        args: &[Expr],
        pending: &[Pending],
        ty: &Type,
    ) -> Option<Chosen> {
        let c = self.h.class(class)?;
        let ctors: Vec<(String, Method)> = c
            .methods
            .iter()
            .filter(|m| m.is_constructor())
            .map(|m| (class.to_string(), m.clone()))
            .collect();
        let arg_types: Vec<Type> = args.iter().map(|a| a.ty.clone()).collect();
        for phase in 0..3 {
            let applicable: Vec<&(String, Method)> = ctors
                .iter()
                .filter(|(_, m)| self.fits(m, &arg_types, phase))
                .filter(|(_, m)| self.shapes_fit(m, pending, args.len()))
                .collect();
            if let Some(best) = self.most_specific(&applicable) {
                return Some(self.instantiate(best.0.clone(), best.1.clone(), &arg_types, ty));
            }
        }
        None
    }

    /// The enclosing instance passed implicitly when an inner class is created.
    fn implicit_outer(&self, class: &str, span: crate::ir::Span) -> Option<Expr> {
        let c = self.h.class(class)?;
        if !c.inner || self.is_static {
            return None;
        }
        let outer = c.outer.clone()?;
        let here_is_outer = self.h.is_subclass(&self.class, &outer);
        Some(self.this_expr(span, if here_is_outer { None } else { Some(outer) }))
    }

    /// Lowers `this(...)` / `super(...)` at the start of a constructor.
    pub fn ctor_call(&mut self, node: Node) -> Stmt {
        let span = self.src.span(node);
        let is_super = node
            .child_by_field_name("constructor")
            .is_some_and(|c| c.kind() == "super");
        let (mut args, pending) = self.args(node);
        let target = if is_super {
            self.h
                .class(&self.class)
                .and_then(|c| c.superclass.as_ref())
                .and_then(|s| s.class_name())
                .map(String::from)
        } else {
            Some(self.class.clone())
        };
        let Some(target) = target else {
            self.complete_args(&mut args, pending, None);
            return self.unknown_stmt(node, "constructor call without a target class");
        };
        let ty = Type::class(&target);
        let chosen = self.choose_ctor(&target, &args, &pending, &ty);
        self.complete_args(&mut args, pending, chosen.as_ref());
        match chosen {
            Some(chosen) => {
                let args = self.convert_args(&chosen, args);
                let (descriptor, args) =
                    self.with_captures(&target, chosen.method.descriptor.clone(), args, span);
                let method = MethodRef {
                    class: target,
                    name: "<init>".into(),
                    descriptor,
                    is_static: false,
                };
                Stmt {
                    kind: StmtKind::CtorCall {
                        is_super,
                        method,
                        args,
                    },
                    span,
                }
            }
            None => self.unknown_stmt(node, &format!("no matching constructor of `{target}`")),
        }
    }
}

/// Binds method type variables from an argument type (`T` against `String` gives `T = String`,
/// `List<T>` against `ArrayList<String>` too, through the argument's supertypes).
fn infer(
    h: &Hierarchy,
    param: &Type,
    arg: &Type,
    vars: &[String],
    map: &mut HashMap<String, Type>,
) {
    match (param, arg) {
        (Type::Var { bound, .. }, a) if param.is_super_wildcard() => infer(h, bound, a, vars, map),
        (p, Type::Var { bound, .. }) if arg.is_super_wildcard() => infer(h, p, bound, vars, map),
        (Type::Var { name, .. }, a)
            if vars.contains(name) && a.is_reference() && *a != Type::Null =>
        {
            map.entry(name.clone()).or_insert_with(|| a.clone());
        }
        (Type::Var { name, .. }, a) if vars.contains(name) && a.is_primitive() => {
            if let Some(b) = typing::boxed(a) {
                map.entry(name.clone()).or_insert_with(|| Type::class(b));
            }
        }
        (Type::Array(p), Type::Array(a)) => infer(h, p, a, vars, map),
        (Type::Class { name, args }, a @ Type::Class { .. }) if !args.is_empty() => {
            let Some(class) = h.class(name) else { return };
            let seen = typing::bindings_with_wildcards(h, a, name);
            for (var, p) in class.type_params.iter().zip(args) {
                if let Some(a) = seen.get(var) {
                    infer(h, p, a, vars, map);
                }
            }
        }
        _ => {}
    }
}

/// The parameter type argument `index` of `count` is passed to: the element type for the
/// variable-arity part.
fn param_at(params: &[Type], varargs: bool, index: usize, count: usize) -> Type {
    let last = params.len().saturating_sub(1);
    match params.get(index) {
        Some(p) if !(varargs && index == last && count != params.len()) => p.clone(),
        _ if varargs => params
            .last()
            .and_then(|p| p.element())
            .cloned()
            .unwrap_or(Type::Unknown),
        _ => Type::Unknown,
    }
}

/// How many parameters a lambda declares.
fn lambda_arity(node: Node) -> usize {
    match node.child_by_field_name("parameters") {
        Some(p) if p.kind() == "identifier" => 1,
        Some(p) => named_children(p)
            .iter()
            .filter(|c| {
                matches!(
                    c.kind(),
                    "identifier" | "formal_parameter" | "spread_parameter"
                )
            })
            .count(),
        None => 0,
    }
}
