//! Output arrays: a method given an array and an offset to write into (`String.getChars(..,
//! dst, dstBegin)`, `System.arraycopy(.., dest, destPos, ..)`, a codec's `encode(.., out,
//! outOffset)`) relies on its caller for the room it writes in. A store past the end of
//! such an array, at an index computed from the offset, is the caller's contract broken,
//! whichever frame below the method called makes it, as long as the array is the one the
//! caller passed.

use super::derive::starts_range;
use frontend::ir::visit;
use frontend::ir::{Expr, ExprKind, Method};

/// What a crash's store writes into: the parameter of the method the test called that holds
/// the array, and the offset parameter of the storing method its index is computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputStore {
    /// The array parameter of the method called: `out`.
    pub array: String,
    /// The offset parameter the index is computed from: `outOffset`.
    pub offset: String,
}

/// Whether the crash at the last of `frames` (each a method with the line it is at, the
/// method the test called first) is a store into an array that method was given, at an
/// index computed from an offset parameter of the storing method.
pub fn output_store(frames: &[(&Method, u32)]) -> Option<OutputStore> {
    let (site, line) = frames.last()?;
    let (mut array, offset) = store_at(site, *line)?;
    for pair in frames.windows(2).rev() {
        let [(caller, call_line), (callee, _)] = pair else {
            return None;
        };
        array = passed_as(caller, *call_line, callee, array)?;
    }
    let (entry, _) = frames.first()?;
    Some(OutputStore {
        array: entry.params().get(array)?.name.clone(),
        offset: site.params().get(offset)?.name.clone(),
    })
}

/// The array parameter a store on `line` of `m` writes into, and the offset parameter its
/// index is computed from.
fn store_at(m: &Method, line: u32) -> Option<(usize, usize)> {
    let body = m.body.as_ref()?;
    let count = m.param_count as usize;
    let param = |e: &Expr| match &e.kind {
        ExprKind::Local(l) if (*l as usize) < count => Some(*l as usize),
        _ => None,
    };
    // Locals a parameter's value flows into (`int j = outOffset;`).
    let mut from: Vec<Option<usize>> = (0..m.locals.len())
        .map(|i| (i < count).then_some(i))
        .collect();
    visit::walk(
        body,
        &mut |s| {
            if let frontend::ir::StmtKind::Local {
                local,
                init: Some(init),
            } = &s.kind
            {
                if let Some(p) = param(init) {
                    from[*local as usize] = Some(p);
                }
            }
        },
        &mut |_| {},
    );
    let mut found = None;
    visit::walk(body, &mut |_| {}, &mut |e| {
        let ExprKind::Assign { target, .. } = &e.kind else {
            return;
        };
        let ExprKind::ArrayAccess { array, index } = &target.kind else {
            return;
        };
        if target.span.line != line || found.is_some() {
            return;
        }
        let Some(a) = param(array).filter(|a| m.params()[*a].ty.is_reference()) else {
            return;
        };
        let mut offset = None;
        visit::expr(index, &mut |x| {
            if let ExprKind::Local(l) = x.kind {
                let p = from.get(l as usize).copied().flatten();
                offset = offset.or(p.filter(|p| starts_range(&m.params()[*p].name)));
            }
        });
        found = offset.map(|o| (a, o));
    });
    found
}

/// The caller's parameter that its call to `callee` on `line` passes as the callee's
/// parameter `param`, when it passes one unchanged.
fn passed_as(caller: &Method, line: u32, callee: &Method, param: usize) -> Option<usize> {
    let body = caller.body.as_ref()?;
    let count = caller.param_count as usize;
    let mut found = None;
    visit::walk(body, &mut |_| {}, &mut |e| {
        let ExprKind::Call { method, args, .. } = &e.kind else {
            return;
        };
        if e.span.line > line || e.span.end_line < line || method.name != callee.name {
            return;
        }
        if method.descriptor != callee.descriptor {
            return;
        }
        if let Some(ExprKind::Local(l)) = args.get(param).map(|a| &a.kind) {
            if (*l as usize) < count {
                found = found.or(Some(*l as usize));
            }
        }
    });
    found
}
