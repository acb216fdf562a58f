//! Shared by the test files: the tree as a fully parenthesised string.

#![allow(dead_code)]

use expr_grammar::ast::{Expr, ExprKind, Ident, UnaryOp};
use expr_grammar::parse_expr;

fn names(idents: &[Ident]) -> String {
    idents.iter().map(|i| i.name.as_str()).collect::<Vec<_>>().join(".")
}

/// `a + b * c` shows as `(a + (b * c))`; every operator gets parentheses.
pub fn show(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Number(n) => n.to_string(),
        ExprKind::Text(t) => format!("'{t}'"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Color(c) => format!("#{c:08X}"),
        ExprKind::Path(path) => names(path),
        ExprKind::Shared(path) => format!("@{}", names(path)),
        ExprKind::Global(name) => format!("${}", name.name),
        ExprKind::Call { name, args } => {
            let args: Vec<String> = args.iter().map(show).collect();
            format!("{}({})", name.name, args.join(", "))
        }
        ExprKind::Unary(op, operand) => {
            let op = if *op == UnaryOp::Neg { "-" } else { "!" };
            format!("({op}{})", show(operand))
        }
        ExprKind::Binary(op, lhs, rhs) => format!("({} {} {})", show(lhs), op.symbol(), show(rhs)),
    }
}

/// Parses `src`, failing the test with the error's words if it does not parse.
pub fn parse(src: &str) -> Expr {
    match parse_expr(src) {
        Ok(expr) => expr,
        Err(e) => panic!("{src:?} did not parse: {}:{}: {e}", e.line, e.column),
    }
}

pub fn shown(src: &str) -> String {
    show(&parse(src))
}
