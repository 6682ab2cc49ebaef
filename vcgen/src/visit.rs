//! A walk over every expression inside a statement.

use frontend::ir::{Expr, ExprKind, Stmt, StmtKind};

/// Calls `f` on every expression in `s`, outer expressions before their parts.
pub fn stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(|s| stmt_exprs(s, f)),
        StmtKind::Local { init, .. } => init.iter().for_each(|e| expr(e, f)),
        StmtKind::Expr(e) | StmtKind::Throw(e) => expr(e, f),
        StmtKind::If {
            cond,
            then,
            otherwise,
        } => {
            expr(cond, f);
            stmt_exprs(then, f);
            otherwise.iter().for_each(|o| stmt_exprs(o, f));
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, f);
            stmt_exprs(body, f);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => {
            init.iter().for_each(|s| stmt_exprs(s, f));
            cond.iter().for_each(|e| expr(e, f));
            update.iter().for_each(|e| expr(e, f));
            stmt_exprs(body, f);
        }
        StmtKind::ForEach { iterable, body, .. } => {
            expr(iterable, f);
            stmt_exprs(body, f);
        }
        StmtKind::Labeled { body, .. } => stmt_exprs(body, f),
        StmtKind::Return(e) => e.iter().for_each(|e| expr(e, f)),
        StmtKind::Switch {
            selector, cases, ..
        } => {
            expr(selector, f);
            for c in cases {
                c.labels.iter().for_each(|e| expr(e, f));
                c.body.iter().for_each(|s| stmt_exprs(s, f));
            }
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            stmt_exprs(body, f);
            catches.iter().for_each(|c| stmt_exprs(&c.body, f));
            finally.iter().for_each(|s| stmt_exprs(s, f));
        }
        StmtKind::Assert { cond, message } => {
            expr(cond, f);
            message.iter().for_each(|e| expr(e, f));
        }
        StmtKind::Synchronized { lock, body } => {
            expr(lock, f);
            stmt_exprs(body, f);
        }
        StmtKind::CtorCall { args, .. } => args.iter().for_each(|e| expr(e, f)),
        StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Unknown { .. } => {
        }
    }
}

/// Calls `f` on `e` and every expression inside it.
pub fn expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Field { target, .. } => target.iter().for_each(|t| expr(t, f)),
        ExprKind::ArrayLength(a) => expr(a, f),
        ExprKind::ArrayAccess { array, index } => {
            expr(array, f);
            expr(index, f);
        }
        ExprKind::NewArray { dims, init } => {
            dims.iter().for_each(|d| expr(d, f));
            init.iter().flatten().for_each(|d| expr(d, f));
        }
        ExprKind::Call { receiver, args, .. } => {
            receiver.iter().for_each(|r| expr(r, f));
            args.iter().for_each(|a| expr(a, f));
        }
        ExprKind::New { args, outer, .. } => {
            outer.iter().for_each(|o| expr(o, f));
            args.iter().for_each(|a| expr(a, f));
        }
        ExprKind::Unary { operand, .. } => expr(operand, f),
        ExprKind::Binary { lhs, rhs, .. } => {
            expr(lhs, f);
            expr(rhs, f);
        }
        ExprKind::Assign { target, value, .. } => {
            expr(target, f);
            expr(value, f);
        }
        ExprKind::IncDec { target, .. } => expr(target, f),
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            expr(cond, f);
            expr(then, f);
            expr(otherwise, f);
        }
        ExprKind::Convert { expr: inner, .. } | ExprKind::InstanceOf { expr: inner, .. } => {
            expr(inner, f)
        }
        ExprKind::Unknown { parts, .. } => parts.iter().for_each(|p| expr(p, f)),
        ExprKind::Switch { body, .. } => stmt_exprs(body, f),
        ExprKind::Literal(_)
        | ExprKind::Local(_)
        | ExprKind::This { .. }
        | ExprKind::ClassLiteral(_) => {}
    }
}
