//! Data-driven tests of vcgen: a Java snippet in, its crash sites and their verdicts out.
//!
//! Each test is a small fixture and the expected output as text (`expect![[…]]`);
//! `UPDATE_EXPECT=1 cargo test -p vcgen` rewrites the expectations after a deliberate
//! change. Tests go through [`check_sites`] and [`check_goals`] only, never through
//! vcgen's internals, so the internals can be rewritten freely. Nothing here needs javac, a JVM or Z3.
//!
//! A fixture is one Java file, or several, each after a `//- /path/Name.java` header line.
//! The common indentation is removed and line 1 is the first line after the header, so
//! the line numbers in the output are the fixture's own.
//!
//! [`check_sites`] prints one line per crash site, in source order:
//!
//! ```text
//! 3:18 ArithmeticException A.div(int, int): direct
//! 9:16 NullPointerException A.len(String): via A.run(String): direct
//! 12:9 ArithmeticException B.div(int): constructor, chain B.set(int), reflection
//! 4:17 NegativeArraySizeException A.make(int): dropped
//! ```
//!
//! that is `line:col Kind Class.method(params)`, ` precondition` for a library
//! precondition (a note, not an error), ` bounded` for a site checked only through loops
//! that end within the unrolling bound, then the verdict reached without a solver: the
//! harnesses whose query asks for the site, in the order the solver tries them
//! (`direct`, `constructor`, `chain` with the call made first, `fields` with public
//! fields assigned first, `sequence ≤N` with up to N calls first, each to one of the
//! methods listed, `reflection`; `via` names an entry that is not the site's own
//! method, and `;` separates entries), or `dropped` when the site was recorded but no
//! query asks for it (its goal is `false` in every harness). A site whose exception is certainly caught, or whose check folded to `false`
//! before it was recorded, is not printed at all. Parse diagnostics come first, one
//! `diagnostic:` line each.
//!
//! [`check_goals`] prints, for each query, the crash condition the solver is asked:
//!
//! ```text
//! 4:16 ArithmeticException A.safe(int, int) direct: (and (not (= b 0)) (= b 0))
//! ```
//!
//! Named terms are expanded; an input is shown as the Java access path it stands for
//! (`how(a)` for the choice of how the input `a` is built: `0` is `null`), a
//! name with no single definition (a join of paths, a value no code fixes) by its prefix
//! and its order of appearance (`m!1`), bit-vector literals as signed decimals (with the
//! width after a colon when it is not 32). These expectations follow the way terms are
//! built, so a rewrite of term building changes them: keep such tests few and small.

mod calls;
mod changed;
mod contracts;
mod documented;
mod entries;
mod fields;
mod finally;
mod flow;
mod folding;
mod goals;
mod kinds;
mod lambdas;
mod modern;
mod patterns;
mod preferences;
mod scope;
mod seeding;
mod sequences;
mod size;

use crate::{generate, Error, Generated, Harness, Options, Route, Site};
use expect_test::Expect;
use frontend::ir::{Program, Type};
use std::collections::{BTreeMap, HashMap};

/// Checks the crash sites vcgen finds in a fixture, with their verdicts.
#[track_caller]
pub(crate) fn check_sites(java: &str, expect: Expect) {
    expect.assert_eq(&sites(java));
}

/// Checks the crash sites vcgen finds in a fixture with `options`, with their verdicts.
#[track_caller]
pub(crate) fn check_sites_with(java: &str, options: &Options, expect: Expect) {
    expect.assert_eq(&sites_with(java, options));
}

/// Checks the crash condition of every query of a fixture as mode dsd asks it: with
/// `specs` (the text of an `invariants.json`) assumed as the usage the project's tests
/// showed.
#[track_caller]
pub(crate) fn check_goals_observed(java: &str, specs: &str, expect: Expect) {
    let run = run_observed(java, &Options::default(), Some(specs));
    expect.assert_eq(&goals_of(&run));
}

