//! Writes JUnit 4 tests from counterexamples: one test method per model.
//!
//! Each test builds its inputs the way a caller would (constructors,
//! literals, `valueOf`) and calls the method under test; a comment names the
//! crash site it targets. Tests live in the package of the class under test so
//! that package-private members are reachable, in classes named
//! `<Class>_DsdTest`, and `tests/index.json` maps every test to its site.
//! What a test may name in source is decided by [`access`], and values are
//! written so that javac accepts them in any project by [`render`].

mod access;
mod helpers;
pub mod index;
mod render;

pub use index::{TestCase, TestIndex};

use access::Access;
use frontend::ir::{Program, Type};
use render::{Helper, Writer};
use solver::{Cex, Model, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;
use std::path::Path;

/// Counts reported by the testgen stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct TestgenSummary {
    /// Test methods written.
    pub tests: usize,
    /// Test classes written.
    pub classes: usize,
}

/// An error that stops the testgen stage.
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Reads `tests/index.json` from a work directory.
pub fn read_index(work_dir: &Path) -> Result<TestIndex, Error> {
    let path = work_dir.join("tests").join("index.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd testgen` first", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}

/// One test method before it is placed in its class.
struct Planned {
    method: String,
    site: String,
    site_label: String,
    body: Vec<String>,
    helpers: BTreeSet<Helper>,
    inputs: Vec<String>,
    null_input: bool,
    reflection: bool,
    observed: bool,
    route: vcgen::Route,
}

/// Reads `ir/` and `cex/` and writes `tests/` in `work_dir`.
pub fn testgen_stage(work_dir: &Path) -> Result<TestgenSummary, Error> {
    let program = frontend::read_program(work_dir).map_err(|e| Error(e.to_string()))?;
    let cexes = solver::read_cexes(work_dir).map_err(|e| Error(e.to_string()))?;
    let dir = work_dir.join("tests");
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| Error(format!("cannot clear {}: {e}", dir.display())))?;
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error(format!("cannot create {}: {e}", dir.display())))?;
    let mut classes: BTreeMap<String, Vec<Planned>> = BTreeMap::new();
    let mut views: HashMap<&str, Access> = HashMap::new();
    for cex in &cexes {
        let package = access::package_of(&cex.entry.class);
        let access = views
            .entry(package)
            .or_insert_with(|| Access::new(&program, package));
        for model in &cex.models {
            let planned = plan_test(access, &program, cex, model);
            let class = test_class_name(&cex.entry.class);
            classes.entry(class).or_default().push(planned);
        }
    }
    let mut index = TestIndex::default();
    for (class, tests) in &classes {
        let (text, cases) = render_class(class, tests);
        let rel = format!("tests/{}.java", class.replace('.', "/"));
        let path = work_dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error(format!("cannot create {}: {e}", parent.display())))?;
        }
        frontend::files::write_atomic(&path, text)
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))?;
        for (method, line, t) in cases {
            index.tests.push(TestCase {
                class: class.clone(),
                method,
                file: rel.clone(),
                line,
                site: t.site.clone(),
                inputs: t.inputs.clone(),
                null_input: t.null_input,
                reflection: t.reflection,
                observed: t.observed,
                route: t.route,
            });
        }
    }
    let json = serde_json::to_string_pretty(&index).map_err(|e| Error(e.to_string()))?;
    frontend::files::write_atomic(&dir.join("index.json"), json)
        .map_err(|e| Error(format!("cannot write the test index: {e}")))?;
    Ok(TestgenSummary {
        tests: index.tests.len(),
        classes: classes.len(),
    })
}

/// The test class for tests of `class`: same package, nested names joined by `_`.
fn test_class_name(class: &str) -> String {
    format!("{}_DsdTest", class.replace('$', "_"))
}

