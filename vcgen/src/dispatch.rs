//! Virtual dispatch: which implementations a call may run, from the receiver's known class,
//! the classes of the candidates the harness chose it among, or every descendant of its
//! static type; and when they are too many to inline.

use crate::lower::Lower;
use crate::smt::{self, Term};
use crate::state::Val;
use frontend::ir::{Class, Method, MethodRef, Type};
use std::collections::HashSet;

/// Most implementations a virtual call is inlined over; a call that may dispatch to more
/// (`Object.toString()` on an `Object`) is opaque: any result, and each target's writes
/// forgotten where it is the one the receiver runs. Each implementation is analysed as an
/// entry of its own.
pub(crate) const DISPATCH_MAX: usize = 4;

/// Most lambdas and anonymous classes the entry made that a virtual call is inlined over,
/// besides [`DISPATCH_MAX`] other implementations. They are no entries of their own: a
/// registry of five operators (`ops.put("/", (a, b) -> a / b)`, …) whose call was opaque
/// had no site in any of them.
const WRITTEN_DISPATCH_MAX: usize = 8;

impl<'p> Lower<'p> {
    /// The implementations a virtual call may run, each with the dynamic-type condition
    /// selecting it.
    pub(crate) fn dispatch_targets(
        &mut self,
        static_class: &str,
        method: &MethodRef,
        recv: &str,
    ) -> Vec<(Option<Term>, (&'p Class, &'p Method))> {
        if let Some(class) = self.allocated.get(recv) {
            return self
                .h
                .dispatch(&class.name, &method.name, &method.descriptor)
                .into_iter()
                .map(|t| (None, t))
                .collect();
        }
        let mut groups: Vec<((&'p Class, &'p Method), Vec<u32>)> = Vec::new();
        // A lambda's or anonymous class's object comes only from where it is written: a
        // receiver of unknown origin may be one only when the entry made one (kept in a
        // list or a map and taken out again), and may then still be any other object (there
        // may be many: commons-lang3's `DiffBuilder` makes 18 kinds of `Diff`, and an
        // argument is made elsewhere). Nor is it one of the JDK model's hidden classes (an
        // iterator, an unmodifiable view), which only the model's own methods make.
        let mut made_here: Option<HashSet<*const Class>> = None;
        let mut open = false;
        let candidates = match self.allocated_among.get(recv) {
            Some(among) => among.clone(),
            None => self.h.descendants(static_class),
        };
        for d in candidates {
            if d.is_abstract() || d.library && !d.modifiers.public {
                continue;
            }
            if d.made_only_where_written() {
                let made = made_here.get_or_insert_with(|| {
                    self.allocated
                        .values()
                        .map(|c| *c as *const Class)
                        .collect()
                });
                if !made.contains(&(d as *const Class)) {
                    continue;
                }
                open = true;
            }
            let Some((c, m)) = self.h.dispatch(&d.name, &method.name, &method.descriptor) else {
                continue;
            };
            let id = self.types.id(&Type::class(&d.name));
            match groups
                .iter_mut()
                .find(|((gc, gm), _)| std::ptr::eq(*gc, c) && std::ptr::eq(*gm, m))
            {
                Some(g) => g.1.push(id),
                None => groups.push(((c, m), vec![id])),
            }
        }
        if groups.is_empty() {
            return self
                .h
                .find_method(&method.class, &method.name, &method.descriptor)
                .into_iter()
                .map(|t| (None, t))
                .collect();
        }
        if groups.len() == 1 && !open {
            return groups.into_iter().map(|(t, _)| (None, t)).collect();
        }
        let mut targets: Vec<(Option<Term>, (&'p Class, &'p Method))> = groups
            .into_iter()
            .map(|(t, ids)| {
                let cond = smt::or(
                    &ids.iter()
                        .map(|id| format!("(= (dtype {recv}) {id})"))
                        .collect::<Vec<_>>(),
                );
                (Some(cond), t)
            })
            .collect();
        if open {
            // Any other object: the method as its static type declares it.
            targets.extend(
                self.h
                    .find_method(&method.class, &method.name, &method.descriptor)
                    .map(|t| (None, t)),
            );
        }
        targets
    }

    /// Records a value joined from objects the code allocated, all of one class, as an
    /// object of that class: a call on it runs that class's method (`next()` of the model's
    /// entry iterator returns one of several new entries). A `null` part does not count: a
    /// call on it throws before it runs anything, so a `List` input the harness builds as
    /// `null` or `new ArrayList()` runs the `ArrayList` model's `get` and `size`, not any
    /// list's (whose results the solver would choose freely, and no test could build). Of
    /// several classes, it is one of theirs ([`Lower::allocated_among`]): an input the harness
    /// makes of one of four implementations runs one of their methods, never a fifth's.
    pub fn join_allocated(&mut self, joined: &Val, parts: &[Val]) {
        let mut classes: Vec<&'p Class> = Vec::new();
        for part in parts.iter().filter(|v| v.term != Val::null().term) {
            let of_part = match self.allocated.get(&part.term) {
                Some(&c) => vec![c],
                None => match self.allocated_among.get(&part.term) {
                    Some(among) => among.clone(),
                    None => return,
                },
            };
            for c in of_part {
                if !classes.iter().any(|k| std::ptr::eq(*k, c)) {
                    classes.push(c);
                }
            }
        }
        match classes.as_slice() {
            [] => {}
            [one] => {
                self.allocated.insert(joined.term.clone(), one);
            }
            _ => {
                self.allocated_among.insert(joined.term.clone(), classes);
            }
        }
    }
}

/// Whether a call may dispatch to more targets than it is inlined over: more than
/// [`DISPATCH_MAX`] implementations, or more than [`WRITTEN_DISPATCH_MAX`] lambdas and
/// anonymous classes the entry made.
pub(crate) fn too_many(targets: &[(Option<Term>, (&Class, &Method))]) -> bool {
    let written = targets
        .iter()
        .filter(|(_, (c, _))| c.made_only_where_written())
        .count();
    written > WRITTEN_DISPATCH_MAX || targets.len() - written > DISPATCH_MAX
}
