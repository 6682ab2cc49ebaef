//! Samples as tables of variables: each recorded slot yields the variables the templates look
//! at (a string's nullness and `.length()`, an array's nullness, `.length` and element nullness,
//! and so on), and each sample becomes a row of cells.

use crate::ppt::{Slot, SlotKind};
use crate::trace::Value;

/// What sort of variable a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// An integer (primitive, length, or unboxed value).
    Int,
    /// A reference: nullness and runtime class.
    Ref,
    /// Whether an array (non-null, non-empty) has a null element.
    Elems,
}

/// One variable of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The path, e.g. `value.length`.
    pub path: String,
    /// What it holds.
    pub kind: VarKind,
    /// For references whose runtime class is worth stating: the declared class.
    pub declared: Option<String>,
    /// True for values after the call (`\result`, fields at exit).
    pub post: bool,
}

/// One value of one variable in one sample.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not recorded in this sample (it comes from a method that does not see this variable):
    /// no invariant over the variable is inferred.
    Absent,
    /// Not defined (its base is null, or an array is empty): the sample says nothing about it.
    Undef,
    /// An integer.
    Int(i64),
    /// A reference: `None` for null, else the runtime class (empty when not recorded).
    Ref(Option<String>),
    /// An array's elements: true when one is null.
    Elems(bool),
}

/// Variables and the distinct samples over them.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The variables.
    pub columns: Vec<Column>,
    /// The samples: cells in column order and multiplicity.
    pub rows: Vec<(Vec<Cell>, u64)>,
}

impl Table {
    /// Index of the column with this path and kind.
    pub fn column(&self, path: &str, kind: VarKind) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| c.path == path && c.kind == kind)
    }

    /// Total multiplicity of the rows.
    pub fn samples(&self) -> u64 {
        self.rows.iter().map(|r| r.1).sum()
    }
}

/// The columns a slot yields, named after `name` (which may differ from the slot's own name
/// when an overriding method's sample is read as the overridden method's).
pub fn columns(slot: &Slot, name: &str, post: bool) -> Vec<Column> {
    let col = |path: String, kind, declared: Option<String>| Column {
        path,
        kind,
        declared,
        post,
    };
    match slot.kind {
        SlotKind::Int => vec![col(name.to_string(), VarKind::Int, None)],
        SlotKind::Str => vec![
            col(name.to_string(), VarKind::Ref, None),
            col(format!("{name}.length()"), VarKind::Int, None),
        ],
        SlotKind::Array { ref_elems } => {
            let mut out = vec![
                col(name.to_string(), VarKind::Ref, None),
                col(format!("{name}.length"), VarKind::Int, None),
            ];
            if ref_elems {
                out.push(col(name.to_string(), VarKind::Elems, None));
            }
            out
        }
        SlotKind::Boxed => vec![
            col(name.to_string(), VarKind::Ref, None),
            col(name.to_string(), VarKind::Int, None),
        ],
        SlotKind::Ref => vec![col(
            name.to_string(),
            VarKind::Ref,
            Some(slot.declared.clone()),
        )],
        SlotKind::Skip => Vec::new(),
    }
}

/// The cells a recorded value yields for the columns of its slot; `None` gives absent cells.
pub fn cells(slot: &Slot, value: Option<&Value>) -> Vec<Cell> {
    let width = columns(slot, "", false).len();
    let Some(value) = value else {
        return vec![Cell::Absent; width];
    };
    let obj = |v: &Value| match v {
        Value::Null => Cell::Ref(None),
        Value::Obj(c) => Cell::Ref(Some(c.clone())),
        Value::Str(_) => Cell::Ref(Some("java.lang.String".into())),
        _ => Cell::Ref(Some(String::new())),
    };
    let out = match (slot.kind, value) {
        (SlotKind::Int, Value::Int(v)) => vec![Cell::Int(*v)],
        (SlotKind::Str, Value::Str(len)) => vec![obj(value), Cell::Int(*len)],
        (SlotKind::Boxed, Value::Int(v)) => {
            vec![Cell::Ref(Some(slot.declared.clone())), Cell::Int(*v)]
        }
        (SlotKind::Str, _) | (SlotKind::Boxed, _) => vec![obj(value), Cell::Undef],
        (SlotKind::Array { ref_elems }, Value::Arr { len, null_elem }) => {
            let mut v = vec![obj(value), Cell::Int(*len)];
            if ref_elems {
                v.push(if *len > 0 {
                    Cell::Elems(*null_elem)
                } else {
                    Cell::Undef
                });
            }
            v
        }
        (SlotKind::Array { ref_elems }, _) => {
            let mut v = vec![obj(value), Cell::Undef];
            if ref_elems {
                v.push(Cell::Undef);
            }
            v
        }
        (SlotKind::Ref, _) => vec![obj(value)],
        _ => vec![Cell::Undef; width],
    };
    if out.len() == width {
        out
    } else {
        vec![Cell::Undef; width]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::ir::Type;

    #[test]
    fn strings_yield_nullness_and_length() {
        let slot = Slot::new("name", &Type::string());
        let cols = columns(&slot, "name", false);
        assert_eq!(cols[1].path, "name.length()");
        assert_eq!(
            cells(&slot, Some(&Value::Str(3))),
            vec![Cell::Ref(Some("java.lang.String".into())), Cell::Int(3)]
        );
        assert_eq!(
            cells(&slot, Some(&Value::Null)),
            vec![Cell::Ref(None), Cell::Undef]
        );
        assert_eq!(cells(&slot, None), vec![Cell::Absent, Cell::Absent]);
    }

    #[test]
    fn arrays_and_boxes() {
        let arr = Slot::new("xs", &Type::Array(Box::new(Type::object())));
        assert_eq!(columns(&arr, "ys", true)[1].path, "ys.length");
        let empty = Value::Arr {
            len: 0,
            null_elem: false,
        };
        assert_eq!(cells(&arr, Some(&empty))[2], Cell::Undef);
        let boxed = Slot::new("v", &Type::class("java.lang.Integer"));
        assert_eq!(
            cells(&boxed, Some(&Value::Int(7))),
            vec![Cell::Ref(Some("java.lang.Integer".into())), Cell::Int(7)]
        );
        assert_eq!(
            cells(&boxed, Some(&Value::Null)),
            vec![Cell::Ref(None), Cell::Undef]
        );
    }
}
