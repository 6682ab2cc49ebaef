//! What a run checks: the files whose sites and methods are left out (`--exclude` globs,
//! matched against the path below the source root) and the crash kinds turned off
//! (`--ignore`, by the kind's name, checked against [`crate::kinds`]).
//!
//! An excluded file is still read, so that the code that uses its classes stays typed;
//! no method of it is an entry and no crash site in it is checked, not even one reached
//! from another file's method. An ignored kind's sites are not checked, but the path past
//! them still assumes the operation succeeded, as the JVM would have thrown otherwise.

use crate::kinds::{self, Kind};
use globset::{GlobSet, GlobSetBuilder};

/// The files and crash kinds a run leaves out.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    excluded: Option<GlobSet>,
    ignored: Vec<&'static Kind>,
}

impl Scope {
    /// The scope leaving out files below the source root that match one of `exclude`
    /// (`*` within a folder, `**` across folders) and the crash kinds named in `ignore`
    /// (`ArithmeticException`, in any case). A pattern that is not a glob, or a name that is
    /// no kind, is an error naming it.
    pub fn new(exclude: &[String], ignore: &[String]) -> Result<Scope, String> {
        let excluded = if exclude.is_empty() {
            None
        } else {
            let mut set = GlobSetBuilder::new();
            for pattern in exclude {
                let glob = globset::GlobBuilder::new(pattern)
                    .literal_separator(true)
                    .build()
                    .map_err(|e| format!("--exclude `{pattern}` is not a glob: {}", e.kind()))?;
                set.add(glob);
            }
            Some(set.build().map_err(|e| e.to_string())?)
        };
        let ignored = ignore
            .iter()
            .map(|name| kinds::named(name))
            .collect::<Result<_, _>>()?;
        Ok(Scope { excluded, ignored })
    }

    /// Whether the file at `rel` (its path below its source root) is left out.
    pub fn excludes_file(&self, rel: &str) -> bool {
        self.excluded.as_ref().is_some_and(|set| set.is_match(rel))
    }

    /// Whether crashes of the exception class `exception` (fully qualified) are left out.
    pub fn ignores_kind(&self, exception: &str) -> bool {
        self.ignored.iter().any(|k| k.exception() == exception)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_paths_below_the_source_root() {
        let scope = Scope::new(&["**/generated/**".into(), "org/acme/*.java".into()], &[]).unwrap();
        assert!(scope.excludes_file("org/acme/generated/Parser.java"));
        assert!(scope.excludes_file("generated/Lexer.java"));
        assert!(scope.excludes_file("org/acme/Legacy.java"));
        assert!(
            !scope.excludes_file("org/acme/util/Strings.java"),
            "`*` stays within one folder"
        );
        assert!(!Scope::default().excludes_file("A.java"));
    }

    #[test]
    fn kinds_are_ignored_by_name() {
        let scope = Scope::new(&[], &["ClassCastException".into()]).unwrap();
        assert!(scope.ignores_kind(kinds::CLASS_CAST.exception()));
        assert!(!scope.ignores_kind(kinds::NULL_POINTER.exception()));
        let scope = Scope::new(&[], &["classcastexception".into()]).unwrap();
        assert!(scope.ignores_kind(kinds::CLASS_CAST.exception()));
    }

    #[test]
    fn an_unknown_kind_is_refused() {
        let err = Scope::new(&[], &["IllegalStateException".into()]).unwrap_err();
        assert!(
            err.starts_with("`IllegalStateException` is not a crash kind; the kinds are "),
            "{err}"
        );
    }

    #[test]
    fn a_bad_glob_is_named() {
        let err = Scope::new(&["src/[a".into()], &[]).unwrap_err();
        assert!(err.starts_with("--exclude `src/[a` is not a glob"), "{err}");
    }
}
