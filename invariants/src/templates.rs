//! Daikon-style templates over a [`Table`]: every template is instantiated over every variable
//! (or pair of integer variables), refuted by any sample that contradicts it, and reported when
//! [`crate::justify`] says the samples justify it. There are no templates over container
//! contents, sortedness or set relations (dissertation §6.4.2).

use crate::justify;
use crate::model::{CmpOp, Form, Invariant};
use crate::table::{Cell, Table, VarKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Which invariants of a table to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// All (preconditions, class invariants).
    All,
    /// Only those that mention a post-state variable (postconditions).
    Post,
}

/// The justified invariants of a table.
pub fn infer(table: &Table, scope: Scope) -> Vec<Invariant> {
    let mut out = Vec::new();
    let mut ranges: HashMap<usize, (i64, i64)> = HashMap::new();
    let usable: Vec<bool> = (0..table.columns.len())
        .map(|c| table.rows.iter().all(|(cells, _)| cells[c] != Cell::Absent))
        .collect();
    for (c, col) in table.columns.iter().enumerate() {
        if !usable[c] || (scope == Scope::Post && !col.post) {
            continue;
        }
        match col.kind {
            VarKind::Int => {
                let (invs, range) = int_templates(table, c);
                if let Some(r) = range {
                    ranges.insert(c, r);
                }
                out.extend(invs);
            }
            VarKind::Ref => out.extend(ref_templates(table, c)),
            VarKind::Elems => out.extend(elems_template(table, c)),
        }
    }
    let ints: Vec<usize> = (0..table.columns.len())
        .filter(|&c| usable[c] && table.columns[c].kind == VarKind::Int)
        .collect();
    for (i, &x) in ints.iter().enumerate() {
        for &y in &ints[i + 1..] {
            let post = table.columns[x].post || table.columns[y].post;
            if scope == Scope::Post && !post {
                continue;
            }
            out.extend(pair_templates(table, x, y, &ranges));
        }
    }
    out
}

/// The values of an integer column over the rows that define it, with multiplicities.
fn int_values(table: &Table, c: usize) -> BTreeMap<i64, u64> {
    let mut values = BTreeMap::new();
    for (cells, count) in &table.rows {
        if let Cell::Int(v) = cells[c] {
            *values.entry(v).or_insert(0) += count;
        }
    }
    values
}

/// Unary templates over an integer column; also the reported range `[lo, hi]` (for pruning
/// implied relations).
fn int_templates(table: &Table, c: usize) -> (Vec<Invariant>, Option<(i64, i64)>) {
    let var = table.columns[c].path.clone();
    let values = int_values(table, c);
    let n: u64 = values.values().sum();
    let d = values.len() as u64;
    let (Some((&min, _)), Some((&max, _))) = (values.first_key_value(), values.last_key_value())
    else {
        return (Vec::new(), None);
    };
    let mut out = Vec::new();
    let inv = |form| Invariant::new(form, n, d);
    let mut lo = i64::MIN;
    let mut hi = i64::MAX;
    if d == 1 && justify::justified(justify::constant(n)) {
        out.push(inv(Form::Const {
            var: var.clone(),
            value: min,
        }));
        return (out, Some((min, min)));
    }
    if (2..=3).contains(&d) && justify::justified(justify::one_of(n, d)) {
        out.push(inv(Form::OneOf {
            var: var.clone(),
            values: values.keys().copied().collect(),
        }));
        return (out, Some((min, max)));
    }
    if justify::justified(justify::bound(d)) {
        out.push(inv(Form::Lower {
            var: var.clone(),
            bound: min,
        }));
        out.push(inv(Form::Upper {
            var: var.clone(),
            bound: max,
        }));
        lo = min;
        hi = max;
    }
    let zero_excluded = lo > 0 || hi < 0;
    if !zero_excluded && !values.contains_key(&0) {
        let range = (max.max(0) as f64) - (min.min(0) as f64) + 1.0;
        if d >= 3 && justify::justified(justify::non_zero(range, n)) {
            out.push(inv(Form::NonZero { var }));
        }
    }
    let range = (lo != i64::MIN).then_some((lo, hi));
    (out, range)
}

