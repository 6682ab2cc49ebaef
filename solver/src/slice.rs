//! Cone-of-influence slicing of a prelude: the part of an entry variant's formula that
//! one goal depends on.
//!
//! A prelude is a list of SMT-LIB commands. Most of its assertions *define* a constant
//! (`(= x term)`, or `(=> c (= x term))` for each incoming path of a join): such a
//! definition constrains nothing but `x`, so it is needed only when something needed
//! mentions `x`. Every other assertion is a *constraint* (an input's range, a literal's
//! contents, an assumed invariant) and is always kept, as are declarations of functions
//! and sorts. The slice of a goal is those commands plus the definitions reachable from
//! the goal and the constraints, in the prelude's order; it has a model exactly when the
//! whole prelude has one with the goal true, and its models agree on every symbol the
//! slice keeps.
//!
//! A constant defined by more than one plain equation is treated as constrained (the
//! equations together say its terms are equal), so slicing never drops a constraint.
//!
//! A *fact* (vcgen's `Smt::assert_fact`: a nullary `define-fun` named `fact!N` and the
//! assertion of its name) is implied by the definitions, so dropping it changes no answer:
//! it is kept only when every constant it mentions is. Kept as a constraint, the bounds
//! vcgen states of each `% 10` brought into every slice the definitions they mention, and
//! with them, in commons-lang3's `Fraction.getFraction(String)`, the floating-point
//! arithmetic of an unrelated branch: its slice for a `parseInt` goal timed out at 50 s,
//! and is satisfiable in 0.2 s without them.

use std::collections::HashMap;

/// A prelude split into commands, with the definitions indexed for slicing.
pub struct Slicer<'t> {
    commands: Vec<&'t str>,
    /// Commands kept in every slice.
    always: Vec<usize>,
    /// The definitions of each defined constant.
    definitions: HashMap<&'t str, Vec<usize>>,
    /// The declaration of each constant.
    declarations: HashMap<&'t str, usize>,
    /// The declared names each command mentions (for a definition: its right-hand side).
    mentions: Vec<Vec<&'t str>>,
    /// The facts, each with its commands and the constants it mentions.
    facts: Vec<(Vec<usize>, Vec<&'t str>)>,
}

