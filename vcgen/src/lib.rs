//! Turns each method into passive form and one SMT-LIB query per crash site.
//!
//! For every entry (a method or constructor a test can call), a harness builds
//! the inputs the way a caller would and the entry runs symbolically: loops
//! unrolled, calls inlined to a depth, every primitive operation that can
//! throw recorded as a crash site with the condition under which it is reached
//! and fails without being caught. Each (site, entry) pair becomes one query: a
//! named goal of its entry variant's *prelude* `vc/q/pNNNNN.smt2.zst`, SMT-LIB text
//! compressed with zstd, which holds the whole formula once and ends with a comment
//! naming each goal's query and site
//! (`(zstdcat p00001.smt2.zst; echo '(assert goal!0) (check-sat)') | z3 -in` runs one);
//! the solver loads each prelude once and checks its goals incrementally.
//! `vc/sites.json` lists the sites and `vc/queries.json` says how each query's
//! symbols map back to Java inputs.

mod accelerate;
mod assume;
mod cast_targets;
mod changed;
pub mod contract;
mod dispatch;
mod effects;
mod eval;
mod fold;
mod harness;
mod havoc;
mod invoke;
pub mod kinds;
mod lower;
mod number;
mod param_graph;
mod place;
pub mod plan;
mod range;
mod reads;
mod reflect;
mod scope;
mod shard;
pub mod sites;
pub mod smt;
mod stage;
mod state;
mod stmt;
mod types;
mod unread;

#[cfg(test)]
mod tests;

pub use changed::{Changed, ChangedMethod, Focus, TraceCall};
pub use plan::{
    ChainCall, Entry, FieldPlan, Harness, Made, Plan, Prelude, Query, QueryIndex, Route,
    ALLOC_PREFERENCE, CALLS_PREFERENCE, INPUT_LENGTH_MAX, NONNULL_PREFERENCE, SHORT_LENGTH,
    WHOLE_PREFERENCE,
};
pub use scope::Scope;
pub use shard::{stable_hash, Shard};
pub use sites::{PartialMethod, Site, SiteTable};
pub use stage::{prelude_path, read_prelude, read_queries, read_sites, vcgen_stage, write_prelude};

use frontend::ir::{Program, Type};
use frontend::Hierarchy;
use lower::{Limits, Lower};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

