//! Data-driven tests of vcgen: a Java snippet in, its crash sites and their verdicts out.
//!
//! Each test is a small fixture and the expected output as text (`expect![[…]]`);
//! `UPDATE_EXPECT=1 cargo test -p vcgen` rewrites the expectations after a deliberate
//! change. Tests go through [`check_sites`] only, never through vcgen's internals, so the
//! internals can be rewritten freely. Nothing here needs javac, a JVM or Z3.
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
//! precondition (a note, not an error), then the verdict reached without a solver: the
//! harnesses whose query asks for the site, in the order the solver tries them
//! (`direct`, `constructor`, `chain` with the call made first, `reflection`; `via` names
//! an entry that is not the site's own method, and `;` separates entries), or `dropped`
//! when no entry asks (its goal folded to `false`). A site whose exception is caught, or whose check folded
//! to `false` before it was recorded, is not printed at all. Parse diagnostics come
//! first, one `diagnostic:` line each.

mod calls;
mod entries;
mod flow;
mod folding;
mod kinds;

use crate::{generate, Error, Options, Route, Site};
use expect_test::Expect;
use frontend::ir::Type;
use std::collections::BTreeMap;

/// Checks the crash sites vcgen finds in a fixture, with their verdicts.
#[track_caller]
pub(crate) fn check_sites(java: &str, expect: Expect) {
    expect.assert_eq(&sites(java));
}

/// The report that [`check_sites`] compares.
fn sites(java: &str) -> String {
    let files = fixture(java);
    let sources: Vec<(&str, &str)> = files
        .iter()
        .map(|(path, text)| (path.as_str(), text.as_str()))
        .collect();
    let (program, summary) = frontend::parse_sources(&sources);
    let mut out = String::new();
    for d in &summary.diagnostics {
        out.push_str(&format!("diagnostic: {d}\n"));
    }
    let mut sink = |_: &str, _: &str| Ok::<(), Error>(());
    let generated = generate(&program, &Options::default(), None, &mut sink)
        .unwrap_or_else(|e| panic!("vcgen failed: {e}"));
    let mut verdicts: BTreeMap<&str, Vec<Asked>> = BTreeMap::new();
    for prelude in &generated.preludes {
        let harness = &prelude.harness;
        let route = match harness.route {
            Route::Direct => "direct".to_string(),
            Route::Constructor => "constructor".to_string(),
            Route::Chain => match harness.chain.first() {
                Some(call) => format!(
                    "chain {}",
                    method_name(&call.class, &call.method, &call.descriptor)
                ),
                None => "chain".to_string(),
            },
            Route::Reflection => "reflection".to_string(),
        };
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
    let several_files = files.len() > 1;
    for site in sites {
        let (name, descriptor) = site.method.split_at(site.method.find('(').unwrap_or(0));
        let file = if several_files {
            format!("{}:", site.rel)
        } else {
            String::new()
        };
        let kind = site.exception.rsplit('.').next().unwrap_or(&site.exception);
        let precondition = if site.precondition {
            " precondition"
        } else {
            ""
        };
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
            "{file}{}:{} {kind}{precondition} {}: {verdict}\n",
            site.line,
            site.col,
            method_name(&site.class, name, descriptor)
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
fn fixture(java: &str) -> Vec<(String, String)> {
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
