//! From samples to specifications, with behavioural subtyping (dissertation chapter 7).
//!
//! Phase A: an entry sample of the executed method counts toward the precondition of that
//! method and of every method it overrides in the project's supertypes (the trace does not
//! know the static type at the call site, so all of them stand in for "up to the static
//! receiver"). The overriding method's parameters are read under the overridden declaration's
//! parameter names; its fields are absent there, so a method whose precondition draws on
//! overriders gets no field invariants.
//!
//! Phase B: a normal-exit sample counts toward the executed method's postcondition, and toward
//! an overridden method's postcondition only if its entry values satisfy that method's
//! precondition from phase A. Overridden and overriding method have therefore seen the same
//! executions on their common domain, and `(P_S ⇒ Q_S) ∧ (P_C ⇒ Q_C)` cannot contradict an
//! observed execution.
//!
//! Class invariants hold over a class's own fields at constructor exits and at entry and exit of
//! its non-private instance methods.

use crate::check::satisfied;
use crate::model::{ClassSpec, Invariant, InvariantsFile, MethodSpec};
use crate::ppt::{param_slots, Ppt, Slot};
use crate::table::{cells, columns, Cell, Table};
use crate::templates::{infer, Scope};
use crate::trace::{Sample, Trace, Value};
use frontend::ir::Program;
use frontend::Hierarchy;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A method by binary class name, name and descriptor.
type Key = (String, String, String);

/// A program point that contributes samples to a method, and whether it is the method itself.
struct Contribution<'a> {
    ppt: &'a Ppt,
    own: bool,
}

/// Builds the specifications of every observed method and class.
pub fn build(program: &Program, ppts: &[Ppt], trace: &Trace) -> InvariantsFile {
    let hierarchy = Hierarchy::new(program);
    let mut by_ppt: HashMap<u32, Vec<&Sample>> = HashMap::new();
    for s in &trace.samples {
        by_ppt.entry(s.ppt).or_default().push(s);
    }
    let mut contributions: BTreeMap<Key, Vec<Contribution>> = BTreeMap::new();
    for ppt in ppts.iter().filter(|p| by_ppt.contains_key(&p.id)) {
        let own = (
            ppt.class.clone(),
            ppt.method.clone(),
            ppt.descriptor.clone(),
        );
        contributions
            .entry(own)
            .or_default()
            .push(Contribution { ppt, own: true });
        for key in overridden(&hierarchy, ppt) {
            contributions
                .entry(key)
                .or_default()
                .push(Contribution { ppt, own: false });
        }
    }
    let no_samples = Vec::new();
    let samples_of = |id: u32| by_ppt.get(&id).unwrap_or(&no_samples);
    let mut classes = Vec::new();
    let mut class_texts: HashMap<String, BTreeSet<String>> = HashMap::new();
    for (class, members) in class_ppts(ppts) {
        let invariants = class_invariants(&members, &samples_of);
        if !invariants.is_empty() {
            class_texts.insert(
                class.clone(),
                invariants.iter().map(|i| i.text.clone()).collect(),
            );
            classes.push(ClassSpec { class, invariants });
        }
    }
    let mut methods = Vec::new();
    for ((class, name, descriptor), contribs) in &contributions {
        let Some(method) = hierarchy
            .class(class)
            .and_then(|c| c.method(name, descriptor))
        else {
            continue;
        };
        let result = Slot::new("\\result", &method.ret);
        let mut spec = method_spec(&param_slots(method), &result, contribs, &samples_of);
        spec.class = class.clone();
        spec.method = name.clone();
        spec.descriptor = descriptor.clone();
        if let Some(texts) = class_texts.get(class) {
            spec.requires.retain(|i| !texts.contains(&i.text));
            spec.ensures.retain(|i| !texts.contains(&i.text));
        }
        if spec.entry_samples > 0 {
            methods.push(spec);
        }
    }
    // A method observed too rarely for its calls to justify anything (the rule that
    // justifies `x != null`: ½ⁿ ≤ α) counts as unobserved: one call shows no usage.
    let observed = methods
        .iter()
        .filter(|m| crate::justify::justified(crate::justify::halves(m.entry_samples)))
        .map(MethodSpec::key)
        .collect();
    InvariantsFile {
        methods,
        classes,
        statics: static_invariants(ppts, &samples_of),
        observed,
    }
}

