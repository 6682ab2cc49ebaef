//! Captured values rebuilt as Java: exact values as literals, objects as locals made first
//! (so that aliases and cycles come back), arrays, collections and maps filled element by
//! element. An object is made with a constructor that only assigns its parameters to the
//! captured fields (when they are plain values), else with its public no-argument
//! constructor and field assignments (or setters that only assign the field) when the test
//! can write them, by reflection otherwise.

use crate::access::Access;
use crate::render::{self, Helper};
use frontend::ir::{ExprKind, Method, StmtKind, Type};
use invariants::record::capture::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Writes the statements that rebuild the values of one frame.
pub(super) struct Builder<'a, 'p> {
    access: &'a Access<'p>,
    /// Statements so far.
    pub stmts: Vec<String>,
    /// testgen's reflection helpers the statements call.
    pub helpers: BTreeSet<Helper>,
    /// The replay's own helpers the statements call (their sources).
    pub own: BTreeSet<&'static str>,
    /// Whether any state is set by reflection.
    pub reflection: bool,
    /// What the test could not rebuild as captured.
    pub notes: Vec<String>,
    /// Every object, array, collection and map of the frame by id.
    nodes: BTreeMap<u64, &'a Value>,
    /// The locals made so far, by id.
    locals: HashMap<u64, String>,
}

/// `fill(collection, elements)`: a collection with elements added in order.
pub(super) const FILL: &str = r#"
    /** `collection` with `elements` added in order. */
    @SuppressWarnings("unchecked")
    static Object fill(java.util.Collection<?> collection, Object[] elements) {
        for (Object e : elements) {
            ((java.util.Collection<Object>) collection).add(e);
        }
        return collection;
    }
"#;