/// Checks the crash sites vcgen finds in a fixture, with their verdicts, in mode dsd: with
/// `specs` (the text of an `invariants.json`) as the usage the project's tests showed.
#[track_caller]
pub(crate) fn check_sites_observed(java: &str, specs: &str, expect: Expect) {
    let run = run_observed(java, &Options::default(), Some(specs));
    expect.assert_eq(&sites_of(&run));
}

/// Checks the crash condition of every query vcgen writes for a fixture.
#[track_caller]
pub(crate) fn check_goals(java: &str, expect: Expect) {
    check_goals_with(java, &Options::default(), expect);
}

/// As [`check_goals`], with `options`.
pub(crate) fn check_goals_with(java: &str, options: &Options, expect: Expect) {
    expect.assert_eq(&goals(java, options));
}

/// Checks the parts of the preferences for all inputs at once that each harness of a
/// fixture has: a line per harness with its entry and route, then a line per part, its
/// input's conjuncts of the whole's definition, expanded as [`check_goals`] expands goals.
#[track_caller]
pub(crate) fn check_preference_parts(java: &str, expect: Expect) {
    let run = run_with(java, &Options::default());
    let mut out = String::new();
    for prelude in &run.generated.preludes {
        let harness = &prelude.harness;
        let definitions = definitions(&run.texts[&prelude.id]);
        let entry = &harness.entry;
        out.push_str(&format!(
            "{} {}:\n",
            method_name(&entry.class, &entry.method, &entry.descriptor),
            route(harness)
        ));
        for (whole, counts) in &harness.parts {
            let mut conjuncts = conjuncts(definitions[whole.as_str()]).into_iter();
            for count in counts {
                let mut condition = String::new();
                let mut names = HashMap::new();
                for conjunct in conjuncts.by_ref().take(*count) {
                    expand(conjunct, &definitions, harness, &mut names, &mut condition);
                }
                out.push_str(&format!("  {whole}: {condition}\n"));
            }
        }
    }
    expect.assert_eq(&out);
}

/// The top-level arguments of `(and A B ...)`.
fn conjuncts(term: &str) -> Vec<&str> {
    let inner = &term["(and ".len()..term.len() - 1];
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ' ' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out
}

/// A fixture parsed and run through vcgen, with the SMT-LIB text it wrote by file name.
struct Run {
    /// Files of the fixture.
    files: Vec<(String, String)>,
    /// One line per parse diagnostic.
    diagnostics: Vec<String>,
    /// What vcgen generated.
    generated: Generated,
    /// The text of every prelude vcgen wrote, by id.
    texts: HashMap<String, String>,
}

/// Parses a fixture and runs vcgen on it with `options`.
fn run_with(java: &str, options: &Options) -> Run {
    run_observed(java, options, None)
}

/// Parses a fixture and runs vcgen on it with `options` and the usage invariants `specs`
/// (the text of an `invariants.json`).
fn run_observed(java: &str, options: &Options, specs: Option<&str>) -> Run {
    let specs: Option<invariants::InvariantsFile> =
        specs.map(|s| serde_json::from_str(s).unwrap_or_else(|e| panic!("bad invariants: {e}")));
    let files = fixture(java);
    let sources: Vec<(&str, &str)> = files
        .iter()
        .map(|(path, text)| (path.as_str(), text.as_str()))
        .collect();
    let (program, summary): (Program, _) = frontend::parse_sources(&sources);
    let mut texts = HashMap::new();
    let mut sink = |id: &str, text: &str| {
        texts.insert(id.to_string(), text.to_string());
        Ok::<(), Error>(())
    };
    let generated = generate(&program, options, specs.as_ref(), &mut sink, &|_, _| {})
        .unwrap_or_else(|e| panic!("vcgen failed: {e}"));
    Run {
        files,
        diagnostics: summary.diagnostics,
        generated,
        texts,
    }
}