/// The project methods that the method of `ppt` overrides.
fn overridden(hierarchy: &Hierarchy, ppt: &Ppt) -> Vec<Key> {
    if ppt.is_static || ppt.is_private || ppt.is_ctor() {
        return Vec::new();
    }
    hierarchy
        .ancestors(&ppt.class)
        .iter()
        .skip(1)
        .filter_map(|a| hierarchy.class(a))
        .filter(|c| !c.library)
        .filter(|c| {
            c.method(&ppt.method, &ppt.descriptor)
                .is_some_and(|m| !m.modifiers.is_static && !m.modifiers.private)
        })
        .map(|c| (c.name.clone(), ppt.method.clone(), ppt.descriptor.clone()))
        .collect()
}

/// The table of a method's entries: a column per variable of its parameters `params`, then
/// of the receiver's fields `fields` (none for a constructor).
fn entry_table(params: &[Slot], fields: &[Slot]) -> Table {
    let mut table = Table::default();
    for slot in params.iter().chain(fields) {
        table.columns.extend(columns(slot, &slot.name, false));
    }
    table
}

/// One entry `sample` of the method of `ppt`, read as its preconditions and its class's
/// invariants are: the table's columns and the sample's row.
pub fn own_entry(ppt: &Ppt, sample: &Sample) -> (Table, Vec<Cell>) {
    let fields: &[Slot] = if ppt.is_ctor() { &[] } else { &ppt.fields };
    let table = entry_table(&ppt.params, fields);
    let (pvals, fvals) = split_entry(ppt, sample);
    let mut row = slot_cells(&ppt.params, &pvals);
    let f: Vec<Option<&Value>> = fvals.into_iter().map(Some).collect();
    row.extend(slot_cells(fields, &f));
    (table, row)
}

/// The values of a sample's entry: parameters by position (`None` when not recorded) and
/// fields.
fn split_entry<'s>(ppt: &Ppt, sample: &'s Sample) -> (Vec<Option<&'s Value>>, Vec<&'s Value>) {
    let mut values = sample.entry.iter();
    let params = ppt
        .params
        .iter()
        .map(|p| if p.recorded() { values.next() } else { None })
        .collect();
    let fields = if ppt.is_ctor() {
        Vec::new()
    } else {
        values.take(ppt.fields.len()).collect()
    };
    (params, fields)
}

/// The values of the static fields in a sample's entry (the last ones), in the order of
/// `ppt.statics`.
fn static_values<'s>(ppt: &Ppt, sample: &'s Sample) -> &'s [Value] {
    let start = sample.entry.len().saturating_sub(ppt.statics.len());
    &sample.entry[start..]
}

/// Invariants over the static fields the tests' calls saw at entry: each field's values
/// at the entries of every method that reads it, pooled (a flag no test sets is seen at its
/// initial value only). In name order.
fn static_invariants<'a>(
    ppts: &[Ppt],
    samples_of: &impl Fn(u32) -> &'a Vec<&'a Sample>,
) -> Vec<Invariant> {
    let mut tables: BTreeMap<&str, Table> = BTreeMap::new();
    for ppt in ppts {
        for (i, slot) in ppt.statics.iter().enumerate() {
            let table = tables.entry(&slot.name).or_insert_with(|| Table {
                columns: columns(slot, &slot.name, false),
                rows: Vec::new(),
            });
            for s in samples_of(ppt.id) {
                let value = static_values(ppt, s).get(i);
                table.rows.push((cells(slot, value), s.count));
            }
        }
    }
    tables
        .values()
        .filter(|t| !t.rows.is_empty())
        .flat_map(|t| infer(t, Scope::All))
        .collect()
}

/// The values of a normal exit: result and fields.
fn split_exit<'s>(ppt: &Ppt, exit: &'s [Value]) -> (Option<&'s Value>, Vec<&'s Value>) {
    let mut values = exit.iter();
    let result = if ppt.result.recorded() {
        values.next()
    } else {
        None
    };
    (result, values.collect())
}

/// Cells of `slots` from `values` (missing values give absent cells).
fn slot_cells(slots: &[Slot], values: &[Option<&Value>]) -> Vec<Cell> {
    slots
        .iter()
        .enumerate()
        .flat_map(|(i, s)| cells(s, values.get(i).copied().flatten()))
        .collect()
}

