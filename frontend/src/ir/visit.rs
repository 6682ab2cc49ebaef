//! A walk over every statement and expression inside a statement (the analyses of every
//! stage that read method bodies share it).

use crate::ir::{Expr, ExprKind, Stmt, StmtKind};

/// What a walk calls on each statement and each expression it meets.
struct Visitor<'f> {
    on_stmt: &'f mut dyn FnMut(&Stmt),
    on_expr: &'f mut dyn FnMut(&Expr),
}

/// Calls `f` on every expression in `s`, outer expressions before their parts.
pub fn stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    walk(s, &mut |_| {}, f);
}

/// Calls `on_stmt` on `s` and every statement inside it (those in switch expressions
/// too), and `on_expr` on every expression, outer ones before their parts.
pub fn walk(s: &Stmt, on_stmt: &mut dyn FnMut(&Stmt), on_expr: &mut dyn FnMut(&Expr)) {
    stmt(s, &mut Visitor { on_stmt, on_expr });
}

/// Calls `f` on `e` and every expression inside it.
pub fn expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    expr_in(
        e,
        &mut Visitor {
            on_stmt: &mut |_| {},
            on_expr: f,
        },
    );
}

fn stmt(s: &Stmt, f: &mut Visitor) {
    (f.on_stmt)(s);
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(|s| stmt(s, f)),
        StmtKind::Local { init, .. } => init.iter().for_each(|e| expr_in(e, f)),
        StmtKind::Expr(e) | StmtKind::Throw(e) => expr_in(e, f),
        StmtKind::If {
            cond,
            then,
            otherwise,
        } => {
            expr_in(cond, f);
            stmt(then, f);
            otherwise.iter().for_each(|o| stmt(o, f));
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr_in(cond, f);
            stmt(body, f);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => {
            init.iter().for_each(|s| stmt(s, f));
            cond.iter().for_each(|e| expr_in(e, f));
            update.iter().for_each(|e| expr_in(e, f));
            stmt(body, f);
        }
        StmtKind::ForEach { iterable, body, .. } => {
            expr_in(iterable, f);
            stmt(body, f);
        }
        StmtKind::Labeled { body, .. } => stmt(body, f),
        StmtKind::Return(e) => e.iter().for_each(|e| expr_in(e, f)),
        StmtKind::Switch {
            selector, cases, ..
        } => {
            expr_in(selector, f);
            for c in cases {
                c.labels.iter().for_each(|e| expr_in(e, f));
                c.body.iter().for_each(|s| stmt(s, f));
            }
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            stmt(body, f);
            catches.iter().for_each(|c| stmt(&c.body, f));
            finally.iter().for_each(|s| stmt(s, f));
        }
        StmtKind::Assert { cond, message } => {
            expr_in(cond, f);
            message.iter().for_each(|e| expr_in(e, f));
        }
        StmtKind::Synchronized { lock, body } => {
            expr_in(lock, f);
            stmt(body, f);
        }
        StmtKind::CtorCall { args, .. } => args.iter().for_each(|e| expr_in(e, f)),
        StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Unknown { .. } => {
        }
    }
}

fn expr_in(e: &Expr, f: &mut Visitor) {
    (f.on_expr)(e);
    match &e.kind {
        ExprKind::Field { target, .. } => target.iter().for_each(|t| expr_in(t, f)),
        ExprKind::ArrayLength(a) => expr_in(a, f),
        ExprKind::ArrayAccess { array, index } => {
            expr_in(array, f);
            expr_in(index, f);
        }
        ExprKind::NewArray { dims, init } => {
            dims.iter().for_each(|d| expr_in(d, f));
            init.iter().flatten().for_each(|d| expr_in(d, f));
        }
        ExprKind::Call { receiver, args, .. } => {
            receiver.iter().for_each(|r| expr_in(r, f));
            args.iter().for_each(|a| expr_in(a, f));
        }
        ExprKind::New { args, outer, .. } => {
            outer.iter().for_each(|o| expr_in(o, f));
            args.iter().for_each(|a| expr_in(a, f));
        }
        ExprKind::Unary { operand, .. } => expr_in(operand, f),
        ExprKind::Binary { lhs, rhs, .. } => {
            expr_in(lhs, f);
            expr_in(rhs, f);
        }
        ExprKind::Assign { target, value, .. } => {
            expr_in(target, f);
            expr_in(value, f);
        }
        ExprKind::IncDec { target, .. } => expr_in(target, f),
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            expr_in(cond, f);
            expr_in(then, f);
            expr_in(otherwise, f);
        }
        ExprKind::Convert { expr: inner, .. } | ExprKind::InstanceOf { expr: inner, .. } => {
            expr_in(inner, f)
        }
        ExprKind::Unknown { parts, .. } => parts.iter().for_each(|p| expr_in(p, f)),
        ExprKind::Switch { body, .. } => stmt(body, f),
        ExprKind::Literal(_)
        | ExprKind::Local(_)
        | ExprKind::This { .. }
        | ExprKind::ClassLiteral(_) => {}
    }
}
