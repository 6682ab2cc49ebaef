//! The crash kinds' docs (`vcgen::kinds`, one file per kind) as dsd shows them: Markdown
//! (SARIF help, `dsd rule`, the pages `docs/kinds/*.md` that [`crate::docs`] generates),
//! plain text (SARIF help) and JSON (`dsd rule --format json`).

use serde_json::{json, Value};
use vcgen::kinds::{self, Kind};

/// A kind's docs as Markdown: what it does, why it matters, an example, the fix, its levels.
pub fn markdown(kind: &Kind) -> String {
    format!(
        "## What it does\n{}\n\n## Why is this bad?\n{}\n\n## Example\n```java\n{}\n```\n\n## How to fix it\n{}\n\n## Level\n{}\n",
        kind.what(),
        kind.why(),
        kind.example(),
        kind.fix(),
        kind.levels().text()
    )
}

/// A kind's docs as plain text.
pub fn text(kind: &Kind) -> String {
    format!(
        "{}\n\nWhy: {}\n\nExample:\n{}\n\nFix: {}\n\nLevel: {}",
        kind.what(),
        kind.why(),
        kind.example(),
        kind.fix(),
        kind.levels().text()
    )
}

/// A kind's page, as `dsd rule KIND` prints it: a title, its exception and summary, then
/// [`markdown`].
pub fn page(kind: &Kind) -> String {
    format!(
        "# {}\n\n`{}`: {}.\n\n{}",
        kind.name(),
        kind.exception(),
        kind.summary(),
        markdown(kind)
    )
}

/// A kind's docs as a JSON object, as `dsd rule --format json` prints it.
pub fn json(kind: &Kind) -> Value {
    json!({
        "name": kind.name(),
        "exception": kind.exception(),
        "summary": kind.summary(),
        "what": kind.what(),
        "why": kind.why(),
        "example": kind.example(),
        "fix": kind.fix(),
        "level": kind.levels().text(),
        "fixture": kind.fixture(),
    })
}

/// How `dsd rule` prints the docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleFormat {
    /// Markdown, one page per kind.
    Text,
    /// A JSON object per kind (an array of them for `--all`).
    Json,
}

/// The docs `dsd rule` prints: one kind's, or every kind's (`None`, for `--all`).
pub fn render(kind: Option<&Kind>, format: RuleFormat) -> String {
    let listed: Vec<&Kind> = match kind {
        Some(kind) => vec![kind],
        None => kinds::ALL.to_vec(),
    };
    match format {
        RuleFormat::Text => listed
            .iter()
            .map(|k| page(k))
            .collect::<Vec<_>>()
            .join("\n"),
        RuleFormat::Json => {
            let value = match kind {
                Some(kind) => json(kind),
                None => Value::Array(listed.iter().map(|k| json(k)).collect()),
            };
            format!("{value:#}\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_is_rendered() {
        for kind in kinds::ALL.iter().copied().chain([&kinds::UNKNOWN]) {
            let md = markdown(kind);
            for section in [
                "## What it does\n",
                "## Why is this bad?\n",
                "## Example\n```java\n",
                "## How to fix it\n",
                "## Level\nAn error is a bug",
            ] {
                assert!(md.contains(section), "{}: {section}", kind.name());
            }
            assert!(text(kind).contains("\n\nLevel: An error is a bug"));
        }
    }

    #[test]
    fn a_page_has_the_kind_as_title_and_the_null_input_rule_where_it_holds() {
        let npe = page(&kinds::NULL_POINTER);
        assert!(
            npe.starts_with(
                "# NullPointerException\n\n`java.lang.NullPointerException`: null dereference.\n\n## What it does\n"
            ),
            "{npe}"
        );
        assert!(npe.contains("passed straight into the method"));
        assert!(npe.contains("says that input may be `null`"));
        assert!(!page(&kinds::ARITHMETIC).contains("passed straight into"));
        let value = json(&kinds::ARITHMETIC);
        assert_eq!(value["name"], "ArithmeticException");
        assert_eq!(value["fixture"], "tests/fixtures/arith/fix/Arith.java");
    }
}
