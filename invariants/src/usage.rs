//! Whether a run stays within the usage the project's tests show (`dsd reproduce --tests`):
//! test classes run on the instrumented project the infer stage built, and every method
//! entry they record is checked against that method's observed precondition and its
//! class's invariants ([`judge`]). A crash that needs an entry outside that usage was
//! caused by a caller passing what the project's own code never passes (STAR's lesson).

use crate::check::satisfied;
use crate::model::{Invariant, InvariantsFile};
use crate::ppt::Ppt;
use crate::run::{compile, run_tests, RunConfig};
use crate::sandbox::Sandbox;
use crate::table::{Cell, Table, VarKind};
use crate::toolchain::{self, Flavour};
use crate::trace::Trace;
use crate::{read_invariants, runtime, stage, Error};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a method was entered in a run, against its observed usage (in JSON, tagged by
/// `verdict`: `within`, `outside`, `unobserved`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Usage {
    /// Every entry met the method's observed precondition and its class's invariants.
    Within,
    /// An entry broke these invariants.
    Outside {
        /// Each broken invariant with the values that broke it.
        broken: Vec<Broken>,
    },
    /// The project's tests called it too rarely to show a usage.
    Unobserved,
}

impl std::fmt::Display for Usage {
    /// The verdict in a few words: `outside usage: parts >= 2 (parts == 0)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Usage::Within => f.write_str("within usage"),
            Usage::Unobserved => f.write_str("no usage observed"),
            Usage::Outside { broken } => {
                let parts: Vec<String> = broken
                    .iter()
                    .map(|b| match b.values.is_empty() {
                        true => b.invariant.clone(),
                        false => format!("{} ({})", b.invariant, b.values.join(", ")),
                    })
                    .collect();
                write!(f, "outside usage: {}", parts.join("; "))
            }
        }
    }
}

/// An invariant an entry broke, with the values that broke it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Broken {
    /// The invariant, as `invariants.json` writes it: `parts >= 2`.
    pub invariant: String,
    /// Its variables' values in the entry: `parts == 0`.
    pub values: Vec<String>,
}

/// The usage of every method entered in `trace` (by `class.method(descriptor)`), judged by
/// `specs`; `ppts` are the instrumented program points the trace's ids name.
pub fn judge(ppts: &[Ppt], trace: &Trace, specs: &InvariantsFile) -> BTreeMap<String, Usage> {
    let by_id: HashMap<u32, &Ppt> = ppts.iter().map(|p| (p.id, p)).collect();
    let observed: HashSet<&str> = specs.observed.iter().map(String::as_str).collect();
    let mut out: BTreeMap<String, Usage> = BTreeMap::new();
    for sample in &trace.samples {
        let Some(ppt) = by_id.get(&sample.ppt) else {
            continue;
        };
        let key = ppt.key();
        if !observed.contains(key.as_str()) {
            out.insert(key, Usage::Unobserved);
            continue;
        }
        let requires = specs
            .method(&ppt.class, &ppt.method, &ppt.descriptor)
            .map(|m| m.requires.as_slice())
            .unwrap_or_default();
        let class = match ppt.is_ctor() || ppt.is_private || ppt.is_static {
            true => None,
            false => specs.class(&ppt.class),
        };
        let class = class.map(|c| c.invariants.as_slice()).unwrap_or_default();
        let (table, row) = crate::spec::own_entry(ppt, sample);
        let broken: Vec<Broken> = requires
            .iter()
            .chain(class)
            .filter(|i| !satisfied(&i.form, &table, &row))
            .map(|i| broken(i, &table, &row))
            .collect();
        let usage = out.entry(key).or_insert(Usage::Within);
        match usage {
            Usage::Outside { broken: all } => {
                for b in broken {
                    if !all.iter().any(|a| a.invariant == b.invariant) {
                        all.push(b);
                    }
                }
            }
            _ if !broken.is_empty() => *usage = Usage::Outside { broken },
            _ => {}
        }
    }
    out
}

/// `invariant`, broken by `row` of `table`, with its variables' values there.
fn broken(invariant: &Invariant, table: &Table, row: &[Cell]) -> Broken {
    let values = invariant
        .form
        .vars()
        .into_iter()
        .filter_map(|var| {
            let cell = [VarKind::Int, VarKind::Ref, VarKind::Elems]
                .into_iter()
                .find_map(|kind| table.column(var, kind))
                .map(|c| &row[c])?;
            match cell {
                Cell::Int(v) => Some(format!("{var} == {v}")),
                Cell::Ref(None) => Some(format!("{var} == null")),
                Cell::Ref(Some(class)) if !class.is_empty() => {
                    Some(format!("\\typeof({var}) == \\type({class})"))
                }
                Cell::Elems(true) => Some(format!("{var} has a null element")),
                _ => None,
            }
        })
        .collect();
    Broken {
        invariant: invariant.text.clone(),
        values,
    }
}

/// What [`check_usage`] runs.
pub struct UsageRun<'a> {
    /// The work directory the infer stage ran in.
    pub work_dir: &'a Path,
    /// The JDK that compiles, and the `java` that runs the tests.
    pub jdk: &'a toolchain::Jdk,
    /// The folder of the test sources to compile, with the helpers they need.
    pub dir: &'a Path,
    /// The test classes to run, by binary name.
    pub classes: &'a [String],
    /// The JUnit they are written for.
    pub junit: Flavour,
    /// The project's main source folders (for its resources).
    pub sources: &'a [PathBuf],
    /// The project's test source folders (for their resources and the folder tests run in).
    pub tests: &'a [PathBuf],
    /// Extra jars or folders the project needs.
    pub classpath: &'a [PathBuf],
    /// Per-test timeout.
    pub timeout: Duration,
}

