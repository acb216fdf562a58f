//! UI texts with holes: `Move {$moveNumber}: {$status}`, `{{` and `}}` for
//! braces shown as they are.

use super::errors::{error_at, place, unterminated};
use super::parse_range;
use super::scan::{tokens, Tok};
use crate::ast::{Template, TemplatePart};
use crate::ParseError;

/// Parses a text with `{expr}` holes. Spans and error positions are offsets
/// into `src`, the whole template.
pub fn parse_template(src: &str) -> Result<Template, ParseError> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut at = 0;
    while let Some(rest) = src.get(at..).filter(|rest| !rest.is_empty()) {
        if rest.starts_with("{{") || rest.starts_with("}}") {
            literal.push_str(&rest[..1]);
            at += 2;
        } else if rest.starts_with('{') {
            let close = hole_end(src, at)?;
            let end = format!("}} to close the {{ at {}", place(src, at, close));
            if !literal.is_empty() {
                parts.push(TemplatePart::Literal(std::mem::take(&mut literal)));
            }
            parts.push(TemplatePart::Hole(parse_range(src, at + 1..close, &end)?));
            at = close + 1;
        } else if rest.starts_with('}') {
            return Err(error_at(src, at, None, "}} to show a } as text".to_string()));
        } else {
            let next = rest.find(['{', '}']).unwrap_or(rest.len());
            literal.push_str(&rest[..next]);
            at += next;
        }
    }
    if !literal.is_empty() {
        parts.push(TemplatePart::Literal(literal));
    }
    Ok(Template { parts })
}

/// The offset of the `}` closing the hole opened at `open`. Quotes inside a
/// hole are texts, so a `}` in a text does not close it.
fn hole_end(src: &str, open: usize) -> Result<usize, ParseError> {
    for (at, tok, _) in tokens(src, open + 1..src.len()) {
        match tok {
            Tok::Text { closed: false } => return Err(unterminated(src, at)),
            Tok::Stray if src.get(at..).is_some_and(|r| r.starts_with('}')) => return Ok(at),
            _ => {}
        }
    }
    let expected = format!("}} to close the {{ at {}", place(src, open, src.len()));
    Err(error_at(src, src.len(), None, expected))
}