/// Settings of the vcgen stage.
#[derive(Debug, Clone)]
pub struct Options {
    /// How many times each loop is unrolled.
    pub unroll: u32,
    /// How deep calls into project methods are inlined.
    pub inline_depth: u32,
    /// Most public calls a sequence makes before the entry, to bring its receiver, an
    /// argument or the static state it reads into the state a crash needs (below 2: no
    /// sequences, and one call at most on an argument).
    pub sequence: u32,
    /// Only the entries of this shard are analysed (all when `None`).
    pub shard: Option<Shard>,
    /// The files and crash kinds left out.
    pub scope: Scope,
    /// Entry variants lowered at once, each on a thread of its own; the output does not
    /// depend on it.
    pub threads: usize,
    /// PR mode: the lines a change touched; only the methods they meet are checked, through
    /// their own entries and their callers' (all methods when `None`).
    pub changed: Option<Changed>,
    /// `dsd reproduce`: only the focus's crash is checked, through its entries (ignored
    /// with `changed`).
    pub focus: Option<Focus>,
    /// Whether the project's documentation states the entries' contracts
    /// ([`contract`]): their preconditions and the inputs that may be `null`. Java's
    /// conventions for index parameters hold either way.
    pub documentation: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unroll: 3,
            inline_depth: 3,
            sequence: 4,
            shard: None,
            scope: Scope::default(),
            threads: 1,
            changed: None,
            focus: None,
            documentation: true,
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
    /// Methods analysed only in part: their formula outgrew the size budget.
    #[serde(default)]
    pub partial: usize,
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

/// The methods of `p` a test can call, which vcgen analyses as entries: (binary class
/// name, name, descriptor).
pub fn entry_methods(p: &Program) -> HashSet<(String, String, String)> {
    let h = Hierarchy::new(p);
    let effects = effects::Effects::compute(p, &h);
    // Which methods are entries does not depend on their variants: no sequences asked.
    harness::entries(&h, &effects, 0)
        .iter()
        .map(|s| {
            (
                s.class.name.clone(),
                s.method.name.clone(),
                s.method.descriptor.clone(),
            )
        })
        .collect()
}

/// What generation produced: the sites and the query index (the SMT-LIB text went to the sink).
pub struct Generated {
    /// Every site, by id.
    pub sites: BTreeMap<String, Site>,
    /// Every prelude with its queries.
    pub preludes: Vec<Prelude>,
    /// Entries analysed.
    pub entries: usize,
    /// Methods analysed only in part, each once, in the order of the entries.
    pub partial: Vec<PartialMethod>,
    /// Checks answered without the solver: their failure condition folded to `false`.
    pub folded: usize,
    /// PR mode: the methods the change touched.
    pub changed: Option<Vec<ChangedMethod>>,
}

/// Where the SMT-LIB text goes: `(prelude id, text)`, one prelude per entry variant.
pub type Sink<'s> = dyn FnMut(&str, &str) -> Result<(), Error> + 's;

/// Generates the site table and the queries of a program; `specs` are the invariants
/// inferred from the project's tests, assumed at entries and after calls. `progress` is
/// told how many entries (methods) are lowered, of how many, after each one.
pub fn generate(
    p: &Program,
    options: &Options,
    observed: Option<&invariants::InvariantsFile>,
    sink: &mut Sink,
    progress: &dyn Fn(usize, usize),
) -> Result<Generated, Error> {
    lower::register_field_sorts(p);
    // Botsing's model seeding: the constructors, classes and methods the project's tests
    // call are the harness's first choices.
    let h = Hierarchy::new(p).with_observed_calls(
        observed
            .iter()
            .flat_map(|o| &o.methods)
            .map(|m| (m.key(), m.entry_samples)),
    );
    let crash_line = options.focus.as_ref().map(|f| (f.class.as_str(), f.line));
    let cast_targets = cast_targets::by_class(p, crash_line);
    // Each project file's lines, read once: a site's source line is looked up by number.
    let texts: Vec<Vec<String>> = p
        .files
        .iter()
        .map(|f| {
            if f.library {
                Vec::new()
            } else {
                frontend::encoding::read_source(Path::new(&f.path), p.encoding.as_deref())
                    .map(|t| t.lines().map(String::from).collect())
                    .unwrap_or_default()
            }
        })
        .collect();
    let lines = |file: u32, line: u32| -> String {
        texts
            .get(file as usize)
            .and_then(|t| t.get(line.saturating_sub(1) as usize))
            .cloned()
            .unwrap_or_default()
    };
    let effects = effects::Effects::compute(p, &h);
    let spec_names = observed.map(invariant_names).unwrap_or_default();
    let specs = harness::callees_first(harness::entries(&h, &effects, options.sequence), &effects);
    let mut graphs: BTreeMap<&str, param_graph::ParamGraph> = BTreeMap::new();
    for spec in &specs {
        let package = harness::package_of(&spec.class.name);
        graphs
            .entry(package)
            .or_insert_with(|| param_graph::ParamGraph::new(&h, package));
    }
    // A site in a method a test can call is checked through that method first, and then
    // through its callers' natural harnesses (see `Env::formula`): the nearest ones a
    // client can call, for a method only a test in its package can (package-private,
    // `contract::Audience::internal`), whose own entry's crash is a note.
    let audience = contract::Audience::new(p, &h);
    let entry_methods: HashMap<(String, String), bool> = specs
        .iter()
        .map(|s| {
            let key = (
                s.class.name.clone(),
                format!("{}{}", s.method.name, s.method.descriptor),
            );
            (key, audience.internal(s.class, s.method).is_some())
        })
        .collect();
    let selection = match (&options.changed, &options.focus) {
        (Some(changed), _) => Some(changed::select(p, &effects, changed, options.inline_depth)),
        (None, Some(focus)) => Some(changed::Selection::focus(focus)),
        (None, None) => None,
    };
    let chosen: Vec<&harness::EntrySpec> = specs
        .iter()
        .filter(|spec| {
            options.shard.is_none_or(|shard| {
                shard.contains(&spec.class.name, &spec.method.name, &spec.method.descriptor)
            }) && !options
                .scope
                .excludes_file(&p.files[spec.class.file as usize].rel)
                && selection.as_ref().is_none_or(|s| {
                    s.analyses(&(
                        spec.class.name.clone(),
                        spec.method.name.clone(),
                        spec.method.descriptor.clone(),
                    ))
                })
        })
        .collect();
    let env = Env {
        p,
        h: &h,
        limits: Limits {
            unroll: options.unroll,
            inline_depth: options.inline_depth,
            calls: 1,
            known_ends: true,
            recursion: options.focus.as_ref().map(|f| f.recursion),
        },
        lines: &lines,
        cast_targets: &cast_targets,
        graphs: &graphs,
        effects: &effects,
        observed,
        spec_names: &spec_names,
        entry_methods: &entry_methods,
        audience: &audience,
        trace_calls: options.focus.as_ref().map_or(&[], |f| &f.calls),
        crash_class: crash_line.map(|(class, _)| class),
        focused: options.changed.is_none() && options.focus.is_some(),
        contract_rules: match (options.focus.is_some(), options.documentation) {
            (true, _) => contract::Rules::Off,
            (false, true) => contract::Rules::Documented,
            (false, false) => contract::Rules::Conventions,
        },
        beyond_usage: options.focus.as_ref().is_some_and(|f| f.beyond_usage),
        library_call: options
            .focus
            .as_ref()
            .filter(|_| options.changed.is_none())
            .and_then(|f| {
                Some(lower::LibraryCall {
                    exception: &f.exception,
                    callee: f.library_callee.as_deref()?,
                    line: f.line,
                })
            }),
        element_casts: options.changed.is_none()
            && options
                .focus
                .as_ref()
                .is_some_and(|f| f.exception == kinds::CLASS_CAST.exception()),
        types: types::TypeTable::new(&h),
    };
    let mut out = Generated {
        sites: BTreeMap::new(),
        preludes: Vec::new(),
        entries: chosen.len(),
        partial: Vec::new(),
        folded: 0,
        changed: selection.as_ref().and_then(|s| s.listed.clone()),
    };
    let mut query_count = 0;
    let mut lowered_count = 0;
    let mut emit = |lowered: Lowered| -> Result<(), Error> {
        out.folded += lowered.folded;
        if let Some(partial) = lowered.partial {
            if !out.partial.contains(&partial) {
                out.partial.push(partial);
            }
        }
        let mut sites = lowered.sites;
        sites.retain(|_, site| {
            !options.scope.excludes_file(&site.rel)
                && !options.scope.ignores_kind(&site.exception)
                && selection.as_ref().is_none_or(|s| s.keeps_site(site))
        });
        match in_scope(lowered.formula, &sites) {
            Formula::NoGoals => {}
            Formula::Prelude {
                text,
                goals,
                harness,
            } => {
                let prelude = format!("p{:05}", out.preludes.len() + 1);
                let mut text = text;
                text.push_str(&format!(
                    "; one query per goal; check one by hand with\n;   (zstdcat {prelude}.smt2.zst; echo '(assert goal!0) (check-sat)') | z3 -in\n"
                ));
                let mut queries = Vec::new();
                for mut query in goals {
                    query_count += 1;
                    query.id = format!("q{query_count:05}");
                    text.push_str(&format!(
                        "; {}: query {}, site {}\n",
                        query.goal, query.id, query.site
                    ));
                    queries.push(query);
                }
                sink(&prelude, &text)?;
                out.preludes.push(Prelude {
                    id: prelude,
                    harness: *harness,
                    queries,
                });
            }
        }
        for (id, site) in sites {
            out.sites
                .entry(id)
                .and_modify(|known| known.bounded |= site.bounded)
                .or_insert(site);
        }
        Ok(())
    };
    parallel_in_order(
        &chosen,
        options.threads,
        || lower::register_field_sorts(p),
        |spec| env.lower_entry(spec),
        &mut |variants: Vec<Lowered>| {
            lowered_count += 1;
            progress(lowered_count, chosen.len());
            variants.into_iter().try_for_each(&mut emit)
        },
    )?;
    Ok(out)
}

/// `formula` with only the goals of `sites` (those in the run's scope).
fn in_scope(formula: Formula, sites: &BTreeMap<String, Site>) -> Formula {
    match formula {
        Formula::Prelude {
            text,
            mut goals,
            harness,
        } => {
            goals.retain(|g| sites.contains_key(&g.site));
            if goals.is_empty() {
                Formula::NoGoals
            } else {
                Formula::Prelude {
                    text,
                    goals,
                    harness,
                }
            }
        }
        Formula::NoGoals => Formula::NoGoals,
    }
}

/// Size of a formula beyond which its entry variant is lowered again with smaller limits.
const SHRINK_BYTES: usize = 256 << 10;

/// [`SHRINK_BYTES`] with a focus (`dsd reproduce`).
const FOCUS_SHRINK_BYTES: usize = 1 << 20;

/// Largest formula written for one entry variant with the smallest limits; beyond it the
/// lowering stops exploring, and the method is reported as analysed in part.
const MAX_BYTES: usize = 4 << 20;

/// What every entry variant's lowering reads: the program and the tables built once.
struct Env<'e, 'p> {
    p: &'p Program,
    h: &'e Hierarchy<'p>,
    limits: Limits,
    lines: &'e (dyn Fn(u32, u32) -> String + Sync),
    cast_targets: &'e BTreeMap<String, Vec<Type>>,
    graphs: &'e BTreeMap<&'p str, param_graph::ParamGraph<'e>>,
    effects: &'e effects::Effects,
    observed: Option<&'p invariants::InvariantsFile>,
    spec_names: &'e HashSet<String>,
    /// The methods with an entry of their own, each with whether it is internal code
    /// ([`contract::Audience::internal`]).
    entry_methods: &'e HashMap<(String, String), bool>,
    /// Who may call the project's methods ([`contract::Audience`]).
    audience: &'e contract::Audience<'p>,
    /// The focus's calls ([`Lower::trace_calls`]).
    trace_calls: &'e [TraceCall],
    /// The class of the focus's crash, whose cast targets come first ([`cast_targets::by_class`]).
    crash_class: Option<&'e str>,
    /// With a focus: its crash is checked through every entry that reaches it, however
    /// deep, and never left to the site's own entry.
    focused: bool,
    /// Which preconditions the entries' queries name.
    contract_rules: contract::Rules,
    /// The focus looks beyond the project's usage ([`Lower::usage`]).
    beyond_usage: bool,
    /// The library call a focus's trace shows its exception escaping ([`Lower::library_call`]).
    library_call: Option<lower::LibraryCall<'e>>,
    /// The focus is a `ClassCastException` ([`Lower::element_casts`]).
    element_casts: bool,
    /// The type ids of the program's classes, copied into each entry's table.
    types: types::TypeTable,
}

/// One entry variant lowered: its sites, and its formula unless it has no goal.
struct Lowered {
    sites: BTreeMap<String, Site>,
    folded: usize,
    formula: Formula,
    /// Set when the formula outgrew the budget at the smallest limits.
    partial: Option<PartialMethod>,
}

/// The formula of one entry variant, not yet numbered.
enum Formula {
    /// No site of the variant can fail.
    NoGoals,
    /// The prelude text with its goals, as queries not yet numbered (`id` empty), and the
    /// harness.
    Prelude {
        text: String,
        goals: Vec<Query>,
        harness: Box<Harness>,
    },
}

impl<'e, 'p: 'e> Env<'e, 'p> {
    /// Lowers the variants of one entry in order (see [`Env::lower_variant`]), each starting
    /// from the limits the one before it ended at.
    fn lower_entry(&self, spec: &'e harness::EntrySpec<'p>) -> Vec<Lowered> {
        let mut hint = self.limits.clone();
        spec.variants
            .iter()
            .map(|variant| self.lower_variant(spec, variant, &mut hint))
            .collect()
    }

