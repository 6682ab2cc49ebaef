//! Which preconditions a method's caller must meet, derived from its documentation and from
//! Java's conventions for index parameters (`String.substring`, `System.arraycopy`,
//! `Objects.checkFromIndexSize`): an index, offset, position or length parameter, known by
//! its name or by how the body uses it, stays within the bounds of the array or string it
//! indexes, unless the documentation gives values outside them a meaning. A documented
//! range ("must be positive") is a precondition too.

use frontend::ir::visit;
use frontend::ir::{Expr, ExprKind, Method, StmtKind, Type};
use frontend::javadoc::wording::{self, Described};
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
    /// `min <= length(param) <= max`, of an array or string parameter.
    Length {
        /// The array or string parameter.
        param: usize,
        /// The least length.
        min: Option<i64>,
        /// The greatest length.
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
    /// `0 <= position.getIndex() <= length(of)`: a `java.text.ParsePosition` where a parse
    /// of the text starts.
    Position {
        /// The `ParsePosition` parameter.
        param: usize,
        /// The text it is a position in.
        of: usize,
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

/// Whether a parameter's name makes it where a range starts or an element's index: an
/// offset, a position, a start (`outOffset`, `dstBegin`, `destPos`).
pub(crate) fn starts_range(name: &str) -> bool {
    matches!(role(name), Some(Role::Start | Role::Index))
}

/// The role an integral parameter's name gives it, if any.
fn role(name: &str) -> Option<Role> {
    let words = name_words(name);
    let has = |any: &[&str]| words.iter().any(|w| any.contains(&w.as_str()));
    if has(&["end", "to", "stop", "limit", "until"]) && !has(&["len", "length"]) {
        return Some(Role::End);
    }
    if has(&[
        "len", "length", "count", "size", "num", "number", "capacity",
    ]) || (words.len() > 1 && words[0] == "n")
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

/// The role a parameter's `@param` text gives it when its name says nothing (`i`: "the int
/// position within the input").
fn documented_role(text: &str) -> Option<Role> {
    match wording::described_as(text)? {
        Described::Index => Some(Role::Index),
        Described::Position => Some(Role::Start),
        Described::Count => Some(Role::Length),
    }
}

/// Whether values of type `ty` have a length an index parameter can be checked against:
/// arrays, strings and lists.
fn indexable(ty: &Type) -> bool {
    matches!(ty.erasure(), Type::Array(_))
        || ty.class_name().is_some_and(|c| {
            matches!(
                c,
                "java.lang.String" | "java.lang.CharSequence" | "java.util.List"
            )
        })
}

/// The preconditions of `m`, given its documentation when it has any: the ranges its
/// `@param`s require, then Java's conventions for its index and length parameters.
pub fn preconditions(m: &Method, doc: Option<&MethodDoc>) -> Vec<Precondition> {
    let mut out = documented_ranges(m, doc);
    out.extend(index_conventions(m, doc));
    out.extend(parse_positions(m, doc));
    out
}

/// The class of the JDK's parse positions.
pub(crate) const PARSE_POSITION: &str = "java.text.ParsePosition";

/// Java's convention for a parse (`Format.parseObject(String, ParsePosition)`): the
/// position a caller passes with the text is inside it or at its end, and a parser may
/// fail on any other, as the JDK's own do (`SimpleDateFormat.parse(text, new
/// ParsePosition(-1))` throws StringIndexOutOfBoundsException). The text is the first
/// `String` or `CharSequence` parameter; a position whose documentation gives a meaning to
/// values outside the text has none.
fn parse_positions(m: &Method, doc: Option<&MethodDoc>) -> Vec<Precondition> {
    let params = m.params();
    let text = |t: &Type| {
        matches!(
            t.erasure().class_name(),
            Some("java.lang.String" | "java.lang.CharSequence")
        )
    };
    let Some(of) = params.iter().position(|p| text(&p.ty)) else {
        return Vec::new();
    };
    params
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            p.ty.erasure().class_name() == Some(PARSE_POSITION)
                && !doc
                    .and_then(|d| d.params.get(*i))
                    .is_some_and(|d| d.promise)
        })
        .map(|(param, p)| Precondition {
            bound: Bound::Position { param, of },
            broken: format!(
                "{}.getIndex() outside 0..{}",
                p.name,
                length_of(&params[of].name, &params[of].ty)
            ),
            reason: "a parse position".into(),
            line: 0,
        })
        .collect()
}

/// The ranges the documentation of `m`'s parameters requires: of an integral parameter's
/// value ("must be positive"), of an array's or string's length ("must contain at least 16
/// chars").
fn documented_ranges(m: &Method, doc: Option<&MethodDoc>) -> Vec<Precondition> {
    let mut out = Vec::new();
    for (i, p) in m.params().iter().enumerate() {
        let Some(d) = doc.and_then(|d| d.params.get(i)) else {
            continue;
        };
        let Some(r) = d.range else { continue };
        let (shown, bound) = if p.ty.is_integral() {
            (
                p.name.clone(),
                Bound::Range {
                    param: i,
                    min: r.min,
                    max: r.max,
                },
            )
        } else if indexable(&p.ty) {
            (
                length_of(&p.name, &p.ty),
                Bound::Length {
                    param: i,
                    min: r.min,
                    max: r.max,
                },
            )
        } else {
            continue;
        };
        let broken = match (r.min, r.max) {
            (Some(min), Some(max)) => format!("{shown} outside {min}..{max}"),
            (Some(min), None) => format!("{shown} < {min}"),
            (None, Some(max)) => format!("{shown} > {max}"),
            (None, None) => continue,
        };
        out.push(Precondition {
            bound,
            broken,
            reason: "documented".into(),
            line: d.line,
        });
    }
    out
}

/// How a report names the length of the parameter `name` of type `ty`: `data.length`,
/// `text.length()`, `list.size()`.
fn length_of(name: &str, ty: &Type) -> String {
    match ty.erasure() {
        Type::Array(_) => format!("{name}.length"),
        t if t.class_name() == Some("java.util.List") => format!("{name}.size()"),
        _ => format!("{name}.length()"),
    }
}

/// Java's conventions for `m`'s index parameters: each within the array or string it
/// indexes, and a length parameter that indexes none at least 0.
fn index_conventions(m: &Method, doc: Option<&MethodDoc>) -> Vec<Precondition> {
    let params = m.params();
    let param_doc = |i: usize| doc.and_then(|d| d.params.get(i));
    let mut out = Vec::new();
    let targets: Vec<usize> = (0..params.len())
        .filter(|&i| indexable(&params[i].ty))
        .collect();
    let uses = Uses::of(m);
    // The index parameters: integral, named for a role, not given a meaning outside the
    // bounds by the documentation, each with the array or string it indexes.
    let mut indexes: Vec<(usize, Role, usize)> = Vec::new();
    for (i, p) in params.iter().enumerate() {
        // A parameter whose documentation gives a meaning outside its range has none; one
        // whose documentation requires a range has that one ([`documented_ranges`]).
        if !p.ty.is_integral() || param_doc(i).is_some_and(|d| d.promise || d.range.is_some()) {
            continue;
        }
        let described = || param_doc(i).and_then(|d| documented_role(&d.text));
        let role = match role(&p.name).or_else(described) {
            Some(role) => role,
            None if uses.direct.iter().any(|(x, _)| *x == i) => Role::Index,
            None => continue,
        };
        let Some(of) = target(i, &p.name, param_doc(i), &targets, &uses, m) else {
            // A length, count, size or capacity of nothing the method is given is at
            // least 0, as `new ArrayList(-1)` and `new int[-1]` hold it.
            if role == Role::Length {
                out.push(Precondition {
                    bound: Bound::Range {
                        param: i,
                        min: Some(0),
                        max: None,
                    },
                    broken: format!("{} < 0", p.name),
                    reason: "a length parameter".into(),
                    line: param_doc(i).map_or(0, |d| d.line),
                });
            }
            continue;
        };
        // A position the body reads an element at (`buffer[pos]`, `s.charAt(pos)`) is an
        // element's index, whatever its name.
        // So is one the documentation asks to be valid ("valid for buffer").
        let valid = param_doc(i).is_some_and(|d| d.valid);
        let role = match role {
            Role::Start | Role::End if uses.direct.contains(&(i, of)) => Role::Index,
            Role::Start if valid => Role::Index,
            other => other,
        };
        indexes.push((i, role, of));
    }
    let cite = |i: usize| param_doc(i).map_or(0, |d| d.line);
    let reason = |i: usize| match param_doc(i).is_some_and(|d| d.forbids_outside) {
        true => "documented".to_string(),
        false => "an index parameter".to_string(),
    };
    let length_of = |of: usize| length_of(&params[of].name, &params[of].ty);
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
    /// Pairs where the parameter itself, whole, is the index of an element the body reads:
    /// `a[i]`, `s.charAt(i)`.
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
        let assigned = assigned_params(m);
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
            &mut |e| {
                if let ExprKind::Assign { target, value, .. } = &e.kind {
                    if let ExprKind::Local(l) = target.kind {
                        if (l as usize) >= count {
                            definitions.push((l as usize, (**value).clone()));
                        }
                    }
                }
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
        // An array or string parameter the body assigns may hold another value where it
        // is indexed; an index parameter's entry value is what the caller passes either way.
        let param_of = |e: &Expr| match e.without_conversions().kind {
            ExprKind::Local(l) if (l as usize) < count && !assigned.contains(&(l as usize)) => {
                Some(l as usize)
            }
            _ => None,
        };
        let index_of = |e: &Expr| match e.without_conversions().kind {
            ExprKind::Local(l) if (l as usize) < count => Some(l as usize),
            _ => None,
        };
        visit::walk(body, &mut |_| {}, &mut |e| match &e.kind {
            ExprKind::ArrayAccess { array, index } => match param_of(array) {
                Some(t) => uses.note(t, index, &derived, index_of(index)),
                None => uses.elsewhere.extend(params_in(index, &derived)),
            },
            ExprKind::Call {
                receiver: Some(r),
                args,
                method,
                ..
            } if !matches!(r.without_conversions().kind, ExprKind::This { .. }) => {
                match param_of(r) {
                    Some(t) => {
                        // The string and list methods that read the element at an index.
                        let element =
                            matches!(method.name.as_str(), "charAt" | "codePointAt" | "get");
                        for a in args {
                            uses.note(t, a, &derived, index_of(a).filter(|_| element));
                        }
                    }
                    None => {
                        for a in args {
                            uses.elsewhere.extend(params_in(a, &derived));
                        }
                    }
                }
            }
            // `new int[capacity]`: the parameter sizes a new array, it indexes no input.
            ExprKind::NewArray { dims, .. } => {
                for d in dims {
                    uses.elsewhere.extend(params_in(d, &derived));
                }
            }
            // A static call, a call on `this` or a constructor: an array or string
            // argument is indexed by the two arguments after it, as `System.arraycopy(src,
            // srcPos, ..)` and `new String(chars, offset, count)` take them.
            ExprKind::Call { args, .. } | ExprKind::New { args, .. } => {
                for (k, a) in args.iter().enumerate() {
                    let Some(t) = param_of(a) else { continue };
                    for next in args.iter().skip(k + 1).take(2) {
                        uses.note(t, next, &derived, None);
                    }
                }
            }
            _ => {}
        });
        uses.indexes.retain(|(i, t)| i != t);
        uses.direct.retain(|(i, t)| i != t);
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

/// The parameters `m`'s body assigns (`=`, a compound assignment, `++`, `--`): where they
/// are used, their values need not be the caller's.
pub(super) fn assigned_params(m: &Method) -> BTreeSet<usize> {
    let count = m.param_count as usize;
    let mut assigned = BTreeSet::new();
    if let Some(body) = &m.body {
        visit::walk(body, &mut |_| {}, &mut |e| {
            let target = match &e.kind {
                ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => target,
                _ => return,
            };
            if let ExprKind::Local(l) = target.kind {
                if (l as usize) < count {
                    assigned.insert(l as usize);
                }
            }
        });
    }
    assigned
}

/// The parameters an expression's value is computed from by arithmetic: a value read from
/// an array or returned by a call (`T[b[off++] & 0xff]`) is not computed from its index.
fn params_in(e: &Expr, derived: &[BTreeSet<usize>]) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    let mut todo = vec![e];
    while let Some(x) = todo.pop() {
        match &x.kind {
            ExprKind::Local(l) => {
                if let Some(d) = derived.get(*l as usize) {
                    out.extend(d.iter().copied());
                }
            }
            ExprKind::Binary { lhs, rhs, .. } => todo.extend([lhs.as_ref(), rhs.as_ref()]),
            ExprKind::Unary { operand, .. } => todo.push(operand),
            ExprKind::Convert { expr, .. } => todo.push(expr),
            ExprKind::Conditional {
                then, otherwise, ..
            } => todo.extend([then.as_ref(), otherwise.as_ref()]),
            ExprKind::Assign { value, .. } => todo.push(value),
            ExprKind::IncDec { target, .. } => todo.push(target),
            _ => {}
        }
    }
    out
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