impl<'t> Slicer<'t> {
    /// Splits a prelude's text into commands and indexes them.
    pub fn new(text: &'t str) -> Slicer<'t> {
        let commands = split_commands(text);
        let mut declared: HashMap<&str, usize> = HashMap::new();
        let mut declarations = HashMap::new();
        for (i, c) in commands.iter().enumerate() {
            if let Some(name) = declared_name(c) {
                declared.insert(name, i);
                if c.starts_with("(declare-const") {
                    declarations.insert(name, i);
                }
            }
        }
        let mut heads: HashMap<&str, (usize, usize)> = HashMap::new();
        let mut defined: Vec<Option<&str>> = vec![None; commands.len()];
        for (i, c) in commands.iter().enumerate() {
            if let Some((name, join)) = defined_name(c) {
                if declarations.contains_key(name) {
                    let count = heads.entry(name).or_default();
                    if join {
                        count.1 += 1;
                    } else {
                        count.0 += 1;
                    }
                    defined[i] = Some(name);
                }
            }
        }
        let mut always = Vec::new();
        let mut definitions: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut mentions = Vec::with_capacity(commands.len());
        let mut facts: Vec<(Vec<usize>, Vec<&str>)> = Vec::new();
        let mut fact_index: HashMap<&str, usize> = HashMap::new();
        for (i, c) in commands.iter().enumerate() {
            if let Some(name) = fact_name(c) {
                mentions.push(Vec::new());
                if let Some(&f) = fact_index.get(name) {
                    facts[f].0.push(i);
                } else {
                    let mut constants: Vec<&str> = symbols(c)
                        .filter(|s| declarations.contains_key(s))
                        .collect();
                    constants.sort_unstable();
                    constants.dedup();
                    fact_index.insert(name, facts.len());
                    facts.push((vec![i], constants));
                }
                continue;
            }
            let is_assert = c.starts_with("(assert");
            let definition = defined[i].filter(|name| {
                let (plain, joins) = heads[name];
                (plain == 1 && joins == 0) || (plain == 0 && joins > 0)
            });
            let mut names: Vec<&str> = symbols(c)
                .filter(|s| declared.contains_key(s) && Some(*s) != definition)
                .collect();
            names.sort_unstable();
            names.dedup();
            mentions.push(names);
            match definition {
                Some(name) => definitions.entry(name).or_default().push(i),
                None if is_assert || !c.starts_with("(declare-const") => always.push(i),
                None => {}
            }
        }
        Slicer {
            commands,
            always,
            definitions,
            declarations,
            mentions,
            facts,
        }
    }

    /// The text of the commands the constants `roots` (a goal, the preferences) depend
    /// on, in the prelude's order.
    pub fn slice(&self, roots: &[&str]) -> String {
        let mut keep = vec![false; self.commands.len()];
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        let mut todo: Vec<&str> = roots.to_vec();
        for &i in &self.always {
            keep[i] = true;
            todo.extend(self.mentions[i].iter().copied());
        }
        while let Some(name) = todo.pop() {
            if !seen.insert(name) {
                continue;
            }
            if let Some(&d) = self.declarations.get(name) {
                keep[d] = true;
            }
            for &i in self.definitions.get(name).into_iter().flatten() {
                if !keep[i] {
                    keep[i] = true;
                    todo.extend(self.mentions[i].iter().copied());
                }
            }
        }
        for (commands, constants) in &self.facts {
            if constants.iter().all(|c| seen.contains(c)) {
                for &i in commands {
                    keep[i] = true;
                }
            }
        }
        let mut out = String::new();
        for (c, _) in self.commands.iter().zip(&keep).filter(|(_, k)| **k) {
            out.push_str(c);
            out.push('\n');
        }
        out
    }
}

/// The top-level commands of SMT-LIB text (comments dropped).
fn split_commands(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                let start = i;
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'|' => {
                            i += 1;
                            while i < bytes.len() && bytes[i] != b'|' {
                                i += 1;
                            }
                        }
                        b'"' => {
                            i += 1;
                            while i < bytes.len() && bytes[i] != b'"' {
                                i += 1;
                            }
                        }
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                out.push(&text[start..(i + 1).min(text.len())]);
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The words of a command: symbols (quoted ones without their bars), keywords, numerals.
fn symbols(command: &str) -> impl Iterator<Item = &str> {
    let mut rest = command;
    std::iter::from_fn(move || loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '(' || c == ')');
        if rest.is_empty() {
            return None;
        }
        if let Some(quoted) = rest.strip_prefix('|') {
            let end = quoted.find('|').unwrap_or(quoted.len());
            let word = &quoted[..end];
            rest = &quoted[(end + 1).min(quoted.len())..];
            return Some(word);
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if !word.is_empty() {
            return Some(word);
        }
    })
}

/// The name a `declare-const`, `declare-fun` or `define-fun` command introduces.
fn declared_name(command: &str) -> Option<&str> {
    let mut words = symbols(command);
    match words.next()? {
        "declare-const" | "declare-fun" | "define-fun" => words.next(),
        _ => None,
    }
}

/// The name of the fact a command defines or asserts, if it is one of a fact's two.
fn fact_name(command: &str) -> Option<&str> {
    let mut words = symbols(command);
    let name = match words.next()? {
        "define-fun" | "assert" => words.next()?,
        _ => return None,
    };
    name.starts_with(vcgen::smt::FACT_PREFIX).then_some(name)
}

/// The constant an assertion defines, `(= x t)` or `(=> c (= x t))`, and whether it is
/// one path of a join (the second form).
fn defined_name(command: &str) -> Option<(&str, bool)> {
    let body = command.strip_prefix("(assert ")?;
    if let Some(rest) = body.strip_prefix("(= ") {
        return Some((symbols(rest).next()?, false)).filter(|_| !rest.starts_with('('));
    }
    let rest = body.strip_prefix("(=> ")?;
    let after = skip_term(rest)?.trim_start();
    let eq = after.strip_prefix("(= ")?;
    Some((symbols(eq).next()?, true)).filter(|_| !eq.starts_with('('))
}

/// The text after the first term of `text`.
fn skip_term(text: &str) -> Option<&str> {
    let text = text.trim_start();
    if !text.starts_with('(') {
        let end = text.find(|c: char| c.is_whitespace() || c == ')')?;
        return Some(&text[end..]);
    }
    let mut depth = 0usize;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '|' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[i + 1..]);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRELUDE: &str = "; entry
(set-logic ALL)
(declare-fun dtype (Int) Int)
(define-fun |sub!LA;| ((t Int)) Bool (= t 3))
(declare-const in!x1 (_ BitVec 32))
(declare-const in!x2 (_ BitVec 32))
(declare-const o!1 Int)
(assert (> o!1 1000000))
(declare-const b!1 (_ BitVec 32))
(assert (= b!1 (bvadd in!x1 #x00000001)))
(declare-const b!2 (_ BitVec 32))
(assert (= b!2 (bvmul in!x2 in!x2)))
(define-fun fact!3 () Bool (=> (= in!x2 #x00000000) (= b!2 #x00000000)))
(assert fact!3)
(declare-const r!1 Bool)
(assert (= r!1 (bvslt b!1 #x00000000)))
(declare-const m!1 (_ BitVec 32))
(assert (=> r!1 (= m!1 b!1)))
(assert (=> (not r!1) (= m!1 b!2)))
(declare-const t!1 (_ BitVec 32))
(assert (= t!1 in!x2))
(assert (= t!1 (bvadd in!x2 #x00000000)))
(declare-const goal!0 Bool)
(assert (= goal!0 (= b!1 #x00000000)))
(declare-const goal!1 Bool)
(assert (= goal!1 (= m!1 #x00000005)))
";

    #[track_caller]
    fn check(goal: &str, expect: &[&str]) {
        let slice = Slicer::new(PRELUDE).slice(&[goal]);
        let kept: Vec<&str> = split_commands(&slice)
            .into_iter()
            .filter(|c| c.starts_with("(assert"))
            .collect();
        assert_eq!(kept, expect, "slice of {goal}:\n{slice}");
    }

    #[test]
    fn a_goal_keeps_its_definitions_and_every_constraint() {
        check(
            "goal!0",
            &[
                "(assert (> o!1 1000000))",
                "(assert (= b!1 (bvadd in!x1 #x00000001)))",
                "(assert (= t!1 in!x2))",
                "(assert (= t!1 (bvadd in!x2 #x00000000)))",
                "(assert (= goal!0 (= b!1 #x00000000)))",
            ],
        );
    }

    #[test]
    fn a_join_keeps_every_incoming_path() {
        check(
            "goal!1",
            &[
                "(assert (> o!1 1000000))",
                "(assert (= b!1 (bvadd in!x1 #x00000001)))",
                "(assert (= b!2 (bvmul in!x2 in!x2)))",
                "(assert fact!3)",
                "(assert (= r!1 (bvslt b!1 #x00000000)))",
                "(assert (=> r!1 (= m!1 b!1)))",
                "(assert (=> (not r!1) (= m!1 b!2)))",
                "(assert (= t!1 in!x2))",
                "(assert (= t!1 (bvadd in!x2 #x00000000)))",
                "(assert (= goal!1 (= m!1 #x00000005)))",
            ],
        );
    }

    #[test]
    fn declarations_of_dropped_constants_go_too() {
        let slice = Slicer::new(PRELUDE).slice(&["goal!0"]);
        assert!(slice.contains("(declare-fun dtype (Int) Int)"));
        assert!(slice.contains("(declare-const in!x1"));
        assert!(!slice.contains("(declare-const b!2"));
        assert!(
            !slice.contains("fact!3"),
            "a fact about a dropped constant goes with it"
        );
        assert!(!slice.contains("(declare-const goal!1"));
        assert!(!slice.contains("; entry"));
    }
}
