//! The headless driver: one command a line in, one JSON object a line out;
//! what tests, benchmarks and scripts play the game with. And `check`: a
//! folder loaded, then started headless, every mistake and fault listed.

pub mod check;
pub mod driver;
pub use driver::Driver;