    /// Lowers one entry variant into its sites and prelude, with the largest limits at which
    /// its formula stays within [`SHRINK_BYTES`]: loops cut at the unrolling bound even
    /// where their end is known, then loops unrolled once less, down to one iteration,
    /// then a sequence one call shorter, down to one call ([`Limits::smaller`]), then calls
    /// inlined one level less, down to no inlining (which may grow to
    /// [`MAX_BYTES`]): a formula of megabytes costs the solver seconds per goal and finds
    /// nothing more (commons-lang3), the sites of deep callees are checked through their
    /// own entries, and most crashes need one trip through a loop.
    ///
    /// The search starts at `hint`, the limits the entry's previous variant ended at (its
    /// variants share the entry's body), and goes down while the formula outgrows the
    /// budget, or else up while it still fits; `hint` becomes the limits chosen. A larger
    /// formula at larger limits makes that the same choice as searching down from the
    /// largest limits, with fewer lowerings that outgrow the budget (commons-lang3: they
    /// took most of vcgen's time).
    fn lower_variant(
        &self,
        spec: &'e harness::EntrySpec<'p>,
        variant: &'e harness::Variant<'p>,
        hint: &mut Limits,
    ) -> Lowered {
        let calls = variant.chain.as_ref().map_or(1, |c| c.length.max(1));
        let top = Limits {
            calls,
            ..self.limits.clone()
        };
        let mut limits = Limits {
            calls,
            ..hint.clone()
        };
        let attempt = |limits: &Limits| {
            let smallest = limits.smaller().is_none();
            let budget = if smallest {
                MAX_BYTES
            } else {
                self.shrink_bytes()
            };
            let (lower, built) = self.lower_with(spec, variant, limits.clone(), budget);
            (!lower.smt.exhausted() || smallest, lower, built)
        };
        let (mut fits, mut lower, mut built) = attempt(&limits);
        if fits {
            while let Some(up) = limits.larger(&top) {
                let (up_fits, up_lower, up_built) = attempt(&up);
                if !up_fits {
                    break;
                }
                (limits, lower, built) = (up, up_lower, up_built);
            }
        } else {
            while !fits {
                let Some(down) = limits.smaller() else { break };
                (fits, lower, built) = attempt(&down);
                limits = down;
            }
        }
        *hint = limits;
        self.formula(spec, variant, lower, built)
    }

