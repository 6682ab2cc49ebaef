//! Pass 3, anonymous and local classes: lowered where they are written, with what they
//! capture.
//!
//! A local class (`class Helper {...}` in a block, `Outer$1Helper`) is lowered the same way
//! where it is declared: its constructors take the locals it reads after their own
//! parameters and store them before `super(...)`, and every `new Helper(...)` (or
//! `this(...)`) in its scope passes them.
//!
//! The declaration passes declare `new T(args) { ... }` as a class of its own, `Outer$1`,
//! numbered as javac numbers it, extending `T` (or `Object` and implementing `T`), and an
//! enum constant's body as a class extending its enum. Its bodies are lowered here, inside
//! the enclosing body, because they may read the enclosing locals: each local the class
//! reads is passed to its constructor, stored in a field `val$name` before the superclass
//! constructor runs (as javac does), and copied back into a local of its name when an
//! instance body starts. The class's enclosing instance is its `this$0`, as for inner
//! classes. Its constructor takes the arguments of the superclass constructor that
//! overload resolution picks, then the captured values.

use crate::body::BodyCx;
use crate::calls::Pending;
use crate::capture;
use crate::declare::TypeDecl;
use crate::ir::{Expr, ExprKind, Local, Method, MethodRef, Modifiers, Span, Stmt, StmtKind, Type};
use crate::names::LocalClass;
use crate::ClassLowering;
use tree_sitter::Node;

impl BodyCx<'_> {
    /// `new T(args) { body }`, or an enum constant with a body (`body` is the `class_body`).
    pub(crate) fn anonymous_object(
        &mut self,
        body: Node,
        (mut args, pending): (Vec<Expr>, Vec<Pending>),
        span: Span,
    ) -> Expr {
        let Some(class) = self.names.in_body_at(self.src.span(body)) else {
            self.complete_args(&mut args, pending, None);
            return self.unknown_expr(body, "anonymous class not declared", args);
        };
        let supertype = class.superclass.clone().unwrap_or_else(Type::object);
        let super_name = supertype
            .class_name()
            .unwrap_or(crate::hierarchy::OBJECT)
            .to_string();
        let chosen = self.choose_ctor(&super_name, &args, &pending, &supertype);
        self.complete_args(&mut args, pending, chosen.as_ref());
        let (super_ctor, args) = match chosen {
            Some(chosen) => {
                let params = chosen.params.clone();
                let args = self.convert_args(&chosen, args);
                (Some((chosen.method.descriptor, params)), args)
            }
            None if args.is_empty() => (None, args),
            None => {
                let reason = format!("no matching constructor of `{super_name}`");
                return self.unknown_expr(body, &reason, args);
            }
        };
        let captures = self.captures(body, &[]);
        let decl = TypeDecl {
            name: class.name.clone(),
            outer: class.outer.clone(),
            node: body,
            in_body: None,
        };
        let mut lowering = ClassLowering::new(self.names, self.h, self.src, self.scope.file, class);
        lowering.captures = captures
            .iter()
            .map(|c| (c.name.clone(), c.ty.clone()))
            .collect();
        lowering.local_classes = self.scope.local_classes.clone();
        let mut bodies = lowering.lower(&decl);
        self.unknowns += lowering.unknowns;
        self.diagnostics.append(&mut lowering.diagnostics);

        let super_params = super_ctor
            .as_ref()
            .map(|(_, p)| p.clone())
            .unwrap_or_default();
        let mut locals: Vec<Local> = super_params
            .iter()
            .enumerate()
            .map(|(i, ty)| Local {
                name: format!("arg${i}"),
                ty: ty.clone(),
                span,
            })
            .collect();
        let mut stmts = Vec::new();
        for c in &captures {
            bodies
                .added_fields
                .push(capture::field(&c.name, &c.ty, span));
            let target = capture::read(&class.name, &c.name, &c.ty, span);
            let local = Expr {
                kind: ExprKind::Local(locals.len() as u32),
                ty: c.ty.clone(),
                span,
            };
            locals.push(Local {
                name: c.name.clone(),
                ty: c.ty.clone(),
                span,
            });
            stmts.push(Stmt::assign(target, local, span));
        }
        if let Some((descriptor, params)) = &super_ctor {
            let args = params
                .iter()
                .enumerate()
                .map(|(i, ty)| Expr {
                    kind: ExprKind::Local(i as u32),
                    ty: ty.clone(),
                    span,
                })
                .collect();
            stmts.push(Stmt {
                kind: StmtKind::CtorCall {
                    is_super: true,
                    method: MethodRef {
                        class: super_name,
                        name: "<init>".into(),
                        descriptor: descriptor.clone(),
                        is_static: false,
                    },
                    args,
                },
                span,
            });
        }
        let descriptor = format!(
            "({})V",
            locals
                .iter()
                .map(|l| l.ty.erasure().descriptor())
                .collect::<String>()
        );
        bodies.added_methods.push(Method {
            name: "<init>".into(),
            descriptor: descriptor.clone(),
            param_count: locals.len() as u32,
            varargs: false,
            ret: Type::Void,
            modifiers: Modifiers {
                private: true,
                ..Modifiers::default()
            },
            type_params: Vec::new(),
            locals,
            body: Some(Stmt {
                kind: StmtKind::Block(stmts),
                span,
            }),
            span,
            synthetic: true,
            annotations: Vec::new(),
        });
        self.nested.push((class.name.clone(), bodies));
        let outer = class.inner.then(|| Box::new(self.this_expr(span, None)));
        let mut args = args;
        args.extend(captures.into_iter().map(|c| c.value));
        Expr {
            kind: ExprKind::New {
                method: MethodRef {
                    class: class.name.clone(),
                    name: "<init>".into(),
                    descriptor,
                    is_static: false,
                },
                args,
                outer,
            },
            ty: Type::class(&class.name),
            span,
        }
    }
}

