//! Parameters a method's body never reads. Whatever a test passes for one cannot change
//! what the method does, so a harness passes `null` rather than building an object the
//! formula would carry for nothing: commons-lang3's `TimeZoneStrategy.setCalendar`
//! ignores its `FastDateParser`, whose constructor compiles date patterns, and every
//! query of that entry held a copy of it.

use frontend::ir::{ExprKind, Method, StmtKind};

/// For each of `m`'s parameters, whether its body never reads it. A method without a
/// body, or with code the frontend could not model (which may read anything), reads all.
pub fn unread_params(m: &Method) -> Vec<bool> {
    let Some(body) = &m.body else {
        return vec![false; m.params().len()];
    };
    let mut read = vec![false; m.params().len()];
    let (mut unknown_stmt, mut unknown_expr) = (false, false);
    frontend::ir::visit::walk(
        body,
        &mut |s| unknown_stmt |= matches!(s.kind, StmtKind::Unknown { .. }),
        &mut |e| match &e.kind {
            ExprKind::Local(id) => {
                if let Some(r) = read.get_mut(*id as usize) {
                    *r = true;
                }
            }
            ExprKind::Unknown { .. } => unknown_expr = true,
            _ => {}
        },
    );
    if unknown_stmt || unknown_expr {
        return vec![false; read.len()];
    }
    read.into_iter().map(|r| !r).collect()
}