/// Nullness and runtime-class templates over a reference column.
fn ref_templates(table: &Table, c: usize) -> Vec<Invariant> {
    let col = &table.columns[c];
    let mut nulls = 0;
    let mut non_null = 0;
    let mut classes: BTreeSet<&str> = BTreeSet::new();
    for (cells, count) in &table.rows {
        match &cells[c] {
            Cell::Ref(None) => nulls += count,
            Cell::Ref(Some(class)) => {
                non_null += count;
                classes.insert(class);
            }
            _ => {}
        }
    }
    let n = nulls + non_null;
    let mut out = Vec::new();
    let var = col.path.clone();
    if n > 0 && nulls == 0 && justify::justified(justify::halves(n)) {
        out.push(Invariant::new(Form::NonNull { var: var.clone() }, n, 1));
    }
    if n > 0 && non_null == 0 && justify::justified(justify::halves(n)) {
        out.push(Invariant::new(Form::Null { var: var.clone() }, n, 1));
    }
    if let (Some(declared), 1) = (&col.declared, classes.len()) {
        let class = classes.first().copied().unwrap_or_default();
        if !class.is_empty() && class != declared && justify::justified(justify::halves(non_null)) {
            let form = Form::Type {
                var,
                class: class.to_string(),
            };
            out.push(Invariant::new(form, non_null, 1));
        }
    }
    out
}

/// `\nonnullelements(a)` over an element-nullness column.
fn elems_template(table: &Table, c: usize) -> Option<Invariant> {
    let mut n = 0;
    for (cells, count) in &table.rows {
        match cells[c] {
            Cell::Elems(true) => return None,
            Cell::Elems(false) => n += count,
            _ => {}
        }
    }
    let var = table.columns[c].path.clone();
    (n > 0 && justify::justified(justify::halves(n)))
        .then(|| Invariant::new(Form::NonNullElements { var }, n, 1))
}

/// Relations between two integer columns.
fn pair_templates(
    table: &Table,
    x: usize,
    y: usize,
    ranges: &HashMap<usize, (i64, i64)>,
) -> Vec<Invariant> {
    let mut tuples: BTreeMap<(i64, i64), u64> = BTreeMap::new();
    for (cells, count) in &table.rows {
        if let (Cell::Int(a), Cell::Int(b)) = (&cells[x], &cells[y]) {
            *tuples.entry((*a, *b)).or_insert(0) += count;
        }
    }
    let n: u64 = tuples.values().sum();
    let d = tuples.len() as u64;
    if d == 0 {
        return Vec::new();
    }
    let lhs = table.columns[x].path.clone();
    let rhs = table.columns[y].path.clone();
    let xs: BTreeSet<i64> = tuples.keys().map(|t| t.0).collect();
    let ys: BTreeSet<i64> = tuples.keys().map(|t| t.1).collect();
    let pooled = xs.union(&ys).count() as f64;
    let mut out = Vec::new();
    let cmp = |op| Form::Cmp {
        lhs: lhs.clone(),
        op,
        rhs: rhs.clone(),
    };
    let all = |f: fn(i64, i64) -> bool| tuples.keys().all(|&(a, b)| f(a, b));
    if all(|a, b| a == b) {
        if justify::justified(justify::equal(pooled, d)) {
            out.push(Invariant::new(cmp(CmpOp::Eq), n, d));
        }
        return out;
    }
    let order = [
        (CmpOp::Lt, all(|a, b| a < b)),
        (CmpOp::Gt, all(|a, b| a > b)),
        (CmpOp::Le, all(|a, b| a <= b)),
        (CmpOp::Ge, all(|a, b| a >= b)),
    ];
    let ordered = order.iter().find(|o| o.1).map(|o| o.0);
    match ordered {
        Some(op) => {
            if justify::justified(justify::ordered(d))
                && !implied(op, ranges.get(&x), ranges.get(&y))
            {
                out.push(Invariant::new(cmp(op), n, d));
            }
        }
        None => {
            if all(|a, b| a != b) && d >= 3 && justify::justified(justify::differ(pooled, d)) {
                out.push(Invariant::new(cmp(CmpOp::Ne), n, d));
            }
        }
    }
    let line = fit(&tuples, false)
        .map(|(a, b)| (rhs.clone(), a, lhs.clone(), b, xs.len(), ys.len()))
        .or_else(|| {
            fit(&tuples, true).map(|(a, b)| (lhs.clone(), a, rhs.clone(), b, ys.len(), xs.len()))
        });
    if let Some((dep, a, ind, b, d_ind, r_dep)) = line {
        if justify::justified(justify::linear(d_ind as u64, r_dep as f64)) {
            let form = Form::Linear {
                y: dep,
                a,
                x: ind,
                b,
            };
            out.push(Invariant::new(form, n, d));
        }
    }
    out
}

