//! Calls as Java statements: constructors, methods and fields, directly or through reflection.

use super::{class_local_name, Expr, Helper, Writer};
use frontend::ir::Type;
use solver::{FieldValue, Value};

impl<'a, 'p> Writer<'a, 'p> {
    /// True when the member `name` of `class` with these parameters can be called in
    /// source. A member the test's package may not access (protected elsewhere) is called
    /// by reflection too, and the test then forces what no caller could do.
    fn callable(&mut self, class: &str, name: &str, params: &[Type]) -> bool {
        let descriptor = format!(
            "({}){}",
            params.iter().map(Type::descriptor).collect::<String>(),
            if name == "<init>" { "V" } else { "" }
        );
        if !self.access.member_accessible(class, name, &descriptor) {
            self.forced = true;
            return false;
        }
        if self.access.ambiguous(class, name, &descriptor) {
            return false;
        }
        self.access.nameable(class) && params.iter().all(|p| self.access.type_nameable(p))
    }

    /// `new C(args)`, `outer.new C(args)`, or the same through reflection.
    pub fn new_object(
        &mut self,
        class: &str,
        descriptor: &str,
        args: &[Value],
        outer: Option<&Value>,
    ) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let outer = outer.map(|o| {
            let ty = Type::class(&self.outer_class(class));
            self.argument(o, &ty)
        });
        let args = self.arguments(args, &params);
        self.construct(class, &params, outer, &args, true)
    }

    /// The binary name of the class enclosing `class`.
    fn outer_class(&self, class: &str) -> String {
        self.access
            .class(class)
            .and_then(|c| c.outer.clone())
            .unwrap_or_else(|| {
                class
                    .rsplit_once('$')
                    .map(|(o, _)| o)
                    .unwrap_or(class)
                    .to_string()
            })
    }

    /// A constructor call on written arguments; `used` when its value is used (a
    /// reflective construction is then cast to the nearest nameable type).
    pub fn construct(
        &mut self,
        class: &str,
        params: &[Type],
        outer: Option<String>,
        args: &[String],
        used: bool,
    ) -> Expr {
        let ty = Type::class(class);
        let outer_class = self.outer_class(class);
        if self.callable(class, "<init>", params)
            && (outer.is_none() || self.access.nameable(&outer_class))
        {
            let text = match &outer {
                None => format!("new {}({})", self.access.class_name(class), args.join(", ")),
                Some(o) => {
                    let o = if o.starts_with('(') {
                        format!("({o})")
                    } else {
                        o.clone()
                    };
                    let simple = class.rsplit('$').next().unwrap_or(class);
                    format!("{o}.new {simple}({})", args.join(", "))
                }
            };
            return Expr::exact(text, ty);
        }
        let mut all_params = Vec::new();
        let mut all_args = Vec::new();
        if let Some(o) = outer {
            all_params.push(Type::class(&outer_class));
            all_args.push(o);
        }
        all_params.extend(params.iter().cloned());
        all_args.extend(args.iter().cloned());
        let construct = self.helper(Helper::Construct);
        let text = format!(
            "{construct}({}, {}, new Object[] {{{}}})",
            self.class_literal(&ty),
            self.class_literals(&all_params),
            all_args.join(", ")
        );
        let visible = self.access.visible(&ty);
        if !used {
            return Expr::exact(text, Type::object());
        }
        Expr::exact(
            format!("({}) {text}", self.access.type_name(&visible)),
            visible,
        )
    }

    /// A static factory call `C.m(args)` as a value.
    pub(super) fn factory(
        &mut self,
        class: &str,
        method: &str,
        descriptor: &str,
        args: &[Value],
    ) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let args = self.arguments(args, &params);
        self.call(None, class, method, descriptor, &args, true)
    }

    /// `filled(new C(), key, value, ...)`: a map of `class` holding `entries` (a key, then
    /// its value), put by the test class's helper.
    pub(super) fn filled(&mut self, class: &str, entries: &[Value]) -> Expr {
        let map = self.new_object(class, "()V", &[], None);
        let helper = self.helper(Helper::Filled);
        let mut items = vec![map.text];
        for e in entries {
            items.push(self.value(e, &Type::object()).text);
        }
        Expr::exact(format!("{helper}({})", items.join(", ")), map.ty)
    }

    /// `C.m(args)` or `target.m(args)` on written arguments, or the same through
    /// reflection. A call whose value is used (`used`) is an expression of the erased
    /// return type; a call on a target of another static type (not a subclass in the
    /// package of `C`) casts the target to `C`.
    pub fn call(
        &mut self,
        target: Option<&Expr>,
        class: &str,
        method: &str,
        descriptor: &str,
        args: &[String],
        used: bool,
    ) -> Expr {
        let params = frontend::descriptor_params(descriptor);
        let ret = return_type(descriptor);
        if let Some(t) = target.filter(|t| self.through_declared_type(t, class, method, &params)) {
            return Expr {
                text: format!("{}.{method}({})", t.target(), args.join(", ")),
                ty: self.access.visible(&ret),
                exact: false,
            };
        }
        if self.callable(class, method, &params) {
            let owner = Type::class(class);
            let on = match target {
                None => self.access.class_name(class),
                Some(t) if t.ty == owner || self.inherits(t, class) => t.target(),
                Some(t) => format!("(({}) {})", self.access.class_name(class), t.target()),
            };
            return Expr {
                text: format!("{on}.{method}({})", args.join(", ")),
                ty: self.access.visible(&ret),
                exact: false,
            };
        }
        let invoke = self.helper(Helper::Invoke);
        let receiver = target
            .map(|t| t.text.clone())
            .unwrap_or_else(|| "null".into());
        let text = format!(
            "{invoke}({receiver}, {}, \"{method}\", {}, new Object[] {{{}}})",
            self.class_literal(&Type::class(class)),
            self.class_literals(&params),
            args.join(", ")
        );
        let visible = self.access.visible(&ret);
        if !used || !visible.is_reference() {
            return Expr {
                text,
                ty: Type::object(),
                exact: false,
            };
        }
        Expr {
            text: format!("({}) {text}", self.access.type_name(&visible)),
            ty: visible,
            exact: false,
        }
    }

    /// True when a method of `class` that no test can name (an anonymous class's, a
    /// lambda's) is called on `target` through the type a factory gave it: that type, or a
    /// supertype, declares an instance method of the same name and number of parameters
    /// (`byKey(5).compare(a, b)` on the `Comparator` `byKey` returns).
    fn through_declared_type(
        &self,
        target: &Expr,
        class: &str,
        method: &str,
        params: &[Type],
    ) -> bool {
        let Some(declared) = target.ty.class_name() else {
            return false;
        };
        if declared == class || self.access.nameable(class) || !self.access.nameable(declared) {
            return false;
        }
        let declares = |name: &str| {
            self.access.class(name).is_some_and(|c| {
                c.methods.iter().any(|m| {
                    m.name == method && !m.modifiers.is_static && m.params().len() == params.len()
                })
            })
        };
        declares(declared) || self.access.supertypes(declared).iter().any(|s| declares(s))
    }

    /// True when the members of `class` can be called on `target` as it is: its type is a
    /// subclass in the same package (a package-private member is not inherited across
    /// packages).
    fn inherits(&self, target: &Expr, class: &str) -> bool {
        target.exact
            && self.is_subclass(&target.ty, class)
            && target
                .ty
                .class_name()
                .is_some_and(|t| crate::access::package_of(t) == crate::access::package_of(class))
    }

    /// True when `ty` is `class` or one of its subclasses, as far as the program knows.
    pub(super) fn is_subclass(&self, ty: &Type, class: &str) -> bool {
        let mut name = ty.class_name().map(str::to_string);
        let mut steps = 0;
        while let Some(n) = name {
            if n == class {
                return true;
            }
            let Some(c) = self.access.class(&n) else {
                return false;
            };
            if c.interfaces.iter().any(|i| i.class_name() == Some(class)) {
                return true;
            }
            name = c
                .superclass
                .as_ref()
                .and_then(|s| s.class_name())
                .map(str::to_string);
            steps += 1;
            if steps > 64 {
                return false;
            }
        }
        false
    }

    /// An object created without a constructor, its fields set by reflection.
    pub(super) fn reflect(&mut self, class: &str, fields: &[FieldValue]) -> Expr {
        let allocate = self.helper(Helper::Allocate);
        let ty = Type::class(class);
        let visible = self.access.visible(&ty);
        let init = Expr::exact(
            format!(
                "({}) {allocate}({})",
                self.access.type_name(&visible),
                self.class_literal(&ty)
            ),
            visible.clone(),
        );
        let local = self.local(&class_local_name(class), &visible, &init);
        for f in fields {
            let v = self.set_field(Some(&local), f);
            self.assignments
                .push(format!("{}.{} = {v}", local.text, f.name));
        }
        local
    }

    /// Gives a field of `target` (a static field when there is none) its value: a plain
    /// assignment (`Owner.name = value;`, `target.name = value;`) when the test may write
    /// the field, else `set(target, Owner.class, "name", value);`, which forces what no
    /// caller could do. Returns the value as written.
    pub fn set_field(&mut self, target: Option<&Expr>, f: &FieldValue) -> String {
        if self.access.field_assignable(&f.class, &f.name) {
            let v = self.argument(&f.value, &f.ty);
            let owner = Type::class(&f.class);
            let place = match target {
                Some(t) => Expr::exact(self.cast_to(t, &owner), owner).target(),
                None => self.access.class_name(&f.class),
            };
            self.stmts.push(format!("{place}.{} = {v};", f.name));
            return v;
        }
        self.forced = true;
        let set = self.helper(Helper::Set);
        let v = self.value(&f.value, &f.ty);
        let stmt = format!(
            "{set}({}, {}, \"{}\", {});",
            target.map(|t| t.text.as_str()).unwrap_or("null"),
            self.class_literal(&Type::class(&f.class)),
            f.name,
            v.text
        );
        self.stmts.push(stmt);
        v.text
    }
}

/// The erased return type of a method descriptor.
fn return_type(descriptor: &str) -> Type {
    let ret = descriptor.rsplit_once(')').map(|(_, r)| r).unwrap_or("V");
    frontend::descriptor_params(&format!("({ret})"))
        .into_iter()
        .next()
        .unwrap_or(Type::Void)
}
