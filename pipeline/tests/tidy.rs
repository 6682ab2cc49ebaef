//! Tidy: the house rules a reviewer should not have to check by eye, in the spirit of
//! rust-analyzer's `xtask/src/tidy.rs`. Each test names the file that breaks a rule and
//! what to do about it:
//!
//! - every `.rs` file of the workspace is at most 1,000 lines and starts with a `//!`
//!   line saying what it is;
//! - the generated reference pages (`docs/options.md`, `docs/kinds/`) and the README's table
//!   of crash kinds are what `pipeline::docs` renders from the clap definitions and the kind
//!   registry, and every kind has its page; `UPDATE_DOCS=1 cargo test -p pipeline --test
//!   tidy` rewrites them;
//! - `docs/options.md` lists, for every command, exactly the arguments `dsd COMMAND --help`
//!   prints, with the same help text and defaults;
//! - the crates depend on each other only down the pipeline, and only `pipeline` knows the
//!   terminal;
//! - the relative links of the Markdown documents point at files that exist, and so do the
//!   repository paths they quote (`vcgen/src/kinds/`), so that the map does not rot.

use pipeline::docs;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 1_000;

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the pipeline crate is in the workspace")
        .to_path_buf()
}

/// Whether the generated pages are to be rewritten rather than checked.
fn updating() -> bool {
    std::env::var_os("UPDATE_DOCS").is_some() || std::env::var_os("UPDATE_EXPECT").is_some()
}

/// The files below `dir` whose name ends in `ext`, skipping build output (`target`) and
/// hidden folders, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    stack.push(path);
                }
            } else if name.ends_with(ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `path` from the workspace root, for messages.
fn rel(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

#[test]
fn source_files_are_at_most_1000_lines() {
    let long: Vec<String> = files(&root(), ".rs")
        .iter()
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > MAX_LINES).then(|| format!("  {} has {lines} lines", rel(path)))
        })
        .collect();
    assert!(
        long.is_empty(),
        "source files over {MAX_LINES} lines; split each into modules by concern (an `impl` \
         block per file, as rust-analyzer's infer/ does), each with its own `//!` line:\n{}",
        long.join("\n")
    );
}

#[test]
fn source_files_start_with_a_doc_comment() {
    let bare: Vec<String> = files(&root(), ".rs")
        .iter()
        .filter(|path| !read(path).starts_with("//!"))
        .map(|path| format!("  {}", rel(path)))
        .collect();
    assert!(
        bare.is_empty(),
        "source files that do not start with a `//!` line saying what the file is for; add \
         one:\n{}",
        bare.join("\n")
    );
}

#[test]
fn generated_pages_are_up_to_date() {
    let root = root();
    let mut stale = Vec::new();
    let pages = docs::pages();
    for (path, expected) in &pages {
        let file = root.join(path);
        if std::fs::read_to_string(&file).ok().as_deref() == Some(expected.as_str()) {
            continue;
        }
        if updating() {
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("create docs/");
            std::fs::write(&file, expected).unwrap_or_else(|e| panic!("write {path}: {e}"));
        } else if file.exists() {
            stale.push(format!("  {path} differs from what pipeline::docs renders"));
        } else {
            stale.push(format!("  {path} is missing"));
        }
    }
    // A page in docs/kinds/ that no kind renders is a kind's page left behind.
    let generated: BTreeSet<PathBuf> = pages.iter().map(|(p, _)| root.join(p)).collect();
    for page in files(&root.join(docs::KINDS_DIR), ".md") {
        if !generated.contains(&page) {
            if updating() {
                std::fs::remove_file(&page).expect("remove a stale kind page");
            } else {
                stale.push(format!("  {} is the page of no crash kind", rel(&page)));
            }
        }
    }
    // The README's table of kinds, between its markers.
    let readme_path = root.join("README.md");
    let readme = read(&readme_path);
    let (before, rest) = readme
        .split_once(docs::README_TABLE_BEGIN)
        .unwrap_or_else(|| panic!("README.md has no line {}", docs::README_TABLE_BEGIN));
    let (current, after) = rest
        .split_once(docs::README_TABLE_END)
        .unwrap_or_else(|| panic!("README.md has no line {}", docs::README_TABLE_END));
    let table = docs::kinds_table("docs/kinds/");
    if current != table {
        if updating() {
            let updated = format!(
                "{before}{}{table}{}{after}",
                docs::README_TABLE_BEGIN,
                docs::README_TABLE_END
            );
            std::fs::write(&readme_path, updated).expect("write README.md");
        } else {
            stale.push("  README.md's table of crash kinds differs from the registry".into());
        }
    }
    assert!(
        stale.is_empty(),
        "generated docs are out of date (the clap definitions in pipeline/src/cli.rs or the \
         kinds in vcgen/src/kinds/ changed); run `{}`:\n{}",
        docs::REGENERATE,
        stale.join("\n")
    );
}

