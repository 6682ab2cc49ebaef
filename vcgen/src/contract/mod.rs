//! The entry's contract as part of its query: each precondition its documentation or
//! Java's conventions set ([`derive`]) becomes a named Boolean `doc!N`, defined over the
//! entry's arguments and listed in the harness ([`Contract`]). Unlike inferred invariants
//! in `dsd check`, they are not assumed: the solver looks for a model that keeps them all,
//! and a model that must break one is a crash outside the contract, whose finding is a
//! note that names the precondition broken. Beside them, the harness says whether a client
//! may call the entry at all ([`Audience::internal`]) and which of its inputs may be `null`
//! ([`null_safe`]), and a method that passes its caller's values on to a library method
//! takes that method's contract ([`forwarded`]).

mod audience;
mod derive;
mod forward;
mod output;

pub use audience::{may_return_null, null_safe, Audience, NullSafe};
pub use derive::{preconditions, Bound, Precondition};
pub use forward::{forwarded, Forwarded};
pub use output::{output_store, OutputStore};

use crate::lower::Lower;
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Method, Type};
use serde::{Deserialize, Serialize};

/// Which of the entry's preconditions a query names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rules {
    /// Those of the documentation and of Java's conventions.
    #[default]
    Documented,
    /// Those of Java's conventions alone: the project's comments are not trusted.
    Conventions,
    /// None (`dsd reproduce`, which reproduces a crash whatever its inputs).
    Off,
}

/// Prefix of the Booleans that name the entry's preconditions.
pub const CONTRACT_PREFIX: &str = "doc!";