    /// The size beyond which a formula is lowered again with smaller limits: with a focus
    /// ([`FOCUS_SHRINK_BYTES`]), larger, as its one site through a few entries is worth a
    /// large formula, and the trace's recursion needs every level inlined.
    fn shrink_bytes(&self) -> usize {
        if self.focused {
            FOCUS_SHRINK_BYTES
        } else {
            SHRINK_BYTES
        }
    }

    /// Runs the lowering of one entry variant within `limits` and a formula of at most
    /// `budget` bytes.
    fn lower_with(
        &self,
        spec: &'e harness::EntrySpec<'p>,
        variant: &'e harness::Variant<'p>,
        limits: Limits,
        budget: usize,
    ) -> (Lower<'e>, harness::Built) {
        let h = self.h;
        let graph = &self.graphs[harness::package_of(&spec.class.name)];
        let mut lower = Lower {
            p: self.p,
            h,
            limits,
            smt: smt::Smt::with_budget(budget),
            types: self.types.clone(),
            sites: BTreeMap::new(),
            goals: Vec::new(),
            frames: Vec::new(),
            handlers: Vec::new(),
            escapes: Vec::new(),
            allocs: 0,
            allocated: Default::default(),
            allocated_among: Default::default(),
            initialised: Default::default(),
            enum_objects: Default::default(),
            lines: self.lines,
            literals: Default::default(),
            cast_targets: cast_targets::first(
                self.cast_targets,
                self.crash_class
                    .into_iter()
                    .chain([spec.class.name.as_str()]),
            ),
            initial_used: Default::default(),
            allocation_sizes: Vec::new(),
            beyond: Vec::new(),
            filled_tables: Vec::new(),
            forgotten_reads: Vec::new(),
            copied_arrays: Vec::new(),
            unstated_reads: Vec::new(),
            cut_in_setup: Vec::new(),
            graph,
            effects: self.effects,
            specs: self.observed,
            setup: false,
            relevant: None,
            trace_calls: self.trace_calls,
            focused: self.focused,
            library_call: self.library_call,
            element_casts: self.element_casts,
            contract_rules: self.contract_rules,
            audience: self.audience,
            contracts: Vec::new(),
            usage: self.beyond_usage.then(Vec::new),
            known_lengths: Default::default(),
            numbers: Default::default(),
            writes: Default::default(),
            ranges: Default::default(),
            folded: 0,
            spec_names: self.spec_names,
        };
        let built = lower.lower_entry(spec, variant);
        (lower, built)
    }

