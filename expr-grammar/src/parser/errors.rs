//! Parse errors in the words of a content author: where (line and column),
//! what was found there, and what would have been accepted.

use super::scan::{open_paren_before, token_at, Tok, MAX_DEPTH};
use super::Rule;
use crate::ast::Span;
use crate::ParseError;
use pest::error::{Error, ErrorVariant, InputLocation};

/// What an author may write wherever a value is expected.
const A_VALUE: &str = "a value (a number, a text, a name, true, false, a color, ( , - or !)";

/// An error at byte `at` of `src`. Without a `found`, the token there is
/// named (`'+'`, `the text 'Pawn'`, `end of text`).
pub fn error_at(src: &str, at: usize, found: Option<String>, expected: String) -> ParseError {
    let at = at.min(src.len());
    let (tok, end) = token_at(src, at, src.len());
    let token = src.get(at..end).unwrap_or("");
    let found = found.unwrap_or_else(|| match tok {
        _ if token.is_empty() => "end of text".to_string(),
        _ if token == "\n" || token == "\r" => "a line break".to_string(),
        _ if token.trim().is_empty() => "a space".to_string(),
        Tok::Text { .. } => format!("the text {token}"),
        _ => format!("'{token}'"),
    });
    let (line, column) = line_column(src, at);
    ParseError { line, column, offset: at, found, expected, span: Span::new(at, end) }
}

/// The 1-based line and column (in characters) of byte `at`.
fn line_column(src: &str, at: usize) -> (usize, usize) {
    let before = src.get(..at).unwrap_or(src);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).unwrap_or("").chars().count() + 1;
    (line, column)
}

fn column_of(src: &str, at: usize) -> usize {
    line_column(src, at).1
}

/// Where `at` is, as seen from `from`: its column, and its line if another.
pub fn place(src: &str, at: usize, from: usize) -> String {
    let (line, column) = line_column(src, at);
    if line == line_column(src, from).0 {
        format!("column {column}")
    } else {
        format!("line {line}, column {column}")
    }
}

/// A text whose opening quote at `at` is never closed.
pub fn unterminated(src: &str, at: usize) -> ParseError {
    let quote = src.get(at..).and_then(|s| s.chars().next()).unwrap_or('\'');
    let found = format!("an unterminated text starting at column {}", column_of(src, at));
    error_at(src, at, Some(found), format!("a closing {quote}"))
}

/// Nesting beyond [`MAX_DEPTH`], found at `at`.
pub fn too_deep(src: &str, at: usize) -> ParseError {
    let found = "an expression nested too deeply".to_string();
    let expected = format!("at most {MAX_DEPTH} levels of parentheses, calls and - or !");
    error_at(src, at, Some(found), expected)
}

/// What [`tree_too_deep`] found.
pub const TOO_MANY_TERMS: &str = "an expression with too many terms or operators inside one another";

/// A number too large to hold, like a 400-digit one.
pub fn number_too_large(src: &str, at: usize) -> ParseError {
    error_at(src, at, None, "a smaller number".to_string())
}

/// A tree deeper than [`MAX_DEPTH`], e.g. hundreds of `+` in a row: a flat
/// sum is as deep as it has terms (each `+` holds the sum before it), so the
/// words name the terms, not only the nesting.
pub fn tree_too_deep(src: &str, at: usize) -> ParseError {
    let found = TOO_MANY_TERMS.to_string();
    let expected = format!(
        "at most {MAX_DEPTH} terms in a row of operators (`a + b + ...`, `a && b && ...`) or operators and calls \
         inside one another; split a longer one with a variable"
    );
    error_at(src, at, Some(found), expected)
}

/// Pest's error for the text at `start` of `src`, in words. `end` names
/// what may end the expression: "the end of the expression", or the `}` of
/// a template hole.
pub fn from_pest(src: &str, start: usize, end: &str, error: Error<super::Rule>) -> ParseError {
    let at = start
        + match error.location {
            InputLocation::Pos(pos) => pos,
            InputLocation::Span((pos, _)) => pos,
        };
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => expected(src, start, at, end, positives),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    error_at(src, at, None, expected)
}

/// The rules pest would have accepted at `at`, as one phrase.
fn expected(src: &str, start: usize, at: usize, end: &str, rules: &[Rule]) -> String {
    let has = |wanted: &[Rule]| rules.iter().any(|r| wanted.contains(r));
    let mut words = Vec::new();
    if has(&[
        Rule::expr,
        Rule::number,
        Rule::text,
        Rule::color,
        Rule::bool,
        Rule::shared,
        Rule::global,
        Rule::call,
        Rule::path,
        Rule::paren,
        Rule::neg,
        Rule::not,
    ]) {
        words.push(A_VALUE.to_string());
    }
    // A value includes a name, which pest may report on its own.
    if has(&[Rule::ident]) && words.is_empty() {
        let before = src.get(..at).and_then(|s| s.chars().next_back());
        words.push(match before {
            Some(c @ ('.' | '@' | '$')) => format!("a name after {c}"),
            _ => "a name".to_string(),
        });
    }
    if has(&[Rule::hex]) {
        words.push("6 or 8 hex digits after #".to_string());
    }
    if has(&[
        Rule::or,
        Rule::and,
        Rule::eq,
        Rule::ne,
        Rule::lt,
        Rule::le,
        Rule::gt,
        Rule::ge,
        Rule::add,
        Rule::sub,
        Rule::mul,
        Rule::div,
        Rule::rem,
    ]) {
        words.push("an operator".to_string());
    }
    if has(&[Rule::comma]) {
        words.push("a comma".to_string());
    }
    if has(&[Rule::close]) {
        words.push(match open_paren_before(src, start, at) {
            Some(open) => format!(") to close the ( at {}", place(src, open, at)),
            None => ")".to_string(),
        });
    }
    if has(&[Rule::EOI]) {
        words.push(end.to_string());
    }
    if words.is_empty() {
        words.push("a valid expression".to_string());
    }
    join_or(&words)
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
