//! The heap model: string literals, new arrays and strings, fields and array contents.

use super::{ALLOCATION_LIMIT, COPY_STATED, LITERAL_BASE};
use crate::fold;
use crate::kinds;
use crate::lower::{array_key, field_key, Lower};
use crate::reads::Shifted;
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{BinaryOp, Expr, Span, Type};

impl<'p> Lower<'p> {
    /// An interned string literal: a fixed object whose chars are known.
    ///
    /// Its chars are stated one by one, never as one array value (a `store` chain
    /// equated to the heap's entry): Java reads a string's chars only within its length,
    /// and Z3 reasons about each equation between arrays as a whole. On commons-lang3,
    /// `ExtendedMessageFormat.applyPattern`'s formula holds 27 literals: Z3 took 1.95 s to
    /// satisfy it with them as array equations, 0.29 s with them as chars.
    pub fn string_literal(&mut self, s: &str) -> Val {
        let units: Vec<u16> = s.encode_utf16().collect();
        let key = format!("{units:?}");
        let next = self.literals.len() as i64;
        let (id, fresh) = match self.literals.get(&key) {
            Some(id) => (*id, false),
            None => {
                let id = LITERAL_BASE + 2 * next;
                self.literals.insert(key, id);
                (id, true)
            }
        };
        if fresh {
            let arr = id + 1;
            let string_id = self.types.id(&Type::string());
            let chars_id = self.types.id(&Type::Array(Box::new(Type::Char)));
            let value_key = self
                .initial_heap(&field_key("java.lang.String", "value"))
                .term;
            let chars_key = self.initial_heap(&array_key(&Type::Char)).term;
            self.smt.assert(&format!("(= (dtype {id}) {string_id})"));
            self.smt.assert(&format!("(= (dtype {arr}) {chars_id})"));
            self.state_value(&value_key, &id.to_string(), &arr.to_string());
            let len = smt::int(units.len() as i32);
            self.smt.assert(&format!("(= (alen {arr}) {len})"));
            self.known_lengths.insert(arr.to_string(), len);
            let chars = format!("(select {chars_key} {arr})");
            for (i, u) in units.iter().enumerate() {
                self.state_value(&chars, &smt::int(i as i32), &smt::bv(*u as i64, 16));
            }
        }
        Val {
            term: id.to_string(),
            sort: "Int",
        }
    }