/// One argument as `--help` prints it: its head (`-o, --output <FILE>`), its help text on
/// one line, and its default.
#[derive(Debug)]
struct HelpEntry {
    head: String,
    text: String,
    default: Option<String>,
}

/// How far `--help` indents an argument's help text; its head is indented less.
const HELP_INDENT: usize = 10;

/// The spaces that start `line`.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The arguments `dsd ARGS --help` prints, bar `--help` and `--version`.
fn help_entries(args: &[&str]) -> Vec<HelpEntry> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_dsd"))
        .args(args)
        .arg("--help")
        .output()
        .expect("run dsd --help");
    assert!(output.status.success(), "dsd {args:?} --help failed");
    let help = String::from_utf8(output.stdout).expect("--help is UTF-8");
    let mut entries: Vec<HelpEntry> = Vec::new();
    let mut in_args = false;
    for line in help.lines() {
        if line == "Arguments:" || line == "Options:" {
            in_args = true;
        } else if !line.starts_with(' ') && !line.is_empty() {
            in_args = false;
        } else if in_args && !line.trim().is_empty() && indent(line) < HELP_INDENT {
            entries.push(HelpEntry {
                head: line.trim().to_string(),
                text: String::new(),
                default: None,
            });
        } else if in_args {
            let Some(entry) = entries.last_mut() else {
                continue;
            };
            let text = line.trim();
            if let Some(default) = text
                .strip_prefix("[default: ")
                .and_then(|d| d.strip_suffix(']'))
            {
                entry.default = Some(default.to_string());
            } else if text == "Possible values:" || text.starts_with("- ") || text.is_empty() {
                // The values are checked through the page's own list; a blank line ends a
                // paragraph.
            } else {
                if !entry.text.is_empty() {
                    entry.text.push(' ');
                }
                entry.text.push_str(text);
            }
        }
    }
    entries.retain(|e| !matches!(e.head.as_str(), "-h, --help" | "-V, --version"));
    // Values without help of their own (a `BOOL`) are listed inline; the page lists them
    // as it lists every value.
    for e in &mut entries {
        if let Some(at) = e.text.find(" [possible values: ") {
            e.text.truncate(at);
        }
    }
    entries
}

/// The section of the options page that starts at `heading` (up to the next `## `).
fn section<'a>(page: &'a str, heading: &str) -> &'a str {
    let start = page
        .find(heading)
        .unwrap_or_else(|| panic!("docs/options.md has no section {heading:?}"));
    let rest = &page[start + heading.len()..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

/// The argument heads a section of the options page lists (`- `head`: ...`).
fn page_heads(section: &str) -> BTreeSet<String> {
    section
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split_once("`: ").map(|(head, _)| head.to_string()))
        .collect()
}

