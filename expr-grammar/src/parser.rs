//! Text to [`Expr`]: pest finds the flat structure (`grammar.pest`), a Pratt
//! parser applies precedence, and [`Builder`] makes the typed tree.

mod errors;
mod scan;
mod template;

pub use template::parse_template;

use crate::ast::{BinaryOp, Expr, ExprKind, Ident, Span, UnaryOp};
use crate::ParseError;
use errors::{error_at, from_pest, number_too_large, tree_too_deep};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc::Left, Op, PrattParser};
use pest::Parser;
use pest_derive::Parser;
use std::ops::Range;
use std::sync::LazyLock;

#[derive(Parser)]
#[grammar = "grammar.pest"]
struct ExprParser;

/// Operator precedence, loosest first; all binary operators are left-associative.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    let left = |rule| Op::infix(rule, Left);
    PrattParser::new()
        .op(left(Rule::or))
        .op(left(Rule::and))
        .op(left(Rule::eq) | left(Rule::ne))
        .op(left(Rule::lt) | left(Rule::le) | left(Rule::gt) | left(Rule::ge))
        .op(left(Rule::add) | left(Rule::sub))
        .op(left(Rule::mul) | left(Rule::div) | left(Rule::rem))
        .op(Op::prefix(Rule::neg) | Op::prefix(Rule::not))
});

/// Parses one whole expression; only whitespace may surround it.
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    parse_range(src, 0..src.len(), "the end of the expression")
}

/// Parses the expression in `range` of `src` (a template's hole, or all of
/// it). Spans and error positions are offsets into `src`; `end` names what
/// may follow the expression.
fn parse_range(src: &str, range: Range<usize>, end: &str) -> Result<Expr, ParseError> {
    scan::check(src, range.clone())?;
    let text = src.get(range.clone()).unwrap_or("");
    let pairs = ExprParser::parse(Rule::main, text).map_err(|e| from_pest(src, range.start, end, e))?;
    let builder = Builder { src, base: range.start };
    // `main` holds `expr` then `EOI`.
    let expr = pairs.flatten().find(|p| p.as_rule() == Rule::expr);
    match expr {
        Some(expr) => Ok(builder.expr(expr)?.0),
        None => Err(builder.internal(range.start)),
    }
}

/// An expression node and the depth of the tree under it (a leaf is 1).
type Built = (Expr, usize);

/// Makes the typed tree from pest's pairs, bounding its depth.
struct Builder<'s> {
    src: &'s str,
    /// Where the parsed text starts in `src`.
    base: usize,
}

