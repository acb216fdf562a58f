//! Reading content text: YAML with the line and column of every value,
//! diagnostics that collect every mistake of a load, and values written as
//! text (a typed value in YAML, a CSV cell), and files read from outside
//! only when regular and not too large (`read.rs`), and the sounds' WAVE
//! files (`wav.rs`). It knows no game: only
//! text, places and types.

pub mod diag;
pub mod files;
pub mod read;
pub mod suggest;
pub mod values;
pub mod wav;
pub(crate) mod yaml;
