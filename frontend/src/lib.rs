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
mod expr;
pub mod files;
pub mod hierarchy;
pub mod ir;
pub mod javadoc;
pub mod jdk;
mod lambda;
pub mod library;
mod literal;
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

use ir::{
    Class, Diagnostic, Expr, ExprKind, Local, Method, Modifiers, Program, SourceFile, Span, Stmt,
    StmtKind, Type,
};
use names::{ClassNames, FileScope, TypeScope};
use std::path::{Path, PathBuf};
use syntax::{named_children, Source};

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
) -> Result<ParseSummary, Error> {
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
    let project = read_inputs(&inputs);
    let (mut program, summary) = parse_texts(project, library.as_ref());
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

/// Reads `ir/program.json` from a work directory.
pub fn read_program(work_dir: &Path) -> Result<Program, Error> {
    let path = program_path(work_dir);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error(format!("{}: {e}; run `dsd parse` first", path.display())))?;
    deep::from_json(&text).map_err(|e| Error(format!("{}: {e}", path.display())))
}

struct Parsed {
    text: String,
    tree: Option<tree_sitter::Tree>,
    scope: FileScope,
}

/// Parses the JDK model and the given project files into a program model, without the
/// platform's class files.
pub fn parse_program(inputs: &[Input]) -> (Program, ParseSummary) {
    parse_texts(read_inputs(inputs), None)
}

fn read_inputs(inputs: &[Input]) -> Vec<ProjectText> {
    inputs
        .iter()
        .map(|i| ProjectText {
            path: i.path.display().to_string(),
            rel: i.rel.clone(),
            text: std::fs::read_to_string(&i.path).ok(),
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
        text: Some(text.to_string()),
    });
    parse_texts(project.collect(), library)
}

