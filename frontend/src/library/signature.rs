//! Types from class files: descriptors (`(I[Ljava/lang/String;)V`) and the generic
//! signatures of the `Signature` attribute (JVMS 4.7.9.1), as the program model's [`Type`].
//!
//! A wildcard becomes what reading through it gives, as for source: `? extends T` its bound,
//! `?` `Object`, and `? super T` [`Type::super_wildcard`]. A type variable keeps its name and is erased to its first
//! bound, looked up in the declarations in scope.

use crate::ir::Type;

/// Type variables in scope, innermost first: name and erasure.
pub type TypeVars = Vec<(String, Type)>;

/// A method's or class's generic signature, read.
#[derive(Debug, Default, PartialEq)]
pub struct Generic {
    /// Declared type parameters and their erasures.
    pub type_params: TypeVars,
    /// Parameter types (methods) or the superclass followed by the interfaces (classes).
    pub types: Vec<Type>,
    /// The return type (methods).
    pub ret: Option<Type>,
}

/// Reads a class signature: `<T:Ljava/lang/Object;>Ljava/lang/Object;Ljava/lang/Comparable<TT;>;`.
pub fn class_signature(text: &str, outer: &TypeVars) -> Option<Generic> {
    let mut p = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let type_params = p.type_params(outer)?;
    let scope = scoped(&type_params, outer);
    let mut types = Vec::new();
    while !p.done() {
        types.push(p.reference(&scope)?);
    }
    Some(Generic {
        type_params,
        types,
        ret: None,
    })
}

/// Reads a method signature or descriptor: `<T:Ljava/lang/Object;>(TT;I)[TT;`.
pub fn method_signature(text: &str, outer: &TypeVars) -> Option<Generic> {
    let mut p = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let type_params = p.type_params(outer)?;
    let scope = scoped(&type_params, outer);
    p.expect(b'(')?;
    let mut types = Vec::new();
    while p.peek()? != b')' {
        types.push(p.java_type(&scope)?);
    }
    p.expect(b')')?;
    let ret = if p.peek()? == b'V' {
        Type::Void
    } else {
        p.java_type(&scope)?
    };
    Some(Generic {
        type_params,
        types,
        ret: Some(ret),
    })
}

/// Reads a field's type from its signature or descriptor.
pub fn field_type(text: &str, outer: &TypeVars) -> Option<Type> {
    let mut p = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let ty = p.java_type(outer)?;
    p.done().then_some(ty)
}

fn scoped(inner: &TypeVars, outer: &TypeVars) -> TypeVars {
    inner.iter().chain(outer.iter()).cloned().collect()
}

