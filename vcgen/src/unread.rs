//! Parameters a method's body never reads. Whatever a test passes for one cannot change
//! what the method does, so a harness passes `null` rather than building an object the
//! formula would carry for nothing: commons-lang3's `TimeZoneStrategy.setCalendar`
//! ignores its `FastDateParser`, whose constructor compiles date patterns, and every
//! query of that entry held a copy of it.

use frontend::ir::{ExprKind, Method, Stmt, StmtKind};

/// For each of `m`'s parameters, whether its body never reads it. A method without a
/// body, or with code the frontend could not model (which may read anything), reads all.
pub fn unread_params(m: &Method) -> Vec<bool> {
    let params = m.params().len();
    let Some(body) = &m.body else {
        return vec![false; params];
    };
    let mut read = vec![false; params];
    let mut opaque = false;
    note_reads(body, &mut read, &mut opaque);
    if opaque {
        return vec![false; params];
    }
    read.into_iter().map(|r| !r).collect()
}

fn note_reads(s: &Stmt, read: &mut [bool], opaque: &mut bool) {
    let mut unknown_stmt = false;
    crate::visit::walk(
        s,
        &mut |s| unknown_stmt |= matches!(s.kind, StmtKind::Unknown { .. }),
        &mut |e| match &e.kind {
            ExprKind::Local(id) => {
                if let Some(r) = read.get_mut(*id as usize) {
                    *r = true;
                }
            }
            ExprKind::Unknown { .. } => *opaque = true,
            _ => {}
        },
    );
    *opaque |= unknown_stmt;
}
