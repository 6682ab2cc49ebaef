//! Writes JUnit 4 tests from counterexamples: one test method per model.
//!
//! Each test builds its inputs the way a caller would (constructors,
//! literals, `valueOf`) and calls the method under test; a comment names the
//! crash site it targets. Tests live in the package of the class under test so
//! that package-private members are reachable, in classes named
//! `<Class>_DsdTest`, and `tests/index.json` maps every test to its site.

pub mod index;
mod render;

pub use index::{TestCase, TestIndex};

use frontend::ir::{Program, Type};
use solver::{Cex, Model, Value};
use std::collections::BTreeMap;
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
    for cex in &cexes {
        for model in &cex.models {
            let planned = plan_test(&program, cex, model);
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
        std::fs::write(&path, text)
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
    std::fs::write(dir.join("index.json"), json)
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

fn plan_test(program: &Program, cex: &Cex, model: &Model) -> Planned {
    let entry = &cex.entry;
    let package = entry.class.rsplit_once('.').map(|(p, _)| p).unwrap_or("");
    let declaring = program.classes.iter().find(|c| c.name == entry.class);
    let method = declaring.and_then(|c| c.method(&entry.method, &entry.descriptor));
    let param_names: Vec<String> = match method {
        Some(m) => m.params().iter().map(|p| p.name.clone()).collect(),
        None => (0..entry.params.len()).map(|i| format!("arg{i}")).collect(),
    };
    let class_java = render::Ctx {
        package,
        names: &[],
    }
    .class(&entry.class);
    let simple = class_java
        .rsplit('.')
        .next()
        .unwrap_or(&class_java)
        .to_string();
    let aliased = aliased_inputs(model);
    let mut names: Vec<String> = Vec::new();
    let mut body = Vec::new();
    let mut inputs = Vec::new();
    for f in &model.statics {
        let cx = render::Ctx {
            package,
            names: &names,
        };
        let expr = render::value(&f.value, &f.ty, &cx);
        inputs.push(format!("{}.{} = {expr}", cx.class(&f.class), f.name));
        body.push(format!(
            "set(null, {}.class, \"{}\", {expr});",
            cx.class(&f.class),
            f.name
        ));
    }
    let receiver_expr = model.receiver.as_ref().map(|r| {
        let cx = render::Ctx {
            package,
            names: &names,
        };
        let expr = render::value(r, &Type::class(&entry.class), &cx);
        if let Value::Reflect { class, fields } = r {
            body.push(format!(
                "{class_java} receiver = allocate({}.class);",
                cx.class(class)
            ));
            for f in fields {
                let v = render::value(&f.value, &f.ty, &cx);
                inputs.push(format!("receiver.{} = {v}", f.name));
                body.push(format!(
                    "set(receiver, {}.class, \"{}\", {v});",
                    cx.class(&f.class),
                    f.name
                ));
            }
            return "receiver".to_string();
        }
        inputs.push(format!("receiver = {expr}"));
        if aliased.contains(&0) || !model.chain.is_empty() {
            body.push(format!("{class_java} receiver = {expr};"));
            "receiver".to_string()
        } else {
            expr
        }
    });
    names.push(receiver_expr.clone().unwrap_or_default());
    for (call, args) in cex.chain.iter().zip(&model.chain) {
        let cx = render::Ctx {
            package,
            names: &names,
        };
        let rendered = render::arguments(args, &call.descriptor, &cx);
        let target = if call.is_static {
            cx.class(&call.class)
        } else {
            receiver_expr.clone().unwrap_or_default()
        };
        let text = format!("{target}.{}({rendered});", call.method);
        inputs.push(format!("first {}", text.trim_end_matches(';')));
        body.push(text);
    }
    let mut args = Vec::new();
    for (i, (v, ty)) in model.args.iter().zip(&entry.params).enumerate() {
        let cx = render::Ctx {
            package,
            names: &names,
        };
        let expr = render::value(v, ty, &cx);
        let name = param_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("arg{i}"));
        inputs.push(format!("{name} = {expr}"));
        if aliased.contains(&(i + 1)) {
            body.push(format!("{} {name} = {expr};", cx.ty(ty)));
            names.push(name.clone());
            args.push(name);
        } else {
            names.push(expr.clone());
            args.push(expr);
        }
    }
    let call = if entry.method == "<init>" {
        format!("new {class_java}({});", args.join(", "))
    } else if entry.is_static {
        format!("{class_java}.{}({});", entry.method, args.join(", "))
    } else {
        format!(
            "{}.{}({});",
            receiver_expr.unwrap_or_else(|| format!("new {class_java}()")),
            entry.method,
            args.join(", ")
        )
    };
    body.push(call);
    let null_input = model
        .receiver
        .iter()
        .chain(model.args.iter())
        .chain(model.chain.iter().flatten())
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
        body,
        inputs,
        null_input,
        reflection: cex.route == vcgen::Route::Reflection,
        observed: cex.observed,
        route: cex.route,
    }
}

/// Indices of inputs that a later input aliases (so they need a local variable).
fn aliased_inputs(model: &Model) -> Vec<usize> {
    let mut out = Vec::new();
    for v in model.args.iter().chain(model.receiver.iter()) {
        if let Value::Alias { input } = v {
            out.push(*input);
        }
    }
    out
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

/// Helpers for tests that must force private state: no public route reaches it.
const REFLECTION_HELPERS: &str = r#"
    /** Creates an object without running a constructor (dsd found no public route to the state). */
    private static <T> T allocate(Class<T> type) throws Exception {
        java.lang.reflect.Field field = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        field.setAccessible(true);
        Object unsafe = field.get(null);
        return type.cast(unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, type));
    }

    /** Sets a (possibly private) field by reflection. */
    private static void set(Object target, Class<?> owner, String name, Object value) throws Exception {
        java.lang.reflect.Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        field.set(target, value);
    }
"#;

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
    let _ = writeln!(out, "import org.junit.Test;\n");
    let _ = writeln!(
        out,
        "/** Generated by dsd: each test reproduces one crash site. */"
    );
    let _ = writeln!(out, "public class {simple} {{");
    let mut used: BTreeMap<String, u32> = BTreeMap::new();
    let mut cases = Vec::new();
    for t in tests {
        let n = used.entry(t.method.clone()).or_insert(0);
        *n += 1;
        let name = format!("{}_{}", t.method, n);
        let _ = writeln!(out);
        let _ = writeln!(out, "    /** Crash site {}. */", t.site_label);
        let _ = writeln!(out, "    @Test");
        let line = out.lines().count() as u32 + 1;
        let _ = writeln!(out, "    public void {name}() throws Throwable {{");
        for stmt in &t.body {
            let _ = writeln!(out, "        {stmt}");
        }
        let _ = writeln!(out, "    }}");
        cases.push((name, line, t));
    }
    if tests.iter().any(|t| t.reflection) {
        out.push_str(REFLECTION_HELPERS);
    }
    let _ = writeln!(out, "}}");
    (out, cases)
}
