//! Heap reads decided at lowering time (read over write).
//!
//! The harness builds its inputs and runs static initialisers by executing constructors
//! and `<clinit>`, so much of an entry's heap is written at addresses that literals name:
//! objects the entry allocated (`(- 3)`), string literals (`500000`). A read at such an
//! address is folded here: it is the value written there, or it looks past every write at
//! another address to the array the writes were made over. Without it, every read of a
//! map that `ClassUtils`'s initialiser filled with 35 `put`s was a `select` over 35
//! stores, and each `if (size > 0)` on a map just built made both branches into the
//! query; with it the condition is a literal and only the branch taken is written.
//!
//! Two addresses are known to be different when both are literals that differ, or when
//! one is an object the lowering knows nothing of (a fresh value: `null` or above
//! [`OUTSIDE`]) and the other a literal that is neither `null` nor above it.

use crate::fold;
use crate::lower::{FRESH_OBJECT, OUTSIDE};
use crate::smt::{self, Term};
use frontend::ir::BinaryOp;
use std::collections::HashMap;

/// One write into a heap array, by the name of the array it made.
enum Write {
    /// `(store base obj value)`: a field of `obj`.
    Field { base: Term, obj: Term, value: Term },
    /// `(store base obj contents)`: the whole contents of array `obj`.
    Contents {
        base: Term,
        obj: Term,
        contents: Term,
    },
    /// `(store base arr (store (select base arr) idx value))`: one element of `arr`.
    Element {
        base: Term,
        arr: Term,
        idx: Term,
        value: Term,
    },
}

/// What the lowering knows about its heap arrays: how each was written, and what the
/// query states about the arrays it starts from.
#[derive(Default)]
pub struct Writes {
    made: HashMap<Term, Write>,
    /// Values stated of a starting heap array (or of an array's fresh contents) at an
    /// address: a string literal's chars, an array initializer's literal elements.
    stated: HashMap<(Term, Term), Term>,
    /// Contents that hold one value at every index (a new array's defaults).
    filled: HashMap<Term, Term>,
    /// Contents copied from an offset of another array's, by their name.
    shifted: HashMap<Term, Shifted>,
}

/// The contents of a copy from an offset on (`substring`, `copyOfRange`): element `i` is
/// element `from + i` of `array` in contents heap `heap`, and past `array`'s end
/// `padding.1` when there is padding (`padding.0` is that length).
pub struct Shifted {
    /// The contents heap the copy was made from.
    pub heap: Term,
    /// The array copied.
    pub array: Term,
    /// The index of the source's element that is the copy's first.
    pub from: Term,
    /// The source's length and the default value past it, for a padded copy.
    pub padding: Option<(Term, Term)>,
}

/// Where a read lands: a value known now, or the array to select from.
pub enum Read {
    /// The value read.
    Known(Term),
    /// The array (past the writes known to be elsewhere) to select from.
    From(Term),
}

impl Writes {
    /// Records that `made` is field array `base` with `obj`'s field set to `value`.
    pub fn field(&mut self, made: &str, base: &str, obj: &str, value: &str) {
        self.record(
            made,
            Write::Field {
                base: base.into(),
                obj: obj.into(),
                value: value.into(),
            },
        );
    }

    /// Records that `made` is contents heap `base` with array `obj`'s contents replaced.
    pub fn contents(&mut self, made: &str, base: &str, obj: &str, contents: &str) {
        self.record(
            made,
            Write::Contents {
                base: base.into(),
                obj: obj.into(),
                contents: contents.into(),
            },
        );
    }

    /// Records that `made` is contents heap `base` with `arr[idx]` set to `value`.
    pub fn element(&mut self, made: &str, base: &str, arr: &str, idx: &str, value: &str) {
        self.record(
            made,
            Write::Element {
                base: base.into(),
                arr: arr.into(),
                idx: idx.into(),
                value: value.into(),
            },
        );
    }