impl BodyCx<'_> {
    /// A local class declaration: lowers the class and puts it in scope.
    pub(crate) fn local_class(&mut self, node: Node) -> StmtKind {
        let Some(class) = self.names.in_body_at(self.src.span(node)) else {
            return StmtKind::Unknown {
                reason: "local class not declared".into(),
            };
        };
        let span = self.src.span(node);
        let captures: Vec<(String, Type)> = self
            .captures(node, &[])
            .into_iter()
            .map(|c| (c.name, c.ty))
            .collect();
        self.scope.local_classes.push(LocalClass {
            simple: class.simple_name.clone(),
            binary: class.name.clone(),
            captures: captures.clone(),
        });
        let decl = TypeDecl {
            name: class.name.clone(),
            outer: class.outer.clone(),
            node,
            in_body: None,
        };
        let mut lowering = ClassLowering::new(self.names, self.h, self.src, self.scope.file, class);
        lowering.captures = captures.clone();
        lowering.local_classes = self.scope.local_classes.clone();
        let mut bodies = lowering.lower(&decl);
        self.unknowns += lowering.unknowns;
        self.diagnostics.append(&mut lowering.diagnostics);
        for (name, ty) in &captures {
            bodies.added_fields.push(capture::field(name, ty, span));
        }
        self.nested.push((class.name.clone(), bodies));
        StmtKind::Empty
    }

    /// A call of a local class's constructor passes the locals the class captured, after
    /// its own arguments: the descriptor and arguments that say so.
    pub(crate) fn with_captures(
        &mut self,
        class: &str,
        descriptor: String,
        mut args: Vec<Expr>,
        span: Span,
    ) -> (String, Vec<Expr>) {
        let Some(local) = self
            .scope
            .local_classes
            .iter()
            .rev()
            .find(|l| l.binary == class)
        else {
            return (descriptor, args);
        };
        if local.captures.is_empty() {
            return (descriptor, args);
        }
        let captures = local.captures.clone();
        let descriptor = capture::descriptor_with(&descriptor, captures.iter().map(|(_, t)| t));
        for (name, ty) in captures {
            let value = match self.lookup_local(&name) {
                Some(id) => Expr {
                    kind: ExprKind::Local(id),
                    ty,
                    span,
                },
                None => Expr {
                    kind: ExprKind::Unknown {
                        reason: format!("`{name}` captured by `{class}`, out of scope here"),
                        parts: Vec::new(),
                        call: None,
                    },
                    ty,
                    span,
                },
            };
            args.push(value);
        }
        (descriptor, args)
    }
}
