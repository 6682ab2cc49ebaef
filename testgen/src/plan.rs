//! One test planned from one model: the statements that build its inputs and the call
//! that should crash, before they are placed in a test class. Both the work directory's
//! tests and the tests `--emit-tests` keeps in the project are written from plans.

use crate::access::{self, Access};
use crate::render::{Expr, Helper, HelperHome, Writer};
use frontend::ir::{Program, Type};
use solver::{Cex, Model, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// One test method before it is placed in its class.
pub struct Planned {
    /// Binary name of the class whose method the test calls.
    pub entry_class: String,
    /// The method the test calls, as a name part: `average`, or `newStock` for a constructor.
    pub method: String,
    /// Id of the crash site the test targets.
    pub site: String,
    /// The site id without its method: `p/Stock.java:31:16:ArithmeticException`.
    pub site_label: String,
    /// Statements that build the inputs, in order.
    pub setup: Vec<String>,
    /// The call that should crash, without its `;`: a method call or a class instance
    /// creation, so that it is a statement and a lambda body.
    pub call: String,
    /// Reflection helpers the statements call.
    pub helpers: BTreeSet<Helper>,
    /// The inputs, one readable line each (`x = -1`, `receiver = new Stock(0)`).
    pub inputs: Vec<String>,
    /// The inputs a caller chooses, by name: the arguments under their parameters' names,
    /// then the public fields assigned, under the fields' names.
    pub named: Vec<(String, Value)>,
    /// True when a `null` is passed straight into a call of the test.
    pub null_input: bool,
    /// True when the test had to set private state by reflection.
    pub reflection: bool,
    /// True when the entry's precondition was observed in the project's tests.
    pub observed: bool,
    /// How the test reaches the state of the call.
    pub route: vcgen::Route,
    /// What the entry's contract says of the inputs.
    pub contract: crate::InputContract,
}

impl Planned {
    /// The name of the work directory's test, before it is numbered in its class:
    /// `average_line31_ArithmeticException`.
    pub fn work_name(&self) -> String {
        let (line, kind) = site_line_and_kind(&self.site_label);
        sanitize(&format!("{}_line{line}_{kind}", self.method))
    }
}

/// The work directory's test class for tests of `class`: same package, nested names
/// joined by `_`.
pub fn test_class_name(class: &str) -> String {
    format!("{}_DsdTest", class.replace('$', "_"))
}

/// Plans a test for every model of `cexes` whose test class `wanted` accepts, grouped by
/// work-directory test class in the order the tests are written; helpers are called in
/// `home`.
pub fn plan_classes(
    program: &Program,
    cexes: &[Cex],
    home: HelperHome,
    wanted: impl Fn(&str) -> bool,
) -> BTreeMap<String, Vec<Planned>> {
    let mut classes: BTreeMap<String, Vec<Planned>> = BTreeMap::new();
    let mut views: HashMap<&str, Access> = HashMap::new();
    for cex in cexes {
        let class = test_class_name(&cex.entry.class);
        if !wanted(&class) {
            continue;
        }
        let package = access::package_of(&cex.entry.class);
        let access = views
            .entry(package)
            .or_insert_with(|| Access::new(program, package));
        for model in &cex.models {
            let planned = plan_test(access, home, program, cex, model);
            classes.entry(class.clone()).or_default().push(planned);
        }
    }
    classes
}

/// The names of a class's tests in the work directory: each test's [`Planned::work_name`]
/// numbered from 1 among the tests of that name.
pub fn numbered(tests: &[Planned]) -> Vec<String> {
    let mut used: BTreeMap<String, u32> = BTreeMap::new();
    tests
        .iter()
        .map(|t| {
            let base = t.work_name();
            let n = used.entry(base.clone()).or_insert(0);
            *n += 1;
            format!("{base}_{n}")
        })
        .collect()
}

fn plan_test(
    access: &Access,
    home: HelperHome,
    program: &Program,
    cex: &Cex,
    model: &Model,
) -> Planned {
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
    let mut w = Writer::new(access, home, model.values());
    let mut inputs = Vec::new();
    for f in &model.statics {
        let v = w.set_field(None, f);
        let owner = f.class.rsplit(['.', '$']).next().unwrap_or(&f.class);
        inputs.push(format!("{owner}.{} = {v}", f.name));
    }
    let receiver = model.receiver.as_ref().map(|r| {
        let e = w.value(r, &Type::class(&entry.class));
        inputs.push(format!("receiver = {}", e.text));
        let used_first = !model.chain.is_empty() || !model.fields.is_empty();
        if !used_first || is_identifier(&e.text) {
            e
        } else {
            w.local("receiver", &e.ty.clone(), &e)
        }
    });
    if let Some(target) = &receiver {
        for f in &model.fields {
            let v = w.set_field(Some(target), f);
            inputs.push(format!("receiver.{} = {v}", f.name));
        }
    }
    let params = frontend::descriptor_params(&entry.descriptor);
    // An argument prepared by calls is built into a local first, named after its parameter.
    let mut prepared: BTreeMap<usize, Expr> = BTreeMap::new();
    for i in cex.chain.iter().filter_map(|call| call.prepares()) {
        let (Some(v), Some(ty)) = (model.args.get(i), params.get(i)) else {
            continue;
        };
        if prepared.contains_key(&i) {
            continue;
        }
        let name = param_name(&param_names, i);
        let (local, built) = w.held(v, ty, &name);
        inputs.push(format!("{name} = {built}"));
        prepared.insert(i, local);
    }
    let made = cex.chain.iter().zip(&model.chain).enumerate();
    for (i, (call, args)) in made.filter(|(i, _)| model.makes(*i)) {
        let params = frontend::descriptor_params(&call.descriptor);
        let args = w.arguments(args, &params);
        let target = match call.on {
            Some(i) => prepared.get(&i),
            None => receiver.as_ref().filter(|_| !call.is_static),
        };
        let e = w.call(
            target,
            &call.class,
            &call.method,
            &call.descriptor,
            &args,
            false,
        );
        let times = model.times(i);
        match times {
            1 => inputs.push(format!("first {}", e.text)),
            n => inputs.push(format!("first {} ({n} times)", e.text)),
        }
        w.repeat(times, format!("{};", e.text));
    }
    let mut args = Vec::new();
    let mut named = Vec::new();
    for (i, (v, ty)) in model.args.iter().zip(&params).enumerate() {
        let name = param_name(&param_names, i);
        let text = match prepared.get(&i) {
            Some(local) => local.text.clone(),
            None => {
                let text = w.argument(v, ty);
                inputs.push(format!("{name} = {text}"));
                text
            }
        };
        named.push((name, v.clone()));
        args.push(text);
    }
    named.extend(
        model
            .fields
            .iter()
            .chain(&model.statics)
            .map(|f| (f.name.clone(), f.value.clone())),
    );
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
    inputs.extend(w.assignments.iter().cloned());
    // A `null` the test assigns to a public field is as much the caller's choice as one it
    // passes; one the documentation says an argument may be is a real input.
    let null_from = crate::nullable::nullable_producer(program, model);
    let null_input = model.undocumented_null(&cex.null_safe) || null_from.is_some();
    let contract = crate::InputContract {
        broken: model.broken.clone(),
        internal: cex
            .internal
            .clone()
            .or_else(|| cex.internal_receiver.clone()),
        null_from,
        documented_null: model.documented_null(&cex.null_safe).cloned(),
    };
    let site_label = cex.site.split('@').next().unwrap_or(&cex.site).to_string();
    let method_name = if entry.method == "<init>" {
        format!("new{simple}")
    } else {
        entry.method.clone()
    };
    Planned {
        entry_class: entry.class.clone(),
        method: method_name,
        site: cex.site.clone(),
        site_label,
        reflection: cex.route == vcgen::Route::Reflection || w.forced,
        setup: w.stmts,
        call: call.text,
        helpers: w.helpers,
        inputs,
        named,
        null_input,
        observed: cex.observed,
        route: cex.route,
        contract,
    }
}

/// The name of the entry's parameter at position `i`, `argI` when the source does not say.
fn param_name(names: &[String], i: usize) -> String {
    names.get(i).cloned().unwrap_or_else(|| format!("arg{i}"))
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

/// `name` with every character Java does not allow in an identifier made `_`.
pub fn sanitize(name: &str) -> String {
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