    /// Records that the query states `(select array at)` to be `value` (`array` may be
    /// `(select HEAP arr)`, the contents of `arr` in a starting heap).
    pub fn state(&mut self, array: &str, at: &str, value: &str) {
        self.stated.insert((array.into(), at.into()), value.into());
    }

    /// Records that `contents` holds `value` at every index.
    pub fn fill(&mut self, contents: &str, value: &str) {
        self.filled.insert(contents.into(), value.into());
    }

    /// Records that `contents` are a copy of another array's from an offset on.
    pub fn shift(&mut self, contents: &str, copy: Shifted) {
        self.shifted.insert(contents.into(), copy);
    }

    /// Whether `contents` are a copy of another array's from an offset on ([`Writes::shift`]).
    pub fn is_shifted(&self, contents: &str) -> bool {
        self.shifted.contains_key(contents)
    }

    fn record(&mut self, made: &str, write: Write) {
        self.made.entry(made.into()).or_insert(write);
    }

    /// Reads field array `heap` at `obj`.
    pub fn read_field(&self, heap: &str, obj: &str) -> Read {
        let mut at = heap;
        loop {
            match self.made.get(at) {
                Some(Write::Field {
                    base,
                    obj: written,
                    value,
                }) => match same_address(written, obj) {
                    Some(true) => return Read::Known(value.clone()),
                    Some(false) => at = base,
                    None => return Read::From(at.into()),
                },
                _ => return self.stated_at(at, obj),
            }
        }
    }

    /// Reads element `idx` of array `arr` in contents heap `heap`.
    pub fn read_element(&self, heap: &str, arr: &str, idx: &str) -> Option<Term> {
        let mut at = heap;
        loop {
            let Some(write) = self.made.get(at) else {
                return self.read_contents(&format!("(select {at} {arr})"), idx);
            };
            match write {
                Write::Element {
                    base,
                    arr: written,
                    idx: index,
                    value,
                } => match same_address(written, arr)? {
                    true if fold::literal_equality(index, idx)? => return Some(value.clone()),
                    _ => at = base,
                },
                Write::Contents {
                    base,
                    obj,
                    contents,
                } => match same_address(obj, arr)? {
                    true => return self.read_contents(contents, idx),
                    false => at = base,
                },
                Write::Field { .. } => return None,
            }
        }
    }

    /// The contents of array `arr` in contents heap `heap` when they are a copy from an
    /// offset that nothing has written into since, so that a copy of the copy
    /// (`s.substring(1).toCharArray()`) reads the first copy's source as well.
    pub fn shifted_contents(&self, heap: &str, arr: &str) -> Option<Term> {
        let mut at = heap;
        loop {
            match self.made.get(at)? {
                Write::Contents {
                    base,
                    obj,
                    contents,
                } => match same_address(obj, arr)? {
                    true => {
                        return self
                            .shifted
                            .contains_key(contents)
                            .then(|| contents.clone())
                    }
                    false => at = base,
                },
                Write::Element {
                    base, arr: written, ..
                } => match same_address(written, arr)? {
                    true => return None,
                    false => at = base,
                },
                Write::Field { .. } => return None,
            }
        }
    }

    /// Reads index `idx` of an array's contents `contents`.
    fn read_contents(&self, contents: &str, idx: &str) -> Option<Term> {
        if let Some(value) = self.filled.get(contents) {
            return Some(value.clone());
        }
        if let Some(copy) = self.shifted.get(contents) {
            return Some(self.read_shifted(copy, idx));
        }
        fold::bv_literal(idx)?;
        self.stated.get(&(contents.into(), idx.into())).cloned()
    }

    /// Element `idx` of the copy from an offset whose contents are `contents`, when it is one.
    pub fn shifted_element(&self, contents: &str, idx: &str) -> Option<Term> {
        let copy = self.shifted.get(contents)?;
        Some(self.read_shifted(copy, idx))
    }

