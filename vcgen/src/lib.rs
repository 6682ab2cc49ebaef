//! Turns each method into passive form and one SMT-LIB query per crash site.
//!
//! For every entry (a method or constructor a test can call), a harness builds
//! the inputs the way a caller would and the entry runs symbolically: loops
//! unrolled, calls inlined to a depth, every primitive operation that can
//! throw recorded as a crash site with the condition under which it is reached
//! and fails without being caught. Each (site, entry) pair becomes one query
//! `vc/q/ID.smt2`: a short file asserting one goal of its entry variant's
//! *prelude* `vc/q/pNNNNN.smt2`, which holds the whole formula once, with one
//! named goal per site (`cat p00001.smt2 q00001.smt2 | z3 -in` runs a query); the
//! solver loads each prelude once and checks its goals incrementally.
//! `vc/sites.json` lists the sites and `vc/queries.json` says how each query's
//! symbols map back to Java inputs.

mod assume;
mod effects;
mod eval;
mod fold;
mod harness;
mod invoke;
mod lower;
mod param_graph;
mod place;
pub mod plan;
mod shard;
pub mod sites;
pub mod smt;
mod state;
mod stmt;
mod types;
mod visit;

#[cfg(test)]
mod tests;

pub use plan::{ChainCall, Entry, FieldPlan, Harness, Plan, Prelude, Query, QueryIndex, Route};
pub use shard::Shard;
pub use sites::{Site, SiteTable};

use frontend::ir::{Conversion, ExprKind, Program, Type};
use frontend::Hierarchy;
use lower::{Limits, Lower};
use std::collections::BTreeMap;
use std::path::Path;

/// Settings of the vcgen stage.
#[derive(Debug, Clone)]
pub struct Options {
    /// How many times each loop is unrolled.
    pub unroll: u32,
    /// How deep calls into project methods are inlined.
    pub inline_depth: u32,
    /// Only the entries of this shard are analysed (all when `None`).
    pub shard: Option<Shard>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unroll: 3,
            inline_depth: 3,
            shard: None,
        }
    }
}

/// Counts reported by the vcgen stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct VcSummary {
    /// Methods analysed as entry points.
    pub methods: usize,
    /// Crash sites found.
    pub sites: usize,
    /// SMT-LIB queries written.
    pub queries: usize,
    /// Entry variants left out because their formula outgrew the size budget.
    #[serde(default)]
    pub too_large: usize,
    /// Checks answered without the solver: their failure condition folded to `false`.
    #[serde(default)]
    pub folded: usize,
}

/// An error that stops the vcgen stage.
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Reads `vc/sites.json` from a work directory.
pub fn read_sites(work_dir: &Path) -> Result<SiteTable, Error> {
    read_json(&work_dir.join("vc").join("sites.json"))
}

