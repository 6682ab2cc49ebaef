//! PR mode (`--changed-since REV`): only what a change touched is checked; and the focus
//! of `dsd reproduce`: only the crash a stack trace shows, through its frames' methods.
//!
//! The pipeline hands over the lines a change touched, per file. A method is *changed* when
//! its declaration's lines meet one of them; a touched line inside a class but in none of
//! its methods (a field's initialiser, an initialiser block) changes the class's
//! constructors and static initialiser, which run that code. The entries analysed are the
//! changed methods and their callers up to the inline depth, since a caller's arguments
//! and state may be what makes a changed method crash; the sites kept are those in changed
//! methods, so that an unchanged callee inlined into them is not reported again.
//!
//! A [`Focus`] selects the same way: its entries are the methods of a trace's frames, and
//! the sites kept are those of its exception at its crashing line.

use crate::effects::{Effects, MethodKey};
use crate::Site;
use frontend::ir::{Class, Method, Program, Span};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The lines a change touched, per file (by canonical path), as closed ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changed {
    files: BTreeMap<PathBuf, Vec<(u32, u32)>>,
}

impl Changed {
    /// Records that lines `first..=last` of the file at `path` changed (a file added whole
    /// is `1..=u32::MAX`). `path` is canonicalized when it exists.
    pub fn add(&mut self, path: &Path, first: u32, last: u32) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.files
            .entry(path)
            .or_default()
            .push((first.min(last), last.max(first)));
    }

    /// How many files changed.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// A short digest of the changed lines, for the stage's stamp.
    pub fn digest(&self) -> String {
        let text = format!("{:?}", self.files);
        format!("{:016x}", crate::stable_hash(&[&text]))
    }

    /// The touched ranges of the file at `path`, if any.
    fn ranges(&self, path: &str) -> Option<&[(u32, u32)]> {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
        self.files.get(&path).map(Vec::as_slice)
    }
}

/// A method that a change touched, as `vc/sites.json` lists it for the reports.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct ChangedMethod {
    /// Path of the file below its source root.
    pub rel: String,
    /// Binary name of the class.
    pub class: String,
    /// Name plus descriptor, e.g. `f(I[I)I`.
    pub method: String,
}

/// One crash to check alone (`dsd reproduce`): its site and the entries to reach it through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Focus {
    /// The methods analysed as entries, as (binary class name, name, descriptor); those a
    /// test cannot call are left out.
    pub entries: Vec<(String, String, String)>,
    /// Binary name of the class holding the crash.
    pub class: String,
    /// The method holding the crash, name plus descriptor.
    pub method: String,
    /// The line the crash is reported at.
    pub line: u32,
    /// The exception class, fully qualified.
    pub exception: String,
    /// How many activations of one method a recursive call may add: the trace's deepest
    /// recursion, at least one. A path that recurses deeper is left out.
    pub recursion: u32,
    /// Each call the trace shows, from the one in the crash's caller out to the one in
    /// the entry: a crash reached through calls on other lines is not the trace's.
    pub calls: Vec<TraceCall>,
    /// Whether the invariants the project's tests show may be broken where the crash needs
    /// it (each is a Boolean the solver keeps if it can): `dsd reproduce --tests` first
    /// looks for inputs within that usage, then beyond it.
    pub beyond_usage: bool,
    /// When the trace's top frames are a library's (the JDK's or a jar's), the class of the
    /// library method the crash's frame called: the exception escaped that call, at the
    /// crash's line, and a call the model has no body for may throw it (a free choice the
    /// test then confirms); a virtual call there with too many targets to follow runs
    /// that class's method.
    pub library_callee: Option<String>,
}

/// A call a stack trace shows: where it is, and what it entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceCall {
    /// The line of the call (0 where the trace gives none).
    pub line: u32,
    /// The class of the method it entered: a virtual call there with too many targets to
    /// follow them all runs that one.
    pub callee: String,
}

/// What PR mode or a focus analyses: the methods whose sites are kept and the entries.
pub(crate) struct Selection {
    /// The methods, as (class, name plus descriptor), whose sites are kept.
    changed: HashSet<(String, String)>,
    /// With a focus: the line and exception a kept site must have.
    at: Option<(u32, String)>,
    /// The methods whose entries are analysed.
    entries: HashSet<MethodKey>,
    /// PR mode: the changed methods for the report, in order.
    pub(crate) listed: Option<Vec<ChangedMethod>>,
}