/// How a harness reaches its entry: `direct`, `constructor`, `chain C.m(..)`, `sequence
/// ≤N C.m(..)|C.n(..)` (up to N calls, each to one of these methods; `C.m(..)*` when a
/// call of it may be made again first, any number of times), either `on argument I` when
/// the calls prepare the entry's argument at position I, `fields`, `reflection`.
fn route(harness: &Harness) -> String {
    match harness.route {
        Route::Direct => "direct".to_string(),
        Route::Constructor => "constructor".to_string(),
        Route::Chain => {
            let mut methods: Vec<String> = Vec::new();
            for call in &harness.chain {
                let mut name = method_name(&call.class, &call.method, &call.descriptor);
                if call.repeated.is_some() {
                    name.push('*');
                }
                if !methods.contains(&name) {
                    methods.push(name);
                }
            }
            let on = match harness.chain.iter().find_map(|c| c.prepares()) {
                Some(i) => format!(" on argument {i}"),
                None => String::new(),
            };
            if harness.chain.iter().all(|c| c.when.is_none()) {
                format!("chain{on} {}", methods.join(", "))
            } else {
                let steps = harness.chain.len() / methods.len().max(1);
                format!("sequence ≤{steps}{on} {}", methods.join("|"))
            }
        }
        Route::Fields => "fields".to_string(),
        Route::Reflection => "reflection".to_string(),
    }
}

/// `line:col Kind Class.method(params)` of a site, with its file when the fixture has several.
fn site_name(site: &Site, several_files: bool) -> String {
    let (name, descriptor) = site.method.split_at(site.method.find('(').unwrap_or(0));
    let file = if several_files {
        format!("{}:", site.rel)
    } else {
        String::new()
    };
    let kind = crate::kinds::simple_name(&site.exception);
    let precondition = if site.precondition {
        " precondition"
    } else {
        ""
    };
    let bounded = if site.bounded { " bounded" } else { "" };
    format!(
        "{file}{}:{} {kind}{precondition}{bounded} {}",
        site.line,
        site.col,
        method_name(&site.class, name, descriptor)
    )
}

/// The report that [`check_goals_with`] compares.
fn goals(java: &str, options: &Options) -> String {
    goals_of(&run_with(java, options))
}

/// One line per query of `run`, its crash condition expanded (see the module doc).
fn goals_of(run: &Run) -> String {
    let mut out = String::new();
    for d in &run.diagnostics {
        out.push_str(&format!("diagnostic: {d}\n"));
    }
    for prelude in &run.generated.preludes {
        let harness = &prelude.harness;
        let text = &run.texts[&prelude.id];
        let definitions = definitions(text);
        let entry = &harness.entry;
        let entry_method = format!("{}{}", entry.method, entry.descriptor);
        for q in &prelude.queries {
            let site = &run.generated.sites[&q.site];
            let through = if site.class == entry.class && site.method == entry_method {
                String::new()
            } else {
                format!(
                    " via {}",
                    method_name(&entry.class, &entry.method, &entry.descriptor)
                )
            };
            let mut names = HashMap::new();
            let mut goal = String::new();
            expand(&q.goal, &definitions, harness, &mut names, &mut goal);
            out.push_str(&format!(
                "{}{through} {}: {goal}\n",
                site_name(site, run.files.len() > 1),
                route(harness)
            ));
        }
    }
    out
}

/// The names a prelude binds by `(declare-const N S)` followed by `(assert (= N T))`, with
/// their terms.
fn definitions(text: &str) -> HashMap<&str, &str> {
    let mut out = HashMap::new();
    let lines: Vec<&str> = text.lines().collect();
    for pair in lines.windows(2) {
        let Some(name) = pair[0]
            .strip_prefix("(declare-const ")
            .and_then(|rest| rest.split(' ').next())
        else {
            continue;
        };
        if let Some(term) = pair[1]
            .strip_prefix("(assert (= ")
            .and_then(|rest| rest.strip_prefix(name))
            .and_then(|rest| rest.strip_prefix(' '))
            .and_then(|rest| rest.strip_suffix("))"))
        {
            out.insert(name, term);
        }
    }
    out
}

