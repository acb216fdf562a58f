//! Operands, rule by rule: numbers, texts, bools, colors, names, calls, and
//! the spans they carry.

mod common;

use common::{parse, shown};
use expr_grammar::ast::{ExprKind, Ident, Span};
use expr_grammar::parse_expr;

fn kind(src: &str) -> ExprKind {
    parse(src).kind
}

fn ident(name: &str, start: usize, end: usize) -> Ident {
    Ident { name: name.to_string(), span: Span::new(start, end) }
}

#[test]
fn numbers() {
    assert_eq!(kind("0"), ExprKind::Number(0.0));
    assert_eq!(kind("42"), ExprKind::Number(42.0));
    assert_eq!(kind("0.44"), ExprKind::Number(0.44));
    assert_eq!(kind("3.75"), ExprKind::Number(3.75));
    assert_eq!(kind(".5"), ExprKind::Number(0.5));
    assert_eq!(kind("007"), ExprKind::Number(7.0));
    // Twenty digits lose precision but are still a number.
    assert_eq!(kind("12345678901234567890"), ExprKind::Number(12345678901234567890.0));
}

#[test]
fn a_number_too_large_for_f64_is_an_error() {
    let err = parse_expr(&"9".repeat(400)).unwrap_err();
    assert_eq!((err.line, err.column, err.expected.as_str()), (1, 1, "a smaller number"));
}

