//! Which preconditions a method's caller must meet, derived from its documentation and from
//! Java's conventions for index parameters (`String.substring`, `System.arraycopy`,
//! `Objects.checkFromIndexSize`): an index, offset, position or length parameter, known by
//! its name or by how the body uses it, stays within the bounds of the array or string it
//! indexes, unless the documentation gives values outside them a meaning. A documented
//! range ("must be positive") is a precondition too.

use crate::visit;
use frontend::ir::{Expr, ExprKind, Method, StmtKind, Type};
use frontend::javadoc::{MethodDoc, ParamDoc};
use std::collections::BTreeSet;

/// A condition on the entry's parameters, by their positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// `min <= p <= max`.
    Range {
        /// The parameter.
        param: usize,
        /// The least value.
        min: Option<i64>,
        /// The greatest value.
        max: Option<i64>,
    },
    /// `0 <= p < length(of)`, or `<=` when `end_inclusive` (a position between elements).
    Index {
        /// The index parameter.
        param: usize,
        /// The array or string it indexes.
        of: usize,
        /// True for a position, which may be the length itself.
        end_inclusive: bool,
    },
    /// `0 <= offset`, `0 <= length` and `offset + length <= length(of)`; without an offset,
    /// `0 <= length <= length(of)`.
    Slice {
        /// The offset parameter.
        offset: Option<usize>,
        /// The length parameter.
        length: usize,
        /// The array or string.
        of: usize,
    },
}

/// A precondition with the words a report uses when a test breaks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Precondition {
    /// The condition.
    pub bound: Bound,
    /// What a test that breaks it does, in Java's terms: `srcPos outside 0..src.length`.
    pub broken: String,
    /// Why it is a precondition: `documented`, `an index parameter`, …
    pub reason: String,
    /// The line of the documentation it comes from; 0 when it comes from a convention alone.
    pub line: u32,
}

/// The role a parameter's name gives it among index parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// `offset`, `srcPos`, `start`, `fromIndex`: where a range starts.
    Start,
    /// `end`, `toIndex`, `endIndexExclusive`: where it ends.
    End,
    /// `length`, `len`, `count`, `nBytes`: how many.
    Length,
    /// `index`, `idx`: one element.
    Index,
}

