//! Expressions: typed IR nodes with their literals, operators and conversions.

use super::{is_false, LocalId, Span, Stmt, Type};
use serde::{Deserialize, Serialize};

/// A reference to a method or constructor, resolved at compile time.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct MethodRef {
    /// Binary name of the declaring class.
    pub class: String,
    /// Method name or `<init>`.
    pub name: String,
    /// Erased descriptor.
    pub descriptor: String,
    /// True for static methods.
    pub is_static: bool,
}

/// An expression with its static type and span.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Expr {
    /// What the expression computes.
    pub kind: ExprKind,
    /// Static type after conversions.
    pub ty: Type,
    /// Where it is.
    pub span: Span,
}

impl Expr {
    /// `target = value` (no compound operator), typed as the target.
    pub fn assign(target: Expr, value: Expr, span: Span) -> Expr {
        let ty = target.ty.clone();
        Expr {
            kind: ExprKind::Assign {
                target: Box::new(target),
                op: None,
                value: Box::new(value),
                op_ty: ty.clone(),
            },
            ty,
            span,
        }
    }

    /// The expression without the conversions around it: `(Comparable) o1` is `o1`.
    pub fn without_conversions(&self) -> &Expr {
        match &self.kind {
            ExprKind::Convert { expr, .. } => expr.without_conversions(),
            _ => self,
        }
    }
}

/// Literal values; floating values are kept as IEEE bit patterns so they round-trip exactly.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Literal {
    /// `boolean`.
    Bool(bool),
    /// `char`, as a UTF-16 code unit.
    Char(u16),
    /// `int`.
    Int(i32),
    /// `long`.
    Long(i64),
    /// `float` bits.
    Float(u32),
    /// `double` bits.
    Double(u64),
    /// A string literal (Rust string; lone surrogates are replaced).
    String(String),
    /// `null`.
    Null,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `~x`.
    BitNot,
    /// `!x`.
    Not,
}

/// Binary operators; operands are already promoted to the operation type.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BinaryOp {
    /// `+` on numbers.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `>>>`.
    Ushr,
    /// `&` (bitwise, or non-short-circuit boolean).
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
    /// `&&`.
    CondAnd,
    /// `||`.
    CondOr,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// String concatenation; both operands are `String` (converted).
    Concat,
}

impl BinaryOp {
    /// True for the comparison operators, whose result is boolean.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }

    /// True for shifts, whose right operand is not promoted with the left.
    pub fn is_shift(self) -> bool {
        matches!(self, BinaryOp::Shl | BinaryOp::Shr | BinaryOp::Ushr)
    }
}

/// Implicit or explicit conversions between types.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Conversion {
    /// Primitive to primitive (widening or narrowing), as a cast or promotion.
    Primitive,
    /// Primitive to its box (`Integer.valueOf`).
    Box,
    /// Box to primitive; throws NullPointerException on `null`.
    Unbox,
    /// Any value to `String` for concatenation (`String.valueOf`).
    ToString,
    /// Reference cast checked at run time; throws ClassCastException.
    Checked,
    /// Reference conversion that needs no check (upcast or erasure).
    Unchecked,
}

