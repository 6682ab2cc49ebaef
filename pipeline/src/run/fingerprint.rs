//! Fingerprints of findings: an id for each finding that stays the same when its file
//! changes elsewhere, so that a baseline, or a code-scanning service reading the SARIF
//! `partialFingerprints`, can tell a finding it has seen before from a new one.
//!
//! A fingerprint hashes the crash kind (the exception), the file below its source root,
//! the class, the method (name and descriptor), the text of the site's line with its
//! whitespace collapsed, and the finding's place among the findings of that method that
//! share all of those (two divisions by the same kind on lines that read alike). No line
//! or column number goes in: a line added above a crash moves it but keeps its
//! fingerprint; an edit of the crashing line itself makes it a new finding.
//!
//! Example: `return total / count;` in `Stats.mean(int[])`, found as an
//! `ArithmeticException`, keeps its fingerprint (`HASH:0`) after a comment is added above
//! the method; a second `return total / count;` in the same method gets `HASH:1`.

use super::findings::Finding;
use std::collections::HashMap;

/// The key of `partialFingerprints` in SARIF: its version changes when the recipe does.
pub const SARIF_KEY: &str = "dsdFinding/v1";

/// Gives each of `findings` (in source order) its fingerprint.
pub fn assign(findings: &mut [Finding]) {
    let mut seen: HashMap<u64, u32> = HashMap::new();
    for f in findings {
        let text = collapsed(&f.source_line);
        let key = vcgen::stable_hash(&[
            &f.exception,
            "\0",
            &f.rel,
            "\0",
            &f.class,
            "\0",
            &f.method,
            "\0",
            &text,
        ]);
        let occurrence = seen.entry(key).or_insert(0);
        f.fingerprint = format!("{key:016x}:{occurrence}");
        *occurrence += 1;
    }
}

/// `line` with each run of whitespace made one space, and none at its ends.
fn collapsed(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    fn fingerprints(findings: &[Finding]) -> Vec<String> {
        findings.iter().map(|f| f.fingerprint.clone()).collect()
    }

    #[test]
    fn moving_a_crash_keeps_its_fingerprint_and_editing_it_does_not() {
        let mut findings = sample().findings;
        assign(&mut findings);
        let before = fingerprints(&findings);
        assert!(before.iter().all(|f| f.len() == 18), "{before:?}");
        assert_ne!(before[0], before[1], "two crashes, two fingerprints");
        let mut moved = sample().findings;
        for f in &mut moved {
            f.line += 7;
            f.source_line = format!("  {}  ", f.source_line);
        }
        assign(&mut moved);
        assert_eq!(
            fingerprints(&moved),
            before,
            "lines and indentation do not count"
        );
        let mut edited = sample().findings;
        edited[0].source_line = "\treturn x / z;".into();
        assign(&mut edited);
        assert_ne!(edited[0].fingerprint, before[0], "the crashing text counts");
        assert_eq!(edited[1].fingerprint, before[1]);
    }

    #[test]
    fn alike_crashes_in_one_method_are_told_apart_by_their_order() {
        let mut findings = sample().findings;
        findings.truncate(1);
        let mut second = findings[0].clone();
        second.line += 1;
        findings.push(second);
        assign(&mut findings);
        let (a, b) = (&findings[0].fingerprint, &findings[1].fingerprint);
        assert!(a.ends_with(":0") && b.ends_with(":1"), "{a} {b}");
        assert_eq!(a[..16], b[..16]);
    }
}
