//! Statements: the typed IR of method bodies.

use super::{Expr, LocalId, MethodRef, Span, Type};
use serde::{Deserialize, Serialize};

/// A statement with its source span.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stmt {
    /// What the statement does.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
}

impl Stmt {
    /// `target = value;`, typed as the target.
    pub fn assign(target: Expr, value: Expr, span: Span) -> Stmt {
        Stmt {
            kind: StmtKind::Expr(Expr::assign(target, value, span)),
            span,
        }
    }
}

/// Statement forms.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StmtKind {
    /// `{ ... }`.
    Block(Vec<Stmt>),
    /// A local variable declaration with an optional initialiser.
    Local {
        /// The declared local.
        local: LocalId,
        /// Initial value.
        init: Option<Expr>,
    },
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `if`.
    If {
        /// Condition.
        cond: Expr,
        /// Then branch.
        then: Box<Stmt>,
        /// Else branch.
        otherwise: Option<Box<Stmt>>,
    },
    /// `while`.
    While {
        /// Loop condition.
        cond: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// `do ... while`.
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Loop condition, checked after each iteration.
        cond: Expr,
    },
    /// Classic `for`.
    For {
        /// Initialisers.
        init: Vec<Stmt>,
        /// Condition; absent means `true`.
        cond: Option<Expr>,
        /// Updates, run after each iteration.
        update: Vec<Expr>,
        /// Body.
        body: Box<Stmt>,
    },
    /// Enhanced `for` over an array or an `Iterable`.
    ForEach {
        /// The loop variable.
        local: LocalId,
        /// The array or iterable.
        iterable: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// A labelled statement.
    Labeled {
        /// The label.
        label: String,
        /// The statement it names.
        body: Box<Stmt>,
    },
    /// `break`, optionally labelled.
    Break(Option<String>),
    /// `continue`, optionally labelled.
    Continue(Option<String>),
    /// `return`.
    Return(Option<Expr>),
    /// `throw`.
    Throw(Expr),
    /// `switch` (statement form, classic or arrow cases).
    Switch {
        /// The value switched on.
        selector: Expr,
        /// Cases in order.
        cases: Vec<SwitchCase>,
        /// True for `case X ->` cases, which do not fall through.
        arrow: bool,
    },
    /// `try` with catches and finally (resources become [`StmtKind::Unknown`] parts).
    Try {
        /// The protected block.
        body: Box<Stmt>,
        /// Handlers in order.
        catches: Vec<Catch>,
        /// The `finally` block.
        finally: Option<Box<Stmt>>,
    },
    /// `assert cond : message`.
    Assert {
        /// The asserted condition.
        cond: Expr,
        /// The message expression.
        message: Option<Expr>,
    },
    /// `synchronized (lock) body`.
    Synchronized {
        /// The lock expression (dereferenced).
        lock: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// `this(...)` or `super(...)` as a constructor's first statement.
    CtorCall {
        /// True for `super(...)`, false for `this(...)`.
        is_super: bool,
        /// The constructor called.
        method: MethodRef,
        /// Arguments, converted to the parameter types.
        args: Vec<Expr>,
    },
    /// `;`.
    Empty,
    /// Something the frontend does not model.
    Unknown {
        /// Why it is not modelled.
        reason: String,
    },
}

/// One `case` group of a switch.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SwitchCase {
    /// Constant labels (literals, enum constants as field reads, string literals).
    pub labels: Vec<Expr>,
    /// True when this group includes `default`.
    pub is_default: bool,
    /// Statements of the group.
    pub body: Vec<Stmt>,
}

/// A `catch` clause.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Catch {
    /// The caught types (several for multi-catch).
    pub types: Vec<Type>,
    /// The exception variable.
    pub local: LocalId,
    /// Handler body.
    pub body: Stmt,
}
