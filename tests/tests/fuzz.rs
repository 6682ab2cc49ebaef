//! Random Java through the frontend and vcgen: neither may panic or fail, whatever the
//! input. (Whether every prelude parses in Z3 is not asked: a program javac rejects may
//! join values of different types, and such a prelude's goals are then unknown, "the
//! prelude does not parse"; the generator writes such programs.)
//!
//! A generator writes programs from a small Java grammar (classes, fields, methods,
//! statements, expressions nested at random depths, lambdas, switch expressions, anonymous
//! classes), and a fifth of them are then cut, repeated or sprinkled with stray tokens, so
//! that error recovery runs too. Every program comes from one seed: a failure names its
//! seed, and the program is kept in `target/fuzz/` for the report.
//!
//! CI runs it for 20 s from a fixed seed. A longer run, from a seed of the clock:
//! `DSD_FUZZ_SECS=3600 DSD_FUZZ_SEED=random cargo test --release -p dsd-tests --test fuzz`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[test]
fn random_java_never_stops_the_frontend_or_vcgen() {
    let secs = env_number("DSD_FUZZ_SECS").unwrap_or(20);
    let first = match std::env::var("DSD_FUZZ_SEED").ok().as_deref() {
        Some("random") => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
        _ => env_number("DSD_FUZZ_SEED").unwrap_or(1),
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    std::fs::create_dir_all(&dir).expect("create the fuzz folder");
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut cases = 0u64;
    let mut preludes = 0usize;
    while Instant::now() < deadline {
        let seed = first.wrapping_add(cases);
        let java = program(seed);
        // Kept before the run: a stack overflow ends the process without unwinding.
        std::fs::write(dir.join("last.java"), &java).expect("write the program");
        match catch_unwind(AssertUnwindSafe(|| analyse(&java))) {
            Ok(Ok(n)) => preludes += n,
            Ok(Err(problem)) => fail(&dir, seed, &java, &problem),
            Err(_) => fail(&dir, seed, &java, "a panic (see above)"),
        }
        cases += 1;
    }
    eprintln!("fuzz: {cases} programs from seed {first}, {preludes} preludes, no failure");
    assert!(cases > 0);
}

/// Parses and lowers one program; returns how many preludes vcgen wrote, or what went wrong.
fn analyse(java: &str) -> Result<usize, String> {
    let (program, _) = frontend::parse_sources(&[("fz/Fuzz.java", java)]);
    let mut preludes = 0;
    let mut sink = |_: &str, _: &str| {
        preludes += 1;
        Ok::<(), vcgen::Error>(())
    };
    vcgen::generate(
        &program,
        &vcgen::Options::default(),
        None,
        &mut sink,
        &|_, _| {},
    )
    .map_err(|e| format!("vcgen failed: {e}"))?;
    Ok(preludes)
}

fn fail(dir: &std::path::Path, seed: u64, java: &str, problem: &str) -> ! {
    let kept = dir.join(format!("seed-{seed}.java"));
    let _ = std::fs::write(&kept, java);
    panic!(
        "seed {seed}: {problem}\nthe program: {} (again: DSD_FUZZ_SEED={seed} DSD_FUZZ_SECS=1)",
        kept.display()
    );
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

/// A program of the seed: one file of package `fz`, perhaps damaged.
fn program(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        depth: 0,
    };
    let classes = 1 + g.below(3);
    let mut out =
        String::from("package fz;\n\nimport java.util.*;\nimport java.util.function.*;\n\n");
    for c in 0..classes {
        g.class(&mut out, c);
    }
    if g.below(5) == 0 {
        g.damage(&mut out);
    }
    out
}

/// A xorshift generator: fast, and the same programs on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Writes Java from a small grammar; `depth` bounds the nesting of what it writes.
struct Gen {
    rng: Rng,
    depth: u32,
}

const TYPES: &[&str] = &[
    "int",
    "long",
    "char",
    "byte",
    "short",
    "boolean",
    "double",
    "float",
    "int[]",
    "char[]",
    "String",
    "Object",
    "Integer",
    "List<String>",
    "Map<String, Integer>",
    "C0",
    "C1",
    "IntUnaryOperator",
    "Runnable",
    "int[][]",
];

const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", ">>>", "&&", "||", "==", "!=", "<", ">",
    "<=", ">=",
];