    /// `new T[n]...` or `new T[] {...}`. An initializer's literal elements are stated one
    /// by one about a fresh array, and only its computed elements are stored over it: Z3
    /// reads a long `store` chain as one nested term whatever the index (commons-codec's
    /// `PureJavaCrc32.update`, whose table `T` holds 2,048 literals, left 15 of its 45
    /// goals undecided at 5 s; with the literals stated, all 45 take 1.8 s), while a
    /// computed element stated on its own would tie its computation to every goal
    /// (`MurmurHash3.hash128`'s `new long[] {h1, h2}`: 26 goals undecided instead of 0).
    /// Java never reads an array beyond its length, so the fresh array's other elements
    /// are left free.
    pub(super) fn new_array(
        &mut self,
        st: &mut State,
        ty: &Type,
        dims: &'p [Expr],
        init: Option<&'p [Expr]>,
        span: Span,
    ) -> Val {
        let elem = ty.element_erasure();
        if let Some(init) = init {
            let values: Vec<Val> = init.iter().map(|e| self.eval(st, e)).collect();
            let id = self.alloc();
            let tid = self.types.id(ty);
            self.smt.assert(&format!("(= (dtype {id}) {tid})"));
            let len = smt::int(values.len() as i32);
            self.smt.assert(&format!("(= (alen {id}) {len})"));
            self.known_lengths.insert(id.clone(), len);
            let fresh = self
                .smt
                .declare("C", &format!("(Array (_ BitVec 32) {})", smt::sort(&elem)));
            let mut content = fresh.clone();
            for (i, v) in values.iter().enumerate() {
                let index = smt::int(i as i32);
                if fold::is_literal(&v.term) {
                    self.state_value(&fresh, &index, &v.term);
                } else {
                    content = format!("(store {content} {index} {})", v.term);
                }
            }
            self.store_contents(st, &elem, &id, content);
            return Val {
                term: id,
                sort: "Int",
            };
        }
        let sizes: Vec<Term> = dims
            .iter()
            .map(|d| {
                let v = self.eval(st, d);
                self.fit(v, &Type::Int).term
            })
            .collect();
        for (d, e) in sizes.iter().zip(dims) {
            let fail = self.compare_ints(BinaryOp::Lt, d, &smt::int(0));
            self.check(st, fail, &kinds::NEGATIVE_ARRAY_SIZE, e.span);
            self.bounded_allocation(st, d);
        }
        let _ = span;
        let id = self.alloc();
        let tid = self.types.id(ty);
        self.smt.assert(&format!("(= (dtype {id}) {tid})"));
        if let Some(first) = sizes.first() {
            self.set_length(&id, first);
        }
        let default = if sizes.len() > 1 {
            // Inner arrays of a multi-dimensional creation: one shared shape per element.
            let inner = self.alloc();
            let inner_ty = ty.element().cloned().unwrap_or(Type::Unknown);
            let itid = self.types.id(&inner_ty);
            self.smt.assert(&format!("(= (dtype {inner}) {itid})"));
            self.set_length(&inner, &sizes[1]);
            inner
        } else {
            smt::default_value(&elem)
        };
        let content = format!(
            "((as const (Array (_ BitVec 32) {})) {default})",
            smt::sort(&elem)
        );
        self.writes.fill(&content, &default);
        self.store_contents(st, &elem, &id, content);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// `a.clone()` on an array (JLS 10.7): after the null check, a new array of the same
    /// dynamic type and length holding the same elements.
    pub(super) fn clone_array(&mut self, st: &mut State, array: &'p Expr, span: Span) -> Val {
        let source = self.eval(st, array);
        self.null_check(st, &source.term, array, span);
        let elem = array.ty.element_erasure();
        let id = self.alloc();
        self.smt
            .assert(&format!("(= (dtype {id}) (dtype {}))", source.term));
        let length = self.array_length(&source.term);
        self.smt.assert(&format!("(= (alen {id}) {length})"));
        if let Some(known) = self.known_lengths.get(&source.term).cloned() {
            self.known_lengths.insert(id.clone(), known);
        }
        let content = self.contents_of(st, &elem, &source.term);
        self.store_contents(st, &elem, &id, content);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// The contents of a copy of array `source` (elements of type `elem`) from index
    /// `from` on: element `i` of the copy is `source[from + i]`; past the source's end,
    /// the default value when `padded` (`Arrays.copyOfRange`), else whatever the source
    /// array holds there (a `substring` never reads past its end). A copy from index 0
    /// (`toCharArray`, `new String(chars)`, `Arrays.copyOf`) shares the source's contents
    /// as `clone()` does, past the original's end unknown rather than default. A copy from
    /// another offset is a fresh array whose reads at the copy's known address are folded
    /// to the source's elements ([`crate::reads::Shifted`]); a read through an address
    /// the lowering does not know (a substring passed on through a loop's join) sees the
    /// source's element for the first [`COPY_STATED`] indices, which the query states,
    /// and any element past them. A lambda that reads the source
    /// shifted made Z3 instantiate it over the query's array terms: on the 40 entries of
    /// commons-lang3 that had slowed down most, the solver took 1.10 to 1.31 times as
    /// long with it (three runs against one).
    pub fn contents_from(
        &mut self,
        st: &mut State,
        elem: &Type,
        source: &str,
        from: &str,
        padded: bool,
    ) -> Term {
        if fold::bv_literal(from).is_some_and(|(v, _)| v == 0) {
            return self.contents_of(st, elem, source);
        }
        let heap = self.heap(st, &array_key(elem)).term;
        let padding = padded.then(|| (self.array_length(source), smt::default_value(elem)));
        let copy = self
            .smt
            .declare("cp", &format!("(Array (_ BitVec 32) {})", smt::sort(elem)));
        self.writes.shift(
            &copy,
            Shifted {
                heap,
                array: source.into(),
                from: from.into(),
                padding,
            },
        );
        for i in 0..COPY_STATED {
            let idx = smt::int(i);
            if let Some(element) = self.writes.shifted_element(&copy, &idx) {
                self.smt
                    .assert(&format!("(= (select {copy} {idx}) {element})"));
            }
        }
        copy
    }

    /// The current contents of array object `array` (elements of type `elem`): an SMT
    /// array from index to element; a copy from an offset's own, when it is one
    /// ([`crate::reads::Writes::shifted_contents`]).
    pub(crate) fn contents_of(&mut self, st: &State, elem: &Type, array: &str) -> Term {
        let heap = self.heap(st, &array_key(elem));
        self.writes
            .shifted_contents(&heap.term, array)
            .unwrap_or_else(|| format!("(select {} {array})", heap.term))
    }

    /// Writes the whole contents of array object `id`.
    pub fn store_contents(&mut self, st: &mut State, elem: &Type, id: &str, content: Term) {
        if self.writes.is_shifted(&content) {
            self.copied_arrays.push(id.to_string());
        }
        let key = array_key(elem);
        let heap = self.heap(st, &key);
        let term = self.smt.define(
            "A",
            heap.sort,
            format!("(store {} {id} {content})", heap.term),
        );
        self.writes.contents(&term, &heap.term, id, &content);
        st.heap.insert(
            key,
            Val {
                term,
                sort: heap.sort,
            },
        );
    }

    /// Writes field `class.name` of object `obj`.
    pub fn store_field(&mut self, st: &mut State, class: &str, name: &str, obj: &str, value: &str) {
        let key = field_key(class, name);
        let heap = self.heap(st, &key);
        let term = self.smt.define(
            "F",
            heap.sort,
            format!("(store {} {obj} {value})", heap.term),
        );
        self.writes.field(&term, &heap.term, obj, value);
        st.heap.insert(
            key,
            Val {
                term,
                sort: heap.sort,
            },
        );
    }

    /// The length of a (non-null) string object.
    pub fn string_length(&mut self, st: &mut State, s: &str) -> Term {
        let heap = self.heap(st, &field_key("java.lang.String", "value"));
        let arr = self.select_field("sv", "Int", &heap.term, s);
        let len = self.array_length(&arr);
        self.smt.define("sl", "(_ BitVec 32)", len)
    }

    /// Assumes an allocation's `size` within [`ALLOCATION_LIMIT`] on the path that goes on.
    pub(crate) fn bounded_allocation(&mut self, st: &mut State, size: &str) {
        st.assume(
            &mut self.smt,
            &smt::int_compare(BinaryOp::Le, size, &smt::int(ALLOCATION_LIMIT)),
        );
        self.allocation_sizes.push(size.to_string());
    }

    /// Gives a new array its length. A negative size throws before the array exists and no
    /// length is negative, so the equation holds only for sizes that are not negative.
    pub(crate) fn set_length(&mut self, array: &str, size: &str) {
        if crate::fold::bv_literal(size).is_some_and(|(v, _)| v <= i32::MAX as u64) {
            self.known_lengths
                .insert(array.to_string(), size.to_string());
        }
        self.smt.assert(&format!(
            "(=> (bvsge {size} {}) (= (alen {array}) {size}))",
            smt::int(0)
        ));
    }

    /// A new string object of the given length with unknown characters.
    pub fn new_string(&mut self, st: &mut State, len: &str) -> Val {
        self.new_string_of(st, len, None)
    }

    /// A new string object of the given length whose characters are `content` (an SMT
    /// array from index to char), or unknown.
    pub fn new_string_of(&mut self, st: &mut State, len: &str, content: Option<Term>) -> Val {
        let id = self.alloc();
        let arr = self.alloc();
        let sid = self.types.id(&Type::string());
        let cid = self.types.id(&Type::Array(Box::new(Type::Char)));
        self.smt.assert(&format!("(= (dtype {id}) {sid})"));
        self.smt.assert(&format!("(= (dtype {arr}) {cid})"));
        self.set_length(&arr, len);
        if let Some(content) = content {
            self.store_contents(st, &Type::Char, &arr, content);
        }
        self.store_field(st, "java.lang.String", "value", &id, &arr);
        Val {
            term: id,
            sort: "Int",
        }
    }

    /// A new array of the runtime type of array `like` and length `len`, its elements
    /// unknown (`Arrays.copyOf`: the model says which elements it copies, not what they are).
    pub fn new_array_like(&mut self, like: &str, len: &str) -> Val {
        let id = self.alloc();
        self.smt.assert(&format!("(= (dtype {id}) (dtype {like}))"));
        self.set_length(&id, len);
        Val {
            term: id,
            sort: "Int",
        }
    }
}