/// A precondition of the entry, named in its query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The Boolean that holds when the precondition does: `doc!0`.
    pub symbol: String,
    /// What a test that breaks it does: `srcPos outside 0..src.length`.
    pub broken: String,
    /// Why it is a precondition: `documented`, `an index parameter`.
    pub reason: String,
    /// The file of the documentation it comes from, as it can be opened from where dsd
    /// ran; empty when it comes from a convention alone.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub file: String,
    /// The line of that documentation; 0 when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl<'p> Lower<'p> {
    /// Names each precondition of the entry `m` of `class` over its arguments `args`
    /// ([`Lower::contracts`]).
    pub(crate) fn name_contract(&mut self, st: &mut State, class: &str, m: &Method, args: &[Val]) {
        self.name_preconditions(st, class, m, args, None);
    }

    /// Names each precondition of the constructor the harness calls to build the receiver
    /// (`new DoubleMetaphoneResult(maxLength)`): the test makes that call as a client
    /// would, so it must keep that call's contract too.
    pub(crate) fn name_set_up_contract(
        &mut self,
        st: &mut State,
        class: &'p Class,
        m: &Method,
        args: &[Val],
    ) {
        let call = java_call(class, m);
        self.name_preconditions(st, &class.name, m, args, Some(call));
    }

    fn name_preconditions(
        &mut self,
        st: &mut State,
        class: &str,
        m: &Method,
        args: &[Val],
        call: Option<String>,
    ) {
        let doc = match self.contract_rules {
            Rules::Off => return,
            Rules::Conventions => None,
            Rules::Documented => self.p.docs.method(class, &m.name, &m.descriptor),
        };
        for pre in preconditions(m, doc) {
            let Some(term) = self.precondition_term(st, &pre.bound, m, args) else {
                continue;
            };
            let symbol = self.smt.declare_named(
                &format!("{CONTRACT_PREFIX}{}", self.contracts.len()),
                "Bool",
            );
            self.smt.assert(&format!("(= {symbol} {term})"));
            let cited = pre.line > 0;
            self.contracts.push(Contract {
                symbol,
                broken: match &call {
                    Some(call) => format!("{} in {call}", pre.broken),
                    None => pre.broken,
                },
                reason: pre.reason,
                file: match (cited, doc) {
                    (true, Some(d)) => d.file.clone(),
                    _ => String::new(),
                },
                line: pre.line,
            });
        }
    }

    /// The condition of one precondition over the arguments; `None` when one it names is
    /// not an input.
    fn precondition_term(
        &mut self,
        st: &mut State,
        bound: &Bound,
        m: &Method,
        args: &[Val],
    ) -> Option<Term> {
        let params = m.params();
        let int = |i: usize| -> Option<Term> {
            let v = args.get(i)?;
            Some(smt::convert(&v.term, &params[i].ty, &Type::Long))
        };
        let wide = |n: i64| smt::bv(n, 64);
        let within = |v: &Term, min: &Option<i64>, max: &Option<i64>| {
            let mut parts = Vec::new();
            if let Some(min) = min {
                parts.push(format!("(bvsge {v} {})", wide(*min)));
            }
            if let Some(max) = max {
                parts.push(format!("(bvsle {v} {})", wide(*max)));
            }
            smt::and(&parts)
        };
        Some(match bound {
            Bound::Range { param, min, max } => within(&int(*param)?, min, max),
            Bound::Length { param, min, max } => {
                let (length, exempt) = self.length_of(st, args.get(*param)?, &params[*param].ty);
                smt::or(&[exempt, within(&length, min, max)])
            }
            Bound::Index {
                param,
                of,
                end_inclusive,
            } => {
                let p = int(*param)?;
                let (length, exempt) = self.length_of(st, args.get(*of)?, &params[*of].ty);
                let upper = match end_inclusive {
                    true => "bvsle",
                    false => "bvslt",
                };
                let inside = format!("(and (bvsge {p} {}) ({upper} {p} {length}))", wide(0));
                smt::or(&[exempt, inside])
            }
            Bound::Position { param, of } => {
                let pos = &args.get(*param)?.term;
                let key = crate::lower::field_key(derive::PARSE_POSITION, "index");
                let heap = self.heap(st, &key);
                let index = format!("(select {} {pos})", heap.term);
                let index = smt::convert(&index, &Type::Int, &Type::Long);
                let (length, exempt) = self.length_of(st, args.get(*of)?, &params[*of].ty);
                let inside = format!("(and (bvsge {index} {}) (bvsle {index} {length}))", wide(0));
                smt::or(&[exempt, smt::eq(pos, "0"), inside])
            }
            Bound::Slice { offset, length, of } => {
                let len = int(*length)?;
                let (size, exempt) = self.length_of(st, args.get(*of)?, &params[*of].ty);
                let inside = match offset {
                    Some(o) => {
                        let off = int(*o)?;
                        format!(
                            "(and (bvsge {off} {z}) (bvsge {len} {z}) (bvsle (bvadd {off} {len}) {size}))",
                            z = wide(0)
                        )
                    }
                    None => format!("(and (bvsge {len} {z}) (bvsle {len} {size}))", z = wide(0)),
                };
                smt::or(&[exempt, inside])
            }
        })
    }

    /// The length of an array, string or list argument as a 64-bit value (0 for `null`,
    /// which holds no element), and when the precondition does not apply: to a
    /// `CharSequence` that is no `String` or a `List` that is no `ArrayList`, whose length
    /// the model does not know.
    fn length_of(&mut self, st: &mut State, v: &Val, ty: &Type) -> (Term, Term) {
        let null = smt::eq(&v.term, "0");
        let zero = smt::bv(0, 64);
        let other_than = |me: &mut Self, class: &str| {
            let id = me.types.id(&Type::class(class));
            smt::and(&[
                smt::not(&null),
                smt::not(&smt::eq(&format!("(dtype {})", v.term), &id.to_string())),
            ])
        };
        match ty.erasure() {
            Type::Array(_) => {
                let length = smt::convert(&format!("(alen {})", v.term), &Type::Int, &Type::Long);
                (format!("(ite {null} {zero} {length})"), "false".to_string())
            }
            t if t.class_name() == Some("java.util.List") => {
                let list = "java.util.ArrayList";
                let heap = self.heap(st, &crate::lower::field_key(list, "size"));
                let size = format!("(select {} {})", heap.term, v.term);
                let size = smt::convert(&size, &Type::Int, &Type::Long);
                (
                    format!("(ite {null} {zero} {size})"),
                    other_than(self, list),
                )
            }
            erased => {
                let length = self.string_length(st, &v.term);
                let length = smt::convert(&length, &Type::Int, &Type::Long);
                let exempt = match erased == Type::string() {
                    true => "false".to_string(),
                    false => other_than(self, "java.lang.String"),
                };
                (format!("(ite {null} {zero} {length})"), exempt)
            }
        }
    }
}

/// A call in Java terms, with its class: `new DoubleMetaphoneResult(int)`,
/// `Units.named(String)`.
pub(crate) fn java_call(class: &Class, m: &Method) -> String {
    let params: Vec<Type> = m.params().iter().map(|p| p.ty.erasure()).collect();
    frontend::ir::java_member(&class.name, &m.name, &params)
}
