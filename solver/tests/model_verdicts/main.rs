//! What the JDK model lets a formula conclude, decided by Z3 without a JVM: Java in, each
//! crash site's answer per harness out (`sat` when some inputs of that harness crash it).

use std::collections::BTreeMap;

mod arrays;
mod classes;
mod maps;
mod numbers;
mod sequences;
mod setup;
mod streams;

/// Every query of `java` (one file at `path`), one line each in the order vcgen wrote them:
/// `line:col:Kind@method(descriptor) route: answer`, and `, whole: answer` for a harness
/// that prefers inputs whose set-up ran whole, `, kept: answer` for one that prefers reads of
/// the elements of a filled table the formula knows.
fn verdicts(path: &str, java: &str) -> String {
    verdicts_with(path, java, &vcgen::Options::default())
}

/// As [`verdicts`], with vcgen's `options`.
fn verdicts_with(path: &str, java: &str, options: &vcgen::Options) -> String {
    let (program, _) = frontend::parse_sources(&[(path, java)]);
    let mut texts = BTreeMap::new();
    let mut sink = |id: &str, text: &str| {
        texts.insert(id.to_string(), text.to_string());
        Ok::<(), vcgen::Error>(())
    };
    let generated = vcgen::generate(&program, options, None, &mut sink, &|_, _| {})
        .unwrap_or_else(|e| panic!("vcgen failed: {e}"));
    let mut out = String::new();
    for prelude in &generated.preludes {
        for q in &prelude.queries {
            let solver = z3::Solver::new();
            solver.from_string(format!("{}\n(assert {})", texts[&prelude.id], q.goal));
            let answer = match solver.check() {
                z3::SatResult::Sat => "sat",
                z3::SatResult::Unsat => "unsat",
                z3::SatResult::Unknown => "unknown",
            };
            // `path:line:col:Kind@class.method(descriptor)`: keep `line:col:Kind@method`.
            let site = q.site.strip_prefix(path).unwrap_or(&q.site);
            let (at, method) = site.split_once('@').unwrap_or((site, ""));
            let method = method.rsplit('.').next().unwrap_or(method);
            let route = format!("{:?}", prelude.harness.route).to_lowercase();
            // A sequence's calls each carry the choice that makes them: name its methods once.
            let calls = &prelude.harness.chain;
            let sequence = calls.iter().any(|c| c.when.is_some());
            let on = match calls.iter().find_map(|c| c.prepares()) {
                Some(i) => format!(" on argument {i}"),
                None => String::new(),
            };
            // `m*`: a call of `m` may be made again first, any number of times.
            let mut methods: Vec<String> = calls
                .iter()
                .map(|c| match c.repeated {
                    Some(_) => format!("{}*", c.method),
                    None => c.method.clone(),
                })
                .collect();
            methods.sort_unstable();
            methods.dedup();
            let route = match (sequence, methods.is_empty()) {
                (true, _) => format!("sequence{on} {}", methods.join("|")),
                (false, true) => route,
                (false, false) => format!("{route}{on} {}", methods.join(",")),
            };
            // With the preference for inputs whose set-up ran whole, or that read only the
            // elements of a filled table the formula knows, whether it can hold too.
            let mut preferred = String::new();
            for (preference, name) in [("pref!whole", "whole"), ("pref!kept", "kept")] {
                if !prelude.harness.preferences.iter().any(|p| p == preference) {
                    continue;
                }
                solver.push();
                solver.assert(z3::ast::Bool::new_const(preference));
                let answer = match solver.check() {
                    z3::SatResult::Sat => "sat",
                    z3::SatResult::Unsat => "unsat",
                    z3::SatResult::Unknown => "unknown",
                };
                solver.pop(1);
                preferred.push_str(&format!(", {name}: {answer}"));
            }
            out.push_str(&format!(
                "{}@{method} {route}: {answer}{preferred}\n",
                at.trim_start_matches(':')
            ));
        }
    }
    out
}
