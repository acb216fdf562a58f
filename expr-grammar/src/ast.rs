//! The typed syntax tree of the card expression language.
//!
//! Every node carries the [`Span`] of the text it came from, so that the
//! loader can point at the exact place a name does not resolve. The surface
//! syntax of each form sits in its variant's doc comment.

/// Byte offsets `start..end` into the expression's source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number: `0`, `42`, `0.44`, `3.75`. (A minus sign is [`UnaryOp::Neg`].)
    Number(f64),
    /// A text in single or double quotes: `'Pawn'`, `"reachable"`, `''`.
    /// No escapes: a text ends at the next quote of the kind that opened it.
    Text(String),
    /// `true` or `false`.
    Bool(bool),
    /// A color: `#62745F` (opaque) or `#62745F80` (with alpha), as 0xRRGGBBAA.
    Color(u32),
    /// A name or a dotted path of names: `from`, `local.index`, `kingLook.value`,
    /// `self.boardState.selected`, `other.squareInfo.name`,
    /// `self.transform.position.x`. Never empty.
    Path(Vec<Ident>),
    /// A Shared Variable of an Object's Logic Component: `@self.squareMeters`.
    /// The path after `@` (here `self`, `squareMeters`), never empty.
    Shared(Vec<Ident>),
    /// A Global: `$status`. The name without its `$`.
    Global(Ident),
    /// A call of a built-in function: `data('Position', square, 'kind')`,
    /// `dataCount('Directions')`, `abs(x)`, `floor(x / 2)`.
    Call { name: Ident, args: Vec<Expr> },
    /// `-x`, `!x`.
    Unary(UnaryOp, Box<Expr>),
    /// `a + b`, `a && b`, `a == b`, ...
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `!x`
    Not,
}

/// Binary operators, from the loosest binding to the tightest:
/// `||`; `&&`; `==` `!=`; `<` `<=` `>` `>=`; `+` `-`; `*` `/` `%`.
/// All are left-associative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }
}

/// A text with live holes, as a UI Text shows it: `Move {$moveNumber}: {$status}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub parts: Vec<TemplatePart>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplatePart {
    /// Text shown as written. `{{` and `}}` stand for `{` and `}`.
    Literal(String),
    /// `{expr}`: the expression's value, shown as text.
    Hole(Expr),
}
