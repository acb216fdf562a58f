//! UI texts with `{expr}` holes.

mod common;

use common::show;
use expr_grammar::ast::{Span, Template, TemplatePart};
use expr_grammar::parse_template;

/// The parts, literals as written and holes as trees, e.g. `["Move ", "{$n}"]`.
fn parts(src: &str) -> Vec<String> {
    let template: Template = match parse_template(src) {
        Ok(t) => t,
        Err(e) => panic!("{src:?} did not parse: {}:{}: {e}", e.line, e.column),
    };
    template
        .parts
        .iter()
        .map(|part| match part {
            TemplatePart::Literal(text) => text.clone(),
            TemplatePart::Hole(expr) => format!("{{{}}}", show(expr)),
        })
        .collect()
}

#[test]
fn literals_and_holes() {
    assert_eq!(parts("{$status}"), ["{$status}"]);
    assert_eq!(parts("Move {$n}"), ["Move ", "{$n}"]);
    assert_eq!(parts("Move {$n + 1}"), ["Move ", "{($n + 1)}"]);
    assert_eq!(parts("a{$x}b{ 1 + 2 }"), ["a", "{$x}", "b", "{(1 + 2)}"]);
    assert_eq!(parts("{a}{b}"), ["{a}", "{b}"]);
    assert_eq!(parts("plain text, don't \"worry\""), ["plain text, don't \"worry\""]);
    assert!(parse_template("").is_ok_and(|t| t.parts.is_empty()));
}

#[test]
fn doubled_braces_are_literal_braces() {
    assert_eq!(parts("{{literal}}"), ["{literal}"]);
    assert_eq!(parts("{{{$x}}}"), ["{", "{$x}", "}"]);
    assert_eq!(parts("}}{{"), ["}{"]);
}

#[test]
fn a_brace_inside_a_text_does_not_end_the_hole() {
    assert_eq!(parts("{'}'}"), ["{'}'}"]);
    assert_eq!(parts("<{data('W', \"{x}\", 'text')}>"), ["<", "{data('W', '{x}', 'text')}", ">"]);
}

#[test]
fn spans_are_offsets_into_the_template() {
    let template = parse_template("Move {$n + 1}").unwrap();
    let TemplatePart::Hole(hole) = &template.parts[1] else { panic!("not a hole") };
    assert_eq!(hole.span, Span::new(6, 12));
}

#[test]
fn errors_point_into_the_template() {
    let err = parse_template("Move {$n +}").unwrap_err();
    assert_eq!((err.line, err.column, err.offset), (1, 11, 10));
    assert_eq!(err.found, "'}'");
    let err = parse_template("ab\nc {1 2}").unwrap_err();
    assert_eq!((err.line, err.column), (2, 6));
    assert_eq!(err.expected, "an operator or } to close the { at column 3");
}

#[test]
fn unbalanced_braces() {
    let err = parse_template("Move {$n").unwrap_err();
    assert_eq!((err.line, err.column, err.found.as_str()), (1, 9, "end of text"));
    assert_eq!(err.expected, "} to close the { at column 6");
    let err = parse_template("a } b").unwrap_err();
    assert_eq!((err.column, err.found.as_str(), err.expected.as_str()), (3, "'}'", "}} to show a } as text"));
    let err = parse_template("{}").unwrap_err();
    assert_eq!((err.column, err.found.as_str()), (2, "'}'"));
}

#[test]
fn an_unterminated_text_in_a_hole() {
    let err = parse_template("x {'a}").unwrap_err();
    assert_eq!(err.column, 4);
    assert_eq!(err.found, "an unterminated text starting at column 4");
    assert_eq!(err.expected, "a closing '");
}