/// The specification of one method with parameters `params` and result `result` from its
/// contributions (class and name left empty).
fn method_spec<'a>(
    params: &[Slot],
    result: &Slot,
    contribs: &[Contribution],
    samples_of: &impl Fn(u32) -> &'a Vec<&'a Sample>,
) -> MethodSpec {
    let own = contribs.iter().find(|c| c.own).map(|c| c.ppt);
    let fields: Vec<Slot> = own.map(|p| p.fields.clone()).unwrap_or_default();
    let entry_fields = own.is_some_and(|p| !p.is_ctor());
    let mut entry = entry_table(params, if entry_fields { &fields } else { &[] });
    // Phase A: every contribution's entries.
    let mut entry_rows: Vec<(&Contribution, &Sample, Vec<Cell>)> = Vec::new();
    for c in contribs {
        for s in samples_of(c.ppt.id) {
            let (pvals, fvals) = split_entry(c.ppt, s);
            let mut row = slot_cells(params, &pvals);
            if entry_fields {
                let f: Vec<Option<&Value>> = if c.own {
                    fvals.into_iter().map(Some).collect()
                } else {
                    Vec::new()
                };
                row.extend(slot_cells(&fields, &f));
            }
            entry_rows.push((c, s, row));
        }
    }
    entry.rows = entry_rows
        .iter()
        .map(|(_, s, row)| (row.clone(), s.count))
        .collect();
    let requires = infer(&entry, Scope::All);
    // Phase B: exits of the method itself, and of overriders whose entry met the precondition.
    let mut exit = Table::default();
    for p in params {
        exit.columns.extend(columns(p, &p.name, false));
    }
    let result_slot = Some(result).filter(|r| r.recorded());
    if let Some(r) = &result_slot {
        exit.columns.extend(columns(r, &r.name, true));
    }
    for f in &fields {
        exit.columns.extend(columns(f, &f.name, true));
    }
    for (c, s, row) in &entry_rows {
        let Some(exit_values) = &s.exit else {
            continue;
        };
        if !c.own && !requires.iter().all(|inv| satisfied(&inv.form, &entry, row)) {
            continue;
        }
        let (pvals, _) = split_entry(c.ppt, s);
        let mut cells_row = slot_cells(params, &pvals);
        let (rval, fvals) = split_exit(c.ppt, exit_values);
        if let Some(r) = &result_slot {
            let value = if c.ppt.result.recorded() { rval } else { None };
            cells_row.extend(cells(r, value));
        }
        let f: Vec<Option<&Value>> = if c.own {
            fvals.into_iter().map(Some).collect()
        } else {
            Vec::new()
        };
        cells_row.extend(slot_cells(&fields, &f));
        exit.rows.push((cells_row, s.count));
    }
    let ensures = if result_slot.is_none() && fields.is_empty() {
        Vec::new()
    } else {
        infer(&exit, Scope::Post)
    };
    MethodSpec {
        class: String::new(),
        method: String::new(),
        descriptor: String::new(),
        entry_samples: entry.samples(),
        exit_samples: exit.samples(),
        requires,
        ensures,
    }
}

/// The program points of each class that has recorded fields.
fn class_ppts(ppts: &[Ppt]) -> BTreeMap<String, Vec<&Ppt>> {
    let mut out: BTreeMap<String, Vec<&Ppt>> = BTreeMap::new();
    for p in ppts.iter().filter(|p| !p.fields.is_empty()) {
        out.entry(p.class.clone()).or_default().push(p);
    }
    out
}