/// Writes `term` with every defined name expanded, inputs as Java paths, other names
/// renumbered by order of appearance and bit-vector literals in decimal.
fn expand(
    term: &str,
    definitions: &HashMap<&str, &str>,
    harness: &Harness,
    names: &mut HashMap<String, String>,
    out: &mut String,
) {
    let tokens = tokens(term);
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        if t == "(" && tokens.get(i + 1) == Some(&"_") {
            let literal = tokens.get(i + 2).and_then(|v| v.strip_prefix("bv"));
            let width = tokens.get(i + 3).and_then(|w| w.parse::<u32>().ok());
            if let (Some(Ok(value)), Some(width), Some(&")")) =
                (literal.map(str::parse::<u128>), width, tokens.get(i + 4))
            {
                separate(out);
                out.push_str(&signed(value, width));
                i += 5;
                continue;
            }
        }
        match t {
            "(" => {
                separate(out);
                out.push('(');
            }
            ")" => out.push(')'),
            name => match definitions.get(name) {
                Some(definition) => expand(definition, definitions, harness, names, out),
                None => {
                    separate(out);
                    let shown = match harness.symbols.get(name) {
                        Some(path) => match path
                            .strip_prefix("how ")
                            .and_then(|p| p.split_once(" is built"))
                        {
                            Some((input, _)) => format!("how({input})"),
                            None => path.clone(),
                        },
                        None => renamed(name, names),
                    };
                    out.push_str(&shown);
                }
            },
        }
        i += 1;
    }
}

/// A space before the next token unless it opens the output or follows `(`.
fn separate(out: &mut String) {
    if !out.is_empty() && !out.ends_with('(') {
        out.push(' ');
    }
}

/// A fresh name `prefix!N` as `prefix!K`, K its order of appearance; other names as they are.
fn renamed(name: &str, names: &mut HashMap<String, String>) -> String {
    let Some((prefix, counter)) = name.rsplit_once('!') else {
        return name.to_string();
    };
    if counter.is_empty() || !counter.bytes().all(|b| b.is_ascii_digit()) {
        return name.to_string();
    }
    let next = names.len() + 1;
    names
        .entry(name.to_string())
        .or_insert_with(|| format!("{prefix}!{next}"))
        .clone()
}

/// A bit-vector literal as a signed decimal, `:W` after it when the width is not 32.
fn signed(value: u128, width: u32) -> String {
    let v = if width > 0 && width < 128 && value >> (width - 1) & 1 == 1 {
        value as i128 - (1i128 << width)
    } else {
        value as i128
    };
    if width == 32 {
        v.to_string()
    } else {
        format!("{v}:{width}")
    }
}

