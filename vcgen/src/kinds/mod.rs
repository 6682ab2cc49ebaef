//! Crash kinds: the exceptions dsd reports, one file each.
//!
//! A kind is either an operation vcgen checks itself (integer division, array access,
//! dereference, cast, array creation and store, `assert`) or the crash of a JDK call, an
//! exception a `throw` of the JDK model (`frontend/jdk/`) raises when the project breaks
//! the method's contract. Each kind's file holds its one [`Kind`]: the exception class,
//! the phrase reports use, its documentation (what dsd finds, why it matters, an example,
//! how to fix it), its level policy, which input values explain its crashes (for the names
//! of the tests `--emit-tests` keeps) and the fixture that shows it end to end. [`ALL`]
//! registers them; SARIF rules, `dsd rule` and the README's table are generated from it,
//! and `--ignore` accepts exactly its names. Adding a kind is one file here, its row in
//! `registry!` and a fixture line that expects it; the tests in `tests.rs` fail while a
//! kind vcgen can emit (an operation's kind named in vcgen's code, or an exception thrown
//! in the JDK model) is not registered with complete docs and a fixture.
//!
//! Sites keep the kind as its class name (`"exception": "java.lang.ArithmeticException"`
//! in `vc/sites.json`), so the files between stages stay plain JSON; [`by_class`] finds the
//! kind again, and [`for_class`] falls back to [`UNKNOWN`] for a class no kind documents.

#[cfg(test)]
mod tests;

/// Declares each kind's module, re-exports its constant and lists it in [`ALL`].
macro_rules! registry {
    ($($module:ident::$kind:ident,)*) => {
        $(
            mod $module;
            pub use $module::$kind;
        )*

        /// Every kind, in the order of the docs.
        pub const ALL: &[&Kind] = &[$(&$kind),*];
    };
}

registry! {
    arithmetic::ARITHMETIC,
    array_index_out_of_bounds::ARRAY_INDEX_OUT_OF_BOUNDS,
    negative_array_size::NEGATIVE_ARRAY_SIZE,
    null_pointer::NULL_POINTER,
    class_cast::CLASS_CAST,
    array_store::ARRAY_STORE,
    assertion::ASSERTION,
    string_index_out_of_bounds::STRING_INDEX_OUT_OF_BOUNDS,
    index_out_of_bounds::INDEX_OUT_OF_BOUNDS,
    number_format::NUMBER_FORMAT,
    no_such_element::NO_SUCH_ELEMENT,
    empty_stack::EMPTY_STACK,
    unsupported_operation::UNSUPPORTED_OPERATION,
    illegal_argument::ILLEGAL_ARGUMENT,
}

/// One kind of crash. Its fields are private, so that every kind is one of the files of
/// this module and the tests see them all.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    /// Fully qualified exception class, e.g. `java.lang.ArithmeticException`.
    exception: &'static str,
    /// Short phrase for diagnostics, e.g. `division by zero`.
    summary: &'static str,
    /// What dsd finds.
    what: &'static str,
    /// Why the crash matters.
    why: &'static str,
    /// Java code that crashes this way, the crashing line marked by a comment.
    example: &'static str,
    /// How to avoid the crash.
    fix: &'static str,
    /// When a reproduced crash is an error and when a note.
    levels: Levels,
    /// A fixture file (from the workspace root) with a line that expects the kind, checked
    /// by the end-to-end tests.
    fixture: &'static str,
    /// Which input values explain a crash of the kind, for the names of kept tests.
    explained: Explained,
}

/// An input value a crash can be about: what a kept test's name says after `_when`
/// (`whenPerShelfIsZero`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// `null`.
    Null,
    /// The number zero.
    Zero,
    /// A negative number.
    Negative,
    /// An empty string or array.
    Empty,
}

/// Where in the crashing statement an input's name must be written for its edge to explain
/// the crash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Anywhere in the statement.
    Anywhere,
    /// After the statement's first `/` or `%`: a divisor.
    AfterDivision,
    /// Inside brackets or parentheses: an index, a size or an argument.
    Enclosed,
}

/// Which input values explain a crash of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Explained {
    /// Only these edges, each where it is written.
    By(&'static [(Edge, Written)]),
    /// Any edge, written anywhere: the kind's crashes depend on the values in ways too
    /// varied to narrow (a cast, a JDK method's contract).
    ByAny,
}

/// What explains an index out of bounds: a negative index, or an empty string or array.
pub(crate) const INDEX_EXPLAINED: Explained = Explained::By(&[
    (Edge::Negative, Written::Enclosed),
    (Edge::Empty, Written::Anywhere),
]);

/// When a reproduced crash of a kind is an error and when a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Levels {
    /// An error when the crash is a bug a maintainer would accept: the test reached it
    /// through code a client can call so, with inputs the entry's contract allows, and the
    /// documentation does not announce it; a note otherwise, saying which rule made it one
    /// (reflection, a JDK method's `@Precondition`, code no client calls so, a
    /// precondition of the documentation or of Java's conventions broken, an `@throws`).
    Public,
    /// As [`Levels::Public`], and a note when the crash comes from a `null` passed
    /// straight into the method under test, unless the documentation says that input may
    /// be `null` or the project's tests call the method and their usage allows that `null`
    /// (DSD-Crasher 6.4.3).
    NullInputNote,
}