const NAMES: &[&str] = &["a", "b", "i", "n", "s", "xs", "f", "o", "this.v", "C0.k"];

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.rng.next() % n.max(1)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }

    fn class(&mut self, out: &mut String, c: u64) {
        let kind = match self.below(8) {
            0 => "interface",
            1 => "enum",
            2 => "record",
            _ => "class",
        };
        let public = if c == 0 { "public " } else { "" };
        match kind {
            "enum" => out.push_str(&format!("{public}enum C{c} {{ A, B, C; int k; ")),
            "record" => out.push_str(&format!("{public}record C{c}(int v, String s) {{ ")),
            _ => out.push_str(&format!(
                "{public}{kind} C{c}{} {{\n",
                if self.below(4) == 0 {
                    " extends C0"
                } else {
                    ""
                }
            )),
        }
        if kind == "class" {
            out.push_str("    int v; static int k; int[] xs; String s; Object o;\n");
        }
        for m in 0..1 + self.below(4) {
            self.method(out, m, kind == "interface");
        }
        if kind == "class" && self.below(3) == 0 {
            out.push_str(&format!("    public C{c}(int v) {{ this.v = v; }}\n"));
        }
        if self.below(6) == 0 {
            out.push_str("    static class Inner { int w; int get() { return w / 2; } }\n");
        }
        out.push_str("}\n\n");
    }

    fn method(&mut self, out: &mut String, m: u64, interface: bool) {
        let ret = self.pick(&[
            "int", "void", "String", "int[]", "long", "boolean", "Object",
        ]);
        let stat = if self.below(2) == 0 { "static " } else { "" };
        let params = [
            "int a", "int b", "String s", "int[] xs", "long n", "char ch", "Object o",
        ];
        let count = self.below(4) as usize;
        let start = self.below(params.len() as u64) as usize;
        let list: Vec<&str> = (0..count)
            .map(|k| params[(start + k) % params.len()])
            .collect();
        let head = format!("    public {stat}{ret} m{m}({})", list.join(", "));
        if interface && stat.is_empty() {
            out.push_str(&head);
            out.push_str(";\n");
            return;
        }
        out.push_str(&head);
        out.push_str(" {\n");
        self.depth = 0;
        for _ in 0..1 + self.below(6) {
            self.statement(out, 2);
        }
        if ret != "void" {
            let e = self.expr();
            out.push_str(&format!("        return ({ret}) {e};\n"));
        }
        out.push_str("    }\n");
    }

    fn statement(&mut self, out: &mut String, indent: usize) {
        let pad = "    ".repeat(indent);
        if self.depth > 4 {
            let e = self.expr();
            out.push_str(&format!("{pad}i = {e};\n"));
            return;
        }
        self.depth += 1;
        match self.below(16) {
            0 | 1 => {
                let t = self.pick(TYPES);
                let e = self.expr();
                out.push_str(&format!("{pad}{t} l{} = {e};\n", self.below(5)));
            }
            2 | 3 => {
                let (n, e) = (self.pick(NAMES), self.expr());
                out.push_str(&format!("{pad}{n} = {e};\n"));
            }
            4 => {
                let c = self.expr();
                out.push_str(&format!("{pad}if ({c}) {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}} else {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}}\n"));
            }
            5 => {
                let e = self.expr();
                out.push_str(&format!("{pad}for (int i = 0; i < {e}; i++) {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}}\n"));
            }
            6 => {
                let c = self.expr();
                out.push_str(&format!("{pad}while ({c}) {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}    break;\n{pad}}}\n"));
            }
            7 => {
                let e = self.expr();
                out.push_str(&format!(
                    "{pad}switch ({e}) {{\n{pad}case 1: a++;\n{pad}case 2: {{ b--; break; }}\n{pad}default:\n"
                ));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}}\n"));
            }
            8 => {
                out.push_str(&format!("{pad}try {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!(
                    "{pad}}} catch (RuntimeException e) {{\n{pad}    throw new IllegalStateException(e);\n{pad}}} finally {{\n"
                ));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}}\n"));
            }
            9 => {
                let e = self.expr();
                out.push_str(&format!("{pad}assert {e} : \"no\";\n"));
            }
            10 => {
                let e = self.expr();
                out.push_str(&format!(
                    "{pad}for (String t : List.of(\"a\", s)) {{ s = t + {e}; continue; }}\n"
                ));
            }
            11 => {
                let e = self.expr();
                out.push_str(&format!(
                    "{pad}if ({e} == null) throw new IllegalArgumentException(\"x\");\n"
                ));
            }
            12 => {
                out.push_str(&format!("{pad}synchronized (this) {{\n"));
                self.statement(out, indent + 1);
                out.push_str(&format!("{pad}}}\n"));
            }
            13 => {
                out.push_str(&format!("{pad}do {{\n"));
                self.statement(out, indent + 1);
                let c = self.expr();
                out.push_str(&format!("{pad}}} while ({c});\n"));
            }
            _ => {
                let e = self.expr();
                out.push_str(&format!("{pad}{e};\n"));
            }
        }
        self.depth -= 1;
    }

    fn expr(&mut self) -> String {
        if self.depth > 8 || self.below(3) == 0 {
            return self.leaf();
        }
        self.depth += 1;
        let e = match self.below(20) {
            0..=4 => {
                let (l, op, r) = (self.expr(), self.pick(BINARY), self.expr());
                format!("{l} {op} {r}")
            }
            5 => {
                let op = self.pick(&["-", "!", "~", "++", "--", "+"]);
                format!("{op}{}", self.expr())
            }
            6 => format!("({}) ? {} : {}", self.expr(), self.expr(), self.expr()),
            7 => format!("({}) {}", self.pick(TYPES), self.expr()),
            8 => format!("xs[{}]", self.expr()),
            9 => format!("new int[{}]", self.expr()),
            10 => format!("s.charAt({})", self.expr()),
            11 => format!("m{}({}, {})", self.below(4), self.expr(), self.expr()),
            12 => format!("(x -> x / ({})).applyAsInt(a)", self.expr()),
            13 => format!(
                "switch ({}) {{ case 0 -> 1; case 1 -> {}; default -> {{ yield 2; }} }}",
                self.expr(),
                self.expr()
            ),
            14 => format!("{} instanceof String t ? t.length() : 0", self.expr()),
            15 => {
                let deep = 1 + self.below(60) as usize;
                format!("{}{}{}", "(".repeat(deep), self.expr(), ")".repeat(deep))
            }
            16 => format!(
                "new Object() {{ int h() {{ return {}; }} }}.h()",
                self.expr()
            ),
            17 => format!("String.valueOf({}) + \"{}\"", self.expr(), self.below(100)),
            18 => format!("new int[] {{ {}, {} }}", self.expr(), self.expr()),
            _ => format!("Integer.parseInt(s) % ({})", self.expr()),
        };
        self.depth -= 1;
        e
    }

    fn leaf(&mut self) -> String {
        match self.below(12) {
            0 => self.below(1000).to_string(),
            1 => "-1".into(),
            2 => "2147483647".into(),
            3 => "0x80000000L".into(),
            4 => "'c'".into(),
            5 => "\"str\"".into(),
            6 => "null".into(),
            7 => "true".into(),
            8 => "1.5e3".into(),
            9 => "xs.length".into(),
            _ => self.pick(NAMES).into(),
        }
    }

    /// Damages a program the way an editor or a bad merge does: a span cut out, a span
    /// repeated, or stray tokens dropped in. The generator writes ASCII only, so every
    /// index is a char boundary.
    fn damage(&mut self, out: &mut String) {
        let len = out.len() as u64 + 1;
        let (x, y) = (self.below(len) as usize, self.below(len) as usize);
        let (from, to) = (x.min(y), x.max(y));
        match self.below(3) {
            0 => out.replace_range(from..to, ""),
            1 => {
                let span = out[from..to].to_string();
                out.insert_str(to, &span);
            }
            _ => {
                for token in ["{", "}", "(", ";", "\"", "/*", "->", "<", "@", "\\u00e9"] {
                    if self.below(3) == 0 {
                        let at = self.below(out.len() as u64 + 1) as usize;
                        out.insert_str(at, token);
                    }
                }
            }
        }
    }
}
