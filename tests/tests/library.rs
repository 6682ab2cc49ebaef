//! Platform classes outside the JDK model are typed from the installed JDK's class files:
//! their calls, constructors, fields and constants resolve, and the model keeps its bodies.

use frontend::ir::{Literal, Program, Type};
use frontend::library::Library;

const SOURCE: &str = r#"
package p;

import java.util.*;
import java.util.concurrent.TimeUnit;

public class A {
    int month(Calendar c) { return c.get(Calendar.MONTH); }
    int bits() { return new BitSet().cardinality(); }
    int first(Map<String, List<Integer>> m) { return m.get("a").get(0); }
    String name(Class<?> k) { return k.getSuperclass().getSimpleName(); }
    long seconds(long ms) { return TimeUnit.MILLISECONDS.toSeconds(ms); }
    Object key(Map.Entry<String, Integer> e) { return e.getKey(); }
    int last(String s) { return s.lastIndexOf("x") + s.charAt(0); }
    int size(Optional<String> o) { return o.map(s -> s.length()).orElse(0); }
    long words(List<String> l) { return l.stream().filter(w -> w.isEmpty()).count(); }
    void sort(List<String> l) { l.sort((a, b) -> a.compareToIgnoreCase(b)); }
}
"#;

fn parse() -> (Program, frontend::ParseSummary) {
    let home = invariants::toolchain::java_home().expect("an installed JDK");
    let library = Library::open(&home, &[]).expect("the JDK's module image");
    frontend::parse_sources_with(&[("p/A.java", SOURCE)], Some(&library))
}

#[test]
fn calls_fields_and_constants_of_platform_classes_are_typed() {
    let (program, summary) = parse();
    assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
    let class = |name: &str| {
        program
            .classes
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} read"))
    };
    let calendar = class("java.util.Calendar");
    assert!(calendar.library && calendar.signatures_only);
    let month = calendar
        .fields
        .iter()
        .find(|f| f.name == "MONTH")
        .expect("MONTH");
    assert_eq!(month.constant, Some(Literal::Int(2)));
    assert!(month.platform && month.modifiers.is_static);
    // A member class, a supertype, and the type a named class's method returns.
    class("java.util.Map$Entry");
    class("java.util.AbstractCollection");
    class("java.util.Date");
    let get = calendar
        .methods
        .iter()
        .find(|m| m.name == "get" && m.descriptor == "(I)I")
        .expect("Calendar.get(int)");
    assert!(get.modifiers.native && get.body.is_none());
    let a = class("p.A");
    let key = a.methods.iter().find(|m| m.name == "key").expect("key");
    let Some(body) = &key.body else {
        panic!("a body")
    };
    let text = format!("{body:?}");
    assert!(text.contains("getKey"), "{text}");
    assert!(!text.contains("Unknown"), "{text}");
    assert!(matches!(key.ret, Type::Class { .. }));
}

#[test]
fn model_classes_keep_their_bodies_and_gain_the_members_they_lack() {
    let (program, _) = parse();
    let string = program
        .classes
        .iter()
        .find(|c| c.name == "java.lang.String")
        .expect("String");
    assert!(!string.signatures_only);
    let char_at = string
        .methods
        .iter()
        .find(|m| m.name == "charAt")
        .expect("charAt");
    assert!(char_at.body.is_some(), "the model's contract stays");
    let last = string
        .methods
        .iter()
        .find(|m| m.name == "lastIndexOf" && m.descriptor == "(Ljava/lang/String;I)I")
        .expect("lastIndexOf(String, int), from the class file");
    assert!(last.modifiers.native);
    assert!(
        !string
            .methods
            .iter()
            .any(|m| m.is_constructor() && m.modifiers.native),
        "no constructor that would leave the model's fields unset"
    );
}

#[test]
fn classes_of_a_class_folder_on_the_class_path_are_typed() {
    let dir = dsd_tests::work_dir("library-folder");
    let classes = dir.join("classes");
    std::fs::create_dir_all(&classes).expect("create dir");
    let tools = pipeline::run::tools::locate(&Default::default()).expect("a JDK");
    let javac = std::process::Command::new(&tools.javac)
        .arg("-d")
        .arg(&classes)
        .arg(dsd_tests::root().join("tests/fixtures/library/lib/fix/lib/Units.java"))
        .status()
        .expect("run javac");
    assert!(javac.success(), "javac compiles the library");
    let home = invariants::toolchain::java_home().expect("an installed JDK");
    let library = Library::open(&home, &[classes]).expect("the JDK and the class folder");
    let source = r#"
package p;

import fix.lib.Units;

public class B {
    long scaled(String unit, long n) { return Units.scale(unit).convert(n) / Units.PER_CRATE; }
    int step(Units.Scale s, int i) { return s.steps()[i]; }
}
"#;
    let (program, summary) = frontend::parse_sources_with(&[("p/B.java", source)], Some(&library));
    assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
    let scale = program
        .classes
        .iter()
        .find(|c| c.name == "fix.lib.Units$Scale")
        .expect("a member class of a class the project names");
    assert!(scale.library && scale.signatures_only);
    let units = program
        .classes
        .iter()
        .find(|c| c.name == "fix.lib.Units")
        .expect("Units");
    let per_crate = units.fields.iter().find(|f| f.name == "PER_CRATE");
    assert_eq!(
        per_crate.and_then(|f| f.constant.clone()),
        Some(Literal::Int(12))
    );
    let file = &program.files[units.file as usize];
    assert!(file.library && file.rel == "classes", "{file:?}");
}

#[test]
fn a_second_parse_reads_the_library_classes_from_the_work_dirs_cache() {
    let home = invariants::toolchain::java_home().expect("an installed JDK");
    let work = std::env::temp_dir().join(format!("dsd-library-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let src = work.join("src/p");
    std::fs::create_dir_all(&src).expect("source folder");
    std::fs::write(src.join("A.java"), SOURCE).expect("source written");
    let parse = || {
        frontend::parse_stage(&[work.join("src")], &work.join("w"), Some(&home), &[], None)
            .expect("parsed");
        std::fs::read_to_string(frontend::program_path(&work.join("w"))).expect("program")
    };
    let first = parse();
    let cache = frontend::library_cache_path(&work.join("w"));
    let kept = std::fs::read_to_string(&cache).expect("the cache is written");
    assert!(
        kept.contains("java.util.BitSet"),
        "the classes read are kept"
    );
    assert_eq!(parse(), first, "the same program from the cache");
    std::fs::write(&cache, &kept[..kept.len() / 2]).expect("cut short");
    assert_eq!(parse(), first, "a corrupt cache is read afresh");
    assert_eq!(
        std::fs::read_to_string(&cache).expect("rewritten").len(),
        kept.len(),
        "and written again"
    );
    let _ = std::fs::remove_dir_all(&work);
}
