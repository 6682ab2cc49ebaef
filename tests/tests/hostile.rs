//! Java that a careless tool stops on: expressions nested thousands of levels deep, a
//! method too large to analyse whole, files that are not Java at all. dsd analyses what
//! it can, says what it left out, and goes on.

use dsd_tests::{check, dsd, mismatches, work_dir};
use std::path::Path;

/// Writes `files` (name, text) into a fresh source folder for the test `name`.
fn sources(name: &str, files: &[(&str, String)]) -> std::path::PathBuf {
    let src = work_dir(&format!("{name}-src")).join("fix");
    std::fs::create_dir_all(&src).expect("create source dir");
    for (file, text) in files {
        std::fs::write(src.join(file), text).expect("write source");
    }
    src.parent().expect("source root").to_path_buf()
}

#[test]
fn expressions_nested_thousands_deep_are_analysed_to_their_crashes() {
    let sum = vec!["x"; 200].join(" + ");
    let concat = (0..200)
        .map(|i| format!("\"s{i}\""))
        .collect::<Vec<_>>()
        .join(" + ");
    let parens = 5000;
    let src = sources(
        "deep",
        &[
            (
                "Sum.java",
                format!(
                    "package fix;\npublic class Sum {{\n    public static int f(int x, int[] a) {{\n        int y = {sum};\n        return a[y]; // expect ArrayIndexOutOfBoundsException\n    }}\n}}\n"
                ),
            ),
            (
                "Concat.java",
                format!(
                    "package fix;\npublic class Concat {{\n    public static char f(int x, int i) {{\n        String t = {concat} + x;\n        return t.charAt(i); // expect StringIndexOutOfBoundsException\n    }}\n}}\n"
                ),
            ),
            (
                "Parens.java",
                format!(
                    "package fix;\npublic class Parens {{\n    public static int f(int x, int d) {{\n        return {}x / d{}; // expect ArithmeticException\n    }}\n}}\n",
                    "(".repeat(parens),
                    ")".repeat(parens)
                ),
            ),
        ],
    );
    let run = check("deep", &src, &[]);
    let problems = mismatches(&run, &src, false);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_method_too_large_to_analyse_whole_is_analysed_in_part_and_said_so() {
    let statements: String = (0..6000)
        .map(|i| format!("        x = a[x & 7] / (x | {i});\n"))
        .collect();
    let src = sources(
        "large",
        &[(
            "Big.java",
            format!("package fix;\npublic class Big {{\n    public static int f(int[] a, int x) {{\n{statements}        return x;\n    }}\n}}\n"),
        )],
    );
    let work = work_dir("large");
    let w = work.display().to_string();
    for stage in [
        vec!["parse", src.to_str().expect("utf-8 path")],
        vec!["vcgen"],
    ] {
        let mut args = vec!["--work-dir", w.as_str()];
        args.extend(stage);
        let args: Vec<String> = args.into_iter().map(String::from).collect();
        assert_eq!(dsd(&args), Ok(0));
    }
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(work.join("vc/sites.json")).expect("sites"))
            .expect("sites are JSON");
    let partial = table["partial"].as_array().expect("partial methods");
    assert_eq!(partial.len(), 1, "{partial:?}");
    assert_eq!(partial[0]["method"], "f([II)I");
    assert!(partial[0]["reason"]
        .as_str()
        .is_some_and(|r| r.contains("not checked")));
    let lines: Vec<u64> = table["sites"]
        .as_array()
        .expect("sites")
        .iter()
        .filter_map(|s| s["line"].as_u64())
        .collect();
    assert!(lines.contains(&4), "the first statement is checked");
    assert!(
        !lines.contains(&6003),
        "the last statement is past the budget"
    );
}

#[test]
fn files_that_are_not_java_are_left_out_and_the_rest_is_checked() {
    let binary: String = (0u32..4000)
        .map(|i| char::from_u32(1 + (i * 7919) % 0x2f).unwrap_or('x'))
        .collect();
    let src = sources(
        "binary",
        &[
            ("Noise.java", binary),
            (
                "Ok.java",
                "package fix;\npublic class Ok {\n    public static int g(int d) {\n        return 9 / d; // expect ArithmeticException\n    }\n}\n".into(),
            ),
        ],
    );
    std::fs::write(
        src.join("fix/Latin.java"),
        b"package fix;\n// caf\xe9\npublic class Latin {\n    public static int f(int d) { return 7 / d; }\n}\n",
    )
    .expect("write a file that is not UTF-8");
    let run = check("binary", &src, &[]);
    let problems = mismatches(&run, &src, false);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(run.status, 1, "the crash in Ok.java is reported");
    assert!(!Path::new(&run.work.join("classes/fix/Latin.class")).exists());
}
