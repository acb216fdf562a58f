//! The headless driver: one command a line in, one JSON object a line out;
//! what tests, benchmarks and scripts play the game with. And `check`: a
//! folder loaded, then started headless, every mistake and fault listed.
//! And `trace`: what a driver command ran, as JSON or as indented text.

pub mod check;
pub mod driver;
pub mod trace;
pub use driver::Driver;