    /// The sites and formula of a lowered entry variant.
    fn formula(
        &self,
        spec: &'e harness::EntrySpec<'p>,
        variant: &'e harness::Variant<'p>,
        mut lower: Lower<'e>,
        built: harness::Built,
    ) -> Lowered {
        let h = self.h;
        let own = format!("{}{}", spec.method.name, spec.method.descriptor);
        let natural = built.route != Route::Reflection;
        let mut by_site: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut bounded: BTreeSet<String> = BTreeSet::new();
        for g in lower.goals.drain(..) {
            let site = &lower.sites[&g.site];
            let direct = site.class == spec.class.name && site.method == own;
            // A site of a callee a test can call is checked in the context of the entries
            // that call it (directly or through private or package-private helpers: a
            // package-private callee's crash is a note found only by its own entry, an
            // error through the nearest public caller), where they build the
            // state naturally: reflection through a caller finds nothing the callee's own
            // reflection does not, a library contract broken in a callee is a note
            // whoever calls it, and a caller's caller is asked only through the caller's
            // own entry, unless it writes static state of another class the site's method
            // reads (a flag set two calls up). Nor through a caller's call-chain variants:
            // the call made first prepares the caller's receiver, not the callee's state
            // (on commons-lang3 they made half of the second looks, 1,237 queries, and no
            // error), except for internal code, whose state a client prepares only through
            // its callers.
            let second_look = || {
                natural
                    && (built.route != Route::Chain || self.internal(site))
                    && !site.precondition
                    && (g.callers_between == 0 || self.sets_statics_read_by(site, spec))
            };
            if g.term != "false"
                && (direct || self.focused || !self.has_entry(site) || second_look())
            {
                if g.bounded {
                    bounded.insert(g.site.clone());
                }
                by_site.entry(g.site).or_default().push(g.term);
            }
        }
        for id in &bounded {
            if let Some(site) = lower.sites.get_mut(id) {
                site.bounded = true;
            }
        }
        let partial = lower
            .smt
            .exhausted()
            .then(|| self.partial(spec, lower.smt.text.len()));
        let formula = if by_site.is_empty() {
            Formula::NoGoals
        } else {
            let mut goal_defs = String::new();
            let mut goals = Vec::new();
            for (i, (site_id, terms)) in by_site.into_iter().enumerate() {
                let goal = format!("goal!{i}");
                goal_defs.push_str(&format!(
                    "(declare-const {goal} Bool)\n(assert (= {goal} {}))\n",
                    smt::or(&terms)
                ));
                let site = &lower.sites[&site_id];
                let direct = site.class == spec.class.name && site.method == own;
                let rank = if direct { 0 } else { harness::INDIRECT_RANK } + variant.rank;
                let through_caller = !direct && !self.focused && self.has_entry(site);
                goals.push(Query {
                    id: String::new(),
                    goal,
                    own_entry_decides: through_caller && self.own_entry_decides(site, spec),
                    through_caller,
                    site: site_id,
                    rank,
                });
            }
            let text = format!(
                "; entry {}.{own} ({:?})\n(set-logic ALL)\n{}{}{}{goal_defs}",
                spec.class.name,
                built.route,
                lower.types.preamble(h),
                lower.initial_declarations(),
                lower.smt.text
            );
            Formula::Prelude {
                text,
                goals,
                harness: Box::new(self.harness(spec, &own, built)),
            }
        };
        Lowered {
            sites: std::mem::take(&mut lower.sites),
            folded: lower.folded,
            formula,
            partial,
        }
    }