/// Invariants over a class's own fields.
fn class_invariants<'a>(
    members: &[&Ppt],
    samples_of: &impl Fn(u32) -> &'a Vec<&'a Sample>,
) -> Vec<Invariant> {
    let Some(first) = members.first() else {
        return Vec::new();
    };
    let fields = &first.fields;
    let mut table = Table::default();
    for f in fields {
        table.columns.extend(columns(f, &f.name, false));
    }
    for ppt in members
        .iter()
        .filter(|p| !p.is_private && p.fields == *fields)
    {
        for s in samples_of(ppt.id) {
            if !ppt.is_ctor() {
                let (_, fvals) = split_entry(ppt, s);
                let f: Vec<Option<&Value>> = fvals.into_iter().map(Some).collect();
                table.rows.push((slot_cells(fields, &f), s.count));
            }
            if let Some(exit) = &s.exit {
                let (_, fvals) = split_exit(ppt, exit);
                let f: Vec<Option<&Value>> = fvals.into_iter().map(Some).collect();
                table.rows.push((slot_cells(fields, &f), s.count));
            }
        }
    }
    infer(&table, Scope::All)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::check::satisfied;

    /// Parses Java sources from text into a program (in a folder of its own: tests run at
    /// once).
    pub(crate) fn program(files: &[(&str, &str)]) -> Program {
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("dsd-spec-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let inputs =
            frontend::collect_sources(std::slice::from_ref(&dir), frontend::SourceSet::Main, None)
                .unwrap();
        let (program, _) = frontend::parse_program(&inputs);
        std::fs::remove_dir_all(&dir).unwrap();
        program
    }

    /// The program points of every method with a body, numbered from 0.
    pub(crate) fn ppts(program: &Program) -> Vec<Ppt> {
        let mut out = Vec::new();
        let hierarchy = Hierarchy::new(program);
        for class in program.classes.iter().filter(|c| !c.library) {
            for m in class
                .methods
                .iter()
                .filter(|m| m.body.is_some() && !m.synthetic)
            {
                let mut p = Ppt::of(&hierarchy, class, m);
                p.id = out.len() as u32;
                out.push(p);
            }
        }
        out
    }

    /// The id of the program point of `class.method`.
    pub(crate) fn id(ppts: &[Ppt], class: &str, method: &str) -> u32 {
        ppts.iter()
            .find(|p| p.class == class && p.method == method)
            .map(|p| p.id)
            .unwrap()
    }

    /// One call of `ppt` with integer `args` that returned `result`.
    pub(crate) fn call(ppt: u32, args: &[i64], result: i64) -> Sample {
        Sample {
            ppt,
            count: 1,
            entry: args.iter().map(|&a| Value::Int(a)).collect(),
            exit: Some(vec![Value::Int(result)]),
        }
    }

    fn texts(invs: &[Invariant]) -> Vec<&str> {
        invs.iter().map(|i| i.text.as_str()).collect()
    }

    /// Dissertation §7.3: `Super.m` always called with 1 returns 1, `C.m` called with 1 returns
    /// 0. Without behavioural subtyping the specifications would contradict each other.
    #[test]
    fn override_with_other_results_does_not_contradict() {
        let p = program(&[
            (
                "Super.java",
                "package q; public class Super { public int m(int i) { return 1; } }",
            ),
            (
                "C.java",
                "package q; public class C extends Super { public int m(int j) { return 0; } }",
            ),
        ]);
        let ppts = ppts(&p);
        let (sup, sub) = (id(&ppts, "q.Super", "m"), id(&ppts, "q.C", "m"));
        let mut samples: Vec<Sample> = (0..6).map(|_| call(sup, &[1], 1)).collect();
        samples.extend((0..6).map(|_| call(sub, &[1], 0)));
        let trace = Trace {
            samples,
            bad_lines: 0,
        };
        let file = build(&p, &ppts, &trace);
        let s = file.method("q.Super", "m", "(I)I").unwrap();
        let c = file.method("q.C", "m", "(I)I").unwrap();
        // the precondition of Super.m counts C.m's calls, under Super.m's parameter name
        assert_eq!(texts(&s.requires), vec!["i == 1"]);
        assert_eq!(s.entry_samples, 12);
        assert_eq!(texts(&c.requires), vec!["j == 1"]);
        // C.m's exits met Super.m's precondition, so they count toward its postcondition
        assert_eq!(s.exit_samples, 12);
        assert_eq!(texts(&s.ensures), vec!["\\result one of {0, 1}"]);
        assert_eq!(texts(&c.ensures), vec!["\\result == 0"]);
        // every observed execution of C.m satisfies (P_Super => Q_Super) && (P_C => Q_C)
        for post in s.ensures.iter().chain(&c.ensures) {
            let table = Table {
                columns: vec![crate::table::Column {
                    path: "\\result".into(),
                    kind: crate::table::VarKind::Int,
                    declared: None,
                    post: true,
                }],
                rows: Vec::new(),
            };
            assert!(
                satisfied(&post.form, &table, &[Cell::Int(0)]),
                "{}",
                post.text
            );
        }
    }

    #[test]
    fn a_method_observed_too_rarely_counts_as_unobserved() {
        let p = program(&[(
            "Rare.java",
            "package s; public class Rare { public int f(int x) { return x; } public int g(int x) { return x; } }",
        )]);
        let ppts = ppts(&p);
        let (f, g) = (id(&ppts, "s.Rare", "f"), id(&ppts, "s.Rare", "g"));
        let mut samples = vec![call(f, &[1], 1)];
        samples.extend((0..4).map(|i| call(g, &[i], i)));
        let trace = Trace {
            samples,
            bad_lines: 0,
        };
        let file = build(&p, &ppts, &trace);
        let samples = file.method("s.Rare", "f", "(I)I").map(|m| m.entry_samples);
        assert_eq!(samples, Some(1));
        assert!(
            !file.observed.contains(&"s.Rare.f(I)I".to_string()),
            "one call"
        );
        assert!(
            file.observed.contains(&"s.Rare.g(I)I".to_string()),
            "four calls"
        );
    }

    /// Two overriders of an abstract method with opposite behaviour: the abstract method's
    /// postcondition keeps only what both respect.
    #[test]
    fn abstract_method_gets_what_all_overriders_respect() {
        let p = program(&[
            (
                "A.java",
                "package r; public abstract class A { public abstract int f(int x); }",
            ),
            (
                "B.java",
                "package r; public class B extends A { public int f(int y) { return y; } }",
            ),
            (
                "D.java",
                "package r; public class D extends A { public int f(int z) { return -z; } }",
            ),
        ]);
        let ppts = ppts(&p);
        let (b, d) = (id(&ppts, "r.B", "f"), id(&ppts, "r.D", "f"));
        let mut samples: Vec<Sample> = (1..=6).map(|v| call(b, &[v], v)).collect();
        samples.extend((1..=6).map(|v| call(d, &[v], -v)));
        let file = build(
            &p,
            &ppts,
            &Trace {
                samples,
                bad_lines: 0,
            },
        );
        let a = file.method("r.A", "f", "(I)I").unwrap();
        assert_eq!(texts(&a.requires), vec!["x >= 1", "x <= 6"]);
        // both overriders' exits count: neither `\\result == x` nor `\\result == -x` for A.f
        assert_eq!(a.exit_samples, 12);
        assert_eq!(
            texts(&a.ensures),
            vec!["\\result >= -6", "\\result <= 6", "x >= \\result"]
        );
        let b = file.method("r.B", "f", "(I)I").unwrap();
        assert!(
            texts(&b.ensures).contains(&"y == \\result"),
            "{:?}",
            texts(&b.ensures)
        );
        let d = file.method("r.D", "f", "(I)I").unwrap();
        assert!(
            texts(&d.ensures).contains(&"\\result == -z"),
            "{:?}",
            texts(&d.ensures)
        );
        assert!(file.observed.contains(&"r.A.f(I)I".to_string()));
    }

    /// A flag no test sets and a limit the tests keep are seen at one value each, pooled
    /// over the methods that read them; they stay out of the methods' own preconditions.
    /// Private, final and package-private classes' statics are not recorded at all.
    #[test]
    fn static_fields_get_the_values_every_reader_saw() {
        let p = program(&[
            (
                "Config.java",
                "package s; public class Config { public static boolean strict; \
                 public static int limit = 2; static int hidden; \
                 public static final int MAX = 3; }",
            ),
            (
                "Quiet.java",
                "package s; class Quiet { public static int level; }",
            ),
            (
                "User.java",
                "package s; public class User { \
                 public static int f(int x) { return Config.strict ? x / Config.limit : \
                 Config.hidden + Config.MAX + Quiet.level; } \
                 public static int g(int y) { return y + Config.limit; } }",
            ),
        ]);
        let ppts = ppts(&p);
        let f = id(&ppts, "s.User", "f");
        let g = id(&ppts, "s.User", "g");
        let names: Vec<&str> = ppts[f as usize]
            .statics
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, vec!["s.Config.limit", "s.Config.strict"]);
        let mut samples: Vec<Sample> = (1..=5).map(|x| call(f, &[x, 2, 0], x)).collect();
        samples.extend((1..=5).map(|y| call(g, &[y, 2], y + 2)));
        let file = build(
            &p,
            &ppts,
            &Trace {
                samples,
                bad_lines: 0,
            },
        );
        assert_eq!(
            texts(&file.statics),
            vec!["s.Config.limit == 2", "s.Config.strict == 0"]
        );
        let spec = file.method("s.User", "f", "(I)I").unwrap();
        assert!(
            spec.requires.iter().all(|i| !i.text.contains("Config")),
            "{:?}",
            texts(&spec.requires)
        );
    }
}