    /// Reads index `idx` of a copy from an offset: the source's element there, read as
    /// any other element is.
    fn read_shifted(&self, copy: &Shifted, idx: &str) -> Term {
        let at = fold::binary(BinaryOp::Add, idx, &copy.from, 32)
            .unwrap_or_else(|| format!("(bvadd {idx} {})", copy.from));
        let element = self
            .read_element(&copy.heap, &copy.array, &at)
            .unwrap_or_else(|| format!("(select (select {} {}) {at})", copy.heap, copy.array));
        match &copy.padding {
            Some((length, default)) => {
                smt::ite(&format!("(bvslt {at} {length})"), &element, default)
            }
            None => element,
        }
    }

    fn stated_at(&self, array: &str, at: &str) -> Read {
        match self.stated.get(&(array.into(), at.into())) {
            Some(value) => Read::Known(value.clone()),
            None => Read::From(array.into()),
        }
    }
}

/// Whether two object addresses are the same (`Some(true)`), different (`Some(false)`),
/// or not known to be either.
fn same_address(a: &str, b: &str) -> Option<bool> {
    match (fold::int_literal(a), fold::int_literal(b)) {
        (Some(x), Some(y)) => Some(x == y),
        (Some(x), None) if is_fresh_object(b) && x != 0 && x <= OUTSIDE => Some(false),
        (None, Some(y)) if is_fresh_object(a) && y != 0 && y <= OUTSIDE => Some(false),
        _ => None,
    }
}