    /// Why no client can make the constructor call of a receiver's plan, when none can.
    fn internal_constructor(&self, plan: &Plan) -> Option<String> {
        let (class, descriptor) = match plan {
            Plan::New {
                class, descriptor, ..
            } => (class, descriptor),
            Plan::Slot { of, .. } => return self.internal_constructor(of),
            _ => return None,
        };
        let c = self.h.class(class)?;
        let ctor = c.method("<init>", descriptor)?;
        let reason = self.audience.internal(c, ctor)?;
        // A hidden class's object made with no argument is what clients get through its
        // public type (`StringEscapeUtils.UNESCAPE_CSV`, a `CsvUnescaper`): only arguments
        // let a test choose a state the project's own code would not.
        if ctor.param_count == 0 && !c.modifiers.public && self.audience.has_public_super(c) {
            return None;
        }
        let call = contract::java_call(c, ctor);
        Some(format!(
            "called on an object built by {call}, which is {reason}"
        ))
    }

    /// Why no client can make the call `call` of a harness's chain, which prepares the
    /// receiver or an argument (`PatriciaTrie.incrementSize()`, package-private).
    fn internal_set_up(&self, call: &plan::ChainCall) -> Option<String> {
        let c = self.h.class(&call.class)?;
        let m = c.method(&call.method, &call.descriptor)?;
        let reason = self.audience.internal(c, m)?;
        Some(format!(
            "called on an object prepared by {}, which is {reason}",
            contract::java_call(c, m)
        ))
    }