impl Selection {
    /// The selection of a focus.
    pub(crate) fn focus(focus: &Focus) -> Selection {
        Selection {
            changed: HashSet::from([(focus.class.clone(), focus.method.clone())]),
            at: Some((focus.line, focus.exception.clone())),
            entries: focus.entries.iter().cloned().collect(),
            listed: None,
        }
    }

    /// Whether `site` is kept: it is in a selected method and, with a focus, it throws the
    /// focus's exception from a statement that the focus's line is part of, up to the
    /// operation's last line (javac numbers the instructions after a call on a later line
    /// of an expression with that call's line: `throw new IllegalArgumentException("..." +\n
    /// name.trim())` is reported at the second line).
    pub(crate) fn keeps_site(&self, site: &Site) -> bool {
        let at = self.at.as_ref().is_none_or(|(line, exception)| {
            let first = match site.first_line {
                0 => site.line,
                first => first.min(site.line),
            };
            let last = site.end_line.max(site.line);
            *exception == site.exception && (first..=last).contains(line)
        });
        at && self
            .changed
            .contains(&(site.class.clone(), site.method.clone()))
    }

    /// Whether the method `key` is analysed as an entry.
    pub(crate) fn analyses(&self, key: &MethodKey) -> bool {
        self.entries.contains(key)
    }
}

/// The methods of `p` that `changed` touches, and the entries to analyse: those methods
/// and their callers up to `depth` calls away.
pub(crate) fn select(p: &Program, effects: &Effects, changed: &Changed, depth: u32) -> Selection {
    let mut touched: BTreeSet<(&str, MethodKey)> = BTreeSet::new();
    for (file_id, file) in p.files.iter().enumerate() {
        if file.library {
            continue;
        }
        let Some(ranges) = changed.ranges(&file.path) else {
            continue;
        };
        let classes: Vec<_> = p
            .classes
            .iter()
            .filter(|c| c.file as usize == file_id)
            .collect();
        let key = |class: &Class, m: &Method| {
            let key = (class.name.clone(), m.name.clone(), m.descriptor.clone());
            (file.rel.as_str(), key)
        };
        for &(first, last) in ranges {
            let meets = |span: Span| span.line <= last && first <= span.end_line;
            let before = touched.len();
            for class in &classes {
                for m in class
                    .methods
                    .iter()
                    .filter(|m| !m.synthetic && meets(m.span))
                {
                    touched.insert(key(class, m));
                }
            }
            if touched.len() > before {
                continue;
            }
            // Outside every method: the innermost class holding the lines runs them when
            // it is constructed or initialised.
            let innermost = classes
                .iter()
                .filter(|c| meets(c.span))
                .min_by_key(|c| c.span.end_line.saturating_sub(c.span.line));
            if let Some(class) = innermost {
                for m in class
                    .methods
                    .iter()
                    .filter(|m| m.is_constructor() || m.name == "<clinit>")
                {
                    touched.insert(key(class, m));
                }
            }
        }
    }
    let listed = touched
        .iter()
        .map(|(rel, (class, name, descriptor))| ChangedMethod {
            rel: rel.to_string(),
            class: class.clone(),
            method: format!("{name}{descriptor}"),
        })
        .collect();
    let changed = touched
        .iter()
        .map(|(_, (class, name, descriptor))| (class.clone(), format!("{name}{descriptor}")))
        .collect();
    let mut callers: HashMap<&MethodKey, Vec<&MethodKey>> = HashMap::new();
    for (caller, callees) in effects.calls() {
        for callee in callees {
            callers.entry(callee).or_default().push(caller);
        }
    }
    let mut entries: HashSet<MethodKey> = touched.into_iter().map(|(_, key)| key).collect();
    let mut frontier: Vec<MethodKey> = entries.iter().cloned().collect();
    for _ in 0..depth {
        let mut next = Vec::new();
        for method in &frontier {
            for &caller in callers.get(method).into_iter().flatten() {
                if entries.insert(caller.clone()) {
                    next.push(caller.clone());
                }
            }
        }
        frontier = next;
    }
    Selection {
        changed,
        at: None,
        entries,
        listed: Some(listed),
    }
}
