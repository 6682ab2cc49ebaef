//! Evaluating an inferred invariant on one sample (a row of a [`Table`]).

use crate::model::Form;
use crate::table::{Cell, Table, VarKind};

/// Whether the sample `row` of `table` satisfies `form`. A variable the table lacks, or that is
/// absent or undefined in the row, makes the invariant vacuously satisfied.
pub fn satisfied(form: &Form, table: &Table, row: &[Cell]) -> bool {
    let cell = |path: &str, kind| table.column(path, kind).map(|c| &row[c]);
    let int = |path: &str| match cell(path, VarKind::Int) {
        Some(Cell::Int(v)) => Some(*v),
        _ => None,
    };
    match form {
        Form::Const { var, value } => int(var).is_none_or(|v| v == *value),
        Form::OneOf { var, values } => int(var).is_none_or(|v| values.contains(&v)),
        Form::Lower { var, bound } => int(var).is_none_or(|v| v >= *bound),
        Form::Upper { var, bound } => int(var).is_none_or(|v| v <= *bound),
        Form::NonZero { var } => int(var).is_none_or(|v| v != 0),
        Form::Null { var } => !matches!(cell(var, VarKind::Ref), Some(Cell::Ref(Some(_)))),
        Form::NonNull { var } => !matches!(cell(var, VarKind::Ref), Some(Cell::Ref(None))),
        Form::Type { var, class } => match cell(var, VarKind::Ref) {
            Some(Cell::Ref(Some(c))) => c.is_empty() || c == class,
            _ => true,
        },
        Form::NonNullElements { var } => {
            !matches!(cell(var, VarKind::Elems), Some(Cell::Elems(true)))
        }
        Form::Cmp { lhs, op, rhs } => match (int(lhs), int(rhs)) {
            (Some(a), Some(b)) => op.holds(a, b),
            _ => true,
        },
        Form::Linear { y, a, x, b } => match (int(y), int(x)) {
            (Some(yv), Some(xv)) => {
                i128::from(yv) == i128::from(*a) * i128::from(xv) + i128::from(*b)
            }
            _ => true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CmpOp;
    use crate::table::Column;

    fn table() -> Table {
        let col = |p: &str, kind| Column {
            path: p.into(),
            kind,
            declared: None,
            post: false,
        };
        Table {
            columns: vec![
                col("i", VarKind::Int),
                col("s", VarKind::Ref),
                col("j", VarKind::Int),
            ],
            rows: Vec::new(),
        }
    }

    #[test]
    fn evaluates_on_defined_values_only() {
        let t = table();
        let row = [Cell::Int(3), Cell::Ref(None), Cell::Undef];
        let lower = |b| Form::Lower {
            var: "i".into(),
            bound: b,
        };
        assert!(satisfied(&lower(3), &t, &row));
        assert!(!satisfied(&lower(4), &t, &row));
        assert!(!satisfied(&Form::NonNull { var: "s".into() }, &t, &row));
        let cmp = Form::Cmp {
            lhs: "i".into(),
            op: CmpOp::Lt,
            rhs: "j".into(),
        };
        assert!(satisfied(&cmp, &t, &row), "j undefined: vacuous");
        assert!(
            satisfied(&Form::NonZero { var: "k".into() }, &t, &row),
            "unknown variable"
        );
    }
}
