//! Pass 3, calls: overload resolution, `new`, and explicit constructor calls.

use crate::body::BodyCx;
use crate::ir::{Expr, ExprKind, Method, MethodRef, Stmt, StmtKind, Type, UnresolvedCall};
use crate::syntax::named_children;
use crate::typing;
use std::collections::HashMap;
use tree_sitter::Node;

/// A method chosen by overload resolution, with its types seen from the call site.
struct Chosen {
    class: String,
    method: Method,
    params: Vec<Type>,
    ret: Type,
}

impl BodyCx<'_> {
    fn args(&mut self, node: Node) -> Vec<Expr> {
        node.child_by_field_name("arguments")
            .map(|a| {
                named_children(a)
                    .into_iter()
                    .map(|e| self.expr(e))
                    .collect()
            })
            .unwrap_or_default()
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
        let args = self.args(node);
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
            if let Some(chosen) = self.choose(class, &name, &args, &recv_ty) {
                return self.make_call(chosen, recv.clone(), args, is_super, span);
            }
        }
        if receiver.is_none() && static_class.is_none() {
            if let Some(chosen) = self.static_import_call(&name, &args) {
                return self.make_call(chosen, None, args, false, span);
            }
        }
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

    fn static_import_call(&self, name: &str, args: &[Expr]) -> Option<Chosen> {
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
            self.choose(&class, name, args, &Type::class(&class))
                .filter(|c| c.method.modifiers.is_static)
        })
    }

    fn make_call(
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
    fn convert_args(&self, chosen: &Chosen, args: Vec<Expr>) -> Vec<Expr> {
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
    fn choose(&self, class: &str, name: &str, args: &[Expr], recv_ty: &Type) -> Option<Chosen> {
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
            infer(&p.ty, a, &method.type_params, &mut map);
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
        let args = self.args(node);
        if named_children(node)
            .iter()
            .any(|c| c.kind() == "class_body")
        {
            return self.unknown_expr(node, "anonymous class", args);
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
            return self.unknown_expr(node, "instantiation of an unknown type", args);
        };
        let is_abstract = self.h.class(&class).is_some_and(|c| c.is_abstract());
        let ctor_owner_known = self.h.class(&class).is_some();
        let chosen = self.choose_ctor(&class, &args, &ty);
        match chosen {
            Some(chosen) if !is_abstract => {
                let args = self.convert_args(&chosen, args);
                let method = MethodRef {
                    class: class.clone(),
                    name: "<init>".into(),
                    descriptor: chosen.method.descriptor,
                    is_static: false,
                };
                let outer = outer
                    .or_else(|| self.implicit_outer(&class, span))
                    .map(Box::new);
                Expr {
                    kind: ExprKind::New {
                        method,
                        args,
                        outer,
                    },
                    ty,
                    span,
                }
            }
            _ if !ctor_owner_known => {
                let mut e = self.unknown_expr(
                    node,
                    &format!("instantiation of unmodelled `{class}`"),
                    args,
                );
                e.ty = ty;
                e
            }
            _ => self.unknown_expr(node, &format!("no matching constructor of `{class}`"), args),
        }
    }

    fn choose_ctor(&self, class: &str, args: &[Expr], ty: &Type) -> Option<Chosen> {
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
        let args = self.args(node);
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
            return self.unknown_stmt(node, "constructor call without a target class");
        };
        let ty = Type::class(&target);
        match self.choose_ctor(&target, &args, &ty) {
            Some(chosen) => {
                let args = self.convert_args(&chosen, args);
                let method = MethodRef {
                    class: target,
                    name: "<init>".into(),
                    descriptor: chosen.method.descriptor,
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

/// Binds method type variables from an argument type (`T` against `String` gives `T = String`).
fn infer(param: &Type, arg: &Type, vars: &[String], map: &mut HashMap<String, Type>) {
    match (param, arg) {
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
        (Type::Array(p), Type::Array(a)) => infer(p, a, vars, map),
        _ => {}
    }
}