/// Expression forms.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExprKind {
    /// A literal.
    Literal(Literal),
    /// A local variable or parameter.
    Local(LocalId),
    /// `this` (or `Outer.this` when `outer` names the class).
    This {
        /// The enclosing class whose instance is meant, for qualified `this`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<String>,
    },
    /// A field read; `target` is absent for static fields.
    Field {
        /// The object, absent for static fields.
        target: Option<Box<Expr>>,
        /// Binary name of the declaring class.
        class: String,
        /// Field name.
        name: String,
    },
    /// `a.length`.
    ArrayLength(Box<Expr>),
    /// `a[i]`.
    ArrayAccess {
        /// The array.
        array: Box<Expr>,
        /// The index, converted to `int`.
        index: Box<Expr>,
    },
    /// `new T[n]...[]` or `new T[]{...}` or an initialiser `{...}`.
    NewArray {
        /// Sizes given in brackets (outermost first), converted to `int`.
        dims: Vec<Expr>,
        /// Initialiser elements when written with braces (nested initialisers are `NewArray`).
        init: Option<Vec<Expr>>,
    },
    /// A method call.
    Call {
        /// The receiver; absent for static calls.
        receiver: Option<Box<Expr>>,
        /// The method resolved at compile time.
        method: MethodRef,
        /// Arguments converted to the parameter types (varargs packed into an array).
        args: Vec<Expr>,
        /// True for `super.m()` and private methods: no dynamic dispatch.
        #[serde(default, skip_serializing_if = "is_false")]
        special: bool,
    },
    /// `new C(args)`.
    New {
        /// The constructor called.
        method: MethodRef,
        /// Arguments converted to the parameter types.
        args: Vec<Expr>,
        /// The outer instance for inner classes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer: Option<Box<Expr>>,
    },
    /// A unary operation.
    Unary {
        /// Operator.
        op: UnaryOp,
        /// Operand, promoted.
        operand: Box<Expr>,
    },
    /// A binary operation; for comparisons `op_ty` is the promoted operand type.
    Binary {
        /// Operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
        /// Type in which the operation is computed.
        op_ty: Type,
        /// The operator's token (`/` in `total / count`), where a division's crash is
        /// reported; the whole expression's span for operations the source does not spell.
        op_span: Span,
    },
    /// `x = v` or `x op= v`; for compound forms the operation is computed in `op_ty`
    /// and narrowed back to the target's type.
    Assign {
        /// A `Local`, `Field` or `ArrayAccess` expression.
        target: Box<Expr>,
        /// The operator of a compound assignment.
        op: Option<BinaryOp>,
        /// The right-hand side (converted to the target type for plain assignment,
        /// to `op_ty` for compound assignment).
        value: Box<Expr>,
        /// Type in which a compound operation is computed.
        op_ty: Type,
    },
    /// `++x`, `x++`, `--x`, `x--`.
    IncDec {
        /// A `Local`, `Field` or `ArrayAccess` expression.
        target: Box<Expr>,
        /// True for `++`.
        increment: bool,
        /// True for the prefix forms.
        prefix: bool,
    },
    /// `c ? a : b`.
    Conditional {
        /// Condition.
        cond: Box<Expr>,
        /// Value when true.
        then: Box<Expr>,
        /// Value when false.
        otherwise: Box<Expr>,
    },
    /// A conversion to the expression's type.
    Convert {
        /// Which conversion.
        conversion: Conversion,
        /// The converted expression.
        expr: Box<Expr>,
    },
    /// `e instanceof T`, optionally binding a pattern variable.
    InstanceOf {
        /// The tested expression.
        expr: Box<Expr>,
        /// The type tested against.
        target: Type,
        /// Pattern variable bound when the test succeeds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        binding: Option<LocalId>,
    },
    /// `T.class`.
    ClassLiteral(Type),
    /// A switch expression: `body` is the switch as a labelled statement whose arms assign
    /// their value (`case X -> v`, `yield v`) to the local `result` and break out of it.
    Switch {
        /// The labelled switch statement.
        body: Box<Stmt>,
        /// The local that holds the value.
        result: LocalId,
    },
    /// Something the frontend does not model; its value is unconstrained.
    Unknown {
        /// Why it is not modelled.
        reason: String,
        /// Sub-expressions that are still evaluated (and may crash), in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        parts: Vec<Expr>,
        /// Set when the expression is an instance method call the frontend could not
        /// resolve (a JDK method outside the model, say): `parts[0]` is then the receiver.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        call: Option<UnresolvedCall>,
    },
}

/// An instance method call whose target the frontend could not find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnresolvedCall {
    /// Binary name of the receiver's static class.
    pub class: String,
    /// The method's simple name.
    pub name: String,
}
