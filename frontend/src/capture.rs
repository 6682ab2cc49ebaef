//! The fields that hold what lambdas, anonymous and local classes capture: `val$x` for the
//! enclosing local `x`, as javac names them.

use crate::ir::{Expr, ExprKind, Field, Modifiers, Span, Type};

/// The private final field that holds the captured local `local`.
pub(crate) fn field(local: &str, ty: &Type, span: Span) -> Field {
    Field {
        name: field_name(local),
        ty: ty.clone(),
        modifiers: Modifiers {
            private: true,
            is_final: true,
            ..Modifiers::default()
        },
        span,
        constant: None,
        platform: false,
    }
}

/// `this.val$local`, inside `class`.
pub(crate) fn read(class: &str, local: &str, ty: &Type, span: Span) -> Expr {
    let this = Expr {
        kind: ExprKind::This { outer: None },
        ty: Type::class(class),
        span,
    };
    Expr {
        kind: ExprKind::Field {
            target: Some(Box::new(this)),
            class: class.to_string(),
            name: field_name(local),
        },
        ty: ty.clone(),
        span,
    }
}

/// A constructor descriptor with the captured locals' types after its own parameters.
pub(crate) fn descriptor_with<'t>(
    descriptor: &str,
    captured: impl IntoIterator<Item = &'t Type>,
) -> String {
    let (params, ret) = descriptor.split_once(')').unwrap_or(("(", "V"));
    let extra: String = captured
        .into_iter()
        .map(|t| t.erasure().descriptor())
        .collect();
    format!("{params}{extra}){ret}")
}

fn field_name(local: &str) -> String {
    format!("val${local}")
}
