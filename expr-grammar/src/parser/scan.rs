//! A rough tokenizer that runs before and after pest: before, to reject
//! unterminated texts and too-deep nesting without recursing; after, to name
//! the token an error was found at.

use super::errors::{too_deep, unterminated};
use crate::ParseError;
use std::ops::Range;

/// How deep parentheses, calls and prefix operators may nest. Pest, the Pratt
/// parser and every walk over the tree recurse once per level.
pub const MAX_DEPTH: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A quoted text; `closed` is false when its closing quote is missing.
    Text {
        closed: bool,
    },
    /// A name, path, number, color, Shared or Global: anything operand-like.
    Word,
    Open,
    Close,
    Minus,
    Bang,
    /// Any other operator, or a comma.
    Operator,
    /// A character the language has no use for.
    Stray,
}

/// Whether `c` may be part of a [`Tok::Word`].
fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '@' | '$' | '#')
}

/// The token starting at byte `at` of `src`, and the byte where it ends. A
/// text does not look for its closing quote past `limit`.
pub fn token_at(src: &str, at: usize, limit: usize) -> (Tok, usize) {
    let rest = src.get(at..).unwrap_or("");
    let Some(first) = rest.chars().next() else {
        return (Tok::Stray, at);
    };
    if first == '\'' || first == '"' {
        let body = src.get(at + 1..limit.max(at + 1)).unwrap_or("");
        return match body.find(first) {
            Some(i) => (Tok::Text { closed: true }, at + 1 + i + 1),
            None => (Tok::Text { closed: false }, limit.max(at + 1)),
        };
    }
    if is_word_char(first) {
        let len = rest.find(|c| !is_word_char(c)).unwrap_or(rest.len());
        return (Tok::Word, at + len);
    }
    const TWO_CHAR: [&str; 6] = ["||", "&&", "==", "!=", "<=", ">="];
    if TWO_CHAR.iter().any(|op| rest.starts_with(op)) {
        return (Tok::Operator, at + 2);
    }
    let tok = match first {
        '(' => Tok::Open,
        ')' => Tok::Close,
        '-' => Tok::Minus,
        '!' => Tok::Bang,
        '+' | '*' | '/' | '%' | '<' | '>' | ',' => Tok::Operator,
        _ => Tok::Stray,
    };
    (tok, at + first.len_utf8())
}

/// The byte offsets of the tokens in `range` of `src`, whitespace skipped.
pub fn tokens(src: &str, range: Range<usize>) -> impl Iterator<Item = (usize, Tok, usize)> + '_ {
    let mut at = range.start;
    std::iter::from_fn(move || {
        let rest = src.get(at..range.end)?;
        at += rest.len() - rest.trim_start().len();
        if at >= range.end {
            return None;
        }
        let (tok, end) = token_at(src, at, range.end);
        let start = at;
        at = end;
        Some((start, tok, end))
    })
}

/// Rejects what pest should never see: an unterminated text (which pest would
/// only report as a missing value) and nesting deeper than [`MAX_DEPTH`].
pub fn check(src: &str, range: Range<usize>) -> Result<(), ParseError> {
    // `bases[i]` is the depth just inside the i-th open parenthesis; prefix
    // operators add to `depth` until their operand ends.
    let mut bases = vec![0];
    let mut depth = 0;
    let mut after_operand = false;
    for (at, tok, _) in tokens(src, range) {
        let base = bases.last().copied().unwrap_or(0);
        match tok {
            Tok::Text { closed: false } => return Err(unterminated(src, at)),
            Tok::Text { .. } | Tok::Word => {
                depth = base;
                after_operand = true;
            }
            Tok::Open => {
                depth += 1;
                bases.push(depth);
                after_operand = false;
            }
            Tok::Close => {
                if bases.len() > 1 {
                    bases.pop();
                }
                depth = bases.last().copied().unwrap_or(0);
                after_operand = true;
            }
            Tok::Bang => depth += 1,
            Tok::Minus if !after_operand => depth += 1,
            Tok::Minus | Tok::Operator | Tok::Stray => after_operand = false,
        }
        if depth > MAX_DEPTH {
            return Err(too_deep(src, at));
        }
    }
    Ok(())
}

/// The offset of the `(` still open at `at`, scanning from `start`.
pub fn open_paren_before(src: &str, start: usize, at: usize) -> Option<usize> {
    let mut open = Vec::new();
    for (offset, tok, _) in tokens(src, start..at) {
        match tok {
            Tok::Open => open.push(offset),
            Tok::Close => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}