/// True when the reported ranges of the two variables already imply `x OP y`.
fn implied(op: CmpOp, x: Option<&(i64, i64)>, y: Option<&(i64, i64)>) -> bool {
    let (Some(&(xlo, xhi)), Some(&(ylo, yhi))) = (x, y) else {
        return false;
    };
    match op {
        CmpOp::Lt => xhi < ylo,
        CmpOp::Le => xhi <= ylo,
        CmpOp::Gt => xlo > yhi,
        CmpOp::Ge => xlo >= yhi,
        CmpOp::Eq | CmpOp::Ne => false,
    }
}

/// The integer line `dep = a * ind + b` through all tuples, `a` not 0 and not the identity;
/// with `swap`, `ind` is the tuples' second component.
fn fit(tuples: &BTreeMap<(i64, i64), u64>, swap: bool) -> Option<(i64, i64)> {
    let points: Vec<(i128, i128)> = tuples
        .keys()
        .map(|&(a, b)| {
            if swap {
                (b as i128, a as i128)
            } else {
                (a as i128, b as i128)
            }
        })
        .collect();
    let (x1, y1) = *points.first()?;
    let &(x2, y2) = points.iter().find(|p| p.0 != x1)?;
    let (dy, dx) = (y2 - y1, x2 - x1);
    if dy % dx != 0 {
        return None;
    }
    let a = dy / dx;
    let b = y1 - a * x1;
    if a == 0 || (a == 1 && b == 0) {
        return None;
    }
    if !points.iter().all(|&(x, y)| y == a * x + b) {
        return None;
    }
    Some((i64::try_from(a).ok()?, i64::try_from(b).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Column;

    fn int_col(path: &str, post: bool) -> Column {
        Column {
            path: path.into(),
            kind: VarKind::Int,
            declared: None,
            post,
        }
    }

    fn table(cols: &[&str], rows: &[&[i64]]) -> Table {
        Table {
            columns: cols
                .iter()
                .map(|c| int_col(c, c.starts_with('\\')))
                .collect(),
            rows: rows
                .iter()
                .map(|r| (r.iter().map(|&v| Cell::Int(v)).collect(), 1))
                .collect(),
        }
    }

    fn texts(invs: &[Invariant]) -> Vec<String> {
        invs.iter().map(|i| i.text.clone()).collect()
    }

    #[test]
    fn constant_needs_four_samples() {
        let t = table(&["k"], &[&[0], &[0], &[0], &[0]]);
        assert_eq!(texts(&infer(&t, Scope::All)), vec!["k == 0"]);
        let t = table(&["k"], &[&[0], &[0], &[0]]);
        assert!(infer(&t, Scope::All).is_empty());
    }

    #[test]
    fn one_of_small_sets() {
        let t = table(&["k"], &[&[1], &[2], &[1], &[2], &[2]]);
        assert_eq!(texts(&infer(&t, Scope::All)), vec!["k one of {1, 2}"]);
        let t = table(&["k"], &[&[1], &[2], &[3], &[4], &[5]]);
        assert!(!texts(&infer(&t, Scope::All))
            .iter()
            .any(|s| s.contains("one of")));
    }

    #[test]
    fn bounds_over_distinct_values() {
        let t = table(&["parts"], &[&[2], &[4], &[3], &[8]]);
        assert_eq!(
            texts(&infer(&t, Scope::All)),
            vec!["parts >= 2", "parts <= 8"]
        );
        // the same three values many times: no bounds
        let rows: Vec<&[i64]> = [[2i64], [3], [4]]
            .iter()
            .cycle()
            .take(30)
            .map(|r| &r[..])
            .collect();
        let t = table(&["parts"], &rows);
        assert!(infer(&t, Scope::All)
            .iter()
            .all(|i| !matches!(i.form, Form::Lower { .. })));
    }

    #[test]
    fn non_zero_when_zero_is_inside_the_range() {
        let rows: Vec<&[i64]> = [[-1i64], [1], [2], [-2]]
            .iter()
            .cycle()
            .take(20)
            .map(|r| &r[..])
            .collect();
        let t = table(&["d"], &rows);
        // 20 samples over -2..=2 and never 0: (4/5)^20 < 1/16
        let got = texts(&infer(&t, Scope::All));
        assert!(got.contains(&"d != 0".to_string()), "{got:?}");
        let t = table(&["d"], &[&[-5], &[3], &[7], &[-9]]);
        assert!(!texts(&infer(&t, Scope::All)).contains(&"d != 0".to_string()));
    }

    #[test]
    fn equality_ordering_and_lines() {
        let t = table(
            &["length", "value.length"],
            &[&[3, 3], &[1, 1], &[6, 6], &[2, 2]],
        );
        assert!(texts(&infer(&t, Scope::All)).contains(&"length == value.length".to_string()));
        let t = table(&["a", "b"], &[&[1, 5], &[2, 3], &[7, 9], &[0, 4]]);
        assert!(texts(&infer(&t, Scope::All)).contains(&"a < b".to_string()));
        let t = table(&["n", "\\result"], &[&[1, 3], &[2, 5], &[5, 11], &[9, 19]]);
        let got = texts(&infer(&t, Scope::Post));
        assert!(
            got.contains(&"\\result == 2 * n + 1".to_string()),
            "{got:?}"
        );
        assert!(got.iter().all(|s| s.contains("\\result")), "{got:?}");
        // three points are not enough for a line
        let t = table(&["n", "m"], &[&[1, 3], &[2, 5], &[5, 11]]);
        assert!(!texts(&infer(&t, Scope::All))
            .iter()
            .any(|s| s.contains('*')));
    }

    #[test]
    fn inequality_needs_many_crossing_tuples() {
        let mut rows: Vec<[i64; 2]> = Vec::new();
        for a in 0..4 {
            for b in 0..4 {
                if a != b {
                    rows.push([a, b]);
                }
            }
        }
        let refs: Vec<&[i64]> = rows.iter().map(|r| &r[..]).collect();
        let got = texts(&infer(&table(&["a", "b"], &refs), Scope::All));
        assert!(got.contains(&"a != b".to_string()), "{got:?}");
        let got = texts(&infer(&table(&["a", "b"], &refs[..6]), Scope::All));
        assert!(!got.contains(&"a != b".to_string()), "{got:?}");
    }

    #[test]
    fn non_strict_orderings() {
        let t = table(&["a", "b"], &[&[1, 1], &[2, 3], &[7, 9], &[0, 4]]);
        assert!(texts(&infer(&t, Scope::All)).contains(&"a <= b".to_string()));
        let t = table(&["a", "b"], &[&[1, 1], &[3, 2], &[9, 7], &[4, 0]]);
        assert!(texts(&infer(&t, Scope::All)).contains(&"a >= b".to_string()));
    }

    #[test]
    fn refuted_templates_vanish() {
        let t = table(&["a", "b"], &[&[1, 5], &[2, 3], &[7, 9], &[0, 4], &[6, 1]]);
        let got = texts(&infer(&t, Scope::All));
        assert!(
            !got.iter().any(|s| s == "a < b" || s == "a <= b"),
            "{got:?}"
        );
    }

    #[test]
    fn implied_orderings_are_dropped() {
        let t = table(&["a", "b"], &[&[1, 15], &[2, 13], &[3, 19], &[4, 14]]);
        let got = texts(&infer(&t, Scope::All));
        assert!(!got.contains(&"a < b".to_string()), "{got:?}");
    }

    #[test]
    fn nullness_types_and_elements() {
        let cols = vec![
            Column {
                path: "o".into(),
                kind: VarKind::Ref,
                declared: Some("java.lang.Object".into()),
                post: false,
            },
            Column {
                path: "xs".into(),
                kind: VarKind::Elems,
                declared: None,
                post: false,
            },
        ];
        let row = |c: &str, e| (vec![Cell::Ref(Some(c.to_string())), Cell::Elems(e)], 1);
        let t = Table {
            columns: cols.clone(),
            rows: (0..4).map(|_| row("java.util.ArrayList", false)).collect(),
        };
        let got = texts(&infer(&t, Scope::All));
        assert_eq!(
            got,
            vec![
                "o != null",
                "\\typeof(o) == \\type(java.util.ArrayList)",
                "\\nonnullelements(xs)"
            ]
        );
        let mut rows: Vec<_> = (0..4).map(|_| row("java.util.ArrayList", false)).collect();
        rows.push((vec![Cell::Ref(None), Cell::Elems(true)], 1));
        let t = Table {
            columns: cols,
            rows,
        };
        // a null says nothing about the runtime class of the others
        assert_eq!(
            texts(&infer(&t, Scope::All)),
            vec!["\\typeof(o) == \\type(java.util.ArrayList)"]
        );
    }

    #[test]
    fn absent_variables_get_no_invariants() {
        let mut t = table(&["k"], &[&[1], &[1], &[1], &[1]]);
        t.rows.push((vec![Cell::Absent], 1));
        assert!(infer(&t, Scope::All).is_empty());
    }
}