impl<'a, 'p> Builder<'a, 'p> {
    /// A builder for `values` (receiver and arguments): their objects are made at once.
    pub fn new(access: &'a Access<'p>, values: &[&'a Value]) -> Self {
        let mut nodes = BTreeMap::new();
        for v in values {
            collect(v, &mut nodes);
        }
        let mut b = Builder {
            access,
            stmts: Vec::new(),
            helpers: BTreeSet::new(),
            own: BTreeSet::new(),
            reflection: false,
            notes: Vec::new(),
            nodes,
            locals: HashMap::new(),
        };
        let objects: Vec<&Value> = b.nodes.values().copied().collect();
        let mut built = Vec::new();
        for v in &objects {
            if let Value::Object {
                class, id, fields, ..
            } = v
            {
                let local = format!("o{id}");
                if let Some(made) = b.by_constructor(class, fields) {
                    let name = access.class_name(class);
                    b.stmts.push(format!("{name} {local} = {made};"));
                    b.locals.insert(*id, local);
                    continue;
                }
                let public = b.public_route(class, fields);
                if public {
                    let name = access.class_name(class);
                    b.stmts.push(format!("{name} {local} = new {name}();"));
                } else {
                    b.uses(Helper::Allocate);
                    let ty = b.type_of(class);
                    b.stmts.push(format!("Object {local} = allocate({ty});"));
                }
                b.locals.insert(*id, local);
                built.push((*v, public));
            }
        }
        for (v, public) in built {
            if let Value::Object {
                class, id, fields, ..
            } = v
            {
                b.set_fields(class, *id, fields, public);
            }
        }
        b
    }

    fn uses(&mut self, helper: Helper) {
        self.reflection |= matches!(helper, Helper::Allocate | Helper::Set | Helper::Invoke)
            || helper == Helper::Construct;
        self.helpers.insert(helper);
        if matches!(
            helper,
            Helper::Allocate | Helper::Set | Helper::Invoke | Helper::Construct
        ) {
            self.helpers.insert(Helper::Type);
        }
    }

    /// `type("p.C")`, a class by its name as `Class.forName` reads it.
    pub fn type_of(&mut self, binary: &str) -> String {
        self.helpers.insert(Helper::Type);
        format!("type({})", render::string(&utf16(binary)))
    }

    /// A class literal for a parameter type: `int.class`, `String.class`, or `type(...)`.
    pub fn class_literal(&mut self, ty: &Type) -> String {
        if !ty.is_reference() || self.access.type_nameable(ty) {
            return format!("{}.class", self.access.type_name(ty));
        }
        let name = match ty.erasure() {
            Type::Array(_) => ty.erasure().descriptor().replace('/', "."),
            t => t.class_name().unwrap_or("java.lang.Object").to_string(),
        };
        self.type_of(&name)
    }

    /// `new C(v...)` for an object whose captured fields are plain values that a
    /// constructor the test can call assigns, one from each parameter, and does nothing else.
    fn by_constructor(
        &mut self,
        class: &str,
        fields: &[(String, String, Value)],
    ) -> Option<String> {
        let plain = |v: &Value| matches!(v, Value::Exact { .. } | Value::Enum { .. } | Value::Null);
        if fields
            .iter()
            .any(|(owner, _, v)| owner != class || !plain(v))
        {
            return None;
        }
        let model = self.access.class(class)?;
        if !self.access.nameable(class)
            || model.is_abstract()
            || model.outer.is_some() && !model.modifiers.is_static
        {
            return None;
        }
        let (constructor, names) = model.methods.iter().find_map(|m| {
            let names = assigned_fields(m, class).filter(|_| m.is_constructor())?;
            let mut sorted: Vec<&str> = names.iter().map(String::as_str).collect();
            sorted.sort_unstable();
            let mut captured: Vec<&str> = fields.iter().map(|f| f.1.as_str()).collect();
            captured.sort_unstable();
            let callable = self
                .access
                .member_accessible(class, "<init>", &m.descriptor);
            (callable && sorted == captured).then_some((m, names))
        })?;
        let args: Vec<String> = names
            .iter()
            .zip(constructor.params())
            .map(|(name, param)| {
                let value = &fields
                    .iter()
                    .find(|f| &f.1 == name)
                    .expect("a captured field")
                    .2;
                match value {
                    Value::Null => format!("({}) null", self.access.type_name(&param.ty)),
                    v => self.expr(v),
                }
            })
            .collect();
        Some(format!(
            "new {}({})",
            self.access.class_name(class),
            args.join(", ")
        ))
    }

    /// Whether the object can be made with `new C()` and its fields assigned in source.
    fn public_route(&self, class: &str, fields: &[(String, String, Value)]) -> bool {
        let Some(model) = self.access.class(class) else {
            return false;
        };
        let constructor = model
            .methods
            .iter()
            .any(|m| m.name == "<init>" && m.descriptor == "()V");
        self.access.nameable(class)
            && !model.is_abstract()
            && model
                .outer
                .as_ref()
                .is_none_or(|_| model.modifiers.is_static)
            && constructor
            && self.access.member_accessible(class, "<init>", "()V")
            && fields.iter().all(|(owner, name, _)| {
                self.access.field_assignable(owner, name) || self.setter(owner, name).is_some()
            })
    }

    /// The public setter of the field `name` of `owner` the test can call: `setName(T)`, whose
    /// body only assigns its parameter to the field.
    fn setter(&self, owner: &str, name: &str) -> Option<&'p Method> {
        let mut chars = name.chars();
        let first = chars.next()?;
        let setter = format!("set{}{}", first.to_ascii_uppercase(), chars.as_str());
        self.access.class(owner)?.methods.iter().find(|m| {
            let prefix = m.descriptor.split(')').next().unwrap_or_default();
            m.name == setter
                && !m.modifiers.is_static
                && self
                    .access
                    .member_accessible(owner, &m.name, &format!("{prefix})"))
                && assigned_fields(m, owner).is_some_and(|f| f == [name])
        })
    }

    /// Sets the fields of the object `o{id}`.
    fn set_fields(
        &mut self,
        class: &str,
        id: u64,
        fields: &[(String, String, Value)],
        public: bool,
    ) {
        for (owner, name, value) in fields {
            let expr = self.expr(value);
            if public {
                let field_type = self
                    .access
                    .class(owner)
                    .and_then(|c| c.field(name))
                    .map(|f| f.ty.clone())
                    .unwrap_or(Type::object());
                let target = if owner == class {
                    format!("o{id}")
                } else {
                    format!("(({}) o{id})", self.access.class_name(owner))
                };
                let cast = match (&field_type, value) {
                    (t, Value::Exact { .. } | Value::Null | Value::Enum { .. })
                        if !t.is_reference() || matches!(value, Value::Null) =>
                    {
                        String::new()
                    }
                    (t, _) => format!("({}) ", self.access.type_name(t)),
                };
                let stmt = match self.setter(owner, name) {
                    Some(setter) if !self.access.field_assignable(owner, name) => {
                        format!("{target}.{}({cast}{expr});", setter.name)
                    }
                    _ => format!("{target}.{name} = {cast}{expr};"),
                };
                self.stmts.push(stmt);
            } else {
                self.uses(Helper::Set);
                let ty = self.type_of(owner);
                let name = render::string(&utf16(name));
                self.stmts
                    .push(format!("set(o{id}, {ty}, {name}, {expr});"));
            }
        }
    }

