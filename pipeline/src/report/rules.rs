//! The crash kinds' docs (`vcgen::kinds`, one file per kind) as dsd shows them: Markdown
//! and plain text (SARIF help) and the README's table of kinds.

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

/// The README's table of the kinds: one row each, in the registry's order.
pub fn table() -> String {
    let mut out = String::from("| Kind | Crash | What it does |\n|---|---|---|\n");
    for kind in kinds::ALL {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            kind.name(),
            kind.summary(),
            kind.what().replace('|', "\\|")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The line before the README's table.
    const BEGIN: &str = "<!-- crash kinds: generated from vcgen/src/kinds/, `UPDATE_EXPECT=1 cargo test -p pipeline readme` rewrites it -->\n";
    /// The line after the README's table.
    const END: &str = "<!-- end of crash kinds -->\n";

    #[test]
    fn every_section_is_rendered() {
        for kind in kinds::ALL.iter().copied().chain([&kinds::UNKNOWN]) {
            let md = markdown(kind);
            for section in [
                "## What it does\n",
                "## Why is this bad?\n",
                "## Example\n```java\n",
                "## How to fix it\n",
                "## Level\nAn error when",
            ] {
                assert!(md.contains(section), "{}: {section}", kind.name());
            }
            assert!(text(kind).contains("\n\nLevel: An error when"));
        }
    }

    #[test]
    fn the_readme_table_is_generated_from_the_kinds() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
        let readme = std::fs::read_to_string(&path).expect("read the README");
        let (before, rest) = readme
            .split_once(BEGIN)
            .unwrap_or_else(|| panic!("the README has no line {BEGIN}"));
        let (current, after) = rest
            .split_once(END)
            .unwrap_or_else(|| panic!("the README has no line {END}"));
        let expected = table();
        if current == expected {
            return;
        }
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            let updated = format!("{before}{BEGIN}{expected}{END}{after}");
            std::fs::write(&path, updated).expect("write the README");
            return;
        }
        panic!(
            "the README's table of crash kinds differs from the kinds in vcgen/src/kinds/; \
             put this between its markers (or run `UPDATE_EXPECT=1 cargo test -p pipeline \
             readme`):\n{expected}"
        );
    }
}
