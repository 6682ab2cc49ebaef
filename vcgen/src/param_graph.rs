//! JCrasher's parameter graph: for each type, the ways a test can obtain a value of it.
//!
//! Nodes are types and producers; an edge runs from a type to each producer that
//! yields it (a public constructor of the type or of a subtype, or a public static
//! factory whose return type is a subtype), and from a producer to the types of
//! its parameters. `null`, literals for primitives and strings, and `valueOf` for
//! boxes are the graph's presets and need no node. The harness asks the graph for
//! the producers of a parameter's type and lets the solver choose among them.

use crate::harness::{constructors, package_of};
use frontend::hierarchy::OBJECT;
use frontend::ir::{Class, Method, Type};
use frontend::Hierarchy;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::collections::HashMap;

/// How a producer makes its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProducerKind {
    /// `new C(...)`.
    Constructor,
    /// `C.make(...)`, a static method returning the type.
    Factory,
}

/// A node of the graph.
#[derive(Debug, Clone)]
enum Node<'p> {
    Type,
    Producer {
        class: &'p Class,
        method: &'p Method,
        kind: ProducerKind,
    },
}

/// A way to obtain a value: constructor or static factory, with its class.
#[derive(Debug, Clone, Copy)]
pub struct Producer<'p> {
    /// The class that declares the producer (and, for constructors, the object's class).
    pub class: &'p Class,
    /// The constructor or factory method.
    pub method: &'p Method,
    /// Constructor or factory.
    pub kind: ProducerKind,
}

/// The parameter graph of a program, seen from one package.
pub struct ParamGraph<'p> {
    graph: DiGraph<Node<'p>, ()>,
    types: HashMap<String, NodeIndex>,
}

impl<'p> ParamGraph<'p> {
    /// Builds the graph of every producer a test in `package` may call.
    pub fn new(h: &Hierarchy<'p>, package: &str) -> Self {
        let mut g = ParamGraph {
            graph: DiGraph::new(),
            types: HashMap::new(),
        };
        for class in h.classes() {
            let stream = is_stream(class);
            if class.library && !stream && !LIBRARY_PRODUCERS.contains(&class.name.as_str()) {
                continue;
            }
            // A JDK constructor taking a number where the class has one without arguments
            // takes a capacity (`new HashMap<>(16)`) and makes what that one makes; each
            // producer is a choice every such input pays for. A class without one takes
            // its state in numbers (`new ParsePosition(index)`). One copying a collection
            // (`new ArrayList<>(Collection)`) needs a collection built first and keeps only
            // its size: the harness builds a list with elements itself
            // (`Lower::filled_list`). A stream is made by the one constructor
            // [`STREAM_PRODUCERS`] names, if any.
            let kind = Type::class(&class.name);
            let sized = class
                .methods
                .iter()
                .any(|m| m.is_constructor() && m.param_count == 0);
            let made = |m: &Method| match stream {
                true => STREAM_PRODUCERS.contains(&(class.name.as_str(), m.descriptor.as_str())),
                false => {
                    !class.library
                        || !m.params().iter().any(|p| {
                            p.ty.is_primitive() && sized || h.is_subtype(&kind, &p.ty.erasure())
                        })
                }
            };
            for ctor in constructors(h, class, package)
                .into_iter()
                .filter(|m| made(m))
            {
                g.add_producer(
                    h,
                    class,
                    ctor,
                    ProducerKind::Constructor,
                    &Type::class(&class.name),
                );
            }
            if class.library {
                continue;
            }
            let visible = !class.modifiers.private
                && (class.modifiers.public || package_of(&class.name) == package);
            for m in class
                .methods
                .iter()
                .filter(|m| visible && is_factory(m, package_of(&class.name) == package))
                .filter(|m| !refines_its_own_kind(h, m))
            {
                g.add_producer(h, class, m, ProducerKind::Factory, &m.ret.erasure());
            }
        }
        g
    }

    fn type_node(&mut self, ty: &Type) -> NodeIndex {
        let key = ty.erasure().descriptor();
        if let Some(&n) = self.types.get(&key) {
            return n;
        }
        let n = self.graph.add_node(Node::Type);
        self.types.insert(key, n);
        n
    }

