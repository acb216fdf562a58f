//! The card expression language of Cardtable.
//!
//! This crate knows nothing of the runtime: it turns text into a typed tree
//! ([`ast::Expr`]) with spans, or into a [`ParseError`] that says where and
//! what was expected. Names are not resolved here; the loader does that.

pub mod ast;
mod error;
mod parser;

pub use error::ParseError;
pub use parser::{parse_expr, parse_template};
