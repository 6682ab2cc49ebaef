//! The source lines the HTML report embeds: a window around a line, and a test method
//! from its annotations to its closing brace; each file is read once.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Most lines of a test method the page shows.
const MAX_TEST_LINES: usize = 200;

/// The files read so far, by the path a finding names (`None`: it cannot be read).
#[derive(Default)]
pub(super) struct Files {
    read: HashMap<String, Option<Vec<String>>>,
    /// The folder the run's relative paths are relative to, when it is known and is not the
    /// current one (`dsd report` from another folder).
    base: Option<PathBuf>,
}

impl Files {
    /// Files whose relative paths are read from where they are, else below `base`.
    pub(super) fn below(base: Option<PathBuf>) -> Files {
        Files {
            read: HashMap::new(),
            base,
        }
    }

    /// The lines of `path`, read once; lines that are not UTF-8 are read lossily.
    fn lines(&mut self, path: &str) -> Option<&[String]> {
        let base = self.base.as_deref();
        self.read
            .entry(path.to_string())
            .or_insert_with(|| {
                let bytes = std::fs::read(path)
                    .or_else(|e| match base {
                        Some(base) if Path::new(path).is_relative() => {
                            std::fs::read(base.join(path))
                        }
                        _ => Err(e),
                    })
                    .ok()?;
                Some(
                    String::from_utf8_lossy(&bytes)
                        .lines()
                        .map(|l| l.trim_end_matches('\r').to_string())
                        .collect(),
                )
            })
            .as_deref()
    }

    /// `{start, lines}`: the lines `line - context ..= line + context` of `path` that exist;
    /// `{missing}` when the file cannot be read.
    pub(super) fn window(&mut self, path: &str, line: u32, context: u32) -> Value {
        let Some(lines) = self.lines(path) else {
            return missing(path);
        };
        let first = line.saturating_sub(context).max(1) as usize;
        let last = (line.saturating_add(context) as usize).min(lines.len());
        let shown = lines.get(first - 1..last).unwrap_or_default();
        json!({"start": first, "lines": shown})
    }

    /// `{start, lines}`: the test method declared at `line` of `path`, from the annotations
    /// and doc comment above it to its closing brace; `{missing}` when the file cannot be read.
    pub(super) fn test_method(&mut self, path: &str, line: u32) -> Value {
        let Some(lines) = self.lines(path) else {
            return missing(path);
        };
        let at = (line.max(1) as usize - 1).min(lines.len());
        let mut first = at;
        while first > 0 && {
            let above = lines[first - 1].trim_start();
            above.starts_with('@') || above.starts_with("/**") || above.starts_with("*")
        } {
            first -= 1;
        }
        let mut depth = 0i32;
        let mut opened = false;
        let mut last = at;
        for (i, text) in lines.iter().enumerate().skip(at).take(MAX_TEST_LINES) {
            last = i;
            for c in code_of(text).chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                break;
            }
        }
        let shown = lines.get(first..=last).unwrap_or_default();
        json!({"start": first + 1, "lines": shown})
    }
}

/// A file that cannot be read, as the page says it.
fn missing(path: &str) -> Value {
    json!({"start": 0, "lines": [], "missing": format!("cannot read {path}")})
}

/// A line of Java without its string and character literals and its `//` comment, so
/// that the braces counted are the code's.
fn code_of(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                if c == '\\' {
                    chars.next();
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '/' && chars.peek() == Some(&'/') => break,
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_path_is_read_below_the_folder_the_run_started_in() {
        let dir = std::env::temp_dir().join(format!("dsd-html-base-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src/p")).unwrap();
        std::fs::write(dir.join("src/p/A.java"), "class A {\n  int f;\n}\n").unwrap();
        let window = Files::below(Some(dir.clone())).window("src/p/A.java", 2, 1);
        assert_eq!(
            window,
            json!({"start": 1, "lines": ["class A {", "  int f;", "}"]})
        );
        let missing = Files::default().window("src/p/A.java", 2, 1);
        assert!(missing["missing"].is_string(), "{missing}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn braces_in_literals_and_comments_do_not_count() {
        assert_eq!(code_of(r#"f("{", '}', "\"{") { // }"#), "f(, , ) { ");
    }
}