    fn add_producer(
        &mut self,
        h: &Hierarchy<'p>,
        class: &'p Class,
        method: &'p Method,
        kind: ProducerKind,
        produced: &Type,
    ) {
        let p = self.graph.add_node(Node::Producer {
            class,
            method,
            kind,
        });
        let produced = produced.erasure();
        let mut yields = vec![produced.clone()];
        let own_type_only = class.library && OWN_TYPE_PRODUCERS.contains(&class.name.as_str());
        if let Some(name) = produced.class_name().filter(|_| !own_type_only) {
            // A stream yields its `java.io` ancestors, but not one it takes (it wraps it).
            let stream = is_stream(class);
            let wraps = |a: &str| {
                method
                    .params()
                    .iter()
                    .any(|p| p.ty.erasure().class_name() == Some(a))
            };
            yields.extend(
                h.ancestors(name)
                    .into_iter()
                    .skip(1)
                    .filter(|a| !stream || a.starts_with(STREAMS) && !wraps(a))
                    .map(Type::class),
            );
        }
        for t in yields {
            let tn = self.type_node(&t);
            self.graph.add_edge(tn, p, ());
        }
        for param in method.params() {
            let tn = self.type_node(&param.ty);
            self.graph.add_edge(p, tn, ());
        }
    }

    /// The producers of values of `ty`: those the project's tests call most first
    /// ([`Hierarchy::by_usage`] of `h`, the hierarchy the graph was built over), then
    /// constructors before factories, then fewer parameters first.
    pub fn producers(&self, h: &Hierarchy, ty: &Type) -> Vec<Producer<'p>> {
        let Some(&n) = self.types.get(&ty.erasure().descriptor()) else {
            return Vec::new();
        };
        let mut out: Vec<Producer> = self
            .graph
            .edges(n)
            .filter_map(|e| match &self.graph[e.target()] {
                Node::Producer {
                    class,
                    method,
                    kind,
                } => Some(Producer {
                    class,
                    method,
                    kind: *kind,
                }),
                Node::Type => None,
            })
            .collect();
        out.sort_by_key(|p| {
            (
                p.kind == ProducerKind::Factory,
                p.method.param_count,
                p.class.name.len(),
            )
        });
        h.by_usage(&mut out, |p| (p.class.name.as_str(), p.method));
        out
    }
}

/// JDK classes whose public constructors the harness may call (streams apart:
/// [`STREAM_PRODUCERS`]).
const LIBRARY_PRODUCERS: &[&str] = &[
    "java.io.File",
    "java.lang.Object",
    "java.util.ArrayList",
    "java.util.HashMap",
    "java.util.Hashtable",
    "java.util.Properties",
    "java.text.ParsePosition",
];

/// JDK classes of [`LIBRARY_PRODUCERS`] made only where their own type is asked for: a
/// `File`, a `Hashtable`, a `Properties` or a `ParsePosition` is what a method taking one
/// needs (to find a path that names no directory, a key the table lacks or refuses, a
/// position outside the text), but offered for every `Object` (or `Map`) it would take the
/// place of a project class (or a `HashMap`).
const OWN_TYPE_PRODUCERS: &[&str] = &[
    "java.io.File",
    "java.text.ParsePosition",
    "java.util.Hashtable",
    "java.util.Properties",
];

/// The JDK streams the harness may make, each by one constructor (class and descriptor):
/// over bytes or chars the solver chooses, collecting what is written, or wrapping another
/// stream. Not one that sizes a buffer (it makes what the plain one makes), and never one
/// that opens a file (`new PrintWriter(String fileName)`).
const STREAM_PRODUCERS: &[(&str, &str)] = &[
    ("java.io.ByteArrayInputStream", "([B)V"),
    ("java.io.ByteArrayOutputStream", "()V"),
    ("java.io.StringReader", "(Ljava/lang/String;)V"),
    ("java.io.StringWriter", "()V"),
    ("java.io.BufferedReader", "(Ljava/io/Reader;)V"),
    ("java.io.BufferedWriter", "(Ljava/io/Writer;)V"),
    ("java.io.PrintWriter", "(Ljava/io/Writer;)V"),
];

/// The package whose types alone a stream of [`STREAM_PRODUCERS`] is made for: a stream a
/// method reads is one over bytes or chars the solver chooses, a stream it writes collects
/// them, but an `Object` parameter is not offered a stream (the harness tries four producers
/// per input, and a stream's short name would take the place of a project class's). A JDK
/// wrapper is made only for its own type: a `BufferedReader` over a `StringReader` reads
/// what the `StringReader` alone does, so it is no producer of the `Reader` it takes.
const STREAMS: &str = "java.io.";

/// True for a JDK stream class (a byte or char stream of [`STREAMS`], not a `File`): made
/// only by [`STREAM_PRODUCERS`].
fn is_stream(class: &Class) -> bool {
    class.library
        && class.name.starts_with(STREAMS)
        && ["Stream", "Reader", "Writer"]
            .iter()
            .any(|kind| class.name.ends_with(kind))
}