#[test]
fn the_options_page_agrees_with_help() {
    let page = read(&root().join(docs::OPTIONS_PAGE));
    let fix = format!("run `{}`", docs::REGENERATE);
    let global = section(&page, "## Options of every command\n");
    let global_heads = page_heads(global);
    let mut commands = vec![(Vec::new(), global.to_string())];
    for name in [
        "parse",
        "infer",
        "vcgen",
        "solve",
        "testgen",
        "run",
        "check",
        "merge",
        "report",
        "rule",
        "reproduce",
        "record",
    ] {
        let own = section(&page, &format!("## dsd {name}\n"));
        commands.push((vec![name], format!("{own}\n{global}")));
    }
    for (args, text) in &commands {
        let entries = help_entries(args);
        let command = format!(
            "dsd {}--help",
            args.iter().map(|a| format!("{a} ")).collect::<String>()
        );
        let helped: BTreeSet<String> = entries.iter().map(|e| e.head.clone()).collect();
        let listed: BTreeSet<String> = if args.is_empty() {
            global_heads.clone()
        } else {
            page_heads(text)
        };
        assert_eq!(
            helped, listed,
            "the arguments `{command}` prints (left) and those docs/options.md lists (right) \
             differ; {fix}"
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for entry in &entries {
            let line = format!("- `{}`: {}", entry.head, entry.text);
            assert!(
                flat.contains(&line),
                "docs/options.md does not give `{}` the help `{command}` prints ({:?}); {fix}",
                entry.head,
                entry.text
            );
            if let Some(default) = &entry.default {
                let stop = if line.ends_with('.') { "" } else { "." };
                assert!(
                    flat.contains(&format!("{line}{stop} Default: `{default}`.")),
                    "docs/options.md does not give `{}` the default `{command}` prints \
                     ({default}); {fix}",
                    entry.head
                );
            }
        }
    }
    // Every command `dsd --help` lists has its section.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_dsd"))
        .arg("--help")
        .output()
        .expect("run dsd --help");
    let help = String::from_utf8(output.stdout).expect("UTF-8");
    let listed: Vec<&str> = help
        .split_once("Commands:\n")
        .expect("dsd --help lists commands")
        .1
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    for command in listed {
        assert!(
            page.contains(&format!("\n## dsd {command}\n")),
            "docs/options.md has no section for `dsd {command}`; {fix}"
        );
        assert!(
            commands.iter().any(|(args, _)| args == &[command]),
            "tidy does not compare `dsd {command} --help` with docs/options.md; add it to \
             the_options_page_agrees_with_help"
        );
    }
}

/// The crates of the workspace each crate may depend on: the pipeline's order.
const ALLOWED: &[(&str, &[&str])] = &[
    ("frontend", &[]),
    ("invariants", &["frontend"]),
    ("vcgen", &["frontend", "invariants"]),
    ("solver", &["frontend", "vcgen"]),
    ("testgen", &["frontend", "vcgen", "solver", "invariants"]),
    (
        "pipeline",
        &["frontend", "vcgen", "solver", "testgen", "invariants"],
    ),
];

/// Crates that speak to the terminal, which only `pipeline` (and the tests) may use.
const TERMINAL: &[&str] = &["indicatif", "annotate-snippets", "clap"];

#[test]
fn crates_depend_only_down_the_pipeline() {
    let ours: Vec<&str> = ALLOWED.iter().map(|(c, _)| *c).collect();
    for (krate, allowed) in ALLOWED {
        let manifest = read(&root().join(krate).join("Cargo.toml"));
        let mut section = "";
        for line in manifest.lines() {
            if line.starts_with('[') {
                section = line;
                continue;
            }
            let name = line.split(['=', '.', ' ']).next().unwrap_or("").trim();
            if section != "[dependencies]" || name.is_empty() {
                continue;
            }
            assert!(
                !ours.contains(&name) || allowed.contains(&name),
                "{krate}/Cargo.toml depends on {name}, which comes after it in the pipeline \
                 (ARCHITECTURE.md, \"Crates\"); move what it needs down, or pass it through a \
                 stage file"
            );
            assert!(
                *krate == "pipeline" || !TERMINAL.contains(&name),
                "{krate}/Cargo.toml depends on {name}: only pipeline knows the terminal \
                 (ARCHITECTURE.md, \"Rules of the house\")"
            );
        }
    }
}

/// The Markdown documents whose links are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md"]
        .iter()
        .map(|d| root.join(d))
        .filter(|d| d.exists())
        .collect();
    docs.extend(files(&root.join("docs"), ".md"));
    docs.extend(files(&root.join("bench"), ".md"));
    docs
}

#[test]
fn relative_links_resolve() {
    if updating() {
        // The pages are being rewritten beside this test; the next run checks them.
        return;
    }
    let mut broken = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        let mut in_code = false;
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
            }
            if in_code {
                continue;
            }
            let mut rest = line;
            while let Some(at) = rest.find("](") {
                let after = &rest[at + 2..];
                let Some(end) = after.find(')') else { break };
                let target = &after[..end];
                rest = &after[end..];
                let path = target.split('#').next().unwrap_or("");
                if path.is_empty() || path.contains("://") || path.starts_with("mailto:") {
                    continue;
                }
                let resolved = doc.parent().expect("a folder").join(path);
                if !resolved.exists() {
                    broken.push(format!("  {}:{}: {target}", rel(&doc), n + 1));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to files that do not exist; fix the link or restore the file:\n{}",
        broken.join("\n")
    );
}

/// The folders of the repository a quoted path may start with.
const TOP_FOLDERS: &[&str] = &[
    "frontend/",
    "vcgen/",
    "solver/",
    "testgen/",
    "invariants/",
    "pipeline/",
    "tests/",
    "bench/",
    "docs/",
    ".ci/",
    "examples/",
];

/// Quoted paths that name a file of the work directory, not of the repository.
const WORK_DIR_PATHS: &[&str] = &["tests/index.json"];

#[test]
fn quoted_repository_paths_exist() {
    let root = root();
    let mut missing = Vec::new();
    // History (CHANGELOG.md, bench/results/) quotes the paths of its day.
    let current = documents()
        .into_iter()
        .filter(|d| !d.starts_with(root.join("bench")) && !d.ends_with("CHANGELOG.md"));
    for doc in current {
        for (n, line) in read(&doc).lines().enumerate() {
            for (i, quoted) in line.split('`').enumerate() {
                // Odd pieces are inside backticks; a placeholder (`<Kind>`) or a glob is
                // no path.
                if i % 2 == 0 || quoted.contains(['<', '*', ' ']) {
                    continue;
                }
                let path = quoted.trim_end_matches([':', ',', '.']);
                if !TOP_FOLDERS.iter().any(|top| path.starts_with(top))
                    || WORK_DIR_PATHS.contains(&path)
                {
                    continue;
                }
                if !root.join(path).exists() {
                    missing.push(format!("  {}:{}: {path}", rel(&doc), n + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the docs quote repository paths that do not exist (a file moved or was split?); \
         name where the code is now:\n{}",
        missing.join("\n")
    );
}