    /// The Java expression of a captured value (as an `Object`, or a literal).
    pub fn expr(&mut self, v: &Value) -> String {
        match v {
            Value::Null => "null".into(),
            Value::Exact { class, value } => self.exact(class, value),
            Value::Enum { class, name } => {
                if self.access.nameable(class) {
                    format!("{}.{name}", self.access.class_name(class))
                } else {
                    self.own.insert(ENUM_VALUE);
                    let ty = self.type_of(class);
                    format!("enumValue({ty}, {})", render::string(&utf16(name)))
                }
            }
            Value::Ref(id) => match self.locals.get(id) {
                Some(local) => local.clone(),
                None => match self.nodes.get(id).copied() {
                    Some(node) if !matches!(node, Value::Ref(_)) => self.expr(node),
                    _ => "null".into(),
                },
            },
            Value::Object { id, .. } => self.locals.get(id).cloned().unwrap_or("null".into()),
            Value::Jdk {
                class, id, data, ..
            } => match self.locals.get(id) {
                Some(local) => local.clone(),
                None => {
                    let made = super::jdk::made(self, class, data);
                    self.local(*id, made)
                }
            },
            Value::Opaque { class, .. } => {
                self.notes.push(format!(
                    "a {class} could not be captured: the test passes null in its place"
                ));
                "null".into()
            }
            Value::Items {
                class,
                id,
                size,
                items,
                ..
            } => {
                if let Some(local) = self.locals.get(id) {
                    return local.clone();
                }
                self.truncated(class, *size, items.len());
                let elements: Vec<String> = items.iter().map(|e| self.expr(e)).collect();
                let elements = format!("new Object[] {{{}}}", elements.join(", "));
                let made = if let Some(element) = class.strip_prefix('[') {
                    self.helpers.insert(Helper::NewArray);
                    let ty = element_class(self, element);
                    format!("newArray({ty}, {elements})")
                } else {
                    self.own.insert(FILL);
                    let (made, note) = collection(class);
                    if let Some(note) = note {
                        self.notes.push(note);
                    }
                    format!("fill({made}, {elements})")
                };
                let made = match class.as_str() {
                    "java.util.ImmutableCollections$ListN"
                    | "java.util.ImmutableCollections$List12" => {
                        format!("java.util.List.copyOf((java.util.Collection<?>) {made})")
                    }
                    "java.util.ImmutableCollections$SetN"
                    | "java.util.ImmutableCollections$Set12" => {
                        format!("java.util.Set.copyOf((java.util.Collection<?>) {made})")
                    }
                    "java.util.Arrays$ArrayList" => format!(
                        "java.util.Arrays.asList(((java.util.Collection<?>) {made}).toArray())"
                    ),
                    _ => made,
                };
                self.local(*id, made)
            }
            Value::Entries {
                class,
                id,
                size,
                keys,
                values,
                ..
            } => {
                if let Some(local) = self.locals.get(id) {
                    return local.clone();
                }
                self.truncated(class, *size, keys.len());
                let mut pairs = Vec::new();
                for (k, v) in keys.iter().zip(values) {
                    pairs.push(self.expr(k));
                    pairs.push(self.expr(v));
                }
                self.helpers.insert(Helper::Filled);
                let immutable = class.starts_with("java.util.ImmutableCollections$Map");
                let made_class = match class.as_str() {
                    c if !c.contains('$') && c.starts_with("java.util.") => c,
                    _ => "java.util.LinkedHashMap",
                };
                let mut made = format!(
                    "filled(new {made_class}<Object, Object>(){})",
                    pairs.iter().map(|p| format!(", {p}")).collect::<String>()
                );
                if immutable {
                    made = format!("java.util.Map.copyOf({made})");
                } else if made_class != class {
                    self.notes
                        .push(format!("a {class} is rebuilt as a {made_class}"));
                }
                self.local(*id, made)
            }
        }
    }

    /// Declares `Object v{id} = made;` and returns its name.
    fn local(&mut self, id: u64, made: String) -> String {
        let local = format!("v{id}");
        self.stmts.push(format!("Object {local} = {made};"));
        self.locals.insert(id, local.clone());
        local
    }

    fn truncated(&mut self, class: &str, size: usize, kept: usize) {
        if size > kept {
            self.notes.push(format!(
                "a {class} of {size} elements was captured in its first {kept} only"
            ));
        }
    }