    /// True when `site` lies in a method a test can call: it has an entry of its own.
    fn has_entry(&self, site: &Site) -> bool {
        self.entry_methods
            .contains_key(&(site.class.clone(), site.method.clone()))
    }

    /// True when `site` lies in internal code with an entry of its own, which only a test
    /// in its package can call: a client reaches it only through its callers, call chains
    /// included.
    fn internal(&self, site: &Site) -> bool {
        self.entry_methods
            .get(&(site.class.clone(), site.method.clone()))
            .copied()
            .unwrap_or(false)
    }

    /// True when the own harnesses of `site`'s method (one a test can call) reach every
    /// state the entry `caller` could set up for it: the method reads no non-final static
    /// field of another project class that the caller may set, by its code or by
    /// assigning a public one (the method's reflective harness sets only its own class's).
    /// The caller then finds the site only where the method's own entry did. (Counting
    /// every such field the method reads made, on commons-lang3, 1,017 second looks at
    /// sites their own entries found unreachable, none satisfiable.)
    fn own_entry_decides(&self, site: &Site, caller: &harness::EntrySpec<'p>) -> bool {
        self.foreign_statics_read_by(site)
            .is_some_and(|mut fields| {
                !fields
                    .any(|(key, field)| field.modifiers.public || self.caller_writes(caller, key))
            })
    }

    /// True when the entry `caller`'s code (or a method it calls) writes a non-final
    /// static field of another project class that `site`'s method reads.
    fn sets_statics_read_by(&self, site: &Site, caller: &harness::EntrySpec<'p>) -> bool {
        self.foreign_statics_read_by(site)
            .is_some_and(|mut fields| fields.any(|(key, _)| self.caller_writes(caller, key)))
    }