/// The levels every kind follows.
const EVERY_KIND: &str = "An error is a bug a maintainer would accept: the reproducing \
    test reaches the crash through public constructors and methods (a package-private or \
    private method counts only through a public caller), with inputs that respect the \
    entry's contract (the preconditions its Javadoc states, such as \"must be \
    positive\", and Java's convention that an index, offset or length parameter stays \
    within the array or string it indexes unless the Javadoc gives values outside a \
    meaning, and the invariants inferred from the project's tests with `--tests`), and \
    no `@throws` of the method called or of a public method on the way to the crash \
    names the exception or a supertype of it more particular than `RuntimeException`. \
    Anything else is a note that says which rule made it one: the test set private state \
    by reflection, a JDK method's documented precondition was broken by the caller, no \
    client can call the method so, a precondition was broken (named, with the Javadoc \
    line), or the documentation announces the crash. `--documentation false` (or \
    `documentation = false` in `dsd.toml`) leaves the Javadoc out of these rules.";

/// What [`Levels::NullInputNote`] adds.
const NULL_INPUT: &str = "A crash that comes from a `null` passed straight into the \
    method under test, or returned by a project method documented to return `null` (or \
    whose body does) and passed on, is a note as well: callers are expected not to pass \
    `null`. It is an error when the Javadoc says that input may be `null` (\"may be \
    null\", \"null returns null\", a class that handles `null` input, `null` elements \
    that are handled), or when the project's tests call the method (`--tests`) and their \
    usage allows that `null`.";

impl Levels {
    /// The policy in a few sentences, for the docs.
    pub fn text(self) -> String {
        match self {
            Levels::Public => EVERY_KIND.to_string(),
            Levels::NullInputNote => format!("{EVERY_KIND} {NULL_INPUT}"),
        }
    }
}

impl Kind {
    /// Fully qualified exception class, e.g. `java.lang.ArithmeticException`.
    pub fn exception(&self) -> &'static str {
        self.exception
    }

    /// The kind's name: the exception's simple name, e.g. `ArithmeticException`.
    pub fn name(&self) -> &'static str {
        simple_name(self.exception)
    }

    /// Short phrase for diagnostics, e.g. `division by zero`.
    pub fn summary(&self) -> &'static str {
        self.summary
    }

    /// What dsd finds.
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// Why the crash matters.
    pub fn why(&self) -> &'static str {
        self.why
    }

    /// Java code that crashes this way.
    pub fn example(&self) -> &'static str {
        self.example
    }

    /// How to avoid the crash.
    pub fn fix(&self) -> &'static str {
        self.fix
    }

    /// When a reproduced crash is an error and when a note.
    pub fn levels(&self) -> Levels {
        self.levels
    }

    /// The fixture file (from the workspace root) with a line that expects the kind.
    pub fn fixture(&self) -> &'static str {
        self.fixture
    }

    /// Where an input of value `edge` must be written in the crashing statement to explain
    /// a crash of the kind; `None` when such a value does not explain it.
    pub fn explained_by(&self, edge: Edge) -> Option<Written> {
        match self.explained {
            Explained::ByAny => Some(Written::Anywhere),
            Explained::By(edges) => edges.iter().find(|(e, _)| *e == edge).map(|(_, w)| *w),
        }
    }
}

/// What the reports say of an exception class no kind documents: sites written by an
/// older dsd may name one.
pub const UNKNOWN: Kind = Kind {
    exception: "",
    summary: "uncaught exception",
    what: "Finds operations that throw an unchecked exception for some input.",
    why: "An uncaught runtime exception aborts the operation and usually the caller's as well.",
    example: "void restart(Thread t) {\n    t.start(); // a thread started before throws\n}",
    fix: "Check the operation's precondition before calling it.",
    levels: Levels::Public,
    fixture: "",
    explained: Explained::ByAny,
};

/// The simple name of an exception class: `java.lang.ArithmeticException` →
/// `ArithmeticException`.
pub fn simple_name(exception: &str) -> &str {
    exception.rsplit('.').next().unwrap_or(exception)
}

/// The kind of the exception class `exception` (fully qualified), if one is registered.
pub fn by_class(exception: &str) -> Option<&'static Kind> {
    ALL.iter().copied().find(|k| k.exception == exception)
}

/// The kind of the exception class `exception`, or [`UNKNOWN`].
pub fn for_class(exception: &str) -> &'static Kind {
    by_class(exception).unwrap_or(&UNKNOWN)
}

/// The kind a user names by its simple name, in any case (`ArithmeticException`,
/// `arithmeticexception`); otherwise an error in one line that lists the kinds.
pub fn named(name: &str) -> Result<&'static Kind, String> {
    ALL.iter()
        .copied()
        .find(|k| k.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = ALL.iter().map(|k| k.name()).collect();
            format!(
                "`{name}` is not a crash kind; the kinds are {}",
                names.join(", ")
            )
        })
}
