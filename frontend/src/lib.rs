//! Reads Java sources with tree-sitter and writes the typed program model to `ir/`.
//!
//! Three passes over every file: class skeletons (names and nesting), headers
//! (supertypes, fields, method signatures) and bodies (statements and typed
//! expressions). The JDK model (see [`jdk`]) is read the same way, so project
//! code and the model of the library it calls share one representation.

mod anonymous;
mod body;
mod calls;
mod capture;
mod declare;
pub mod deep;
pub mod digest;
pub mod encoding;
mod expr;
pub mod files;
pub mod hierarchy;
pub mod ir;
pub mod javadoc;
pub mod jdk;
mod lambda;
pub mod library;
mod literal;
mod lowering;
mod names;
mod patterns;
mod suppress;
mod syntax;
mod typing;
mod walk;

pub use hierarchy::Hierarchy;
pub use ir::descriptor_params;
pub use typing::boxed;
pub use walk::{collect_sources, reading_root, Input, SourceSet};

use ir::{Class, Diagnostic, Program, SourceFile, Span};
use lowering::lower_bodies;
pub(crate) use lowering::{ClassBodies, ClassLowering};
use names::{ClassNames, FileScope};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syntax::Source;

/// Counts reported by the parse stage.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct ParseSummary {
    /// Project `.java` files read.
    pub files: usize,
    /// Project classes (nested ones included).
    pub classes: usize,
    /// Project methods and constructors with a body.
    pub methods: usize,
    /// `Unknown` statements and expressions in project code.
    pub unknown_nodes: usize,
    /// One line per problem, `path:line:col: message`.
    pub diagnostics: Vec<String>,
    /// One line per class that two project files define; the parse stage fails on any.
    #[serde(default)]
    pub duplicate_classes: Vec<String>,
}

impl ParseSummary {
    /// Fails when a class is defined twice in the project: dsd would have to pick one of them.
    pub fn reject_duplicate_classes(&self) -> Result<(), Error> {
        match self.duplicate_classes.as_slice() {
            [] => Ok(()),
            [first, rest @ ..] => {
                let more = match rest.len() {
                    0 => String::new(),
                    n => format!(" (and {n} more)"),
                };
                Err(Error(format!(
                    "{first}{more}; keep one of them, or name only the source root to analyse \
                     (e.g. src/main/java)"
                )))
            }
        }
    }
}

/// An error that stops the parse stage (not a problem inside one file).
#[derive(Debug, Clone)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Path of the program model inside a work directory.
pub fn program_path(work_dir: &Path) -> PathBuf {
    work_dir.join("ir").join("program.json")
}

/// Parses the project's `.java` files below `sources` (see [`walk`] for which) and writes
/// `ir/program.json` in `work_dir`; the platform classes they name are typed from the JDK
/// installed at `java_home`, when one is given, and the library classes from the jars and
/// class folders of `classpath` ([`library`]).
pub fn parse_stage(
    sources: &[PathBuf],
    work_dir: &Path,
    java_home: Option<&Path>,
    classpath: &[PathBuf],
    encoding: Option<&str>,
) -> Result<ParseSummary, Error> {
    if let Some(name) = encoding {
        encoding::by_name(name).map_err(Error)?;
    }
    let inputs = collect_sources(sources, SourceSet::Main, Some(work_dir))?;
    let library = match java_home {
        Some(home) => Some(library::Library::open(home, classpath).map_err(|e| {
            Error(format!(
                "cannot read the classes of the JDK or the class path: {e}; dsd needs a JDK 9 \
                 or later (set JAVA_HOME) and jars or class folders on --classpath"
            ))
        })?),
        None => None,
    };
    let library = library.map(|l| l.cached_in(&library_cache_path(work_dir)));
    let project = read_inputs(&inputs, encoding);
    let (mut program, summary) = parse_texts(project, library.as_ref());
    program.encoding = encoding.map(str::to_string);
    if let Some(Err(e)) = library.as_ref().map(library::Library::save_cache) {
        program.diagnostics.push(Diagnostic {
            span: Span::default(),
            message: format!("the library classes read are not kept for the next parse: {e}"),
        });
    }
    summary.reject_duplicate_classes()?;
    let path = program_path(work_dir);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error(format!("cannot create {}: {e}", dir.display())))?;
    }
    let docs = std::mem::take(&mut program.docs);
    let docs_file = javadoc::docs_path(work_dir);
    let json = serde_json::to_string(&docs)
        .map_err(|e| Error(format!("cannot encode the documentation: {e}")))?;
    files::write_atomic(&docs_file, json)
        .map_err(|e| Error(format!("cannot write {}: {e}", docs_file.display())))?;
    let suppressions = std::mem::take(&mut program.suppressions);
    let suppressions_file = suppressions_path(work_dir);
    let json = serde_json::to_string_pretty(&suppressions)
        .map_err(|e| Error(format!("cannot encode the suppressions: {e}")))?;
    files::write_atomic(&suppressions_file, json)
        .map_err(|e| Error(format!("cannot write {}: {e}", suppressions_file.display())))?;
    let json = serde_json::to_string(&program)
        .map_err(|e| Error(format!("cannot encode the program model: {e}")))?;
    files::write_atomic(&path, json)
        .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))?;
    Ok(summary)
}