struct Reader<'t> {
    text: &'t [u8],
    at: usize,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.text.len()
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        (self.peek()? == b).then(|| self.at += 1)
    }

    /// Characters up to (not including) one of `stops`.
    fn identifier(&mut self, stops: &[u8]) -> Option<&str> {
        let start = self.at;
        while !stops.contains(&self.peek()?) {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at]).ok()
    }

    /// `<T:bound:bound U::bound>`, if present. The bounds may name any of the parameters.
    fn type_params(&mut self, outer: &TypeVars) -> Option<TypeVars> {
        if self.peek() != Some(b'<') {
            return Some(Vec::new());
        }
        self.at += 1;
        let mut params: Vec<(String, Option<Type>)> = Vec::new();
        let mut names_so_far: TypeVars = Vec::new();
        while self.peek()? != b'>' {
            let name = self.identifier(b":")?.to_string();
            let mut first = None;
            while self.peek()? == b':' {
                self.at += 1;
                if matches!(self.peek()?, b'L' | b'T' | b'[') {
                    let scope = scoped(&names_so_far, outer);
                    let bound = self.reference(&scope)?;
                    first.get_or_insert(bound.erasure());
                }
            }
            names_so_far.push((name.clone(), first.clone().unwrap_or_else(Type::object)));
            params.push((name, first));
        }
        self.at += 1;
        Some(
            params
                .into_iter()
                .map(|(n, b)| (n, b.unwrap_or_else(Type::object)))
                .collect(),
        )
    }

    fn java_type(&mut self, scope: &TypeVars) -> Option<Type> {
        let ty = match self.peek()? {
            b'B' => Type::Byte,
            b'C' => Type::Char,
            b'D' => Type::Double,
            b'F' => Type::Float,
            b'I' => Type::Int,
            b'J' => Type::Long,
            b'S' => Type::Short,
            b'Z' => Type::Boolean,
            _ => return self.reference(scope),
        };
        self.at += 1;
        Some(ty)
    }

    fn reference(&mut self, scope: &TypeVars) -> Option<Type> {
        match self.peek()? {
            b'[' => {
                self.at += 1;
                Some(Type::Array(Box::new(self.java_type(scope)?)))
            }
            b'T' => {
                self.at += 1;
                let name = self.identifier(b";")?.to_string();
                self.at += 1;
                let bound = scope
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, b)| b.clone())
                    .unwrap_or_else(Type::object);
                Some(Type::Var {
                    name,
                    bound: Box::new(bound),
                })
            }
            b'L' => {
                self.at += 1;
                let mut name = self.identifier(b"<;.")?.replace('/', ".");
                let mut args = self.type_args(scope)?;
                while self.peek()? == b'.' {
                    self.at += 1;
                    name.push('$');
                    name.push_str(self.identifier(b"<;.")?);
                    args = self.type_args(scope)?;
                }
                self.expect(b';')?;
                Some(Type::Class { name, args })
            }
            _ => None,
        }
    }

    /// `<Ljava/lang/String;*+TT;>`, if present.
    fn type_args(&mut self, scope: &TypeVars) -> Option<Vec<Type>> {
        let mut args = Vec::new();
        if self.peek()? != b'<' {
            return Some(args);
        }
        self.at += 1;
        while self.peek()? != b'>' {
            let arg = match self.peek()? {
                b'*' => {
                    self.at += 1;
                    Type::object()
                }
                b'+' => {
                    self.at += 1;
                    self.reference(scope)?
                }
                b'-' => {
                    self.at += 1;
                    Type::super_wildcard(self.reference(scope)?)
                }
                _ => self.reference(scope)?,
            };
            args.push(arg);
        }
        self.at += 1;
        Some(args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str, args: Vec<Type>) -> Type {
        Type::Class {
            name: name.into(),
            args,
        }
    }

    fn var(name: &str, bound: Type) -> Type {
        Type::Var {
            name: name.into(),
            bound: Box::new(bound),
        }
    }

    #[test]
    fn descriptors_read_as_erased_types() {
        let m = method_signature("(I[Ljava/lang/String;J)[[C", &Vec::new()).expect("read");
        assert_eq!(
            m.types,
            vec![Type::Int, Type::Array(Box::new(Type::string())), Type::Long]
        );
        assert_eq!(
            m.ret,
            Some(Type::Array(Box::new(Type::Array(Box::new(Type::Char)))))
        );
        assert_eq!(
            method_signature("()V", &Vec::new()).unwrap().ret,
            Some(Type::Void)
        );
        assert_eq!(field_type("Z", &Vec::new()), Some(Type::Boolean));
        assert_eq!(field_type("Zx", &Vec::new()), None);
    }

    #[test]
    fn generic_methods_keep_their_type_variables_and_erase_them_to_the_first_bound() {
        let class_vars = vec![("E".to_string(), Type::object())];
        let m = method_signature(
            "<T::Ljava/lang/Comparable<-TT;>;>(Ljava/util/List<+TE;>;TT;)Ljava/util/Map$Entry<TT;*>;",
            &class_vars,
        )
        .expect("read");
        let comparable = Type::class("java.lang.Comparable");
        assert_eq!(m.type_params, vec![("T".to_string(), comparable.clone())]);
        assert_eq!(
            m.types,
            vec![
                class("java.util.List", vec![var("E", Type::object())]),
                var("T", comparable.clone()),
            ]
        );
        assert_eq!(
            m.ret,
            Some(class(
                "java.util.Map$Entry",
                vec![var("T", comparable), Type::object()]
            ))
        );
    }

    #[test]
    fn class_signatures_list_the_supertypes_and_inner_classes_use_dollars() {
        let c = class_signature(
            "<K:Ljava/lang/Object;V:Ljava/lang/Object;>Ljava/util/AbstractMap<TK;TV;>;Ljava/util/Map<TK;TV;>;",
            &Vec::new(),
        )
        .expect("read");
        assert_eq!(c.type_params.len(), 2);
        assert_eq!(c.types.len(), 2);
        let inner = field_type("Ljava/util/HashMap<TK;TV;>.KeySet;", &c.type_params);
        assert_eq!(inner, Some(class("java.util.HashMap$KeySet", Vec::new())));
    }
}
