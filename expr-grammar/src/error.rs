use crate::ast::Span;
use std::fmt;

/// Why an expression did not parse, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// 1-based line within the expression text.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub column: usize,
    /// Byte offset into the expression text where the problem is.
    pub offset: usize,
    /// What was found there, if anything (`"end of text"` at the end).
    pub found: String,
    /// What would have been accepted, in words: `"a number, a text, a name, ( or !"`.
    pub expected: String,
    pub span: Span,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "found {}, expected {}", self.found, self.expected)
    }
}

impl std::error::Error for ParseError {}