/// One project source to parse; `text` is `None` when the file could not be read.
struct ProjectText {
    path: String,
    rel: String,
    text: Option<String>,
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
            Some(text.to_string()),
            true,
        )
    });
    let project = project.into_iter().map(|p| (p.path, p.rel, p.text, false));
    for (path, rel, text, is_library) in model.chain(project) {
        let file = program.files.len() as ir::FileId;
        let text = text.unwrap_or_else(|| {
            program.diagnostics.push(Diagnostic {
                span: Span {
                    file,
                    line: 1,
                    col: 1,
                    end_line: 1,
                    end_col: 1,
                },
                message: "cannot read file (or not UTF-8)".into(),
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
        });
        parsed.push(Parsed { text, tree, scope });
    }
    let duplicates = declare_classes(&mut program, &parsed, library);
    let unknowns = lower_bodies(&mut program, &parsed);
    program.docs = read_docs_of(&program, &parsed);
    let summary = summarize(&program, unknowns, duplicates);
    (program, summary)
}

/// The documentation of the project's files among `parsed`.
fn read_docs_of(program: &Program, parsed: &[Parsed]) -> javadoc::Docs {
    let comments: Vec<Option<javadoc::FileComments>> = parsed
        .iter()
        .enumerate()
        .map(|(fi, p)| {
            let tree = p.tree.as_ref().filter(|_| !program.files[fi].library)?;
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
        let library = program.files[fi].library;
        for decl in declare::type_decls(&src, tree.root_node(), &p.scope.package) {
            if let Some(first) = program.classes.iter().find(|c| c.name == decl.name) {
                if !library && !first.library {
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
                } else if !library {
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
                .push(declare::skeleton(&src, &decl, outer_kind, library));
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

/// What pass 3 computes for one class, applied after the hierarchy is released.
#[derive(Default)]
pub(crate) struct ClassBodies {
    methods: Vec<(usize, Stmt, Vec<Local>)>,
    /// A local class's constructors, which take its captured locals after their own
    /// parameters: method index, parameter count and descriptor.
    signatures: Vec<(usize, u32, String)>,
    instance_init: Vec<Stmt>,
    init_locals: Vec<Local>,
    clinit: Vec<Stmt>,
    clinit_locals: Vec<Local>,
    constants: Vec<(String, ir::Literal)>,
    /// The classes of the lambdas and method references in the class's bodies.
    synthetic: Vec<Class>,
    /// Members made while lowering: an anonymous class's constructor and the fields that
    /// hold what it captured.
    pub(crate) added_fields: Vec<ir::Field>,
    pub(crate) added_methods: Vec<Method>,
    /// The bodies of the anonymous classes written in this class, by class name.
    pub(crate) nested: Vec<(String, ClassBodies)>,
}

fn lower_bodies(program: &mut Program, parsed: &[Parsed]) -> usize {
    let mut results: Vec<(usize, ClassBodies)> = Vec::new();
    let mut unknowns = 0;
    let mut diagnostics = Vec::new();
    {
        let classes = &program.classes;
        let names = ClassNames::new(classes);
        let h = Hierarchy::over(classes);
        for (fi, p) in parsed.iter().enumerate() {
            let Some(tree) = &p.tree else { continue };
            let src = Source {
                file: fi as ir::FileId,
                text: &p.text,
            };
            let library = program.files[fi].library;
            for decl in declare::type_decls(&src, tree.root_node(), &p.scope.package) {
                if decl.in_body.is_some() {
                    continue;
                }
                let Some(idx) = classes
                    .iter()
                    .position(|c| c.name == decl.name && c.file == src.file)
                else {
                    continue;
                };
                let mut cx = ClassLowering::new(&names, &h, &src, &p.scope, &classes[idx]);
                let bodies = cx.lower(&decl);
                if !library {
                    unknowns += cx.unknowns;
                    diagnostics.extend(cx.diagnostics);
                }
                results.push((idx, bodies));
            }
        }
    }
    program.diagnostics.extend(diagnostics);
    let mut synthetic = Vec::new();
    let mut pending: Vec<(Option<usize>, ClassBodies)> =
        results.into_iter().map(|(i, b)| (Some(i), b)).collect();
    while let Some((idx, mut b)) = pending.pop() {
        for (name, nested) in std::mem::take(&mut b.nested) {
            let at = program.classes.iter().position(|c| c.name == name);
            pending.push((at, nested));
        }
        synthetic.append(&mut b.synthetic);
        let Some(idx) = idx else { continue };
        let class = &mut program.classes[idx];
        class.fields.append(&mut b.added_fields);
        class.methods.append(&mut b.added_methods);
        for (mi, body, locals) in b.methods {
            class.methods[mi].body = Some(body);
            class.methods[mi].locals = locals;
        }
        for (mi, param_count, descriptor) in b.signatures {
            class.methods[mi].param_count = param_count;
            class.methods[mi].descriptor = descriptor;
        }
        class.instance_init = b.instance_init;
        class.init_locals = b.init_locals;
        for (name, value) in b.constants {
            if let Some(f) = class.fields.iter_mut().find(|f| f.name == name) {
                f.constant = Some(value);
            }
        }
        if !b.clinit.is_empty() {
            let span = class.span;
            class.methods.push(Method {
                name: "<clinit>".into(),
                descriptor: "()V".into(),
                param_count: 0,
                varargs: false,
                ret: Type::Void,
                modifiers: Modifiers {
                    is_static: true,
                    ..Default::default()
                },
                type_params: Vec::new(),
                locals: b.clinit_locals,
                body: Some(Stmt {
                    kind: StmtKind::Block(b.clinit),
                    span,
                }),
                span,
                synthetic: true,
                annotations: Vec::new(),
            });
        }
    }
    program.classes.append(&mut synthetic);
    unknowns
}

/// Pass 3 for one class: its method bodies, initialisers and constants.
pub(crate) struct ClassLowering<'a> {
    names: &'a ClassNames<'a>,
    h: &'a Hierarchy<'a>,
    src: &'a Source<'a>,
    file: &'a FileScope,
    class: &'a Class,
    pub(crate) unknowns: usize,
    pub(crate) diagnostics: Vec<Diagnostic>,
    synthetic: Vec<Class>,
    nested: Vec<(String, ClassBodies)>,
    /// Shared by every body of the class, so that its lambdas' classes have distinct names.
    pub(crate) lambdas: std::rc::Rc<std::cell::Cell<u32>>,
    /// For an anonymous class, the enclosing locals it reads, each held in a field
    /// `val$name` and copied into a local of its name when an instance body starts.
    pub(crate) captures: Vec<(String, Type)>,
    /// The class's own type parameters with their erased bounds, read from its declaration.
    bounds: Vec<(String, Type)>,
    /// The local classes in scope where the class is declared (itself, for a local class).
    pub(crate) local_classes: Vec<names::LocalClass>,
}

impl<'a> ClassLowering<'a> {
    /// Lowers the bodies of `class`, declared in `src`.
    pub(crate) fn new(
        names: &'a ClassNames<'a>,
        h: &'a Hierarchy<'a>,
        src: &'a Source<'a>,
        file: &'a FileScope,
        class: &'a Class,
    ) -> Self {
        ClassLowering {
            names,
            h,
            src,
            file,
            class,
            unknowns: 0,
            diagnostics: Vec::new(),
            synthetic: Vec::new(),
            nested: Vec::new(),
            lambdas: std::rc::Rc::default(),
            captures: Vec::new(),
            bounds: Vec::new(),
            local_classes: Vec::new(),
        }
    }

    /// True for a local class (declared in a block), whose constructors take its captures.
    fn is_local(&self) -> bool {
        self.local_classes
            .iter()
            .any(|l| l.binary == self.class.name)
    }

    /// Makes the captured locals parameters of constructor `mi` after its own; the
    /// statements that store them in their fields, which run before `super(...)`.
    fn capture_params(&self, cx: &mut body::BodyCx, mi: usize, out: &mut ClassBodies) -> Vec<Stmt> {
        let m = &self.class.methods[mi];
        out.signatures.push((
            mi,
            m.param_count + self.captures.len() as u32,
            capture::descriptor_with(&m.descriptor, self.captures.iter().map(|(_, t)| t)),
        ));
        self.declare_captures(cx)
            .into_iter()
            .map(|(field, local)| Stmt::assign(field, local, self.class.span))
            .collect()
    }

    /// A constructor body that stores the captures, then calls the superclass constructor
    /// (`super()` when the body does not say), then runs the rest: field initialisers may
    /// read the captures.
    fn stores_first(&self, stores: Vec<Stmt>, body: Vec<Stmt>) -> Vec<Stmt> {
        let explicit = body
            .iter()
            .any(|s| matches!(s.kind, StmtKind::CtorCall { .. }));
        let mut out = stores;
        if !explicit {
            let class = self
                .class
                .superclass
                .as_ref()
                .and_then(|t| t.class_name())
                .unwrap_or(hierarchy::OBJECT);
            out.push(Stmt {
                kind: StmtKind::CtorCall {
                    is_super: true,
                    method: ir::MethodRef {
                        class: class.to_string(),
                        name: "<init>".into(),
                        descriptor: "()V".into(),
                        is_static: false,
                    },
                    args: Vec::new(),
                },
                span: self.class.span,
            });
        }
        out.extend(body);
        out
    }

    /// Declares the captured locals in an instance body's context; the statements that
    /// copy them from their fields.
    fn prologue(&self, cx: &mut body::BodyCx) -> Vec<Stmt> {
        self.declare_captures(cx)
            .into_iter()
            .map(|(field, local)| Stmt::assign(local, field, self.class.span))
            .collect()
    }

    /// Declares a local per captured local in `cx`: each field with its local.
    fn declare_captures(&self, cx: &mut body::BodyCx) -> Vec<(Expr, Expr)> {
        let span = self.class.span;
        self.captures
            .iter()
            .map(|(name, ty)| {
                let field = capture::read(&self.class.name, name, ty, span);
                let local = Expr {
                    kind: ExprKind::Local(cx.declare(name, ty.clone(), span)),
                    ty: ty.clone(),
                    span,
                };
                (field, local)
            })
            .collect()
    }

    fn scope(&self, extra: &[(String, Type)]) -> TypeScope<'a> {
        let mut vars = declare::class_type_vars(self.names, &self.class.name);
        vars.extend(self.bounds.iter().cloned());
        vars.extend(extra.iter().cloned());
        TypeScope {
            file: self.file,
            class: Some(self.class.name.clone()),
            vars,
            local_classes: self.local_classes.clone(),
        }
    }

    fn cx(
        &self,
        is_static: bool,
        ret: Type,
        params: Vec<Local>,
        extra: &[(String, Type)],
    ) -> body::BodyCx<'a> {
        let mut cx = body::BodyCx::new(
            self.names,
            self.h,
            self.src,
            self.scope(extra),
            is_static,
            ret,
            params,
        );
        cx.lambdas = std::rc::Rc::clone(&self.lambdas);
        cx
    }

    fn finish(&mut self, cx: body::BodyCx) -> Vec<Local> {
        self.unknowns += cx.unknowns;
        self.diagnostics.extend(cx.diagnostics);
        self.synthetic.extend(cx.synthetic);
        self.nested.extend(cx.nested);
        cx.locals
    }

    /// Lowers every body of the class declared by `decl`.
    pub(crate) fn lower(&mut self, decl: &declare::TypeDecl) -> ClassBodies {
        self.bounds = declare::type_vars(
            self.names,
            self.src,
            decl.node.child_by_field_name("type_parameters"),
            &self.scope(&[]),
        );
        let mut out = ClassBodies::default();
        let mut init_cx = self.cx(false, Type::Void, Vec::new(), &[]);
        out.instance_init = self.prologue(&mut init_cx);
        let mut clinit_cx = self.cx(true, Type::Void, Vec::new(), &[]);
        if let Some(body) = decl.node.child_by_field_name("body") {
            for c in named_children(body)
                .into_iter()
                .filter(|c| c.kind() == "enum_constant")
            {
                if let Some(s) = self.enum_constant(&mut clinit_cx, c) {
                    out.clinit.push(s);
                }
            }
        }
        for member in declare::body_members(decl.node) {
            match member.kind() {
                "method_declaration" | "constructor_declaration" => {
                    let span = self.src.span(member);
                    let Some(mi) = self
                        .class
                        .methods
                        .iter()
                        .position(|m| m.span == span && !m.synthetic)
                    else {
                        continue;
                    };
                    let Some(body) = member.child_by_field_name("body") else {
                        continue;
                    };
                    let m = &self.class.methods[mi];
                    let vars = declare::type_vars(
                        self.names,
                        self.src,
                        member.child_by_field_name("type_parameters"),
                        &self.scope(&[]),
                    );
                    let mut cx = self.cx(
                        m.modifiers.is_static,
                        m.ret.clone(),
                        m.locals.clone(),
                        &vars,
                    );
                    let local_ctor = m.is_constructor() && self.is_local();
                    let stmt = if local_ctor && !self.captures.is_empty() {
                        let stores = self.capture_params(&mut cx, mi, &mut out);
                        let span = self.src.span(body);
                        let stmts = match cx.stmt(body).kind {
                            StmtKind::Block(b) => b,
                            kind => vec![Stmt { kind, span }],
                        };
                        Stmt {
                            kind: StmtKind::Block(self.stores_first(stores, stmts)),
                            span,
                        }
                    } else if m.modifiers.is_static || self.captures.is_empty() {
                        cx.stmt(body)
                    } else {
                        let mut stmts = self.prologue(&mut cx);
                        let span = self.src.span(body);
                        stmts.push(cx.stmt(body));
                        Stmt {
                            kind: StmtKind::Block(stmts),
                            span,
                        }
                    };
                    let locals = self.finish(cx);
                    out.methods.push((mi, stmt, locals));
                }
                "field_declaration" | "constant_declaration" => {
                    let is_static = declare::modifiers(self.src, member).is_static
                        || self.class.kind == ir::ClassKind::Interface;
                    let cx = if is_static {
                        &mut clinit_cx
                    } else {
                        &mut init_cx
                    };
                    for (stmt, constant) in field_inits(cx, self.class, member) {
                        if let Some(c) = constant {
                            out.constants.push(c);
                        }
                        if is_static {
                            out.clinit.push(stmt)
                        } else {
                            out.instance_init.push(stmt)
                        }
                    }
                }
                "static_initializer" => {
                    if let Some(b) = syntax::child_of_kind(member, "block") {
                        out.clinit.push(clinit_cx.stmt(b));
                    }
                }
                "block" => out.instance_init.push(init_cx.stmt(member)),
                _ => {}
            }
        }
        if self.is_local() && !self.captures.is_empty() {
            let defaults: Vec<usize> = (0..self.class.methods.len())
                .filter(|&mi| {
                    let m = &self.class.methods[mi];
                    m.is_constructor() && m.synthetic && m.body.is_none()
                })
                .collect();
            for mi in defaults {
                let mut cx = self.cx(false, Type::Void, Vec::new(), &[]);
                let stores = self.capture_params(&mut cx, mi, &mut out);
                let stmt = Stmt {
                    kind: StmtKind::Block(self.stores_first(stores, Vec::new())),
                    span: self.class.span,
                };
                let locals = self.finish(cx);
                out.methods.push((mi, stmt, locals));
            }
        }
        out.init_locals = self.finish(init_cx);
        out.clinit_locals = self.finish(clinit_cx);
        out.synthetic = std::mem::take(&mut self.synthetic);
        out.nested = std::mem::take(&mut self.nested);
        out
    }

    fn enum_constant(&self, cx: &mut body::BodyCx, node: tree_sitter::Node) -> Option<Stmt> {
        let name = self.src.text(node.child_by_field_name("name")?).to_string();
        let span = self.src.span(node);
        let ty = Type::class(&self.class.name);
        let args: Vec<Expr> = node
            .child_by_field_name("arguments")
            .map(|a| named_children(a).into_iter().map(|e| cx.expr(e)).collect())
            .unwrap_or_default();
        let value = match node.child_by_field_name("body") {
            Some(body) => cx.anonymous_object(body, (args, Vec::new()), span),
            None => match cx.construct(&ty, (args, Vec::new()), None, span) {
                Ok(e) => e,
                Err(args) => {
                    cx.unknowns += 1;
                    Expr {
                        kind: ExprKind::Unknown {
                            reason: "enum constant constructor".into(),
                            parts: args,
                            call: None,
                        },
                        ty: ty.clone(),
                        span,
                    }
                }
            },
        };
        let target = Expr {
            kind: ExprKind::Field {
                target: None,
                class: self.class.name.clone(),
                name,
            },
            ty: ty.clone(),
            span,
        };
        Some(Stmt::assign(target, value, span))
    }
}

/// The assignments a field declaration's initialisers make, plus compile-time constants.
fn field_inits(
    cx: &mut body::BodyCx,
    class: &Class,
    node: tree_sitter::Node,
) -> Vec<(Stmt, Option<(String, ir::Literal)>)> {
    let mut out = Vec::new();
    for d in syntax::field_children(node, "declarator") {
        let (Some(n), Some(v)) = (
            d.child_by_field_name("name"),
            d.child_by_field_name("value"),
        ) else {
            continue;
        };
        let name = cx.src.text(n).to_string();
        let Some(field) = class.field(&name) else {
            continue;
        };
        let span = cx.src.span(d);
        let value = cx.initializer(v, &field.ty);
        let literal = match &value.kind {
            ExprKind::Convert {
                expr,
                conversion: ir::Conversion::Primitive,
            } => &expr.kind,
            kind => kind,
        };
        let constant = match literal {
            ExprKind::Literal(l) if field.modifiers.is_static && field.modifiers.is_final => {
                Some((name.clone(), l.clone()))
            }
            _ => None,
        };
        let target = if field.modifiers.is_static {
            None
        } else {
            Some(Box::new(cx.this_expr(span, None)))
        };
        let lhs = Expr {
            kind: ExprKind::Field {
                target,
                class: class.name.clone(),
                name,
            },
            ty: field.ty.clone(),
            span,
        };
        out.push((Stmt::assign(lhs, value, span), constant));
    }
    out
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
mod tests {
    use super::*;

    #[test]
    fn parse_sources_reads_text_not_files() {
        let (program, summary) = parse_sources(&[
            (
                "/src/p/A.java",
                "package p;\npublic class A { int f() { return 1; } }\n",
            ),
            ("/B.java", "class B {\n"),
        ]);
        let project: Vec<(&str, &str)> = program
            .files
            .iter()
            .filter(|f| !f.library)
            .map(|f| (f.path.as_str(), f.rel.as_str()))
            .collect();
        assert_eq!(
            project,
            [("/src/p/A.java", "p/A.java"), ("/B.java", "B.java")]
        );
        assert!(program.classes.iter().any(|c| c.name == "p.A"));
        assert_eq!(summary.methods, 1);
        assert!(summary
            .diagnostics
            .iter()
            .all(|d| d.starts_with("/B.java:")));
        assert!(!summary.diagnostics.is_empty());
    }

    #[test]
    fn a_member_class_inherited_from_a_later_file_types_a_parameter() {
        let (program, _) = parse_sources(&[
            (
                "/src/p/Sub.java",
                "package p;\npublic class Sub extends Base {\n    void take(Context c) {}\n}\n",
            ),
            (
                "/src/p/Base.java",
                "package p;\npublic abstract class Base {\n    static class Context {}\n}\n",
            ),
        ]);
        let sub = program.classes.iter().find(|c| c.name == "p.Sub");
        let take = sub.and_then(|c| c.methods.iter().find(|m| m.name == "take"));
        assert_eq!(
            take.map(|m| m.descriptor.as_str()),
            Some("(Lp/Base$Context;)V")
        );
    }

    #[test]
    fn a_member_type_of_a_library_class_types_a_parameter() {
        let (program, _) = parse_sources(&[(
            "/src/p/Pair.java",
            "package p;\nimport java.util.Map;\npublic class Pair {\n    Pair(Map.Entry e) {}\n    Pair(Map m) {}\n}\n",
        )]);
        let pair = program.classes.iter().find(|c| c.name == "p.Pair");
        let descriptors: Vec<&str> = pair
            .map(|c| c.methods.iter().map(|m| m.descriptor.as_str()).collect())
            .unwrap_or_default();
        assert_eq!(
            descriptors,
            ["(Ljava/util/Map$Entry;)V", "(Ljava/util/Map;)V"]
        );
    }

    #[test]
    fn anonymous_classes_are_named_as_javac_names_them_and_lambdas_get_classes_of_their_own() {
        let (program, summary) = parse_sources(&[(
            "/src/p/A.java",
            "package p;\n\
             public class A {\n\
                 Op r = new Op() { public int apply(int x) { return x; } };\n\
                 static Object make(int d) {\n\
                     return new Object() { Op in = new Op() { public int apply(int x) { return d; } }; };\n\
                 }\n\
                 enum E { X { int f() { return 1; } }, Y; int f() { return 0; } }\n\
                 interface Op { int apply(int x); }\n\
                 static Op div(int d) { return x -> x / d; }\n\
             }\n",
        )]);
        assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
        let class = |name: &str| program.classes.iter().find(|c| c.name == name);
        let r = class("p.A$1").expect("p.A$1");
        assert_eq!(r.interfaces, vec![Type::class("p.A$Op")]);
        assert!(r.inner, "written in an instance initialiser");
        let made = class("p.A$2").expect("p.A$2");
        assert!(!made.inner, "written in a static method");
        let inner = class("p.A$2$1").expect("p.A$2$1");
        assert!(inner.inner);
        assert_eq!(
            inner
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>(),
            ["val$d"]
        );
        let x = class("p.A$E$1").expect("p.A$E$1");
        assert_eq!(x.superclass, Some(Type::class("p.A$E")));
        let lambda = class("p.A$$Lambda$1").expect("the lambda's class");
        assert_eq!(lambda.interfaces, vec![Type::class("p.A$Op")]);
        assert_eq!(
            lambda
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>(),
            ["val$d"]
        );
    }

    #[test]
    fn local_classes_are_named_as_javac_names_them_and_their_constructors_take_the_captures() {
        let (program, summary) = parse_sources(&[(
            "/src/p/B.java",
            "package p;\n\
             public class B {\n\
                 static int f(int d) {\n\
                     class Helper { int go(int x) { return x / d; } }\n\
                     return new Helper().go(10);\n\
                 }\n\
                 int g() { class Helper {} class Other {} return 0; }\n\
             }\n",
        )]);
        assert_eq!(summary.unknown_nodes, 0, "{:?}", summary.diagnostics);
        let class = |name: &str| program.classes.iter().find(|c| c.name == name);
        let helper = class("p.B$1Helper").expect("p.B$1Helper");
        assert!(!helper.inner, "declared in a static method");
        assert_eq!(
            helper
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>(),
            ["val$d"]
        );
        let ctor = helper.methods.iter().find(|m| m.is_constructor());
        assert_eq!(ctor.map(|m| m.descriptor.as_str()), Some("(I)V"));
        assert!(class("p.B$2Helper").is_some_and(|c| c.inner));
        assert!(class("p.B$1Other").is_some());
    }

    #[test]
    fn a_pattern_switch_is_lowered_to_tests_and_a_switch_on_the_arm_without_casts() {
        let (program, summary) = parse_sources(&[(
            "/src/p/S.java",
            "package p;\n\
             public class S {\n\
                 enum E { X, Y }\n\
                 static int f(Object o) {\n\
                     switch (o) {\n\
                         case null -> { return 0; }\n\
                         case String s && s.length() > 2 -> { return s.length(); }\n\
                         case Integer i when i > 3 -> { return i; }\n\
                         case E e -> { return e.ordinal(); }\n\
                         default -> { return -1; }\n\
                     }\n\
                 }\n\
                 static int g(String t, Integer n, E e) {\n\
                     int a = switch (t) { case \"a\" -> 1; case null, default -> 2; };\n\
                     int b = switch (n) { case 1 -> 1; case null -> 0; default -> 2; };\n\
                     int c = switch (e) { case X -> 1; case null -> 0; default -> 2; };\n\
                     return a + b + c;\n\
                 }\n\
                 static boolean h(Object o) { return o instanceof S(int x); }\n\
             }\n",
        )]);
        assert_eq!(summary.diagnostics, Vec::<String>::new());
        assert_eq!(summary.unknown_nodes, 1, "the record pattern only");
        let s = program
            .classes
            .iter()
            .find(|c| c.name == "p.S")
            .expect("p.S");
        let body = |name: &str| {
            let m = s.methods.iter().find(|m| m.name == name).expect("method");
            serde_json::to_string(m).expect("json")
        };
        for name in ["f", "g"] {
            let f = body(name);
            assert!(f.contains("switch$arm$"), "{name} is a switch on its arm");
            assert!(
                !f.contains("\"checked\""),
                "{name} has no cast that can fail"
            );
            assert!(!f.contains("unknown"), "{name}: {f}");
        }
        assert!(body("h").contains("record pattern"));
    }
}