/// A static method a test may call that returns an object (a factory).
fn is_factory(m: &Method, same_package: bool) -> bool {
    m.modifiers.is_static
        && !m.modifiers.private
        && (m.modifiers.public || same_package)
        && m.body.is_some()
        && matches!(m.ret.erasure(), Type::Class { .. })
        && m.name != "<clinit>"
        && m.ret.class_name() != Some("java.lang.String")
}

/// Whether the factory `m` takes a value that what it returns could itself be passed as
/// (`Validate.notBlank(CharSequence)`, `DateUtils.round(Calendar, int)`), or an array of
/// such values (`StringUtils.firstNonEmpty(CharSequence...)`): such a factory
/// refines a value of its own kind, so every value it yields needs one built some other
/// way first. As a producer it makes nothing new for the harness (a check that returns its
/// argument) or only what a sequence of calls makes, and it costs each input it could
/// build a copy of its body in the query. A parameter of type `Object` counts only for a
/// factory that returns `Object` (`Validate.notNull(T)`): one that takes any object to
/// make a `Pair` is a builder.
fn refines_its_own_kind(h: &Hierarchy, m: &Method) -> bool {
    let Some(product) = m.ret.erasure().class_name().map(str::to_string) else {
        return false;
    };
    let kinds = h.ancestors(&product);
    m.params().iter().any(|p| {
        let ty = p.ty.erasure();
        let taken = ty.element().unwrap_or(&ty);
        taken
            .class_name()
            .is_some_and(|name| kinds.contains(&name) && (name != OBJECT || product == OBJECT))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `files` written into a folder of their own (tests run on parallel threads),
    /// which is removed once they are parsed.
    fn program(files: &[(&str, &str)]) -> frontend::ir::Program {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("dsd-param-graph-{}-{n}", std::process::id()));
        let mut inputs = Vec::new();
        for (name, text) in files {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("has parent")).expect("create dir");
            std::fs::write(&path, text).expect("write source");
            inputs.push(frontend::Input {
                path,
                rel: name.to_string(),
            });
        }
        let program = frontend::parse_program(&inputs).0;
        let _ = std::fs::remove_dir_all(&dir);
        program
    }

    #[test]
    fn finds_constructors_of_subtypes_and_static_factories() {
        let p = program(&[
            ("p/Shape.java", "package p; public abstract class Shape { public abstract int sides(); }"),
            ("p/Square.java", "package p; public class Square extends Shape { public Square(int side) {} public int sides() { return 4; } }"),
            ("p/Shapes.java", "package p; public class Shapes { private Shapes() {} public static Shape unit() { return new Square(1); } }"),
            ("p/Hidden.java", "package p; class Hidden extends Shape { private Hidden() {} public int sides() { return 0; } }"),
        ]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        let producers = g.producers(&h, &Type::class("p.Shape"));
        let names: Vec<(String, ProducerKind)> = producers
            .iter()
            .map(|p| (format!("{}.{}", p.class.name, p.method.name), p.kind))
            .collect();
        assert_eq!(
            names,
            vec![
                ("p.Square.<init>".to_string(), ProducerKind::Constructor),
                ("p.Shapes.unit".to_string(), ProducerKind::Factory)
            ]
        );
        assert!(
            g.producers(&h, &Type::class("p.Shapes")).is_empty(),
            "a private constructor is no producer"
        );
    }

    /// The producers of `ty`, each as its class and descriptor.
    fn made(h: &Hierarchy, g: &ParamGraph, ty: &str) -> Vec<String> {
        g.producers(h, &Type::class(ty))
            .iter()
            .map(|p| format!("{}{}", p.class.name, p.method.descriptor))
            .collect()
    }

    #[test]
    fn a_jdk_collection_is_made_empty_never_copied_nor_sized() {
        let p = program(&[(
            "p/A.java",
            "package p; public class A { public static int n(java.util.List<String> l) { return l.size(); } }",
        )]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        assert_eq!(
            made(&h, &g, "java.util.List"),
            vec!["java.util.ArrayList()V"]
        );
        assert_eq!(made(&h, &g, "java.util.Map"), vec!["java.util.HashMap()V"]);
    }

    #[test]
    fn a_file_and_a_property_table_are_made_only_where_they_are_asked_for() {
        let p = program(&[(
            "p/A.java",
            "package p; public class A { public static int n(java.io.File f, java.util.Properties t, Object o) { return 0; } }",
        )]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        assert_eq!(
            made(&h, &g, "java.io.File")[0],
            "java.io.File(Ljava/lang/String;)V"
        );
        assert_eq!(
            made(&h, &g, "java.util.Properties"),
            vec!["java.util.Properties()V"]
        );
        let objects = made(&h, &g, "java.lang.Object");
        assert!(
            !objects
                .iter()
                .any(|m| m.starts_with("java.io.File") || m.starts_with("java.util.Properties")),
            "{objects:?}"
        );
    }

    #[test]
    fn a_parse_position_is_made_from_its_index_where_one_is_asked_for() {
        let p = program(&[(
            "p/A.java",
            "package p; public class A { public static int n(java.text.ParsePosition pos, java.util.Map<String, String> m, Object o) { return 0; } }",
        )]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        assert_eq!(
            made(&h, &g, "java.text.ParsePosition"),
            vec!["java.text.ParsePosition(I)V"],
            "a number is its state when no constructor goes without one"
        );
        assert_eq!(
            made(&h, &g, "java.util.Map"),
            vec!["java.util.HashMap()V"],
            "a number beside a constructor without one is a capacity"
        );
        assert!(!made(&h, &g, "java.lang.Object")
            .iter()
            .any(|m| m.starts_with("java.text.")));
    }

    #[test]
    fn a_stream_over_bytes_is_made_where_a_stream_is_asked_for_and_only_there() {
        let p = program(&[
            (
                "p/A.java",
                "package p; public class A { public static int n(java.io.InputStream in, java.io.OutputStream out, Object o) { return 0; } }",
            ),
            (
                "p/Counting.java",
                "package p; public class Counting extends java.io.FilterInputStream { public Counting(java.io.InputStream in) { super(in); } }",
            ),
        ]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        assert_eq!(
            made(&h, &g, "java.io.InputStream"),
            vec![
                "p.Counting(Ljava/io/InputStream;)V",
                "java.io.ByteArrayInputStream([B)V"
            ],
            "fewer parameters first, then shorter names"
        );
        assert_eq!(
            made(&h, &g, "java.io.OutputStream"),
            vec!["java.io.ByteArrayOutputStream()V"],
            "not the one with a capacity"
        );
        assert!(!made(&h, &g, "java.lang.Object")
            .iter()
            .any(|m| m.starts_with("java.io.")));
    }

    #[test]
    fn a_reader_is_made_over_a_string_a_writer_collects_and_a_wrapper_is_only_for_its_own_type() {
        let p = program(&[(
            "p/A.java",
            "package p; public class A { public static int n(java.io.Reader r, java.io.BufferedReader b, java.io.Writer w, java.io.PrintWriter p) { return 0; } }",
        )]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        assert_eq!(
            made(&h, &g, "java.io.Reader"),
            vec!["java.io.StringReader(Ljava/lang/String;)V"],
            "a BufferedReader over a reader reads what the reader does"
        );
        assert_eq!(
            made(&h, &g, "java.io.BufferedReader"),
            vec!["java.io.BufferedReader(Ljava/io/Reader;)V"],
            "a wrapper, but not the one with a buffer size"
        );
        assert_eq!(
            made(&h, &g, "java.io.Writer"),
            vec!["java.io.StringWriter()V"],
            "not a PrintWriter or BufferedWriter over it"
        );
        assert_eq!(
            made(&h, &g, "java.io.PrintWriter"),
            vec!["java.io.PrintWriter(Ljava/io/Writer;)V"],
            "never the one that opens a file"
        );
    }

    #[test]
    fn a_factory_that_refines_a_value_of_its_own_kind_is_no_producer() {
        let p = program(&[
            ("p/Shape.java", "package p; public abstract class Shape { public abstract int sides(); }"),
            ("p/Square.java", "package p; public class Square extends Shape { public Square(int side) {} public int sides() { return 4; } }"),
            ("p/Pair.java", "package p; public class Pair { private Pair() {} public static Pair of(Object l, Object r) { return new Pair(); } }"),
            ("p/Shapes.java", "package p; public class Shapes { private Shapes() {} \
                public static Shape unit() { return new Square(1); } \
                public static Shape checked(Shape s) { if (s == null) throw new IllegalArgumentException(); return s; } \
                public static Square bigger(Square s, int by) { return new Square(s.sides() + by); } \
                public static Shape first(Shape... all) { return all[0]; } \
                public static Object notNull(Object o) { return o; } }"),
        ]);
        let h = Hierarchy::new(&p);
        let g = ParamGraph::new(&h, "p");
        let names = |ty: &str| -> Vec<String> {
            g.producers(&h, &Type::class(ty))
                .iter()
                .map(|p| format!("{}.{}", p.class.name, p.method.name))
                .collect()
        };
        assert_eq!(names("p.Shape"), vec!["p.Square.<init>", "p.Shapes.unit"]);
        assert_eq!(
            names("p.Pair"),
            vec!["p.Pair.of"],
            "taking any object makes a builder"
        );
        assert!(
            !names("java.lang.Object").contains(&"p.Shapes.notNull".to_string()),
            "an Object in, the same Object out"
        );
    }
}