/// Runs `run.classes` on the project the infer stage instrumented in `WORK/infer` and judges
/// each method they enter ([`judge`]). Works in `WORK/infer/usage`.
pub fn check_usage(run: &UsageRun) -> Result<BTreeMap<String, Usage>, Error> {
    // The test JVM runs in the project's folder: a class path below a relative work
    // directory (the default `.dsd`) must not be read from there.
    let work_dir = crate::javac::absolute(run.work_dir);
    let infer = stage::infer_dir(&work_dir);
    let instrumented = stage::instrumented_classes(&work_dir);
    let ppts_path = stage::ppts_path(&work_dir);
    let specs = read_invariants(&work_dir)?;
    let (Some(specs), true) = (specs, instrumented.is_dir()) else {
        return Err(Error(format!(
            "{} holds no instrumented build of the project; run again with --tests",
            infer.display()
        )));
    };
    let ppts: Vec<Ppt> = std::fs::read_to_string(&ppts_path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .ok_or_else(|| {
            Error(format!(
                "cannot read {}; run again with --tests",
                ppts_path.display()
            ))
        })?;
    let scratch = infer.join("usage");
    frontend::files::clear_dir(&scratch).map_err(Error)?;
    let classes = scratch.join("classes");
    let traces = scratch.join("traces");
    for dir in [&classes, &traces] {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error(format!("cannot create {}: {e}", dir.display())))?;
    }
    let tools = toolchain::locate(run.junit, run.jdk)?;
    let mut files = runtime::write(&scratch.join("runtime"), run.junit).map_err(Error)?;
    let tests =
        frontend::collect_sources(&[run.dir.to_path_buf()], frontend::SourceSet::Tests, None)
            .map_err(|e| Error(e.0))?;
    files.extend(tests.into_iter().map(|input| input.path));
    let mut classpath = vec![instrumented];
    classpath.extend(tools.junit.iter().cloned());
    classpath.extend(run.classpath.iter().map(|p| crate::javac::absolute(p)));
    compile(&tools, &classpath, &files, &classes, &scratch, None).map_err(|(message, _)| {
        Error(format!(
            "compiling the test on the instrumented project failed:\n{message}"
        ))
    })?;
    classpath.insert(0, classes);
    classpath.extend(stage::resource_dirs(run.sources, run.tests));
    let agent = crate::sandbox::agent::prepare(&tools.javac, &scratch).map_err(Error)?;
    let config = RunConfig {
        java: &tools.java,
        classpath,
        runner: runtime::runner_class(run.junit),
        timeout: run.timeout,
        scratch: &scratch,
        traces: &traces,
        cwd: &stage::project_root(run.tests),
        ppts: stage::point_count(&ppts),
        sandbox: Sandbox {
            writable: vec![work_dir],
            tmp: scratch.join("tmp"),
            runner_output: Vec::new(),
            agent,
        },
    };
    run_tests(&config, run.classes)?;
    let trace = stage::read_trace(&traces, &ppts)?;
    Ok(judge(&ppts, &trace, &specs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::tests::{call, id, ppts, program};

    /// The usage the project's tests show: `perPart` with 2, 3, 5 and 7 parts, `once` once.
    fn usage() -> (Vec<Ppt>, InvariantsFile) {
        let p = program(&[(
            "Sizes.java",
            "package q; public class Sizes {
                 public static int perPart(int total, int parts) { return total / parts; }
                 public static int once(int n) { return n; }
             }",
        )]);
        let ppts = ppts(&p);
        let per_part = id(&ppts, "q.Sizes", "perPart");
        let mut samples: Vec<_> = [2, 3, 5, 7]
            .iter()
            .map(|&parts| call(per_part, &[parts * 5, parts], 5))
            .collect();
        samples.push(call(id(&ppts, "q.Sizes", "once"), &[1], 1));
        let specs = crate::spec::build(
            &p,
            &ppts,
            &Trace {
                samples,
                bad_lines: 0,
            },
        );
        (ppts, specs)
    }

    /// A run that calls `perPart` with `parts` (and five times as much in total) and `once`
    /// with 9.
    fn run(ppts: &[Ppt], parts: i64) -> Trace {
        let mut divide = call(id(ppts, "q.Sizes", "perPart"), &[parts * 5, parts], 0);
        divide.exit = None;
        Trace {
            samples: vec![divide, call(id(ppts, "q.Sizes", "once"), &[9], 9)],
            bad_lines: 0,
        }
    }

    #[test]
    fn an_entry_the_tests_never_show_breaks_its_precondition() {
        let (ppts, specs) = usage();
        let judged = judge(&ppts, &run(&ppts, 0), &specs);
        let Some(Usage::Outside { broken }) = judged.get("q.Sizes.perPart(II)I") else {
            panic!("{judged:?}");
        };
        let lower = broken
            .iter()
            .find(|b| b.invariant == "parts >= 2")
            .unwrap_or_else(|| panic!("{broken:?}"));
        assert_eq!(lower.values, ["parts == 0"]);
        assert_eq!(
            judged.get("q.Sizes.once(I)I"),
            Some(&Usage::Unobserved),
            "one call shows no usage"
        );
    }

    #[test]
    fn an_entry_like_the_tests_is_within_usage() {
        let (ppts, specs) = usage();
        let judged = judge(&ppts, &run(&ppts, 4), &specs);
        assert_eq!(
            judged.get("q.Sizes.perPart(II)I"),
            Some(&Usage::Within),
            "{specs:?}"
        );
    }
}