impl Builder<'_> {
    fn span(&self, span: pest::Span) -> Span {
        Span::new(self.base + span.start(), self.base + span.end())
    }

    /// A node, unless it makes the tree deeper than walks over it can bear.
    fn node(&self, kind: ExprKind, span: Span, depth: usize) -> Result<Built, ParseError> {
        if depth > scan::MAX_DEPTH {
            return Err(tree_too_deep(self.src, span.start as usize));
        }
        Ok((Expr { kind, span }, depth))
    }

    /// For shapes the grammar rules out; reported rather than panicking.
    fn internal(&self, at: usize) -> ParseError {
        error_at(self.src, at, None, "a valid expression (internal parser error)".into())
    }

    /// An `expr` pair: operands and operators, put in order of precedence.
    fn expr(&self, pair: Pair<Rule>) -> Result<Built, ParseError> {
        PRATT
            .map_primary(|primary| self.primary(primary))
            .map_prefix(|op, operand| {
                let (operand, depth) = operand?;
                let unary = if op.as_rule() == Rule::neg { UnaryOp::Neg } else { UnaryOp::Not };
                let span = Span { start: self.span(op.as_span()).start, end: operand.span.end };
                self.node(ExprKind::Unary(unary, Box::new(operand)), span, depth + 1)
            })
            .map_infix(|lhs, op, rhs| {
                let ((lhs, left_depth), (rhs, right_depth)) = (lhs?, rhs?);
                let binary =
                    binary_op(op.as_rule()).ok_or_else(|| self.internal(self.span(op.as_span()).start as usize))?;
                let span = Span { start: lhs.span.start, end: rhs.span.end };
                let depth = left_depth.max(right_depth) + 1;
                self.node(ExprKind::Binary(binary, Box::new(lhs), Box::new(rhs)), span, depth)
            })
            .parse(pair.into_inner())
    }

    /// One operand: a literal, a name, a call or a parenthesised expression.
    fn primary(&self, pair: Pair<Rule>) -> Result<Built, ParseError> {
        let span = self.span(pair.as_span());
        let text = pair.as_str();
        let kind = match pair.as_rule() {
            Rule::number => match text.parse::<f64>() {
                Ok(n) if n.is_finite() => ExprKind::Number(n),
                _ => return Err(number_too_large(self.src, span.start as usize)),
            },
            // The quotes are one byte each.
            Rule::text => ExprKind::Text(text.get(1..text.len().saturating_sub(1)).unwrap_or("").to_string()),
            Rule::color => ExprKind::Color(color(text).ok_or_else(|| self.internal(span.start as usize))?),
            Rule::bool => ExprKind::Bool(text == "true"),
            Rule::path => ExprKind::Path(self.idents(pair.into_inner())),
            Rule::shared => ExprKind::Shared(self.idents(pair.into_inner())),
            Rule::global => match self.idents(pair.into_inner()).pop() {
                Some(name) => ExprKind::Global(name),
                None => return Err(self.internal(span.start as usize)),
            },
            Rule::call => return self.call(pair, span),
            // The group keeps no node of its own, but its span covers the parentheses.
            Rule::paren => {
                let inner = pair.into_inner().find(|p| p.as_rule() == Rule::expr);
                let (expr, depth) = self.expr(inner.ok_or_else(|| self.internal(span.start as usize))?)?;
                return Ok((Expr { kind: expr.kind, span }, depth));
            }
            _ => return Err(self.internal(span.start as usize)),
        };
        self.node(kind, span, 1)
    }

    /// `name(arg, ...)`.
    fn call(&self, pair: Pair<Rule>, span: Span) -> Result<Built, ParseError> {
        let mut name = None;
        let mut args = Vec::new();
        let mut depth = 0;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::ident => name = Some(self.ident(&part)),
                Rule::expr => {
                    let (arg, arg_depth) = self.expr(part)?;
                    depth = depth.max(arg_depth);
                    args.push(arg);
                }
                _ => {} // the comma and the `)`
            }
        }
        let name = name.ok_or_else(|| self.internal(span.start as usize))?;
        self.node(ExprKind::Call { name, args }, span, depth + 1)
    }

    fn idents(&self, pairs: Pairs<Rule>) -> Vec<Ident> {
        pairs.filter(|p| p.as_rule() == Rule::ident).map(|p| self.ident(&p)).collect()
    }

    fn ident(&self, pair: &Pair<Rule>) -> Ident {
        Ident { name: pair.as_str().to_string(), span: self.span(pair.as_span()) }
    }
}

fn binary_op(rule: Rule) -> Option<BinaryOp> {
    Some(match rule {
        Rule::or => BinaryOp::Or,
        Rule::and => BinaryOp::And,
        Rule::eq => BinaryOp::Eq,
        Rule::ne => BinaryOp::Ne,
        Rule::lt => BinaryOp::Lt,
        Rule::le => BinaryOp::Le,
        Rule::gt => BinaryOp::Gt,
        Rule::ge => BinaryOp::Ge,
        Rule::add => BinaryOp::Add,
        Rule::sub => BinaryOp::Sub,
        Rule::mul => BinaryOp::Mul,
        Rule::div => BinaryOp::Div,
        Rule::rem => BinaryOp::Rem,
        _ => return None,
    })
}

/// `#RRGGBB` or `#RRGGBBAA` as 0xRRGGBBAA; opaque when alpha is left out.
fn color(text: &str) -> Option<u32> {
    let hex = text.strip_prefix('#')?;
    let value = u32::from_str_radix(hex, 16).ok()?;
    match hex.len() {
        6 => Some(value << 8 | 0xFF),
        8 => Some(value),
        _ => None,
    }
}