/// True for the name of a fresh reference ([`crate::lower::Lower::fresh_value`]): `null`
/// or an object above [`OUTSIDE`].
fn is_fresh_object(term: &str) -> bool {
    term.strip_prefix(FRESH_OBJECT)
        .and_then(|rest| rest.strip_prefix('!'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(read: Read) -> Option<Term> {
        match read {
            Read::Known(v) => Some(v),
            Read::From(_) => None,
        }
    }

    #[test]
    fn a_field_written_at_a_literal_address_is_read_back() {
        let mut w = Writes::default();
        w.field("F!1", "F.A.n", "(- 1)", "(_ bv0 32)");
        w.field("F!2", "F!1", "(- 2)", "(_ bv7 32)");
        assert_eq!(
            known(w.read_field("F!2", "(- 1)")),
            Some("(_ bv0 32)".into())
        );
        assert_eq!(
            known(w.read_field("F!2", "(- 2)")),
            Some("(_ bv7 32)".into())
        );
    }

    #[test]
    fn a_read_looks_past_writes_known_to_be_elsewhere_and_stops_at_an_unknown_one() {
        let mut w = Writes::default();
        w.field("F!1", "F.A.n", "v!9", "(_ bv1 32)");
        w.field("F!2", "F!1", "(- 1)", "(_ bv0 32)");
        match w.read_field("F!2", "o!4") {
            Read::From(array) => assert_eq!(array, "F!1"),
            Read::Known(v) => panic!("o!4 may be v!9, read {v}"),
        }
        match w.read_field("F!1", "o!4") {
            Read::From(array) => assert_eq!(array, "F!1"),
            Read::Known(v) => panic!("read {v}"),
        }
    }

    #[test]
    fn a_fresh_object_is_neither_null_nor_a_literal_object() {
        assert_eq!(same_address("o!3", "(- 2)"), Some(false));
        assert_eq!(same_address("500000", "o!3"), Some(false));
        assert_eq!(same_address("o!3", "0"), None);
        assert_eq!(same_address("o!3", "o!4"), None);
        assert_eq!(same_address("fld!3", "(- 2)"), None);
    }

    #[test]
    fn an_element_is_read_through_stores_and_stated_contents() {
        let mut w = Writes::default();
        w.state("C!1", "(_ bv0 32)", "(_ bv5 32)");
        w.contents("A!2", "A.i", "(- 1)", "C!1");
        w.element("A!3", "A!2", "(- 2)", "(_ bv0 32)", "(_ bv9 32)");
        assert_eq!(
            w.read_element("A!3", "(- 1)", "(_ bv0 32)"),
            Some("(_ bv5 32)".into())
        );
        assert_eq!(
            w.read_element("A!3", "(- 2)", "(_ bv0 32)"),
            Some("(_ bv9 32)".into())
        );
        assert_eq!(w.read_element("A!3", "(- 1)", "(_ bv1 32)"), None);
        assert_eq!(w.read_element("A!3", "(- 2)", "i!4"), None);
    }

    #[test]
    fn a_new_array_holds_its_default_at_every_index() {
        let mut w = Writes::default();
        w.fill("D", "(_ bv0 32)");
        w.contents("A!1", "A.i", "(- 1)", "D");
        w.element("A!2", "A!1", "(- 1)", "(_ bv3 32)", "(_ bv9 32)");
        assert_eq!(w.read_element("A!2", "(- 1)", "i!4"), None);
        assert_eq!(
            w.read_element("A!2", "(- 1)", "(_ bv2 32)"),
            Some("(_ bv0 32)".into())
        );
        assert_eq!(
            w.read_element("A!1", "(- 1)", "i!4"),
            Some("(_ bv0 32)".into())
        );
    }

    #[test]
    fn a_copy_from_an_offset_reads_the_source_shifted() {
        let mut w = Writes::default();
        w.state("(select A.c 500001)", "(_ bv2 32)", "(_ bv98 16)");
        w.shift(
            "cp!2",
            Shifted {
                heap: "A.c".into(),
                array: "500001".into(),
                from: "(_ bv1 32)".into(),
                padding: None,
            },
        );
        w.contents("A!3", "A.c", "(- 1)", "cp!2");
        assert_eq!(
            w.read_element("A!3", "(- 1)", "(_ bv1 32)"),
            Some("(_ bv98 16)".into()),
            "the copy's char 1 is the literal's char 2"
        );
        assert_eq!(
            w.read_element("A!3", "(- 1)", "i!4"),
            Some("(select (select A.c 500001) (bvadd i!4 (_ bv1 32)))".into())
        );
        assert_eq!(
            w.shifted_contents("A!3", "(- 1)"),
            Some("cp!2".into()),
            "a copy of the copy shares its contents"
        );
        w.element("A!4", "A!3", "(- 1)", "(_ bv0 32)", "(_ bv97 16)");
        assert_eq!(w.shifted_contents("A!4", "(- 1)"), None, "written since");
        w.shift(
            "cp!5",
            Shifted {
                heap: "A.c".into(),
                array: "a!6".into(),
                from: "f!7".into(),
                padding: Some(("(alen a!6)".into(), "(_ bv0 16)".into())),
            },
        );
        w.contents("A!8", "A.c", "(- 2)", "cp!5");
        assert_eq!(
            w.read_element("A!8", "(- 2)", "(_ bv0 32)"),
            Some(
                "(ite (bvslt (bvadd (_ bv0 32) f!7) (alen a!6)) \
                 (select (select A.c a!6) (bvadd (_ bv0 32) f!7)) (_ bv0 16))"
                    .into()
            ),
            "past the source's end a padded copy holds the default"
        );
    }

    #[test]
    fn a_string_literal_char_is_read_past_other_arrays() {
        let mut w = Writes::default();
        w.state("(select A.c 500001)", "(_ bv1 32)", "(_ bv98 16)");
        w.contents("A!1", "A.c", "(- 1)", "C!1");
        assert_eq!(
            w.read_element("A!1", "500001", "(_ bv1 32)"),
            Some("(_ bv98 16)".into())
        );
        assert_eq!(w.read_element("A!1", "o!2", "(_ bv1 32)"), None);
    }

    #[test]
    fn a_string_literal_field_stated_of_the_starting_heap_is_known() {
        let mut w = Writes::default();
        w.state("F.java.lang.String.value", "500000", "500001");
        w.field("F!1", "F.java.lang.String.value", "(- 1)", "(- 2)");
        assert_eq!(known(w.read_field("F!1", "500000")), Some("500001".into()));
    }
}