/// The words of a camel-case or snake-case name, lower case: `srcPos` is `src`, `pos`.
fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in name.chars() {
        if c == '_' || c.is_ascii_digit() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
        } else if c.is_uppercase() && !current.is_empty() {
            words.push(std::mem::take(&mut current));
            current.extend(c.to_lowercase());
        } else {
            current.extend(c.to_lowercase());
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// The role an integral parameter's name gives it, if any.
fn role(name: &str) -> Option<Role> {
    let words = name_words(name);
    let has = |any: &[&str]| words.iter().any(|w| any.contains(&w.as_str()));
    if has(&["end", "to", "stop", "limit", "until"]) && !has(&["len", "length"]) {
        return Some(Role::End);
    }
    if has(&["len", "length", "count", "size", "num", "number"])
        || (words.len() > 1 && words[0] == "n")
    {
        return Some(Role::Length);
    }
    if has(&["start", "begin", "from", "offset", "off", "pos", "position"]) {
        return Some(Role::Start);
    }
    if has(&["index", "idx"]) {
        return Some(Role::Index);
    }
    None
}

/// Whether values of type `ty` have a length an index parameter can be checked against:
/// arrays and strings.
fn indexable(ty: &Type) -> bool {
    matches!(ty.erasure(), Type::Array(_))
        || ty
            .class_name()
            .is_some_and(|c| c == "java.lang.String" || c == "java.lang.CharSequence")
}

/// The preconditions of `m`, given its documentation when it has any.
pub fn preconditions(m: &Method, doc: Option<&MethodDoc>) -> Vec<Precondition> {
    let params = m.params();
    let param_doc = |i: usize| doc.and_then(|d| d.params.get(i));
    let mut out = Vec::new();
    for (i, p) in params.iter().enumerate() {
        let Some(r) = param_doc(i).and_then(|d| d.range) else {
            continue;
        };
        if !p.ty.is_integral() {
            continue;
        }
        let shown = match (r.min, r.max) {
            (Some(min), Some(max)) => format!("{} outside {min}..{max}", p.name),
            (Some(min), None) => format!("{} < {min}", p.name),
            (None, Some(max)) => format!("{} > {max}", p.name),
            (None, None) => continue,
        };
        out.push(Precondition {
            bound: Bound::Range {
                param: i,
                min: r.min,
                max: r.max,
            },
            broken: shown,
            reason: "documented".into(),
            line: param_doc(i).map_or(0, |d| d.line),
        });
    }
    let targets: Vec<usize> = (0..params.len())
        .filter(|&i| indexable(&params[i].ty))
        .collect();
    if targets.is_empty() {
        return out;
    }
    let uses = Uses::of(m);
    // The index parameters: integral, named for a role, not given a meaning outside the
    // bounds by the documentation, each with the array or string it indexes.
    let mut indexes: Vec<(usize, Role, usize)> = Vec::new();
    for (i, p) in params.iter().enumerate() {
        if !p.ty.is_integral() || param_doc(i).is_some_and(|d| d.promise) {
            continue;
        }
        let role = match role(&p.name) {
            Some(role) => role,
            None if uses.direct.iter().any(|(x, _)| *x == i) => Role::Index,
            None => continue,
        };
        if let Some(of) = target(i, &p.name, param_doc(i), &targets, &uses, m) {
            let role = match role {
                Role::Start if uses.direct.contains(&(i, of)) && !has_partner(&p.name) => {
                    Role::Index
                }
                other => other,
            };
            indexes.push((i, role, of));
        }
    }
    let cite = |i: usize| param_doc(i).map_or(0, |d| d.line);
    let reason = |i: usize| match param_doc(i).is_some_and(|d| d.forbids_outside) {
        true => "documented".to_string(),
        false => "an index parameter".to_string(),
    };
    let length_of = |of: usize| {
        let t = &params[of];
        match t.ty.erasure() {
            Type::Array(_) => format!("{}.length", t.name),
            _ => format!("{}.length()", t.name),
        }
    };
    let mut paired: BTreeSet<usize> = BTreeSet::new();
    for &(len, role, of) in &indexes {
        if role != Role::Length {
            continue;
        }
        let offset = indexes
            .iter()
            .find(|(o, r, t)| {
                *t == of && matches!(r, Role::Start | Role::Index) && !paired.contains(o)
            })
            .map(|(o, _, _)| *o);
        paired.insert(len);
        paired.extend(offset);
        let (broken, first) = match offset {
            Some(o) => (
                format!(
                    "{} + {} outside 0..{}",
                    params[o].name,
                    params[len].name,
                    length_of(of)
                ),
                o,
            ),
            None => (
                format!("{} outside 0..{}", params[len].name, length_of(of)),
                len,
            ),
        };
        out.push(Precondition {
            bound: Bound::Slice {
                offset,
                length: len,
                of,
            },
            broken,
            reason: reason(first),
            line: cite(first).max(cite(len)),
        });
    }
    for &(i, role, of) in &indexes {
        if paired.contains(&i) {
            continue;
        }
        let end_inclusive = role != Role::Index;
        let bound = match end_inclusive {
            true => format!("0..{}", length_of(of)),
            false => format!("0..{} - 1", length_of(of)),
        };
        out.push(Precondition {
            bound: Bound::Index {
                param: i,
                of,
                end_inclusive,
            },
            broken: format!("{} outside {bound}", params[i].name),
            reason: reason(i),
            line: cite(i),
        });
    }
    out
}

/// Whether a start's name says it has an end or a length beside it (`fromIndex`,
/// `startIndexInclusive`): a start of a range, which may equal the length.
fn has_partner(name: &str) -> bool {
    let words = name_words(name);
    words.iter().any(|w| {
        matches!(
            w.as_str(),
            "start" | "begin" | "from" | "inclusive" | "offset" | "off" | "pos"
        )
    })
}

/// The array or string parameter the index parameter `i` indexes: the one its name starts
/// with (`srcPos` of `src`), the one the body indexes with it, the one its documentation
/// names, or the only one.
fn target(
    i: usize,
    name: &str,
    doc: Option<&ParamDoc>,
    targets: &[usize],
    uses: &Uses,
    m: &Method,
) -> Option<usize> {
    let params = m.params();
    let first = name_words(name).into_iter().next().unwrap_or_default();
    let by_name = targets
        .iter()
        .find(|&&t| params[t].name.to_lowercase() == first && name.len() > first.len());
    if let Some(&t) = by_name {
        return Some(t);
    }
    let used: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|t| uses.indexes.contains(&(i, *t)))
        .collect();
    if used.len() == 1 {
        return Some(used[0]);
    }
    let mentioned: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|&t| {
            doc.is_some_and(|d| {
                d.text
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == params[t].name)
            })
        })
        .collect();
    if mentioned.len() == 1 {
        return Some(mentioned[0]);
    }
    // The only array or string, unless the body indexes something else with it.
    (targets.len() == 1 && used.is_empty() && !uses.elsewhere.contains(&i)).then(|| targets[0])
}

/// How the body uses its parameters as indexes: which index parameter, or a local
/// computed from it, is an index into which array or string parameter.
#[derive(Default)]
struct Uses {
    /// (index parameter, array or string parameter) pairs met in an index expression or the
    /// arguments of a call on the array or string, or side by side in a call's arguments.
    indexes: BTreeSet<(usize, usize)>,
    /// Pairs where the index is the parameter itself, whole: `a[i]`, `s.charAt(i)`.
    direct: BTreeSet<(usize, usize)>,
    /// Parameters that index something other than a parameter (a field's or a local's
    /// array, an argument of a call on another object): what they index is not an input.
    elsewhere: BTreeSet<usize>,
}

