//! The platform's and the class path's classes, typed from their class files.
//!
//! The JDK model (`frontend/jdk/`) gives what real code calls most a body, the contract
//! whose crashes dsd checks; every other platform class the project names is read from the
//! module image of the JDK that compiles and runs it (`lib/modules`), and every class of a
//! library the project uses from the jars and class folders of its class path, so that
//! their calls, constructors and fields are typed and resolved with Java's rules instead of
//! being unknown. A model class keeps its own members and gains the others from its class
//! file. As on the JVM, a platform class hides a class path class of the same name.
//!
//! Which classes: those the project's files name (through their imports, the packages they
//! import on demand, `java.lang`, or a qualified name), every supertype of a class read, and
//! the classes the members of a named class return or hold, two levels deep, so that a chain
//! such as `Calendar.getInstance().getTime().getTime()` is typed to its end. Member classes
//! of a class read are read with it (`Map.Entry`).

mod cache;
mod classfile;
mod classpath;
mod jimage;
mod signature;

use crate::digest::DigestMemo;
use crate::ir::{Class, FileId, Program, SourceFile, Type};
use crate::names::FileScope;
use crate::syntax::Source;
use classpath::ClassPath;
use jimage::ModuleImage;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How many levels of member types are followed from a class the project names.
const MEMBER_DEPTH: usize = 2;

/// The classes of an installed JDK and of a class path.
pub struct Library {
    image: ModuleImage,
    /// Where the module image lies.
    image_path: PathBuf,
    classpath: ClassPath,
    /// The classes read by earlier parses ([`Library::cached_in`]).
    cache: Option<Mutex<cache::Cache>>,
    /// The cache key of the module image, then of each class path entry (`None`: not kept).
    keys: Vec<Option<String>>,
}

/// Where a library class was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Origin {
    /// The JDK's module image.
    Platform,
    /// The class path entry at this position.
    ClassPath(usize),
}

impl Library {
    /// Opens the module image of the JDK installed at `java_home` and the jars and class
    /// folders of `classpath`.
    pub fn open(java_home: &Path, classpath: &[PathBuf]) -> Result<Library, String> {
        let image_path = java_home.join("lib").join("modules");
        let image = ModuleImage::open(&image_path)?;
        let classpath = ClassPath::open(classpath)?;
        Ok(Library {
            image,
            image_path,
            classpath,
            cache: None,
            keys: Vec::new(),
        })
    }

    /// Reuses the classes that earlier parses read from the same JDK and jars, kept in the
    /// file at `path` (see [`cache`]); [`Library::save_cache`] writes back what this parse
    /// read.
    pub fn cached_in(mut self, path: &Path) -> Library {
        let mut digests = DigestMemo::load(&path.with_file_name("digests.json"));
        let mut keys = vec![cache::origin_key(&self.image_path, &mut digests)];
        keys.extend((0..self.classpath.len()).map(|i| {
            self.classpath
                .jar_path(i)
                .and_then(|jar| cache::origin_key(jar, &mut digests))
        }));
        digests.save();
        let known: Vec<String> = keys.iter().flatten().cloned().collect();
        self.cache = Some(Mutex::new(cache::Cache::load(path, &known)));
        self.keys = keys;
        self
    }

    /// Writes the classes read into the cache file, when [`Library::cached_in`] gave one.
    pub fn save_cache(&self) -> Result<(), String> {
        match &self.cache {
            Some(cache) => cache.lock().unwrap_or_else(|e| e.into_inner()).save(),
            None => Ok(()),
        }
    }

    /// The cache key of an origin, when its classes are kept.
    fn key(&self, origin: Origin) -> Option<&str> {
        let index = match origin {
            Origin::Platform => 0,
            Origin::ClassPath(i) => i + 1,
        };
        self.keys.get(index)?.as_deref()
    }