/// Reads `vc/queries.json` from a work directory.
pub fn read_queries(work_dir: &Path) -> Result<QueryIndex, Error> {
    read_json(&work_dir.join("vc").join("queries.json"))
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd vcgen` first", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}

/// What generation produced: the sites and the query index (the SMT-LIB text went to the sink).
pub struct Generated {
    /// Every site, by id.
    pub sites: BTreeMap<String, Site>,
    /// Every prelude with its queries.
    pub preludes: Vec<Prelude>,
    /// Entries analysed.
    pub entries: usize,
    /// Entry variants given up because their formula grew past the budget.
    pub too_large: usize,
    /// Checks answered without the solver: their failure condition folded to `false`.
    pub folded: usize,
}

/// Where the SMT-LIB text goes: `(file name, text)`, one prelude per entry variant and
/// one short goal file per query.
pub type Sink<'s> = dyn FnMut(&str, &str) -> Result<(), Error> + 's;

/// Generates the site table and the queries of a program; `specs` are the invariants
/// inferred from the project's tests, assumed at entries and after calls.
pub fn generate(
    p: &Program,
    options: &Options,
    observed: Option<&invariants::InvariantsFile>,
    sink: &mut Sink,
) -> Result<Generated, Error> {
    lower::register_field_sorts(p);
    let h = Hierarchy::new(p);
    let cast_targets = cast_targets(p);
    let texts: Vec<Option<String>> = p
        .files
        .iter()
        .map(|f| {
            if f.library {
                None
            } else {
                std::fs::read_to_string(&f.path).ok()
            }
        })
        .collect();
    let lines = |file: u32, line: u32| -> String {
        texts
            .get(file as usize)
            .and_then(|t| t.as_ref())
            .and_then(|t| t.lines().nth(line.saturating_sub(1) as usize))
            .unwrap_or("")
            .to_string()
    };
    let limits = Limits {
        unroll: options.unroll,
        inline_depth: options.inline_depth,
    };
    let mut sites = BTreeMap::new();
    let mut preludes: Vec<Prelude> = Vec::new();
    let mut query_count = 0;
    let mut too_large = 0;
    let mut folded = 0;
    let effects = effects::Effects::compute(p, &h);
    let spec_names = observed.map(invariant_names).unwrap_or_default();
    let specs = harness::entries(&h);
    let mut graphs: BTreeMap<&str, param_graph::ParamGraph> = BTreeMap::new();
    for spec in &specs {
        let package = harness::package_of(&spec.class.name);
        graphs
            .entry(package)
            .or_insert_with(|| param_graph::ParamGraph::new(&h, package));
    }
    // A site in a method a test can call is checked through that method; callers only add
    // the sites of methods no test can call directly (private helpers).
    let entry_methods: std::collections::HashSet<(String, String)> = specs
        .iter()
        .map(|s| {
            (
                s.class.name.clone(),
                format!("{}{}", s.method.name, s.method.descriptor),
            )
        })
        .collect();
    let chosen: Vec<&harness::EntrySpec> = specs
        .iter()
        .filter(|spec| {
            options.shard.is_none_or(|shard| {
                shard.contains(&spec.class.name, &spec.method.name, &spec.method.descriptor)
            })
        })
        .collect();
    for spec in &chosen {
        let graph = &graphs[harness::package_of(&spec.class.name)];
        for variant in &spec.variants {
            let mut lower = Lower {
                p,
                h: &h,
                limits: limits.clone(),
                smt: smt::Smt::default(),
                types: types::TypeTable::new(&h),
                sites: BTreeMap::new(),
                goals: Vec::new(),
                frames: Vec::new(),
                handlers: Vec::new(),
                allocs: 0,
                lines: &lines,
                literals: Default::default(),
                cast_targets: cast_targets_for(&cast_targets, &spec.class.name),
                initial_used: Default::default(),
                allocation_sizes: Vec::new(),
                graph,
                effects: &effects,
                specs: observed,
                setup: false,
                relevant: None,
                known_lengths: Default::default(),
                folded: 0,
                spec_names: &spec_names,
            };
            let built = lower.lower_entry(spec, variant);
            folded += lower.folded;
            let own = format!("{}{}", spec.method.name, spec.method.descriptor);
            let mut by_site: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for g in lower.goals.drain(..) {
                let site = &lower.sites[&g.site];
                let direct = site.class == spec.class.name && site.method == own;
                let callable = entry_methods.contains(&(site.class.clone(), site.method.clone()));
                if g.term != "false" && (direct || !callable) {
                    by_site.entry(g.site).or_default().push(g.term);
                }
            }
            let preamble = format!(
                "{}{}",
                lower.types.preamble(&h),
                lower.initial_declarations()
            );
            let entry = Entry {
                class: spec.class.name.clone(),
                method: spec.method.name.clone(),
                descriptor: spec.method.descriptor.clone(),
                is_static: spec.method.modifiers.is_static,
                params: spec
                    .method
                    .params()
                    .iter()
                    .map(|p| p.ty.erasure())
                    .collect(),
            };
            let mut symbols = BTreeMap::new();
            if let Some(r) = &built.receiver {
                plan::symbol_paths(r, "this", &mut symbols);
            }
            for (plan, param) in built.args.iter().zip(spec.method.params()) {
                plan::symbol_paths(plan, &param.name, &mut symbols);
            }
            for call in &built.chain {
                for (i, a) in call.args.iter().enumerate() {
                    plan::symbol_paths(a, &format!("{}#arg{i}", call.method), &mut symbols);
                }
            }
            for f in &built.statics {
                plan::symbol_paths(&f.value, &format!("{}.{}", f.class, f.name), &mut symbols);
            }
            if lower.smt.exhausted() {
                too_large += 1;
                continue;
            }
            if by_site.is_empty() {
                sites.append(&mut lower.sites);
                continue;
            }
            let prelude = format!("p{:05}", preludes.len() + 1);
            let mut goal_defs = String::new();
            let mut site_goals = Vec::new();
            for (i, (site_id, goals)) in by_site.into_iter().enumerate() {
                let goal = format!("goal!{i}");
                goal_defs.push_str(&format!(
                    "(declare-const {goal} Bool)\n(assert (= {goal} {}))\n",
                    smt::or(&goals)
                ));
                site_goals.push((site_id, goal));
            }
            sink(
                &format!("{prelude}.smt2"),
                &format!(
                    "; entry {}.{own} ({:?})\n(set-logic ALL)\n{preamble}{}{goal_defs}",
                    spec.class.name, built.route, lower.smt.text
                ),
            )?;
            let mut prelude_queries = Vec::new();
            for (site_id, goal) in site_goals {
                let site = &lower.sites[&site_id];
                let direct = site.class == spec.class.name && site.method == own;
                let rank = if direct { 0 } else { 100 } + variant.rank;
                query_count += 1;
                let id = format!("q{query_count:05}");
                sink(
                    &format!("{id}.smt2"),
                    &format!("; site {site_id}\n; run after the prelude: cat {prelude}.smt2 {id}.smt2 | z3 -in\n(assert {goal})\n(check-sat)\n"),
                )?;
                prelude_queries.push(Query {
                    id,
                    goal,
                    site: site_id.clone(),
                    rank,
                });
            }
            preludes.push(Prelude {
                id: prelude,
                harness: Harness {
                    entry,
                    receiver: built.receiver,
                    args: built.args,
                    chain: built.chain,
                    statics: built.statics,
                    route: built.route,
                    preferences: built.preferences,
                    inputs: built.inputs,
                    symbols,
                    observed: observed.is_some_and(|s| {
                        s.observed
                            .iter()
                            .any(|o| *o == format!("{}.{own}", spec.class.name))
                    }),
                },
                queries: prelude_queries,
            });
            sites.append(&mut lower.sites);
        }
    }
    Ok(Generated {
        sites,
        preludes,
        entries: chosen.len(),
        too_large,
        folded,
    })
}

/// Every identifier the invariants mention (field names among them).
fn invariant_names(specs: &invariants::InvariantsFile) -> std::collections::HashSet<String> {
    let text = serde_json::to_string(specs).unwrap_or_default();
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// Array types named by casts and `instanceof` in project code, the entry's own class's
/// first: the runtime types most worth trying for its `Object` inputs.
fn cast_targets_for(by_class: &BTreeMap<String, Vec<Type>>, class: &str) -> Vec<Type> {
    let mut out: Vec<Type> = by_class.get(class).cloned().unwrap_or_default();
    for t in by_class.values().flatten() {
        if !out.contains(t) {
            out.push(t.clone());
        }
    }
    out
}

/// Array types named by casts and `instanceof` in each project class's code.
fn cast_targets(p: &Program) -> BTreeMap<String, Vec<Type>> {
    let mut by_class = BTreeMap::new();
    for c in p.classes.iter().filter(|c| !c.library) {
        let mut out: Vec<Type> = Vec::new();
        for m in &c.methods {
            let Some(b) = &m.body else { continue };
            visit::stmt_exprs(b, &mut |e| {
                let t = match &e.kind {
                    ExprKind::Convert {
                        conversion: Conversion::Checked,
                        ..
                    } => Some(e.ty.erasure()),
                    ExprKind::InstanceOf { target, .. } => Some(target.erasure()),
                    _ => None,
                };
                if let Some(t @ Type::Array(_)) = t {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            });
        }
        if !out.is_empty() {
            by_class.insert(c.name.clone(), out);
        }
    }
    by_class
}

/// Reads `ir/program.json` and writes `vc/` in `work_dir`.
pub fn vcgen_stage(work_dir: &Path, options: &Options) -> Result<VcSummary, Error> {
    let program = frontend::read_program(work_dir).map_err(|e| Error(e.to_string()))?;
    let specs = invariants::read_invariants(work_dir).map_err(|e| Error(e.to_string()))?;
    let dir = work_dir.join("vc");
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| Error(format!("cannot clear {}: {e}", dir.display())))?;
    }
    let qdir = dir.join("q");
    std::fs::create_dir_all(&qdir)
        .map_err(|e| Error(format!("cannot create {}: {e}", qdir.display())))?;
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text)
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))
    };
    let mut sink = |name: &str, text: &str| write(&qdir.join(name), text);
    let generated = generate(&program, options, specs.as_ref(), &mut sink)?;
    let index = QueryIndex {
        preludes: generated.preludes,
    };
    let table = SiteTable {
        sites: generated.sites.values().cloned().collect(),
    };
    write(&dir.join("sites.json"), &to_json(&table))?;
    write(&dir.join("queries.json"), &to_json(&index))?;
    Ok(VcSummary {
        methods: generated.entries,
        sites: table.sites.len(),
        queries: index.query_count(),
        too_large: generated.too_large,
        folded: generated.folded,
    })
}

/// Pretty JSON of a stage file.
fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}