impl Uses {
    /// The uses in `m`'s body of parameters the body never assigns.
    fn of(m: &Method) -> Uses {
        let mut uses = Uses::default();
        let Some(body) = &m.body else {
            return uses;
        };
        let count = m.param_count as usize;
        let mut assigned: BTreeSet<usize> = BTreeSet::new();
        // Locals computed from a parameter (`int end = off + len;`, `for (int i = off; …)`)
        // stand for it.
        let mut declared: Vec<(usize, Expr)> = Vec::new();
        let mut definitions: Vec<(usize, Expr)> = Vec::new();
        visit::walk(
            body,
            &mut |s| {
                if let StmtKind::Local {
                    local,
                    init: Some(init),
                } = &s.kind
                {
                    declared.push((*local as usize, init.clone()));
                }
            },
            &mut |e| match &e.kind {
                ExprKind::Assign { target, value, .. } => {
                    if let ExprKind::Local(l) = target.kind {
                        match (l as usize) < count {
                            true => {
                                assigned.insert(l as usize);
                            }
                            false => definitions.push((l as usize, (**value).clone())),
                        }
                    }
                }
                ExprKind::IncDec { target, .. } => {
                    if let ExprKind::Local(l) = target.kind {
                        if (l as usize) < count {
                            assigned.insert(l as usize);
                        }
                    }
                }
                _ => {}
            },
        );
        let mut derived: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); m.locals.len()];
        for (i, d) in derived.iter_mut().enumerate().take(count) {
            d.insert(i);
        }
        for _ in 0..3 {
            for (local, value) in declared.iter().chain(&definitions) {
                let from = params_in(value, &derived);
                if let Some(d) = derived.get_mut(*local) {
                    d.extend(from);
                }
            }
        }
        let param_of = |e: &Expr| match strip(e).kind {
            ExprKind::Local(l) if (l as usize) < count && !assigned.contains(&(l as usize)) => {
                Some(l as usize)
            }
            _ => None,
        };
        visit::walk(body, &mut |_| {}, &mut |e| match &e.kind {
            ExprKind::ArrayAccess { array, index } => match param_of(array) {
                Some(t) => uses.note(t, index, &derived, param_of(index)),
                None => uses.elsewhere.extend(params_in(index, &derived)),
            },
            ExprKind::Call {
                receiver: Some(r),
                args,
                ..
            } => match param_of(r) {
                Some(t) => {
                    for a in args {
                        uses.note(t, a, &derived, param_of(a));
                    }
                }
                None => {
                    for a in args {
                        uses.elsewhere.extend(params_in(a, &derived));
                    }
                }
            },
            ExprKind::Call {
                receiver: None,
                args,
                ..
            }
            | ExprKind::New { args, .. } => {
                for (k, a) in args.iter().enumerate() {
                    let Some(t) = param_of(a) else { continue };
                    for next in args.iter().skip(k + 1).take(2) {
                        uses.note(t, next, &derived, None);
                    }
                }
            }
            _ => {}
        });
        uses.indexes
            .retain(|(i, t)| !assigned.contains(i) && i != t);
        uses.direct.retain(|(i, t)| !assigned.contains(i) && i != t);
        uses
    }

    /// Records that `index` indexes the parameter `t`.
    fn note(&mut self, t: usize, index: &Expr, derived: &[BTreeSet<usize>], whole: Option<usize>) {
        for p in params_in(index, derived) {
            self.indexes.insert((p, t));
        }
        if let Some(p) = whole {
            self.direct.insert((p, t));
        }
    }
}

/// The parameters an expression's value is computed from.
fn params_in(e: &Expr, derived: &[BTreeSet<usize>]) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    visit::expr(e, &mut |x| {
        if let ExprKind::Local(l) = x.kind {
            if let Some(d) = derived.get(l as usize) {
                out.extend(d.iter().copied());
            }
        }
    });
    out
}

/// An expression without the conversions around it.
fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Convert { expr, .. } => strip(expr),
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_give_roles() {
        for (name, expected) in [
            ("offset", Some(Role::Start)),
            ("srcPos", Some(Role::Start)),
            ("startIndexInclusive", Some(Role::Start)),
            ("endIndexExclusive", Some(Role::End)),
            ("toIndex", Some(Role::End)),
            ("length", Some(Role::Length)),
            ("nBools", Some(Role::Length)),
            ("numBytes", Some(Role::Length)),
            ("index", Some(Role::Index)),
            ("radix", None),
            ("seed", None),
            ("n", None),
        ] {
            assert_eq!(role(name), expected, "{name}");
        }
    }
}