    /// The class of this binary name from `origin`, declared in `file`: from the cache when
    /// an earlier parse read it, else from its class file (`None` when there is none).
    fn class(&self, name: &str, origin: Origin, file: FileId) -> Option<Result<Class, String>> {
        let cached = self.cache.as_ref().zip(self.key(origin));
        if let Some((cache, key)) = cached {
            let cache = cache.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(class) = cache.get(key, name, file) {
                return Some(Ok(class));
            }
        }
        let bytes = match self.read(name)? {
            Ok(bytes) => bytes,
            Err(e) => return Some(Err(e)),
        };
        let class = classfile::read(&bytes, file).map_err(|e| format!("{name}: {e}"));
        if let (Some((cache, key)), Ok(class)) = (cached, &class) {
            let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
            cache.insert(key, class);
        }
        Some(class)
    }

    /// True when the platform or the class path has a class of this binary name.
    pub fn contains(&self, name: &str) -> bool {
        self.image.contains(name) || self.classpath.contains(name)
    }

    /// The names of the public and protected methods of the platform's class of this
    /// binary name (the JDK's module image), `None` when the platform has no such class.
    pub fn platform_methods(&self, name: &str) -> Option<BTreeSet<String>> {
        if !self.image.contains(name) {
            return None;
        }
        let class = self.class(name, Origin::Platform, 0)?.ok()?;
        let names = class.methods.iter().filter(|m| !m.is_constructor());
        Some(names.map(|m| m.name.clone()).collect())
    }

    /// Where the class of this binary name is read from.
    fn origin(&self, name: &str) -> Option<Origin> {
        if self.image.contains(name) {
            Some(Origin::Platform)
        } else {
            self.classpath.entry_of(name).map(Origin::ClassPath)
        }
    }

    /// The class file of a class (`None` when there is none by that name).
    fn read(&self, name: &str) -> Option<Result<Vec<u8>, String>> {
        match self.origin(name)? {
            Origin::Platform => self.image.read(name),
            Origin::ClassPath(_) => self.classpath.read(name),
        }
    }

    /// The named member classes of `outer`, by binary name, where `outer` is read from.
    fn members_of(&self, outer: &str) -> &[String] {
        match self.origin(outer) {
            Some(Origin::Platform) => self.image.members_of(outer),
            Some(Origin::ClassPath(_)) => self.classpath.members_of(outer),
            None => &[],
        }
    }

    /// The program file that stands for where library classes are read from.
    fn source_file(&self, origin: Origin) -> SourceFile {
        let (path, rel) = match origin {
            Origin::Platform => ("<jdk>/lib/modules".to_string(), "lib/modules".to_string()),
            Origin::ClassPath(i) => {
                let path = self.classpath.entry_path(i);
                let rel = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                (path.display().to_string(), rel)
            }
        };
        SourceFile {
            path,
            rel,
            package: String::new(),
            library: true,
            left_out: None,
        }
    }
}

/// Binary class names to their named member classes (`java.util.Map` to
/// `java.util.Map$Entry`), each list in name order; anonymous classes (`Outer$1`) and local
/// classes (`Outer$1Local`) are not members.
fn member_classes<'a>(names: impl Iterator<Item = &'a String>) -> HashMap<String, Vec<String>> {
    let mut members: HashMap<String, Vec<String>> = HashMap::new();
    for name in names {
        let Some((outer, simple)) = name.rsplit_once('$') else {
            continue;
        };
        if !simple.starts_with(|c: char| c.is_ascii_digit()) {
            members
                .entry(outer.to_string())
                .or_default()
                .push(name.clone());
        }
    }
    // In name order: which classes are read, and how deep, must not depend on a hash.
    for names in members.values_mut() {
        names.sort();
    }
    members
}

