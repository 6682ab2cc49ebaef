//! A class file read into the program model: a library class whose public and protected
//! members are declared with their types and no bodies.
//!
//! Methods become `native`, the JDK model's opaque calls: any result of their type and no
//! change to project state but the arrays passed to them; abstract methods stay abstract.
//! A `static final` field with a constant value (`Calendar.MONTH`) keeps it. Synthetic and
//! bridge methods, static initialisers, private and package-private members, and the
//! constructors of inner (non-static) classes, whose descriptors hold the enclosing
//! instance, are left out.

use super::signature::{self, TypeVars};
use crate::ir::{Class, ClassKind, Field, FileId, Literal, Local, Method, Modifiers, Span, Type};
use cafebabe::attributes::{AttributeData, AttributeInfo};
use cafebabe::constant_pool::LiteralConstant;
use cafebabe::{ClassAccessFlags, FieldAccessFlags, MethodAccessFlags, ParseOptions};

/// Reads `bytes` as a library class declared in `file`.
pub fn read(bytes: &[u8], file: FileId) -> Result<Class, String> {
    let mut options = ParseOptions::default();
    options.parse_bytecode(false);
    let cf = cafebabe::parse_class_with_options(bytes, &options).map_err(|e| e.to_string())?;
    let name = cf.this_class.to_string().replace('/', ".");
    let inner = cf.attributes.iter().find_map(|a| match &a.data {
        AttributeData::InnerClasses(entries) => entries
            .iter()
            .find(|e| e.inner_class_info.replace('/', ".") == name)
            .map(|e| {
                (
                    e.outer_class_info.clone(),
                    e.inner_name.clone(),
                    e.access_flags,
                )
            }),
        _ => None,
    });
    let flags = cf.access_flags;
    let kind = if flags.contains(ClassAccessFlags::ANNOTATION) {
        ClassKind::Annotation
    } else if flags.contains(ClassAccessFlags::INTERFACE) {
        ClassKind::Interface
    } else if flags.contains(ClassAccessFlags::ENUM) {
        ClassKind::Enum
    } else if cf
        .super_class
        .as_ref()
        .is_some_and(|s| s.to_string() == "java/lang/Record")
    {
        ClassKind::Record
    } else {
        ClassKind::Class
    };
    let mut modifiers = Modifiers {
        public: flags.contains(ClassAccessFlags::PUBLIC),
        is_final: flags.contains(ClassAccessFlags::FINAL),
        is_abstract: flags.contains(ClassAccessFlags::ABSTRACT),
        ..Modifiers::default()
    };
    let (outer, simple_name) = match &inner {
        Some((Some(outer), Some(simple), inner_flags)) => {
            let bits = inner_flags.bits();
            modifiers.public = bits & 0x0001 != 0;
            modifiers.protected = bits & 0x0004 != 0;
            modifiers.is_static = bits & 0x0008 != 0 || kind != ClassKind::Class;
            (Some(outer.replace('/', ".")), simple.to_string())
        }
        _ => (None, name.rsplit('.').next().unwrap_or(&name).to_string()),
    };
    let class_signature =
        signature_of(&cf.attributes).and_then(|s| signature::class_signature(s, &Vec::new()));
    let (type_vars, superclass, interfaces) = match class_signature {
        Some(g) if !g.types.is_empty() => {
            let mut types = g.types.into_iter();
            let superclass = cf.super_class.as_ref().and(types.next());
            (g.type_params, superclass, types.collect())
        }
        _ => (
            Vec::new(),
            cf.super_class
                .as_ref()
                .map(|s| Type::class(&s.to_string().replace('/', "."))),
            cf.interfaces
                .iter()
                .map(|i| Type::class(&i.to_string().replace('/', ".")))
                .collect(),
        ),
    };
    // An interface's supertype in the model is `Object` only through its interfaces.
    let superclass = if kind == ClassKind::Interface {
        None
    } else {
        superclass
    };
    let inner_class = outer.is_some() && !modifiers.is_static;
    let enum_constants = cf
        .fields
        .iter()
        .filter(|f| f.access_flags.contains(FieldAccessFlags::ENUM))
        .map(|f| f.name.to_string())
        .collect();
    let fields = cf
        .fields
        .iter()
        .filter(|f| {
            visible(
                f.access_flags.contains(FieldAccessFlags::PUBLIC),
                f.access_flags.contains(FieldAccessFlags::PROTECTED),
            )
        })
        .filter(|f| !f.access_flags.contains(FieldAccessFlags::SYNTHETIC))
        .filter_map(|f| {
            let text = signature_of(&f.attributes).map(str::to_string);
            let ty = text
                .and_then(|s| signature::field_type(&s, &type_vars))
                .or_else(|| signature::field_type(&f.descriptor.to_string(), &type_vars))?;
            let flags = f.access_flags;
            let modifiers = Modifiers {
                public: flags.contains(FieldAccessFlags::PUBLIC),
                protected: flags.contains(FieldAccessFlags::PROTECTED),
                is_static: flags.contains(FieldAccessFlags::STATIC),
                is_final: flags.contains(FieldAccessFlags::FINAL),
                ..Modifiers::default()
            };
            let constant = (modifiers.is_static && modifiers.is_final)
                .then(|| constant_of(&f.attributes))
                .flatten();
            Some(Field {
                name: f.name.to_string(),
                ty,
                modifiers,
                span: Span::default(),
                constant,
                platform: true,
            })
        })
        .collect();
    let methods = cf
        .methods
        .iter()
        .filter(|m| {
            visible(
                m.access_flags.contains(MethodAccessFlags::PUBLIC),
                m.access_flags.contains(MethodAccessFlags::PROTECTED),
            )
        })
        .filter(|m| {
            !m.access_flags
                .intersects(MethodAccessFlags::SYNTHETIC | MethodAccessFlags::BRIDGE)
        })
        .filter(|m| m.name != "<clinit>" && !(m.name == "<init>" && inner_class))
        .filter_map(|m| {
            let descriptor = m.descriptor.to_string();
            let erased = signature::method_signature(&descriptor, &type_vars)?;
            let generic = signature_of(&m.attributes)
                .and_then(|s| signature::method_signature(s, &type_vars))
                .filter(|g| g.types.len() == erased.types.len());
            let typed = generic.unwrap_or(erased);
            let flags = m.access_flags;
            let is_abstract = flags.contains(MethodAccessFlags::ABSTRACT);
            let constructor = m.name == "<init>";
            let modifiers = Modifiers {
                public: flags.contains(MethodAccessFlags::PUBLIC),
                protected: flags.contains(MethodAccessFlags::PROTECTED),
                is_static: flags.contains(MethodAccessFlags::STATIC),
                is_final: flags.contains(MethodAccessFlags::FINAL),
                is_abstract,
                native: !is_abstract,
                ..Modifiers::default()
            };
            let locals: Vec<Local> = typed
                .types
                .iter()
                .enumerate()
                .map(|(i, ty)| Local {
                    name: format!("arg{i}"),
                    ty: ty.clone(),
                    span: Span::default(),
                })
                .collect();
            Some(Method {
                name: m.name.to_string(),
                descriptor,
                param_count: locals.len() as u32,
                varargs: flags.contains(MethodAccessFlags::VARARGS),
                ret: if constructor {
                    Type::Void
                } else {
                    typed.ret.unwrap_or(Type::Void)
                },
                modifiers,
                type_params: typed.type_params.into_iter().map(|(n, _)| n).collect(),
                locals,
                body: None,
                span: Span::default(),
                synthetic: false,
                annotations: Vec::new(),
            })
        })
        .collect();
    Ok(Class {
        name,
        simple_name,
        kind,
        modifiers,
        type_params: type_vars_names(&type_vars),
        superclass,
        interfaces,
        outer,
        inner: inner_class,
        fields,
        methods,
        instance_init: Vec::new(),
        init_locals: Vec::new(),
        enum_constants,
        file,
        span: Span {
            file,
            ..Span::default()
        },
        library: true,
        signatures_only: true,
        platform_superclass: None,
        functional: None,
    })
}

/// What a project may use of a platform class: its public and protected members.
fn visible(public: bool, protected: bool) -> bool {
    public || protected
}

fn type_vars_names(vars: &TypeVars) -> Vec<String> {
    vars.iter().map(|(n, _)| n.clone()).collect()
}

fn signature_of<'a>(attributes: &'a [AttributeInfo<'_>]) -> Option<&'a str> {
    attributes.iter().find_map(|a| match &a.data {
        AttributeData::Signature(s) => Some(s.as_ref()),
        _ => None,
    })
}

fn constant_of(attributes: &[AttributeInfo<'_>]) -> Option<Literal> {
    attributes.iter().find_map(|a| match &a.data {
        AttributeData::ConstantValue(c) => Some(match c {
            LiteralConstant::Integer(v) => Literal::Int(*v),
            LiteralConstant::Long(v) => Literal::Long(*v),
            LiteralConstant::Float(v) => Literal::Float(v.to_bits()),
            LiteralConstant::Double(v) => Literal::Double(v.to_bits()),
            LiteralConstant::String(s) => Literal::String(s.to_string()),
            LiteralConstant::StringBytes(_) => return None,
        }),
        _ => None,
    })
}