fn plan_test(access: &Access, program: &Program, cex: &Cex, model: &Model) -> Planned {
    let entry = &cex.entry;
    let declaring = program.classes.iter().find(|c| c.name == entry.class);
    let method = declaring.and_then(|c| c.method(&entry.method, &entry.descriptor));
    let param_names: Vec<String> = match method {
        Some(m) => m.params().iter().map(|p| p.name.clone()).collect(),
        None => (0..entry.params.len()).map(|i| format!("arg{i}")).collect(),
    };
    let simple = entry
        .class
        .rsplit(['.', '$'])
        .next()
        .unwrap_or(&entry.class)
        .to_string();
    let values = model
        .statics
        .iter()
        .map(|f| &f.value)
        .chain(model.receiver.iter())
        .chain(model.fields.iter().map(|f| &f.value))
        .chain(model.chain.iter().flatten())
        .chain(model.args.iter());
    let mut w = Writer::new(access, values);
    let mut inputs = Vec::new();
    for f in &model.statics {
        let v = w.set_field(None, f);
        let owner = f.class.rsplit(['.', '$']).next().unwrap_or(&f.class);
        inputs.push(format!("{owner}.{} = {v}", f.name));
    }
    let receiver = model.receiver.as_ref().map(|r| {
        let e = w.value(r, &Type::class(&entry.class));
        let used_first = !model.chain.is_empty() || !model.fields.is_empty();
        let e = if !used_first || is_identifier(&e.text) {
            e
        } else {
            w.local("receiver", &e.ty.clone(), &e)
        };
        inputs.push(format!("receiver = {}", e.text));
        e
    });
    if let Some(target) = &receiver {
        for f in &model.fields {
            let v = w.set_field(Some(target), f);
            inputs.push(format!("receiver.{} = {v}", f.name));
        }
    }
    for (call, args) in cex.chain.iter().zip(&model.chain) {
        let params = frontend::descriptor_params(&call.descriptor);
        let args = w.arguments(args, &params);
        let target = receiver.as_ref().filter(|_| !call.is_static);
        let e = w.call(
            target,
            &call.class,
            &call.method,
            &call.descriptor,
            &args,
            false,
        );
        inputs.push(format!("first {}", e.text));
        w.stmts.push(format!("{};", e.text));
    }
    let params = frontend::descriptor_params(&entry.descriptor);
    let mut args = Vec::new();
    for (i, (v, ty)) in model.args.iter().zip(&params).enumerate() {
        let text = w.argument(v, ty);
        let name = param_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("arg{i}"));
        inputs.push(format!("{name} = {text}"));
        args.push(text);
    }
    let call = if entry.method == "<init>" {
        w.construct(&entry.class, &params, None, &args, false)
    } else if entry.is_static {
        w.call(
            None,
            &entry.class,
            &entry.method,
            &entry.descriptor,
            &args,
            false,
        )
    } else {
        let target = receiver.unwrap_or_else(|| w.construct(&entry.class, &[], None, &[], true));
        w.call(
            Some(&target),
            &entry.class,
            &entry.method,
            &entry.descriptor,
            &args,
            false,
        )
    };
    w.stmts.push(format!("{};", call.text));
    inputs.extend(w.assignments.iter().cloned());
    // A `null` the test assigns to a public field is as much the caller's choice as one it
    // passes.
    let public_fields = model.fields.iter().chain(model.statics.iter());
    let null_input = model
        .receiver
        .iter()
        .chain(model.args.iter())
        .chain(model.chain.iter().flatten())
        .chain(public_fields.map(|f| &f.value))
        .any(Value::has_null);
    let site_label = cex.site.split('@').next().unwrap_or(&cex.site).to_string();
    let method_name = if entry.method == "<init>" {
        format!("new{simple}")
    } else {
        entry.method.clone()
    };
    let (line, kind) = site_line_and_kind(&site_label);
    Planned {
        method: sanitize(&format!("{method_name}_line{line}_{kind}")),
        site: cex.site.clone(),
        site_label,
        reflection: cex.route == vcgen::Route::Reflection || w.forced,
        body: w.stmts,
        helpers: w.helpers,
        inputs,
        null_input,
        observed: cex.observed,
        route: cex.route,
    }
}

/// True for a plain Java identifier (a local the writer declared).
fn is_identifier(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

fn site_line_and_kind(label: &str) -> (String, String) {
    let parts: Vec<&str> = label.rsplitn(4, ':').collect();
    match parts.as_slice() {
        [kind, _col, line, _file] => (line.to_string(), kind.to_string()),
        _ => ("0".into(), "Crash".into()),
    }
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The source of a test class and, per test, its method name and declaration line.
fn render_class<'t>(
    class: &str,
    tests: &'t [Planned],
) -> (String, Vec<(String, u32, &'t Planned)>) {
    let (package, simple) = class.rsplit_once('.').unwrap_or(("", class));
    let mut out = String::new();
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};\n");
    }
    let _ = writeln!(
        out,
        "/** Generated by dsd: each test reproduces one crash site. */"
    );
    let _ = writeln!(out, "@SuppressWarnings({{\"unchecked\", \"rawtypes\"}})");
    let _ = writeln!(out, "public class {simple} {{");
    let mut used: BTreeMap<String, u32> = BTreeMap::new();
    let mut cases = Vec::new();
    for t in tests {
        let n = used.entry(t.method.clone()).or_insert(0);
        *n += 1;
        let name = format!("{}_{}", t.method, n);
        let _ = writeln!(out);
        let _ = writeln!(out, "    /** Crash site {}. */", t.site_label);
        let _ = writeln!(out, "    @org.junit.Test");
        let line = out.lines().count() as u32 + 1;
        let _ = writeln!(out, "    public void {name}() throws Throwable {{");
        for stmt in &t.body {
            let _ = writeln!(out, "        {stmt}");
        }
        let _ = writeln!(out, "    }}");
        cases.push((name, line, t));
    }
    let needed: BTreeSet<Helper> = tests
        .iter()
        .flat_map(|t| t.helpers.iter().copied())
        .collect();
    for helper in needed {
        out.push_str(helpers::source(helper));
    }
    let _ = writeln!(out, "}}");
    (out, cases)
}