#[test]
fn odd_numbers_are_errors_not_panics() {
    for src in ["1.", "1..2", "1.2.3", "1e5", "0x10", "."] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn texts() {
    assert_eq!(kind("'Pawn'"), ExprKind::Text("Pawn".into()));
    assert_eq!(kind("\"reachable\""), ExprKind::Text("reachable".into()));
    assert_eq!(kind("''"), ExprKind::Text(String::new()));
    assert_eq!(kind("\"\""), ExprKind::Text(String::new()));
    assert_eq!(kind("'Board Finishes'"), ExprKind::Text("Board Finishes".into()));
    assert_eq!(kind("\"true\""), ExprKind::Text("true".into()));
    // No escapes: the other kind of quote is just a character.
    assert_eq!(kind("\"don't\""), ExprKind::Text("don't".into()));
    assert_eq!(kind("'say \"hi\"'"), ExprKind::Text("say \"hi\"".into()));
    assert_eq!(kind("'a\\'"), ExprKind::Text("a\\".into()));
    assert_eq!(kind("'Ünïcødé ♞'"), ExprKind::Text("Ünïcødé ♞".into()));
}

#[test]
fn bools_are_keywords() {
    assert_eq!(kind("true"), ExprKind::Bool(true));
    assert_eq!(kind("false"), ExprKind::Bool(false));
    assert_eq!(kind("trueish"), ExprKind::Path(vec![ident("trueish", 0, 7)]));
    assert_eq!(kind("false_"), ExprKind::Path(vec![ident("false_", 0, 6)]));
    assert_eq!(kind("true2"), ExprKind::Path(vec![ident("true2", 0, 5)]));
}

#[test]
fn colors() {
    assert_eq!(kind("#62745F"), ExprKind::Color(0x62745FFF));
    assert_eq!(kind("#62745F80"), ExprKind::Color(0x62745F80));
    assert_eq!(kind("#ffffff"), ExprKind::Color(0xFFFFFFFF));
    assert_eq!(kind("#00000000"), ExprKind::Color(0));
    for src in ["#", "#62745", "#62745F8", "#62745F801", "#GGGGGG", "#62745Fx"] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn paths() {
    assert_eq!(kind("from"), ExprKind::Path(vec![ident("from", 0, 4)]));
    assert_eq!(kind("_x1"), ExprKind::Path(vec![ident("_x1", 0, 3)]));
    assert_eq!(
        kind("self.transform.position.x"),
        ExprKind::Path(vec![
            ident("self", 0, 4),
            ident("transform", 5, 14),
            ident("position", 15, 23),
            ident("x", 24, 25),
        ])
    );
    for src in ["a.", "a..b", ".a", "a.1", "1a"] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn shared_variables() {
    assert_eq!(kind("@self.squareMeters"), ExprKind::Shared(vec![ident("self", 1, 5), ident("squareMeters", 6, 18)]));
    assert_eq!(kind("@x"), ExprKind::Shared(vec![ident("x", 1, 2)]));
    for src in ["@", "@ x", "@.x", "@1"] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn globals() {
    assert_eq!(kind("$status"), ExprKind::Global(ident("status", 1, 7)));
    assert_eq!(kind("$prefersReducedMotion"), ExprKind::Global(ident("prefersReducedMotion", 1, 21)));
    for src in ["$", "$ x", "$a.b", "$1"] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn calls() {
    assert_eq!(shown("dataCount('Directions')"), "dataCount('Directions')");
    assert_eq!(shown("f()"), "f()");
    assert_eq!(shown("f( )"), "f()");
    assert_eq!(shown("data('Position', from, 'kind')"), "data('Position', from, 'kind')");
    assert_eq!(shown("floor(x / 2)"), "floor((x / 2))");
    assert_eq!(shown("f(g(h(1)), -2)"), "f(g(h(1)), (-2))");
    let ExprKind::Call { name, args } = kind("abs(x)") else { panic!("not a call") };
    assert_eq!(name, ident("abs", 0, 3));
    assert_eq!(args.len(), 1);
    for src in ["f(", "f(,)", "f(a,)", "f(a b)", "f(a,,b)", "a.f(1)"] {
        assert!(parse_expr(src).is_err(), "{src:?} parsed");
    }
}

#[test]
fn whitespace_around_and_between_tokens() {
    assert_eq!(shown("  a\t+\n b \r\n"), "(a + b)");
    assert_eq!(shown("f ( a ,b )"), "f(a, b)");
}

#[test]
fn node_spans() {
    let expr = parse("  a + f(1, 'x') * -2 ");
    assert_eq!(expr.span, Span::new(2, 20));
    let ExprKind::Binary(_, a, product) = expr.kind else { panic!("not binary") };
    assert_eq!(a.span, Span::new(2, 3));
    assert_eq!(product.span, Span::new(6, 20));
    let ExprKind::Binary(_, call, neg) = product.kind else { panic!("not binary") };
    assert_eq!(call.span, Span::new(6, 15));
    assert_eq!(neg.span, Span::new(18, 20));
    let ExprKind::Call { name, args } = call.kind else { panic!("not a call") };
    assert_eq!(name.span, Span::new(6, 7));
    assert_eq!(args[0].span, Span::new(8, 9));
    assert_eq!(args[1].span, Span::new(11, 14));
    let ExprKind::Unary(_, two) = neg.kind else { panic!("not unary") };
    assert_eq!(two.span, Span::new(19, 20));
}

#[test]
fn a_parenthesised_node_spans_its_parentheses() {
    let expr = parse("( a + b ) * c");
    let ExprKind::Binary(_, sum, _) = expr.kind else { panic!("not binary") };
    assert_eq!(sum.span, Span::new(0, 9));
    assert_eq!(parse("((x))").span, Span::new(0, 5));
}

#[test]
fn ident_spans_cover_the_name_only() {
    assert_eq!(kind("$ab"), ExprKind::Global(ident("ab", 1, 3)));
    assert_eq!(parse("$ab").span, Span::new(0, 3));
    let ExprKind::Shared(path) = kind(" @self.x") else { panic!("not shared") };
    assert_eq!(path[0].span, Span::new(2, 6));
    assert_eq!(path[1].span, Span::new(7, 8));
    // Offsets are bytes: `é` takes two.
    let ExprKind::Call { args, .. } = kind("f('é', b)") else { panic!("not a call") };
    assert_eq!(args[1].kind, ExprKind::Path(vec![ident("b", 8, 9)]));
}