/// Path of the library classes kept for the next parse inside a work directory
/// ([`library::Library::cached_in`]).
pub fn library_cache_path(work_dir: &Path) -> PathBuf {
    work_dir.join("cache").join("library.json")
}

/// Path of the suppressions written in the project's files inside a work directory.
pub fn suppressions_path(work_dir: &Path) -> PathBuf {
    work_dir.join("ir").join("suppressions.json")
}

/// Reads the suppressions the parse stage found (none when it wrote no file).
pub fn read_suppressions(work_dir: &Path) -> Result<Vec<ir::Suppression>, Error> {
    let path = suppressions_path(work_dir);
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            serde_json::from_str(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(Error(format!("{}: {e}", path.display()))),
    }
}

/// Reads `ir/program.json` from a work directory, with the documentation beside it
/// (`ir/docs.json`).
pub fn read_program(work_dir: &Path) -> Result<Program, Error> {
    let path = program_path(work_dir);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd parse` first", path.display())))?;
    let mut program: Program =
        deep::from_json(&text).map_err(|e| Error(format!("{}: {e}", path.display())))?;
    program.docs = javadoc::read_docs(work_dir)?;
    Ok(program)
}

struct Parsed {
    text: String,
    tree: Option<tree_sitter::Tree>,
    scope: FileScope,
}

/// Parses the JDK model and the given project files into a program model, without the
/// platform's class files.
pub fn parse_program(inputs: &[Input]) -> (Program, ParseSummary) {
    parse_program_in(inputs, None)
}

/// [`parse_program`] of files in the encoding `encoding` (UTF-8 when `None`).
pub fn parse_program_in(inputs: &[Input], encoding: Option<&str>) -> (Program, ParseSummary) {
    let (mut program, summary) = parse_texts(read_inputs(inputs, encoding), None);
    program.encoding = encoding.map(str::to_string);
    (program, summary)
}

fn read_inputs(inputs: &[Input], encoding: Option<&str>) -> Vec<ProjectText> {
    inputs
        .iter()
        .map(|i| ProjectText {
            path: i.path.display().to_string(),
            rel: i.rel.clone(),
            text: encoding::read_source(&i.path, encoding),
        })
        .collect()
}

/// Parses the JDK model and project sources held in memory, `(path, text)` pairs, into a
/// program model, as [`parse_program`] does with files: for tests and tools that have
/// Java source without files. A path such as `p/A.java` names the file in site ids and
/// diagnostics; nothing is read from disk.
pub fn parse_sources(sources: &[(&str, &str)]) -> (Program, ParseSummary) {
    parse_sources_with(sources, None)
}

/// [`parse_sources`], with the platform classes the sources name read from `library`.
pub fn parse_sources_with(
    sources: &[(&str, &str)],
    library: Option<&library::Library>,
) -> (Program, ParseSummary) {
    let project = sources.iter().map(|(path, text)| ProjectText {
        path: path.to_string(),
        rel: path.trim_start_matches('/').to_string(),
        text: Ok(text.to_string()),
    });
    parse_texts(project.collect(), library)
}

/// One project source to parse; `text` says why when the file could not be read.
struct ProjectText {
    path: String,
    rel: String,
    text: Result<String, encoding::Unreadable>,
}

fn parse_texts(
    project: Vec<ProjectText>,
    library: Option<&library::Library>,
) -> (Program, ParseSummary) {
    let mut program = Program::default();
    let mut parsed = Vec::new();
    let mut parser = tree_sitter::Parser::new();
    let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    if parser.set_language(&language).is_err() {
        program.diagnostics.push(Diagnostic {
            span: Span::default(),
            message: "tree-sitter-java grammar is incompatible".into(),
        });
        return (program, ParseSummary::default());
    }
    let model = jdk::MODEL.iter().map(|(rel, text)| {
        (
            format!("<jdk>/{rel}"),
            rel.to_string(),
            Ok(text.to_string()),
            true,
        )
    });
    let project = project.into_iter().map(|p| (p.path, p.rel, p.text, false));
    for (path, rel, text, is_library) in model.chain(project) {
        let file = program.files.len() as ir::FileId;
        let text = text.unwrap_or_else(|bad| {
            program.diagnostics.push(Diagnostic {
                span: Span {
                    file,
                    line: bad.line,
                    col: 1,
                    end_line: bad.line,
                    end_col: 1,
                },
                message: bad.reason,
            });
            String::new()
        });
        let tree = parser.parse(&text, None);
        let scope = match &tree {
            Some(t) => FileScope::read(&Source { file, text: &text }, t.root_node()),
            None => FileScope::default(),
        };
        if let Some(t) = &tree {
            report_syntax_errors(
                &Source { file, text: &text },
                t.root_node(),
                &mut program.diagnostics,
            );
        }
        let rel = package_relative(&path, &scope.package).unwrap_or(rel);
        if let (Some(t), false) = (&tree, is_library) {
            let src = Source { file, text: &text };
            let place = suppress::Place {
                file: &path,
                rel: &rel,
            };
            let found = suppress::suppressions(&src, t.root_node(), &place);
            program.suppressions.extend(found);
        }
        program.files.push(SourceFile {
            path,
            rel,
            package: scope.package.clone(),
            library: is_library,
            left_out: None,
        });
        parsed.push(Parsed { text, tree, scope });
    }
    let duplicates = declare_classes(&mut program, &parsed, library);
    let unknowns = lower_bodies(&mut program, &parsed);
    program.docs = read_docs_of(&program, &parsed);
    let summary = summarize(&program, unknowns, duplicates);
    (program, summary)
}

/// The documentation of the project's files and of the JDK model's among `parsed` (the
/// model documents the `@throws` of the JDK's interfaces, which overrides inherit).
fn read_docs_of(program: &Program, parsed: &[Parsed]) -> javadoc::Docs {
    let comments: Vec<Option<javadoc::FileComments>> = parsed
        .iter()
        .enumerate()
        .map(|(fi, p)| {
            let tree = p.tree.as_ref()?;
            let src = Source {
                file: fi as ir::FileId,
                text: &p.text,
            };
            Some(javadoc::file_comments(&src, tree.root_node()))
        })
        .collect();
    let scopes: Vec<&FileScope> = parsed.iter().map(|p| &p.scope).collect();
    javadoc::read(program, &comments, &scopes)
}

/// The path of a file below its package root, `p/q/A.java` for `package p.q;`, when the
/// file's folders match its package.
fn package_relative(path: &str, package: &str) -> Option<String> {
    let path = path.replace('\\', "/");
    let name = path.rsplit('/').next()?;
    let rel = if package.is_empty() {
        name.to_string()
    } else {
        format!("{}/{name}", package.replace('.', "/"))
    };
    (path == rel || path.ends_with(&format!("/{rel}"))).then_some(rel)
}

fn report_syntax_errors(src: &Source, root: tree_sitter::Node, out: &mut Vec<Diagnostic>) {
    if !root.has_error() {
        return;
    }
    let mut stack = vec![root];
    let mut reported = 0;
    while let Some(n) = stack.pop() {
        if (n.is_error() && !patterns::jdk17_guard(n)) || n.is_missing() {
            let what = if n.is_missing() {
                format!("missing `{}`", n.kind())
            } else {
                "syntax error".to_string()
            };
            out.push(Diagnostic {
                span: src.span(n),
                message: format!("{what}; the enclosing declaration is not analysed"),
            });
            reported += 1;
            if reported >= 5 {
                return;
            }
            continue;
        }
        if n.has_error() {
            let mut c = n.walk();
            let kids: Vec<_> = n.children(&mut c).collect();
            stack.extend(kids.into_iter().rev());
        }
    }
}

/// Why a project file is left out: it defines a class the JDK already has but lacks some
/// of its methods (a stub, a model), which a test JVM would load in place of the JDK's and
/// which then fails it as it starts (`NoSuchMethodError` from the JDK's own code). A full
/// copy of the JDK's class (its sources in `src.zip`) is kept and patched in.
fn replaces_platform(
    library: Option<&library::Library>,
    library_file: bool,
    src: &Source,
    decls: &[declare::TypeDecl],
) -> Option<String> {
    let library = library.filter(|_| !library_file)?;
    decls.iter().filter(|d| d.outer.is_none()).find_map(|d| {
        let platform = library.platform_methods(&d.name)?;
        let declared: BTreeSet<&str> = declare::body_members(d.node)
            .into_iter()
            .filter(|m| m.kind() == "method_declaration")
            .filter_map(|m| m.child_by_field_name("name"))
            .map(|n| src.text(n))
            .collect();
        let missing: Vec<&str> = platform
            .iter()
            .map(String::as_str)
            .filter(|m| !declared.contains(m))
            .collect();
        let first = missing.first()?;
        let more = match missing.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        Some(format!(
            "defines `{}`, a class of the JDK, without its methods `{first}`{more}: the file is \
             left out, the tests run on the JDK's own class (the JDK's own code calls them)",
            d.name
        ))
    })
}

/// Declares every class with its header; returns one line per project class defined twice.
fn declare_classes(
    program: &mut Program,
    parsed: &[Parsed],
    library: Option<&library::Library>,
) -> Vec<String> {
    let mut duplicates = Vec::new();
    for (fi, p) in parsed.iter().enumerate() {
        let Some(tree) = &p.tree else { continue };
        let src = Source {
            file: fi as ir::FileId,
            text: &p.text,
        };
        let library_file = program.files[fi].library;
        let decls = declare::type_decls(&src, tree.root_node(), &p.scope.package);
        if let Some(reason) = replaces_platform(library, library_file, &src, &decls) {
            program.diagnostics.push(Diagnostic {
                span: src.span(tree.root_node()),
                message: reason.clone(),
            });
            program.files[fi].left_out = Some(reason);
            continue;
        }
        for decl in decls {
            if let Some(first) = program.classes.iter().find(|c| c.name == decl.name) {
                if !library_file && !first.library {
                    let at = |span: Span| {
                        let path = &program.files[span.file as usize].path;
                        format!("{path}:{}:{}", span.line, span.col)
                    };
                    duplicates.push(format!(
                        "class `{}` is defined twice, in {} and in {}",
                        decl.name,
                        at(first.span),
                        at(src.span(decl.node))
                    ));
                } else if !library_file {
                    program.diagnostics.push(Diagnostic {
                        span: src.span(decl.node),
                        message: format!("duplicate class `{}`; this one is ignored", decl.name),
                    });
                }
                continue;
            }
            let outer_kind = decl
                .outer
                .as_ref()
                .and_then(|o| program.classes.iter().find(|c| &c.name == o))
                .map(|c| c.kind);
            program
                .classes
                .push(declare::skeleton(&src, &decl, outer_kind, library_file));
        }
    }
    let completion = library.map(|library| {
        let mut named = std::collections::BTreeSet::new();
        for (fi, p) in parsed.iter().enumerate() {
            let Some(tree) = p.tree.as_ref().filter(|_| !program.files[fi].library) else {
                continue;
            };
            let src = Source {
                file: fi as ir::FileId,
                text: &p.text,
            };
            library::named_in(library, &src, tree.root_node(), &p.scope, &mut named);
        }
        library::complete(program, named, library)
    });
    // Every class's supertypes first, then its members: a member's type may name a member
    // class inherited from a supertype declared in a later file (JLS 8.5), such as
    // `Context` in `Base16 extends BaseNCodec`.
    for members in [false, true] {
        for (fi, p) in parsed.iter().enumerate() {
            let Some(tree) = &p.tree else { continue };
            let src = Source {
                file: fi as ir::FileId,
                text: &p.text,
            };
            for decl in declare::type_decls(&src, tree.root_node(), &p.scope.package) {
                let Some(idx) = program
                    .classes
                    .iter()
                    .position(|c| c.name == decl.name && c.file == src.file)
                else {
                    continue;
                };
                let header = {
                    let names = ClassNames::new(&program.classes);
                    declare::header(&names, &src, &p.scope, &decl)
                };
                let c = &mut program.classes[idx];
                c.superclass = header.superclass;
                c.interfaces = header.interfaces;
                if members {
                    c.fields = header.fields;
                    c.methods = header.methods;
                    c.enum_constants = header.enum_constants;
                }
            }
        }
    }
    if let Some(completion) = completion {
        for problem in &completion.problems {
            program.diagnostics.push(Diagnostic {
                span: Span::default(),
                message: format!("platform class not read: {problem}"),
            });
        }
        completion.merge_into(program);
    }
    duplicates
}

fn summarize(program: &Program, unknowns: usize, duplicate_classes: Vec<String>) -> ParseSummary {
    let project: Vec<&Class> = program.classes.iter().filter(|c| !c.library).collect();
    let diagnostics = program
        .diagnostics
        .iter()
        .map(|d| {
            let path = program
                .files
                .get(d.span.file as usize)
                .map(|f| f.path.as_str())
                .unwrap_or("?");
            format!("{path}:{}:{}: {}", d.span.line, d.span.col, d.message)
        })
        .collect();
    ParseSummary {
        files: program.files.iter().filter(|f| !f.library).count(),
        classes: project.len(),
        methods: project
            .iter()
            .flat_map(|c| c.methods.iter())
            .filter(|m| m.body.is_some() && !m.synthetic)
            .count(),
        unknown_nodes: unknowns,
        diagnostics,
        duplicate_classes,
    }
}

#[cfg(test)]
mod tests;
