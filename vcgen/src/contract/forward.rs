//! Calls passed on: a method that hands its own parameters, unchanged, to a JDK or library
//! method of the object's own state (`setOrder.get(index)`, `normalMap.headMap(toKey)`), or
//! whose whole body is one such call (`return getMap().firstKey();`), stands in front of
//! that state, as a decorator or a collection built on another does, and takes that
//! method's contract as its own, as javadoc's `{@inheritDoc}` would. The library method's crash on those values is its
//! documented precondition broken by the caller who chose them, not a bug of the method
//! that passed them on.

use super::derive::assigned_params;
use frontend::ir::visit;
use frontend::ir::{Expr, ExprKind, Method, Program, Span, Stmt, StmtKind, Type};

/// A call the crash is in that the method passes its caller's values on to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forwarded {
    /// The library method called, in Java terms: `List.get(int)`.
    pub call: String,
    /// The parameters passed on to it unchanged, by position; empty when the call is the
    /// method's whole body and takes none.
    pub params: Vec<usize>,
}

/// The call to a library method on `line` of `m` that a crash thrown inside the library
/// came from (the one at the place `at` the site records when several are on the line),
/// when it is a call on the object's own state and `m` passes it nothing but its own
/// parameters, unchanged, and constants, at least one parameter among them, or when the
/// call is all `m` does.
pub fn forwarded(program: &Program, m: &Method, line: u32, at: &Span) -> Option<Forwarded> {
    let body = m.body.as_ref()?;
    let mut calls: Vec<Expr> = Vec::new();
    visit::walk(body, &mut |_| {}, &mut |e| {
        let method = match &e.kind {
            ExprKind::Call { method, .. } | ExprKind::New { method, .. } => method,
            _ => return,
        };
        if (e.span.line == line || e.span.end_line == line) && !is_project(program, &method.class) {
            calls.push(e.clone());
        }
    });
    let call = match calls.iter().find(|c| same_place(&c.span, at)) {
        Some(c) => c,
        None => match calls.as_slice() {
            [only] => only,
            _ => return None,
        },
    };
    let ExprKind::Call {
        receiver: Some(receiver),
        method,
        args,
        ..
    } = &call.kind
    else {
        return None;
    };
    let assigned = assigned_params(m);
    let count = m.param_count as usize;
    let param = |e: &Expr| match &e.without_conversions().kind {
        ExprKind::Local(l) if (*l as usize) < count && !assigned.contains(&(*l as usize)) => {
            Some(*l as usize)
        }
        _ => None,
    };
    let mut params = Vec::new();
    for a in args {
        match param(a) {
            Some(p) => params.push(p),
            None if matches!(a.without_conversions().kind, ExprKind::Literal(_)) => {}
            None => return None,
        }
    }
    if !own_state(receiver) {
        return None;
    }
    if params.is_empty() && !whole_body(body, call) {
        return None;
    }
    let types: Vec<Type> = frontend::descriptor_params(&method.descriptor);
    Some(Forwarded {
        call: frontend::ir::java_member(&method.class, &method.name, &types),
        params,
    })
}

/// Whether `class` is one of the project's own: a call into it is no library's contract.
fn is_project(program: &Program, class: &str) -> bool {
    program
        .classes
        .iter()
        .any(|c| c.name == class && !c.library)
}

/// Whether a call's span is the place the site records: the same start, and the same end
/// when the site knows it (`getMap().firstKey()` starts where `getMap()` does).
fn same_place(span: &Span, at: &Span) -> bool {
    span.line == at.line
        && span.col == at.col
        && (at.end_line == 0 || (span.end_line == at.end_line && span.end_col == at.end_col))
}

/// Whether a receiver is the object's own state, which the method stands in front of: a
/// field of `this` or what a method of it without arguments returns (`decorated()`). A
/// static call, a constructor or a call on a parameter is the method's own use of the
/// library, judged by its own contract (`Math.floorMod(hash, buckets)` is a division).
fn own_state(e: &Expr) -> bool {
    match &e.without_conversions().kind {
        ExprKind::Field {
            target: Some(t), ..
        } => matches!(t.without_conversions().kind, ExprKind::This { .. }),
        ExprKind::Call {
            receiver,
            args,
            method,
            ..
        } => {
            args.is_empty()
                && match receiver {
                    Some(r) => matches!(r.without_conversions().kind, ExprKind::This { .. }),
                    None => !method.is_static,
                }
        }
        _ => false,
    }
}

/// Whether `call` is all the body does: its one statement is `return call;` or `call;`.
fn whole_body(body: &Stmt, call: &Expr) -> bool {
    let mut stmt = body;
    while let StmtKind::Block(stmts) = &stmt.kind {
        let [only] = stmts.as_slice() else {
            return false;
        };
        stmt = only;
    }
    match &stmt.kind {
        StmtKind::Return(Some(e)) | StmtKind::Expr(e) => e.without_conversions().span == call.span,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `forwarded` says of the crash on `line` of the method `name` in `java`, at the
    /// place starting at `col` and ending at `end_col` (0: unknown).
    fn forwarded_at(java: &str, name: &str, line: u32, col: u32, end_col: u32) -> String {
        let (program, _) = frontend::parse_sources(&[("p/A.java", java)]);
        let class = program.classes.iter().find(|c| c.name == "p.A").unwrap();
        let m = class.methods.iter().find(|m| m.name == name).unwrap();
        let at = Span {
            line,
            col,
            end_line: if end_col > 0 { line } else { 0 },
            end_col,
            ..Span::default()
        };
        match forwarded(&program, m, line, &at) {
            Some(f) => format!("{} {:?}", f.call, f.params),
            None => "none".to_string(),
        }
    }

    const JAVA: &str = r#"package p;
import java.util.*;
public class A {
    private final Deque<String> queue = new ArrayDeque<>();
    private final List<Integer> list = new ArrayList<>();
    private Deque<String> getQueue() { return queue; }
    public String first() { return getQueue().getFirst(); }
    public List<Integer> part(int from, int to) { return list.subList(from, to); }
    public int second(int k) { k++; return list.get(k); }
    public Integer both(int i) { return list.get(i) + list.get(0); }
    public Integer at(List<Integer> other, int i) { return other.get(i); }
    public static int bucket(int hash, int n) { return Math.floorMod(hash, n); }
}
"#;

    #[test]
    fn the_call_at_the_place_of_the_site_or_the_only_one_on_the_line() {
        assert_eq!(
            forwarded_at(JAVA, "first", 7, 36, 58),
            "Deque.getFirst() []"
        );
        assert_eq!(
            forwarded_at(JAVA, "first", 7, 36, 0),
            "Deque.getFirst() []",
            "getQueue() is the project's: the library call is the only one"
        );
        assert_eq!(
            forwarded_at(JAVA, "part", 8, 1, 0),
            "List.subList(int, int) [0, 1]"
        );
        assert_eq!(
            forwarded_at(JAVA, "second", 9, 1, 0),
            "none",
            "k was assigned"
        );
        assert_eq!(
            forwarded_at(JAVA, "both", 10, 1, 0),
            "none",
            "two library calls"
        );
        assert_eq!(
            forwarded_at(JAVA, "both", 10, 41, 52),
            "List.get(int) [0]",
            "the site's place picks one"
        );
        assert_eq!(
            forwarded_at(JAVA, "at", 11, 1, 0),
            "none",
            "a list passed in is the method's own use of it"
        );
        assert_eq!(
            forwarded_at(JAVA, "bucket", 12, 1, 0),
            "none",
            "a static call"
        );
    }
}
