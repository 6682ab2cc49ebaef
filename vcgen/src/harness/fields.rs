//! Field inputs: objects made without a constructor (the reflection route), fields given values.

use super::entries::{every_instance_field, public_fields};
use super::{Builder, EntrySpec, Fields, Variant};
use crate::lower::Lower;
use crate::plan::{FieldPlan, Plan};
use crate::smt::{self, Term};
use crate::state::{State, Val};
use frontend::ir::{Class, Field, Type};

impl<'p> Lower<'p> {
    /// An object of `class` created without a constructor: every field of a project class
    /// the entry may read given a plan, the others left at their default values (as in the
    /// test, which sets only the fields planned). A field nobody reads cannot matter to the
    /// crash, and a value the solver chose for it could only break the test: commons-lang3's
    /// `FastDateFormat` notes set its unread `parser` to a `FastDateParser` whose
    /// constructor threw in the test before the site. A field a JDK class declares cannot be
    /// set (its module is closed to reflection): a subclass of `FilterInputStream` made this
    /// way holds a null `in`.
    pub(super) fn reflect_object(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        class: &'p Class,
    ) -> (Val, Plan) {
        let id = self.object_id(b, &Type::class(&class.name));
        let entry_reads = self.frames.first().and_then(|f| {
            self.effects
                .reads(&f.class.name, &f.method.name, &f.method.descriptor)
        });
        let (read, unread): (Fields<'p>, Fields<'p>) = every_instance_field(self.h, class)
            .into_iter()
            .partition(|(c, f)| {
                !c.library
                    && entry_reads.is_none_or(|reads| {
                        reads.contains(&crate::lower::field_key(&c.name, &f.name))
                    })
            });
        for (c, f) in unread {
            let default = smt::default_value(&f.ty.erasure());
            self.store_field(st, &c.name, &f.name, &id, &default);
        }
        let fields = self.field_inputs(st, b, &read, Some(&id));
        b.share(
            Type::class(&class.name),
            Val {
                term: id,
                sort: "Int",
            },
            Plan::Reflect {
                class: class.name.clone(),
                fields,
            },
        )
    }

    /// The fields a variant makes inputs: the static ones, given values before the receiver
    /// is built, and the receiver's, assigned after its constructor.
    pub(super) fn input_fields(
        &self,
        spec: &EntrySpec<'p>,
        variant: &Variant<'p>,
    ) -> (Fields<'p>, Fields<'p>) {
        if variant.reflect_statics {
            let statics = spec
                .class
                .fields
                .iter()
                .filter(|f| f.modifiers.is_static && !f.modifiers.is_final)
                .map(|f| (spec.class, f))
                .collect();
            return (statics, Vec::new());
        }
        if !variant.public_fields {
            return (Vec::new(), Vec::new());
        }
        let entry = (spec.class, spec.method);
        public_fields(self.h, self.effects, entry, variant.receiver.constructed())
            .into_iter()
            .partition(|(_, f)| f.modifiers.is_static)
    }

    /// Gives each field an input value, in order: a static one in the heap, an instance
    /// one in `object`'s.
    pub(super) fn field_inputs(
        &mut self,
        st: &mut State,
        b: &mut Builder,
        fields: &[(&'p Class, &'p Field)],
        object: Option<&Term>,
    ) -> Vec<FieldPlan> {
        let mut out = Vec::new();
        for &(class, f) in fields {
            let (v, p) = self.input(st, b, &f.ty, 1);
            match object {
                Some(id) => self.store_field(st, &class.name, &f.name, id, &v.term),
                None => {
                    st.heap
                        .insert(crate::lower::static_key(&class.name, &f.name), v);
                }
            }
            out.push(FieldPlan {
                class: class.name.clone(),
                name: f.name.clone(),
                ty: f.ty.erasure(),
                value: p,
            });
        }
        out
    }
}