    /// The non-final static fields of project classes other than its own that `site`'s
    /// method may read, with their keys; `None` when its reads are unknown.
    fn foreign_statics_read_by<'s>(
        &'s self,
        site: &'s Site,
    ) -> Option<impl Iterator<Item = (&'s str, &'p frontend::ir::Field)> + 's> {
        let (name, descriptor) = site.method.split_at(site.method.find('(')?);
        let reads = self.effects.reads(&site.class, name, descriptor)?;
        Some(reads.iter().filter_map(move |key| {
            let (owner, field) = key.strip_prefix("S.")?.rsplit_once('.')?;
            let class = self
                .h
                .class(owner)
                .filter(|c| !c.library && owner != site.class)?;
            let field = class
                .field(field)
                .filter(|f| f.modifiers.is_static && !f.modifiers.is_final)?;
            Some((key.as_str(), field))
        }))
    }

    /// True when the entry `caller`'s code, or a method it calls, may write `key`.
    fn caller_writes(&self, caller: &harness::EntrySpec<'p>, key: &str) -> bool {
        let m = caller.method;
        self.effects
            .of(&caller.class.name, &m.name, &m.descriptor)
            .any(|k| k == key)
    }

    /// The report of an entry whose formula reached `bytes` at the smallest limits.
    fn partial(&self, spec: &harness::EntrySpec<'p>, bytes: usize) -> PartialMethod {
        let span = spec.method.span;
        let file = self.p.files.get(span.file as usize);
        PartialMethod {
            class: spec.class.name.clone(),
            method: format!("{}{}", spec.method.name, spec.method.descriptor),
            file: file.map(|f| f.path.clone()).unwrap_or_default(),
            line: span.line,
            col: span.col,
            reason: format!(
                "its formula outgrew {} MB ({bytes} bytes) with loops unrolled once and no \
                 call inlined; the paths past that point are not checked",
                MAX_BYTES >> 20
            ),
        }
    }

    /// The harness of a lowered entry variant, with the Java access path of every symbol.
    fn harness(&self, spec: &harness::EntrySpec<'p>, own: &str, built: harness::Built) -> Harness {
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
        for f in &built.fields {
            plan::symbol_paths(&f.value, &format!("this.{}", f.name), &mut symbols);
        }
        let internal_receiver = built
            .receiver
            .as_ref()
            .and_then(|r| self.internal_constructor(r))
            .or_else(|| built.chain.iter().find_map(|c| self.internal_set_up(c)));
        Harness {
            entry,
            receiver: built.receiver,
            args: built.args,
            chain: built.chain,
            statics: built.statics,
            fields: built.fields,
            route: built.route,
            preferences: built.preferences,
            parts: built.parts,
            lengths: built.lengths,
            usage: built.usage,
            inputs: built.inputs,
            symbols,
            observed: self.observed.is_some_and(|s| {
                s.observed
                    .iter()
                    .any(|o| *o == format!("{}.{own}", spec.class.name))
            }),
            contracts: built.contracts,
            internal: self.audience.internal(spec.class, spec.method),
            internal_receiver,
            null_safe: match self.contract_rules {
                contract::Rules::Documented => {
                    contract::null_safe(&self.p.docs, spec.class, spec.method)
                }
                _ => Vec::new(),
            },
        }
    }
}

/// Runs `work` on every job with `threads` workers (each first running `init`) and hands
/// the results to `emit` in the jobs' order, as soon as each one's predecessors are done,
/// so the output is the same whatever the number of threads; stops at `emit`'s first error.
fn parallel_in_order<J: Sync, R: Send>(
    jobs: &[J],
    threads: usize,
    init: impl Fn() + Sync,
    work: impl Fn(&J) -> R + Sync,
    emit: &mut dyn FnMut(R) -> Result<(), Error>,
) -> Result<(), Error> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel::<(usize, R)>();
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (next, stop, init, work) = (&next, &stop, &init, &work);
            frontend::deep::spawn_in(scope, move || {
                init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((i, work(&jobs[i]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, r) in rx {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&due) {
                due += 1;
                if let Err(e) = emit(r) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
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