/// The platform classes one file names: through its single-type and static imports, as a
/// simple name in a package it imports on demand or in `java.lang`, or as a qualified name.
pub fn named_in(
    library: &Library,
    src: &Source,
    root: tree_sitter::Node,
    scope: &FileScope,
    out: &mut BTreeSet<String>,
) {
    let mut add = |qualified: &str| {
        if let Some(name) = platform_class(library, qualified) {
            out.insert(name);
        }
    };
    for q in scope
        .single
        .values()
        .chain(scope.static_single.values())
        .chain(&scope.static_on_demand)
    {
        add(q);
    }
    let mut packages: Vec<&str> = scope.on_demand.iter().map(String::as_str).collect();
    packages.push("java.lang");
    let mut stack = vec![root];
    let mut simple: HashSet<&str> = HashSet::new();
    while let Some(node) = stack.pop() {
        match node.kind() {
            "type_identifier" | "identifier" => {
                let text = src.text(node);
                if text.starts_with(|c: char| c.is_ascii_uppercase()) {
                    simple.insert(text);
                }
            }
            "scoped_type_identifier" | "scoped_identifier" | "field_access" => {
                let text: String = src.text(node).split_whitespace().collect();
                if text.starts_with(|c: char| c.is_ascii_lowercase())
                    && !text.contains(['(', '<', '['])
                {
                    add(&text);
                }
            }
            _ => {}
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    for name in simple {
        for package in &packages {
            add(&format!("{package}.{name}"));
        }
    }
}

/// The platform class a dotted name names, nested classes written with dots
/// (`java.util.Map.Entry`) or as a prefix of a longer name (`java.util.Calendar.MONTH`).
fn platform_class(library: &Library, dotted: &str) -> Option<String> {
    let parts: Vec<&str> = dotted.split('.').collect();
    for split in 1..=parts.len() {
        let (package, classes) = parts.split_at(split - 1);
        let Some((first, nested)) = classes.split_first() else {
            continue;
        };
        if !first.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        let mut name = if package.is_empty() {
            first.to_string()
        } else {
            format!("{}.{first}", package.join("."))
        };
        if !library.contains(&name) {
            continue;
        }
        for n in nested {
            let candidate = format!("{name}${n}");
            if !library.contains(&candidate) {
                break;
            }
            name = candidate;
        }
        return Some(name);
    }
    None
}

/// What reading the platform classes left to do once the model's own members are declared.
#[derive(Default)]
pub struct Completion {
    /// The class files of model classes, whose members the model lacks are added by
    /// [`Completion::merge_into`].
    model: Vec<Class>,
    /// Problems met, one line each.
    pub problems: Vec<String>,
}

/// Adds to `program` the platform classes that `referenced` names (binary names), with their
/// supertypes, member classes and member types ([`MEMBER_DEPTH`] levels). The class files of
/// classes the model declares are kept for [`Completion::merge_into`].
pub fn complete(
    program: &mut Program,
    referenced: BTreeSet<String>,
    library: &Library,
) -> Completion {
    let mut files: HashMap<Origin, crate::ir::FileId> = HashMap::new();
    let mut completion = Completion::default();
    let mut seen: HashSet<String> = HashSet::new();
    // Breadth first by depth (a 0-1 BFS: supertypes and member classes keep the depth,
    // member types add one), so a class is expanded at the least depth it is reached at.
    let mut queue: VecDeque<(String, usize)> = referenced.into_iter().map(|n| (n, 0)).collect();
    let model: Vec<String> = program
        .classes
        .iter()
        .filter(|c| c.library)
        .map(|c| c.name.clone())
        .collect();
    queue.extend(model.into_iter().map(|n| (n, 0)));
    while let Some((name, depth)) = queue.pop_front() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let Some(origin) = library.origin(&name) else {
            continue;
        };
        // The origin's program file is added with its first class read.
        let file = files
            .get(&origin)
            .copied()
            .unwrap_or(program.files.len() as FileId);
        let class = match library.class(&name, origin, file) {
            Some(Ok(c)) => c,
            Some(Err(e)) => {
                completion.problems.push(e);
                continue;
            }
            None => continue,
        };
        files.entry(origin).or_insert_with(|| {
            program.files.push(library.source_file(origin));
            file
        });
        for sup in class.superclass.iter().chain(&class.interfaces) {
            classes_in(sup, &mut |n| queue.push_front((n.to_string(), depth)));
        }
        for member in library.members_of(&name) {
            queue.push_front((member.clone(), depth));
        }
        if depth < MEMBER_DEPTH {
            // Parameter types too: a lambda passed to `Stream.filter` is typed by `Predicate`.
            let types = class
                .fields
                .iter()
                .map(|f| &f.ty)
                .chain(class.methods.iter().map(|m| &m.ret))
                .chain(
                    class
                        .methods
                        .iter()
                        .flat_map(|m| m.params().iter().map(|p| &p.ty)),
                );
            for ty in types {
                classes_in(ty, &mut |n| queue.push_back((n.to_string(), depth + 1)));
            }
        }
        if program.classes.iter().any(|c| c.name == class.name) {
            completion.model.push(class);
        } else {
            program.classes.push(class);
        }
    }
    completion
}

impl Completion {
    /// Gives each model class the superclass its class file declares (as
    /// [`Class::platform_superclass`]), and the interfaces, methods and fields its class file
    /// declares and neither it nor a model class it extends declares (so `Class` is a `Type`, as
    /// commons-lang3's `TypeUtils` passes it). Constructors are not added: the model's fields
    /// hold its state (a string's characters, a list's size), which only its own
    /// constructors set.
    pub fn merge_into(self, program: &mut Program) {
        let declared: HashMap<String, ModelClass> = program
            .classes
            .iter()
            .filter(|c| c.library)
            .map(|c| {
                let supers = c
                    .superclass
                    .iter()
                    .chain(&c.interfaces)
                    .filter_map(|t| t.class_name().map(str::to_string))
                    .collect();
                let methods = c
                    .methods
                    .iter()
                    .map(|m| (m.name.clone(), m.descriptor.clone()))
                    .collect();
                (c.name.clone(), (supers, methods))
            })
            .collect();
        let in_model = |class: &str, name: &str, descriptor: &str| {
            let mut stack = vec![class.to_string()];
            let mut seen = HashSet::new();
            while let Some(c) = stack.pop() {
                let Some((supers, methods)) = declared.get(&c).filter(|_| seen.insert(c.clone()))
                else {
                    continue;
                };
                if methods.contains(&(name.to_string(), descriptor.to_string())) {
                    return true;
                }
                stack.extend(supers.iter().cloned());
            }
            false
        };
        for read in self.model {
            let Some(target) = program
                .classes
                .iter_mut()
                .find(|c| c.name == read.name && c.library)
            else {
                continue;
            };
            target.platform_superclass = read.superclass;
            for i in read.interfaces {
                if !target
                    .interfaces
                    .iter()
                    .any(|d| d.class_name() == i.class_name())
                {
                    target.interfaces.push(i);
                }
            }
            for f in read.fields {
                if !target.fields.iter().any(|d| d.name == f.name) {
                    target.fields.push(f);
                }
            }
            for m in read.methods {
                if !m.is_constructor() && !in_model(&read.name, &m.name, &m.descriptor) {
                    target.methods.push(m);
                }
            }
        }
    }
}

/// A model class's direct supertypes and the methods it declares (name, descriptor).
type ModelClass = (Vec<String>, HashSet<(String, String)>);

/// Calls `f` with every class name in `ty`, type arguments included.
fn classes_in(ty: &Type, f: &mut dyn FnMut(&str)) {
    match ty {
        Type::Class { name, args } => {
            f(name);
            for a in args {
                classes_in(a, f);
            }
        }
        Type::Array(e) => classes_in(e, f),
        Type::Var { bound, .. } => classes_in(bound, f),
        _ => {}
    }
}
