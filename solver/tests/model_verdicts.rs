//! What the JDK model lets a formula conclude, decided by Z3 without a JVM: Java in, each
//! crash site's answer per harness out (`sat` when some inputs of that harness crash it).

use expect_test::expect;
use std::collections::BTreeMap;

/// Every query of `java` (one file at `path`), one line each in the order vcgen wrote them:
/// `line:col:Kind@method(descriptor) route: answer`.
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
            let mut methods: Vec<&str> = calls.iter().map(|c| c.method.as_str()).collect();
            methods.sort_unstable();
            methods.dedup();
            let route = match (sequence, methods.is_empty()) {
                (true, _) => format!("sequence {}", methods.join("|")),
                (false, true) => route,
                (false, false) => format!("{route} {}", methods.join(",")),
            };
            out.push_str(&format!(
                "{}@{method} {route}: {answer}\n",
                at.trim_start_matches(':')
            ));
        }
    }
    out
}

/// A list the model knows two elements of holds null beyond them only when a null may have
/// gone in: the names the constructor adds, and `add` calls that refuse null, leave the loop
/// no null to call `length()` on; `put`, which lets null in, does. Before, every element
/// past the second was any object, null included, and a test built that way was refuted.
#[test]
fn a_list_holds_null_only_when_a_null_may_have_gone_in() {
    let java = r#"
package p;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

public class Names {
    private final List<String> names = new ArrayList<>();
    private final List<String> queue = new LinkedList<>();

    public Names() {
        names.add("a");
        names.add("b");
        names.add("c");
        queue.add("d");
    }

    public void add(String name) {
        if (name == null) {
            throw new IllegalArgumentException();
        }
        names.add(name);
        queue.add(name);
    }

    public void put(String name) {
        names.add(name);
        queue.add(name);
    }

    public int total() {
        int n = 0;
        for (String s : names) {
            n += s.length();
        }
        return n;
    }

    public int last() {
        return queue.get(queue.size() - 1).length();
    }
}
"#;
    expect![[r#"
        23:9:NullPointerException@add(Ljava/lang/String;)V reflection: sat
        24:9:NullPointerException@add(Ljava/lang/String;)V reflection: sat
        28:9:NullPointerException@put(Ljava/lang/String;)V reflection: sat
        29:9:NullPointerException@put(Ljava/lang/String;)V reflection: sat
        35:18:NullPointerException@total()I constructor: unsat
        35:18:NullPointerException@total()I chain add: unsat
        35:18:NullPointerException@total()I chain put: sat
        35:18:NullPointerException@total()I sequence add|put: sat
        34:25:NullPointerException@total()I reflection: sat
        35:18:NullPointerException@total()I reflection: sat
        41:16:NullPointerException@last()I constructor: unsat
        41:16:NullPointerException@last()I chain add: unsat
        41:16:NullPointerException@last()I chain put: sat
        41:16:IndexOutOfBoundsException@last()I sequence add|put: unsat
        41:16:NullPointerException@last()I sequence add|put: sat
        41:16:IndexOutOfBoundsException@last()I reflection: sat
        41:16:NullPointerException@last()I reflection: sat
        41:26:NullPointerException@last()I reflection: sat
    "#]]
    .assert_eq(&verdicts("p/Names.java", java));
}

/// The constructor a harness calls to build the receiver is inlined even where the
/// inlining depth is used up (a formula shrunk to no inlining): left out, it left `lines`
/// at its default `null`, and the constructor harness crashed `add` on a field the
/// constructor sets.
#[test]
fn the_constructor_that_builds_the_receiver_runs_at_any_depth() {
    let java = r#"
package p;

import java.util.ArrayList;
import java.util.List;

public class Report {
    private final List<String> lines;

    public Report() {
        lines = new ArrayList<>();
    }

    public int add(String line) {
        lines.add(line);
        return lines.size();
    }
}
"#;
    let options = vcgen::Options {
        inline_depth: 0,
        ..vcgen::Options::default()
    };
    expect![[r#"
        15:9:NullPointerException@add(Ljava/lang/String;)I reflection: sat
        16:16:NullPointerException@add(Ljava/lang/String;)I reflection: unsat
    "#]]
    .assert_eq(&verdicts_with("p/Report.java", java, &options));
}