    /// A literal of an exact value.
    fn exact(&mut self, class: &str, value: &serde_json::Value) -> String {
        let text = value.as_str().unwrap_or_default();
        let int = |ty: &Type| render::integral(ty, value.as_i64().unwrap_or(0));
        match class {
            "java.lang.Integer" => int(&Type::Int),
            "java.lang.Long" => int(&Type::Long),
            "java.lang.Short" => int(&Type::Short),
            "java.lang.Byte" => int(&Type::Byte),
            "java.lang.Boolean" => value.as_bool().unwrap_or(false).to_string(),
            "java.lang.Character" => render::integral(
                &Type::Char,
                utf16(text).first().copied().unwrap_or(0) as i64,
            ),
            "java.lang.Float" => render::float((java_number(text) as f32).to_bits()),
            "java.lang.Double" => render::double(java_number(text).to_bits()),
            "java.lang.Class" => match text {
                "int" | "long" | "short" | "byte" | "char" | "boolean" | "float" | "double"
                | "void" => format!("{text}.class"),
                _ => self.type_of(text),
            },
            _ => render::string(&utf16(text)),
        }
    }
}

/// `enumValue(type, name)`: an enum constant of a class the test cannot name.
pub(super) const ENUM_VALUE: &str = r#"
    /** The constant `name` of the enum `type`. */
    static Object enumValue(Class<?> type, String name) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equals(name)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(name);
    }
"#;

/// The fields of `class` the constructor or setter `m` assigns, one from each parameter in
/// order, when that is all its body does: `this.a = a; this.b = b;`.
fn assigned_fields(m: &Method, class: &str) -> Option<Vec<String>> {
    if m.varargs {
        return None;
    }
    let StmtKind::Block(stmts) = &m.body.as_ref()?.kind else {
        return None;
    };
    let mut names: Vec<Option<String>> = vec![None; m.param_count as usize];
    for stmt in stmts {
        let StmtKind::Expr(e) = &stmt.kind else {
            return None;
        };
        let ExprKind::Assign {
            target,
            op: None,
            value,
            ..
        } = &e.kind
        else {
            return None;
        };
        let (
            ExprKind::Field {
                target: Some(this),
                class: owner,
                name,
            },
            ExprKind::Local(i),
        ) = (&target.kind, &value.kind)
        else {
            return None;
        };
        let slot = names.get_mut(*i as usize)?;
        if owner != class || !matches!(this.kind, ExprKind::This { outer: None }) || slot.is_some()
        {
            return None;
        }
        *slot = Some(name.clone());
    }
    names.into_iter().collect()
}

/// Every object, array, collection and map inside `v`, by id.
fn collect<'a>(v: &'a Value, nodes: &mut BTreeMap<u64, &'a Value>) {
    match v {
        Value::Object { id, fields, .. } => {
            nodes.insert(*id, v);
            for (_, _, f) in fields {
                collect(f, nodes);
            }
        }
        Value::Items { id, items, .. } => {
            nodes.insert(*id, v);
            items.iter().for_each(|i| collect(i, nodes));
        }
        Value::Entries {
            id, keys, values, ..
        } => {
            nodes.insert(*id, v);
            keys.iter().chain(values).for_each(|i| collect(i, nodes));
        }
        Value::Opaque { id, .. } | Value::Jdk { id, .. } => {
            nodes.insert(*id, v);
        }
        _ => {}
    }
}

/// The class expression of an array's element, from the array's class name without its
/// first `[`: `int.class` for `I`, `type("p.C")` for `Lp.C;`, `type("[I")` for `[I`.
fn element_class(b: &mut Builder, element: &str) -> String {
    let primitive = match element {
        "I" => "int",
        "J" => "long",
        "S" => "short",
        "B" => "byte",
        "C" => "char",
        "Z" => "boolean",
        "F" => "float",
        "D" => "double",
        _ => "",
    };
    if !primitive.is_empty() {
        return format!("{primitive}.class");
    }
    match element.strip_prefix('L').and_then(|e| e.strip_suffix(';')) {
        Some(class) => b.type_of(class),
        None => b.type_of(element),
    }
}

/// A new empty collection of the captured class, or the nearest the test can make, and what
/// the report says when it is not the same class.
fn collection(class: &str) -> (String, Option<String>) {
    if class.starts_with("java.util.") && !class.contains('$') {
        return (format!("new {class}<Object>()"), None);
    }
    let set = class.contains("Set");
    let made = if set {
        "java.util.LinkedHashSet"
    } else {
        "java.util.ArrayList"
    };
    let same = class.starts_with("java.util.ImmutableCollections$")
        || class == "java.util.Arrays$ArrayList";
    (
        format!("new {made}<Object>()"),
        (!same).then(|| format!("a {class} is rebuilt as a {made}")),
    )
}

/// A float or double as Java's `toString` writes it.
fn java_number(text: &str) -> f64 {
    match text {
        "NaN" => f64::NAN,
        "Infinity" => f64::INFINITY,
        "-Infinity" => f64::NEG_INFINITY,
        t => t.parse().unwrap_or(0.0),
    }
}

/// A Rust string as UTF-16 code units, as testgen's literals take it.
pub(super) fn utf16(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}