/// The tokens of an SMT-LIB term: parentheses, `|quoted|` symbols and other atoms.
fn tokens(term: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = term.trim_start();
    while let Some(c) = rest.chars().next() {
        let len = match c {
            '(' | ')' => 1,
            '|' => rest[1..].find('|').map_or(rest.len(), |end| end + 2),
            _ => rest
                .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
                .unwrap_or(rest.len()),
        };
        out.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    out
}

/// The report that [`check_sites`] compares.
pub(crate) fn sites(java: &str) -> String {
    sites_with(java, &Options::default())
}

/// The report that [`check_sites_with`] compares.
pub(crate) fn sites_with(java: &str, options: &Options) -> String {
    sites_of(&run_with(java, options))
}

/// The crash sites of `run`, one line each with its verdict (see [`sites_with`]).
fn sites_of(run: &Run) -> String {
    let generated = &run.generated;
    let mut out = String::new();
    for d in &run.diagnostics {
        out.push_str(&format!("diagnostic: {d}\n"));
    }
    let mut verdicts: BTreeMap<&str, Vec<Asked>> = BTreeMap::new();
    for prelude in &generated.preludes {
        let harness = &prelude.harness;
        let route = route(harness);
        let entry = &harness.entry;
        let entry_method = format!("{}{}", entry.method, entry.descriptor);
        for q in &prelude.queries {
            let site = &generated.sites[&q.site];
            let through = (site.class != entry.class || site.method != entry_method)
                .then(|| method_name(&entry.class, &entry.method, &entry.descriptor));
            let entries = verdicts.entry(q.site.as_str()).or_default();
            let routes = match entries.iter().position(|(e, _)| *e == through) {
                Some(i) => &mut entries[i].1,
                None => {
                    entries.push((through, Vec::new()));
                    &mut entries.last_mut().expect("just pushed").1
                }
            };
            if !routes.contains(&route) {
                routes.push(route.clone());
            }
        }
    }
    let mut sites: Vec<&Site> = generated.sites.values().collect();
    sites.sort_by(|a, b| (&a.rel, a.line, a.col, &a.id).cmp(&(&b.rel, b.line, b.col, &b.id)));
    for site in sites {
        let verdict = match verdicts.get(site.id.as_str()) {
            Some(entries) => entries
                .iter()
                .map(|(through, routes)| match through {
                    Some(entry) => format!("via {entry}: {}", routes.join(", ")),
                    None => routes.join(", "),
                })
                .collect::<Vec<_>>()
                .join("; "),
            None => "dropped".to_string(),
        };
        out.push_str(&format!(
            "{}: {verdict}\n",
            site_name(site, run.files.len() > 1)
        ));
    }
    for partial in &generated.partial {
        let (name, descriptor) = partial
            .method
            .split_at(partial.method.find('(').unwrap_or(0));
        out.push_str(&format!(
            "analysed in part: {}\n",
            method_name(&partial.class, name, descriptor)
        ));
    }
    out
}

/// An entry that asks for a site (`None` for the site's own method) with its routes, in
/// the order the solver tries them.
type Asked = (Option<String>, Vec<String>);

/// `Class.method(params)` with simple type names, e.g. `A.get(int[], String)`.
fn method_name(class: &str, method: &str, descriptor: &str) -> String {
    let params: Vec<String> = frontend::descriptor_params(descriptor)
        .iter()
        .map(simple_type)
        .collect();
    format!("{}.{method}({})", simple_class(class), params.join(", "))
}

/// A type as Java source writes it, without its package: `String`, `A.Inner[]`.
fn simple_type(ty: &Type) -> String {
    match ty {
        Type::Array(e) => format!("{}[]", simple_type(e)),
        Type::Class { name, .. } => simple_class(name),
        other => other.java_name(),
    }
}

/// A binary class name without its package, nested classes joined by dots.
fn simple_class(name: &str) -> String {
    name.rsplit('.').next().unwrap_or(name).replace('$', ".")
}

/// The files of a fixture as `(path, text)`, indentation removed.
pub(crate) fn fixture(java: &str) -> Vec<(String, String)> {
    let text = trim_indent(java);
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        match line.strip_prefix("//- ") {
            Some(path) => files.push((path.trim().to_string(), String::new())),
            None => {
                if files.is_empty() {
                    files.push(("/A.java".to_string(), String::new()));
                }
                let current = &mut files.last_mut().expect("a file was pushed").1;
                current.push_str(line);
                current.push('\n');
            }
        }
    }
    files
}

/// The text without its first line when that is empty, and without the indentation
/// common to its non-empty lines.
fn trim_indent(text: &str) -> String {
    let text = text.strip_prefix('\n').unwrap_or(text);
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn fixture_splits_files_and_trims_indent() {
    let files = fixture(
        r#"
        //- /p/A.java
        package p;
          class A {}
        //- /p/B.java
        package p;
        "#,
    );
    expect_test::expect![[r#"
        [
            (
                "/p/A.java",
                "package p;\n  class A {}\n",
            ),
            (
                "/p/B.java",
                "package p;\n",
            ),
        ]
    "#]]
    .assert_debug_eq(&files);
}
